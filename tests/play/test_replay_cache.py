"""A match that is over is played again once per viewer and its frames kept (``play.replay_cache``):
the whole replay (``/api/matches/<id>/replay/``) and its frames (``.../replay/frames/``) read the
same kept frames, which are exactly the ones played afresh; each seat and the spectators have
their own, so what one was shown is never handed to another; a match not over is neither
replayed nor kept, and a kept replay of another log version is never read; a cache that fails
or lost a chunk means the match is played again."""
import json

import pytest
from django.core.cache import cache

from play import replay_cache
from play.bots import HEURISTICS
from play.games import GAMES
from play.models import Match, MatchAction, new_match_id
from play.replay_cache import CHUNK, keep_frames, kept_frames
from play.selectors import history
from play.services.act import act
from play.services.create import create_match
from play.services.join import join_match
from tests.core.test_cache_failures import dead_caches, warnings  # noqa: F401  (a fixture)
from tests.play.matches import HUMAN, SHORT, person, stack

LAMA = GAMES["lama"]
#: The match of ``finished``: two heuristic players to 12 points from seed 1 take this many moves,
#: so its replay is kept in three chunks (0-49, 50-99, 100-104).
MOVES = 104


@pytest.fixture
def finished(user, other_user) -> Match:
    """A L.A.M.A. match played to its end through the services: alice (seat 0) and bob (seat 1),
    each move a heuristic bot's choice from the seat's view."""
    seats = [person(user), person(other_user)]
    match = create_match(seats[0], "lama", [HUMAN, HUMAN], {"end_at": 12}, seed=1)
    join_match(seats[1], match.id)
    choosers = [HEURISTICS["lama"](1), HEURISTICS["lama"](2)]
    match.refresh_from_db()
    while match.status == Match.Status.RUNNING:
        state = LAMA.load(match.state)
        seat = LAMA.to_act(state)[0]
        action = choosers[seat].choose(LAMA.view(state, seat), LAMA.legal_actions(state, seat))
        act(seats[seat], match.id, match.version, action)
        match.refresh_from_db()
    assert (match.status, match.version) == (Match.Status.FINISHED, MOVES)
    return match


def seen(match: Match, viewer: int | None) -> list[dict]:
    """Every frame of ``match`` as seat ``viewer`` (``None``: a spectator) sees it, played again
    here from its seed, options and log, as JSON gives it (every L.A.M.A. action is public)."""
    state = LAMA.setup(match.players, match.seed, match.options)
    frames = [{"version": 0, "seat": None, "action": None, "by": None, "state": LAMA.view(state, viewer),
               "to_act": LAMA.to_act(state)}]
    for entry in MatchAction.objects.filter(match=match).order_by("version"):
        state = LAMA.apply(state, entry.seat, entry.action)
        frames.append({"version": entry.version, "seat": entry.seat, "action": entry.action, "by": entry.by,
                       "state": LAMA.view(state, viewer), "to_act": LAMA.to_act(state)})
    return json.loads(json.dumps(frames))


@pytest.fixture
def played(monkeypatch) -> list[str]:
    """What the engine is asked from here on: ``"setup"`` for each match set up, ``"apply"`` for
    each action applied (a replay played again is one setup and one apply per logged action)."""
    calls = []
    setup, apply = LAMA.setup, LAMA.apply

    def counted_setup(*args, **kwargs):
        calls.append("setup")
        return setup(*args, **kwargs)

    def counted_apply(*args, **kwargs):
        calls.append("apply")
        return apply(*args, **kwargs)

    monkeypatch.setattr(LAMA, "setup", counted_setup)
    monkeypatch.setattr(LAMA, "apply", counted_apply)
    return calls


def test_the_second_request_reads_the_kept_replay_and_plays_nothing(finished, alice_api, played,
                                                                     django_assert_num_queries):
    url = f"/api/matches/{finished.id}/replay/"
    first = alice_api.get(url).json()
    assert played == ["setup"] + ["apply"] * MOVES
    assert alice_api.get(url).json() == first
    part = alice_api.get(f"{url}frames/?start=95&count=10").json()
    assert (part["total"], part["start"], part["frames"]) == (MOVES + 1, 95, first["frames"][95:105])
    assert played == ["setup"] + ["apply"] * MOVES  # nothing played again
    alice = person(finished.seats.get(index=0).user)
    with django_assert_num_queries(1):  # the seats (who is the viewer); not the log
        assert history.replay_frames(finished, alice, 40, 20)["frames"] == first["frames"][40:60]
    assert played == ["setup"] + ["apply"] * MOVES


