"""The peer benchmark's Python floor (``bench.python_floor``): a raw ASGI application that plays
the site's L.A.M.A. engine in memory over the site's frames, optionally committing each move to
SQLite. Driven here through its ASGI interface, two seats of one match."""
import asyncio
import json
import sqlite3

import pytest

from bench import python_floor
from bench.peer_live import _ratio
from play.games import GAMES


class Socket:
    """One websocket connection to the application: what it sent, and a queue to receive from."""

    def __init__(self, match_id: str, cookie: str):
        self.scope = {"type": "websocket", "path": f"/ws/matches/{match_id}/", "headers": [(b"cookie", cookie.encode())]}
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.sent: list[dict] = []

    async def receive(self):
        return await self.inbox.get()

    async def send(self, message):
        self.sent.append(message)

    def frames(self) -> list[dict]:
        return [json.loads(m["text"]) for m in self.sent if m["type"] == "websocket.send"]


async def _play(moves: int):
    """Connect both seats of match 1, make ``moves`` moves of the seat to act (its first legal
    action), then a stale one; the two sockets."""
    sockets = [Socket("1", f"sessionid=1-{seat}") for seat in range(2)]
    tasks = [asyncio.ensure_future(python_floor.application(s.scope, s.receive, s.send)) for s in sockets]
    for s in sockets:
        s.inbox.put_nowait({"type": "websocket.connect"})
    await asyncio.sleep(0)
    for _ in range(moves):
        await asyncio.sleep(0)
        views = [s.frames()[-1]["view"] for s in sockets]
        actor = next(v for v in views if v["legal_actions"])
        sockets[actor["seat"]].inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(
            {"type": "act", "version": actor["version"], "action": actor["legal_actions"][0]})})
        await asyncio.sleep(0)
    sockets[0].inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(
        {"type": "act", "version": 0, "action": {"type": "draw"}})})
    for s in sockets:
        s.inbox.put_nowait({"type": "websocket.disconnect"})
    await asyncio.gather(*tasks)
    return sockets


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(python_floor, "MATCHES", {})
    monkeypatch.setattr(python_floor, "STORE", None)


def test_each_seat_is_sent_its_own_view_after_every_move_and_a_stale_one_is_refused(fresh):
    sockets = asyncio.run(_play(3))
    game = GAMES["lama"]
    for seat, s in enumerate(sockets):
        frames = s.frames()
        assert s.sent[0] == {"type": "websocket.accept"}
        assert [f["view"]["version"] for f in frames if f["type"] == "view"] == [0, 1, 2, 3]
        last = [f for f in frames if f["type"] == "view"][-1]["view"]
        assert last["seat"] == seat and [e["you"] for e in last["seats"]] == [seat == 0, seat == 1]
        state = python_floor.MATCHES["1"].state
        assert last["state"] == game.view(state, seat)
        assert last["last_action"]["version"] == 3
    refused = sockets[0].frames()[-1]
    assert refused["type"] == "error" and refused["message"] == "stale or unknown frame"
    assert refused["view"]["version"] == 3


def test_a_socket_whose_cookie_is_not_a_seat_of_the_match_is_closed(fresh):
    async def connect():
        s = Socket("2", "sessionid=1-0")
        s.inbox.put_nowait({"type": "websocket.connect"})
        await python_floor.application(s.scope, s.receive, s.send)
        return s.sent

    assert asyncio.run(connect()) == [{"type": "websocket.close", "code": 4403}]


def test_with_a_store_every_move_is_committed_with_its_state(fresh, tmp_path, monkeypatch):
    path = tmp_path / "floor.sqlite3"
    monkeypatch.setattr(python_floor, "STORE", python_floor.Store(str(path)))
    asyncio.run(_play(4))
    db = sqlite3.connect(path)
    assert db.execute("SELECT version, seat FROM floor_move ORDER BY version").fetchall() == [
        (1, 0), (2, 1), (3, 0), (4, 1)]
    (state, version), = db.execute("SELECT state, version FROM floor_match WHERE id = '1'").fetchall()
    assert version == 4
    assert json.loads(state) == GAMES["lama"].dump(python_floor.MATCHES["1"].state)


def test_the_store_refuses_a_move_that_skips_a_version_and_keeps_nothing_of_it(tmp_path):
    store = python_floor.Store(str(tmp_path / "floor.sqlite3"))
    store.create("7", "{}")
    with pytest.raises(RuntimeError, match="match 7 is at version 0, not 1"):
        store.commit("7", '{"x":1}', 2, 0, "{}")
    assert store.db.execute("SELECT state, version FROM floor_match").fetchall() == [("{}", 0)]
    assert store.db.execute("SELECT COUNT(*) FROM floor_move").fetchone() == (0,)


def test_the_floor_pairs_match_the_seeds_of_the_sites_benchmark_matches():
    assert python_floor.floor_pairs(2) == [("1", ["1-0", "1-1"]), ("2", ["2-0", "2-1"])]
    assert python_floor.FloorMatch("2").state == GAMES["lama"].setup(2, 1, {"end_at": 500})


def test_a_ratio_line_says_whether_its_target_is_met():
    assert _ratio("the site against the peer", 0.0021, 0.001, 2.0) == (
        "  server CPU per move, the site against the peer: 2.10x (target <= 2x: not met)")
    assert _ratio("the floor against the peer", 0.0005, 0.001) == "  server CPU per move, the floor against the peer: 0.50x"
    assert _ratio("x", None, 0.001) is None
