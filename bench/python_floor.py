"""The Python floor of the live benchmark: the least a Python server does for a move, served as
the site is (uvicorn, one worker, the site's websocket protocol with its compression), without
Django, Channels or a database. ``peer`` measures it beside boardgame.io and the site, under the
same load client (``bench.live_matches``), so that the site's CPU per move splits into what
Python and its websocket server cost (this floor against boardgame.io) and what the site adds
(the site against this floor: sessions, the durable commit of every move, the channel layer,
the checks of every frame).

A raw ASGI application (:data:`application`). A match is the site's L.A.M.A. engine
(``play.games.lama``, plain Python) kept in memory, as boardgame.io keeps its own: made on its
first socket with the options and seed the live benchmark gives the site's matches. The socket
at ``/ws/matches/<id>/`` with the cookie ``sessionid=<id>-<seat>`` (``floor_pairs`` builds them)
holds that seat; on connecting it is sent its view. A frame ``{"type": "act", "version": v,
"action": a}`` is read (orjson), checked against the version, applied by the engine (a refusal
answers ``{"type": "error", "message", "view"}``), and each socket of the match is sent its seat's view,
``{"type": "view", "view": payload}``, the payload of the same shape and size as the site's
(``play.payloads``: seats, legal actions, the engine's view, the last action), written once per
seat (``core.jsonwrite.compact_json``, as the site writes its frames). Any HTTP request is
answered 200 (the benchmark's readiness check). No Django.

With ``FLOOR_SQLITE`` set to a file's path, every move is also committed there before the views
go out, as the embedded site commits it: the engine's ``dump`` of the state, written by the
standard library's ``sqlite3`` (write-ahead log, ``synchronous=NORMAL``, as ``config.settings``)
in one transaction that takes the write lock, reads the match's version, updates its state and
version and inserts the log row; on the event loop's thread (SQLite has one writer). The
difference between the two floors is what a durable commit costs a Python server; the site's
CPU beyond the second is what Django, Channels and the site's checks add.
"""
from __future__ import annotations

import json
import os
import sqlite3

import orjson

from core.jsonwrite import compact_json
from play.engine import IllegalAction
from play.games import GAMES
from tcg.integers import is_digits

from .live_matches import OPTIONS

GAME = GAMES["lama"]

SEATS = [{"index": i, "name": f"bench-{i}", "kind": "human", "guest": True, "bot": None, "resigned": False,
          "timed_out": False, "you": False} for i in range(2)]


def floor_pairs(matches: int) -> list[tuple[str, list[str]]]:
    """The ``(match id, [cookie value of each seat])`` pairs the live load client drives: match
    ``i`` (1-based) seeded ``i - 1`` as the site's benchmark matches are."""
    return [(str(i), [f"{i}-0", f"{i}-1"]) for i in range(1, matches + 1)]


