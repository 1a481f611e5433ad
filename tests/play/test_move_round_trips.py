"""What a move costs in statements and in views built (``play.services.act``): one statement
locks and reads the match with its seats, one writes the columns a move changes and inserts
the log row (two on SQLite: the ``UPDATE``, then the ``INSERT``); each seat's view and the
spectators' are built once for the answer and the broadcast together."""
import json
import re

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers, get_channel_layer
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.channel_layer import MemoryChannelLayer
from play.games import GAMES
from play.models import Match, MatchAction
from play.notify import seat_group, spectator_group
from play.services.act import act
from play.services.create import create_match
from play.services.join import join_match

from .matches import HUMAN, STACKED, person, stack


@pytest.fixture
def duel(user, other_user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    return stack(match.id, STACKED)


@pytest.fixture
def memory_layer(settings):
    """The site's in-memory channel layer (the embedded default), whatever layer the run is
    configured with: only it can tell that nobody in the process watches a match."""
    channel_layers.backends.clear()
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "core.channel_layer.MemoryChannelLayer"}}
    assert isinstance(get_channel_layer(), MemoryChannelLayer)
    yield
    channel_layers.backends.clear()


@pytest.fixture
def watched(duel, memory_layer):
    """A channel in each group of the duel (both seats' and the spectators'), as sockets would
    be, on the in-memory layer; the channels' names by group."""
    layer = get_channel_layer()
    groups = [seat_group(duel.id, 0), seat_group(duel.id, 1), spectator_group(duel.id)]
    channels = {group: async_to_sync(layer.new_channel)() for group in groups}
    for group, channel in channels.items():
        async_to_sync(layer.group_add)(group, channel)
    yield channels
    for group, channel in channels.items():
        async_to_sync(layer.group_discard)(group, channel)


def _counting_views(monkeypatch) -> list:
    """The seats whose view the game builds from now on, in order."""
    game = GAMES["lama"]
    built = []
    real_view = type(game).view

    def counting_view(self, state, seat):
        built.append(seat)
        return real_view(self, state, seat)

    monkeypatch.setattr(type(game), "view", counting_view)
    return built


def _statements(queries) -> list[str]:
    """The statements sent, savepoints (the test's own transaction) left out."""
    return [q["sql"] for q in queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]


def test_a_move_is_one_read_and_one_write(duel, user):
    with CaptureQueriesContext(connection) as queries:
        view = act(person(user), duel.id, 0, {"type": "play", "card": 1})
    statements = _statements(queries.captured_queries)
    postgresql = connection.vendor == "postgresql"
    assert [s.split()[0] for s in statements] == (["SELECT", "WITH"] if postgresql else ["SELECT", "UPDATE", "INSERT"])
    read, write = statements[0], " ".join(statements[1:])
    assert 'FROM "play_match" "m" INNER JOIN "play_seat" "s"' in read
    # The columns a move never reads are left out: the seats' decks and the addresses.
    columns = set(re.findall(r'"[ms]"\."(\w+)"', read.split(" FROM ")[0]))
    assert {"deck", "address", "created_address", "created_session"}.isdisjoint(columns), columns
    assert {"state", "options", "version", "status", "bot", "resigned", "session_key"} <= columns
    assert read.endswith(' FOR UPDATE OF "m"') == postgresql
    assert 'UPDATE "play_match" SET "state" = ' in write
    assert re.findall(r'(?:SET |, )"(\w+)" = ', write) == ["state", "version", "status", "turn_deadline", "outcome",
                                                            "updated"]
    assert 'INSERT INTO "play_matchaction"' in write
    # What was written is what a reload finds.
    match = Match.objects.get(pk=duel.id)
    assert (match.version, match.status, view["version"]) == (1, "running", 1)
    assert list(MatchAction.objects.filter(match=match).values_list("version", "seat", "action")) == [
        (1, 0, {"type": "play", "card": 1})]
    assert match.options == duel.options


def test_each_view_is_built_once_for_the_answer_and_the_broadcast(duel, watched, user, monkeypatch,
                                                                  django_capture_on_commit_callbacks):
    built = _counting_views(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        answer = act(person(user), duel.id, 0, {"type": "play", "card": 1})
    # Seat 0's view answers the move and is broadcast to seat 0; then seat 1's and the spectators'.
    assert built == [0, 1, None]
    assert answer["seat"] == 0


def test_with_nobody_watching_only_the_answer_is_built_and_nothing_is_sent(duel, watched, user, monkeypatch,
                                                                         django_capture_on_commit_callbacks):
    layer = get_channel_layer()
    for group, channel in watched.items():
        async_to_sync(layer.group_discard)(group, channel)
    built = _counting_views(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        answer = act(person(user), duel.id, 0, {"type": "play", "card": 1})
    assert (built, answer["seat"], answer["version"]) == ([0], 0, 1)
    assert not layer.listened(list(watched))
    assert all(channel not in layer.channels for channel in watched.values())


def test_only_the_watched_groups_are_built_and_sent_their_views(duel, watched, user, monkeypatch,
                                                                django_capture_on_commit_callbacks):
    layer = get_channel_layer()
    spectators = spectator_group(duel.id)
    for group, channel in watched.items():
        if group != spectators:
            async_to_sync(layer.group_discard)(group, channel)
    built = _counting_views(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        act(person(user), duel.id, 0, {"type": "play", "card": 1})
    # Seat 0's view answers the move; of the broadcast only the spectators' is built: nobody in
    # this process is at seat 0 or seat 1.
    assert built == [0, None]
    received = async_to_sync(layer.receive)(watched[spectators])
    assert (received["type"], received["version"], json.loads(received["frame"])["view"]["seat"]) == (
        "match.view", 1, None)
