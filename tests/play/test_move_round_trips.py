"""What a move costs in statements and in views built (``play.services.act``): one statement
locks and reads the match with its seats, one writes the columns a move changes and inserts
the log row (two on SQLite: the ``UPDATE``, then the ``INSERT``); each seat's view and the
spectators' are built once for the answer and the broadcast together."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.games import GAMES
from play.models import Match, MatchAction
from play.services.act import act
from play.services.create import create_match
from play.services.join import join_match

from .matches import HUMAN, STACKED, person, stack


@pytest.fixture
def duel(user, other_user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    return stack(match.id, STACKED)


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


def test_each_view_is_built_once_for_the_answer_and_the_broadcast(duel, user, monkeypatch,
                                                                  django_capture_on_commit_callbacks):
    game = GAMES["lama"]
    built = []
    real_view = type(game).view

    def counting_view(self, state, seat):
        built.append(seat)
        return real_view(self, state, seat)

    monkeypatch.setattr(type(game), "view", counting_view)
    with django_capture_on_commit_callbacks(execute=True):
        answer = act(person(user), duel.id, 0, {"type": "play", "card": 1})
    # Seat 0's view answers the move and is broadcast to seat 0; then seat 1's and the spectators'.
    assert built == [0, 1, None]
    assert answer["seat"] == 0