class Store:
    """The matches' rows in a SQLite file (see the module): ``create`` a match's, ``commit`` a
    move's."""

    def __init__(self, path: str):
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS floor_match (id TEXT PRIMARY KEY, state TEXT NOT NULL, "
                        "version INTEGER NOT NULL)")
        self.db.execute("CREATE TABLE IF NOT EXISTS floor_move (id INTEGER PRIMARY KEY, match TEXT NOT NULL, "
                        "version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, UNIQUE (match, version))")

    def create(self, match_id: str, state_text: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO floor_match VALUES (?, ?, 0)", (match_id, state_text))

    def commit(self, match_id: str, state_text: str, version: int, seat: int, action_text: str) -> None:
        """One transaction: lock, read the version, write the state and version, log the move;
        ``RuntimeError`` (rolled back) when the stored version is not ``version - 1``."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            (stored,) = db.execute("SELECT version FROM floor_match WHERE id = ?", (match_id,)).fetchone()
            if stored != version - 1:
                raise RuntimeError(f"match {match_id} is at version {stored}, not {version - 1}")
            db.execute("UPDATE floor_match SET state = ?, version = ? WHERE id = ?", (state_text, version, match_id))
            db.execute("INSERT INTO floor_move (match, version, seat, action) VALUES (?, ?, ?, ?)",
                       (match_id, version, seat, action_text))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


STORE = Store(os.environ["FLOOR_SQLITE"]) if os.environ.get("FLOOR_SQLITE") else None


def _state_text(state) -> str:
    return json.dumps(GAME.dump(state), separators=(",", ":"))


class FloorMatch:
    """One match in memory: its state, version, last action and each seat's ASGI ``send``."""

    def __init__(self, match_id: str):
        self.id = match_id
        self.state = GAME.setup(2, int(match_id) - 1, dict(OPTIONS))
        self.version = 0
        self.last_action = None
        self.sends: dict[int, object] = {}
        if STORE is not None:
            STORE.create(match_id, _state_text(self.state))

    def payload(self, seat: int) -> dict:
        """The view payload of ``seat``, the shape of ``play.payloads``'s."""
        outcome = GAME.outcome(self.state)
        to_act = [] if outcome is not None else GAME.to_act(self.state)
        return {
            "id": self.id, "game": "lama", "status": "finished" if outcome is not None else "running",
            "version": self.version, "players": 2, "options": OPTIONS,
            "seats": [{**entry, "you": entry["index"] == seat} for entry in SEATS], "seat": seat,
            "to_act": to_act, "legal_actions": GAME.legal_actions(self.state, seat) if seat in to_act else [],
            "state": GAME.view(self.state, seat), "outcome": outcome.to_json() if outcome is not None else None,
            "clock": None, "last_action": self.last_action and {
                **self.last_action, "action": GAME.public_action(self.last_action["action"], self.last_action["seat"], seat)},
            "rematch": None, "guide": None,
        }

    async def send_view(self, seat: int) -> None:
        send = self.sends.get(seat)
        if send is not None:
            await send({"type": "websocket.send", "text": compact_json({"type": "view", "view": self.payload(seat)})})

    async def act(self, seat: int, frame: dict) -> str | None:
        """Apply ``frame``'s action for ``seat`` and send every seat its view; the error's text
        when the frame is refused (nothing changes)."""
        if frame.get("type") != "act" or frame.get("version") != self.version:
            return "stale or unknown frame"
        try:
            state = GAME.apply(self.state, seat, frame.get("action"))
        except IllegalAction as exc:
            return str(exc)
        if STORE is not None:
            STORE.commit(self.id, _state_text(state), self.version + 1, seat, json.dumps(frame["action"]))
        self.state = state
        self.version += 1
        self.last_action = {"version": self.version, "seat": seat, "action": frame["action"], "by": "human"}
        for other in list(self.sends):
            await self.send_view(other)
        return None


MATCHES: dict[str, FloorMatch] = {}


def _seat_of(scope: dict) -> tuple[str, int] | None:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, held = part.strip().partition("=")
                match_id, _, seat = held.partition("-")
                if key == "sessionid" and is_digits(match_id) and seat in ("0", "1"):
                    return match_id, int(seat)
    return None


async def application(scope, receive, send) -> None:
    """The ASGI application (see the module)."""
    if scope["type"] == "lifespan":
        await receive()  # lifespan.startup
        await send({"type": "lifespan.startup.complete"})
        await receive()  # lifespan.shutdown
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    held = _seat_of(scope)
    path_id = scope["path"].strip("/").rpartition("/")[2]
    await receive()  # websocket.connect
    if held is None or held[0] != path_id:
        await send({"type": "websocket.close", "code": 4403})
        return
    match_id, seat = held
    match = MATCHES.get(match_id) or MATCHES.setdefault(match_id, FloorMatch(match_id))
    await send({"type": "websocket.accept"})
    match.sends[seat] = send
    await match.send_view(seat)
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                frame = orjson.loads(message.get("text") or message.get("bytes") or b"")
            except orjson.JSONDecodeError:
                frame = None
            error = await match.act(seat, frame) if isinstance(frame, dict) else "not a JSON object"
            if error is not None:
                await send({"type": "websocket.send", "text": compact_json(
                    {"type": "error", "message": error, "view": match.payload(seat)})})
    finally:
        match.sends.pop(seat, None)