def test_the_kept_replay_is_the_fresh_one_and_each_viewer_has_their_own(finished, api, alice_api, bob_api):
    url = f"/api/matches/{finished.id}/replay/"
    viewers = {0: alice_api, 1: bob_api, None: api}
    cold = {viewer: client.get(url).json() for viewer, client in viewers.items()}
    warm = {viewer: client.get(url).json() for viewer, client in viewers.items()}
    assert warm == cold
    for viewer, answer in warm.items():
        assert (answer["match"]["seat"], answer["frames"], answer["texts"]) == (viewer, seen(finished, viewer), {})
    # what decides what a frame shows is the viewer: the hands differ, and the spectators see none
    assert warm[0]["frames"][0]["state"]["hand"] != warm[1]["frames"][0]["state"]["hand"]
    assert {frame["state"]["hand"] is None for frame in warm[None]["frames"]} == {True}
    for viewer in viewers:
        assert kept_frames(finished.id, MOVES, viewer, 0, MOVES + 1) == warm[viewer]["frames"]
    # the frames of each chunk, and across chunks, as replay.js asks for them
    for viewer, client in viewers.items():
        fetched = []
        for start in range(0, MOVES + 1, 20):
            part = client.get(f"{url}frames/?start={start}&count=20").json()
            assert (part["total"], part["start"], part["texts"]) == (MOVES + 1, start, {})
            fetched += part["frames"]
        assert fetched == warm[viewer]["frames"]


def test_a_match_not_over_is_neither_replayed_nor_kept_and_another_versions_replay_is_never_read(
        user, other_user, alice_api):
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    join_match(bob, match.id)
    stack(match.id, SHORT)
    act(alice, match.id, 0, {"type": "quit"})
    url = f"/api/matches/{match.id}/replay/"
    assert alice_api.get(url).json()["error"]["code"] == "not_finished"
    assert alice_api.get(f"{url}frames/?start=0&count=2").json()["error"]["code"] == "not_finished"
    assert kept_frames(match.id, 1, 0, 0, 2) is None
    # a replay kept under the version the match is at now is not the one of the match once over
    keep_frames(match.id, 1, 0, [{"stale": 0}, {"stale": 1}])
    act(bob, match.id, 1, {"type": "quit"})
    match.refresh_from_db()
    frames = alice_api.get(url).json()["frames"]
    assert [(f["version"], f["action"], f["to_act"]) for f in frames] == [
        (0, None, [0]), (1, {"type": "quit"}, [1]), (2, {"type": "quit"}, []),
    ]
    assert frames == seen(match, 0)
    assert kept_frames(match.id, 2, 0, 0, 3) == frames


def test_a_lost_chunk_means_the_match_is_played_again(finished, alice_api, played):
    url = f"/api/matches/{finished.id}/replay/"
    first = alice_api.get(url).json()
    cache.delete(replay_cache._key(finished.id, MOVES, 0, 1))  # frames 50-99, evicted
    part = alice_api.get(f"{url}frames/?start=0&count=20").json()  # chunk 0 is still there
    assert (part["frames"], played) == (first["frames"][:20], ["setup"] + ["apply"] * MOVES)
    assert alice_api.get(f"{url}frames/?start=45&count=10").json()["frames"] == first["frames"][45:55]
    assert played == (["setup"] + ["apply"] * MOVES) * 2
    assert alice_api.get(url).json() == first
    assert played == (["setup"] + ["apply"] * MOVES) * 2


def test_a_failing_cache_still_answers_by_playing_the_match_again(finished, dead_caches, played, caplog):  # noqa: F811
    alice = person(finished.seats.get(index=0).user)
    expected = seen(finished, 0)
    played.clear()
    whole = history.replay(finished, alice)
    assert json.loads(json.dumps(whole["frames"])) == expected
    part = history.replay_frames(finished, alice, 100, 20)
    assert (part["total"], part["frames"]) == (MOVES + 1, whole["frames"][100:])
    assert played == (["setup"] + ["apply"] * MOVES) * 2
    assert [m.split(", the cache failed: ")[0] for m in warnings(caplog)] == [
        "a kept replay not read", "a replay not kept", "a kept replay not read", "a replay not kept"]
    assert {m.split(", the cache failed: ")[1].split(":")[0] for m in warnings(caplog)} == {"ConnectionError"}


def test_a_range_reads_at_most_two_chunks(monkeypatch):
    read = []
    get_many = cache.get_many

    def counted_get_many(keys, *args, **kwargs):
        read.append(len(keys))
        return get_many(keys, *args, **kwargs)

    monkeypatch.setattr(cache, "get_many", counted_get_many)
    match_id, version = new_match_id(), 2 * CHUNK + 4
    frames = [{"n": n} for n in range(version + 1)]
    keep_frames(match_id, version, None, frames)
    assert kept_frames(match_id, version, None, CHUNK - 3, CHUNK + 7) == frames[CHUNK - 3:CHUNK + 7]
    assert kept_frames(match_id, version, None, 2 * CHUNK, version + 1) == frames[2 * CHUNK:]
    assert kept_frames(match_id, version, None, 0, version + 1) == frames
    assert read == [2, 1, 3]
    assert kept_frames(match_id, version, 0, 0, 1) is None  # another viewer's
    assert kept_frames(match_id, version - 1, None, 0, 1) is None  # another version's
