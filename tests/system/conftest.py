"""System tests: the site's real processes (``bench/server.py``) started, killed and started
again while clients talk to them over HTTP and websockets, as in production.

These tests need no pytest-django database: the processes use a database of their own
(``site_db_url``), and matches are made in it by a subprocess (``create_matches``).

Fixtures
--------
``site_db_url`` (session)
    ``DATABASE_URL`` of a fresh migrated database for the site's processes: PostgreSQL when this
    run's ``DATABASE_URL`` is a postgres URL, else a SQLite file; dropped at the end of the run.
``site_env``
    The environment for a ``Site`` / ``CeleryWorker`` of this run: ``{"DATABASE_URL": site_db_url,
    "REDIS_URL": <this run's REDIS_URL, or "" for the in-memory layer>, "PLAY_BOT_DELAY": "0"}``.
``shared_redis_url`` (in ``tests/conftest.py``, for every test)
    A Redis URL that several processes can share: this run's ``REDIS_URL`` when set, else the
    URL of a private ``RedisServer`` started for the test (which fails, not skips, when
    ``redis-server`` is missing).
``browser`` (module)
    Playwright's Chromium (the system's, as in ``tests/e2e``).
``private_redis``
    A private ``RedisServer`` (``.url``, ``.kill()``, ``.start()``) for tests that restart Redis.

Helpers (import them from ``tests.system.conftest``)
-----------------------------------------------------
``create_matches(db_url, count, ...)`` makes 2-seat L.A.M.A. matches held by guest sessions;
``SeatClient`` plays one seat over a websocket that reconnects by itself, like
``play/static/play/socket.js``; ``match_log`` / ``match_view`` read a match over the REST API.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field

import httpx
import pytest

from bench.server import REPO, RedisServer, site_database

@pytest.fixture(scope="session")
def site_db_url():
    """``DATABASE_URL`` of a migrated database of its own for the site's processes (see the
    module docstring). Raises ``subprocess.CalledProcessError`` if migrating fails."""
    with site_database() as url:
        yield url


@pytest.fixture
def site_env(site_db_url) -> dict:
    """The environment of the site's processes for this run's configuration (see the module)."""
    return {"DATABASE_URL": site_db_url, "REDIS_URL": os.environ.get("REDIS_URL", ""), "PLAY_BOT_DELAY": "0"}


@pytest.fixture
def private_redis():
    """A private Redis started for the test (``RedisServer``), stopped after. Raises
    ``RuntimeError`` when it cannot start (e.g. no ``redis-server``): the test fails."""
    server = RedisServer().start()
    yield server
    server.kill()


@pytest.fixture(scope="module")
def browser():
    """The system's Chromium driven by Playwright (as ``tests/e2e``), one per module. Fails when
    Chromium is missing."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    assert os.path.exists(CHROMIUM), f"Chromium not found at {CHROMIUM}: install Debian's chromium package"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class SeatKey:
    """One seat of a match made by ``create_matches``: ``cookie`` is the ``Cookie`` header of
    the guest session holding it (``"sessionid=<key>"``)."""

    match_id: str
    seat: int
    name: str
    session_key: str

    @property
    def cookie(self) -> str:
        return f"sessionid={self.session_key}"


def create_matches(db_url: str, count: int, options: dict | None = None, prefix: str = "sys") -> list[list[SeatKey]]:
    """Make ``count`` running 2-seat L.A.M.A. matches in the database at ``db_url`` (seeds
    0..count-1, ``options`` default ``{"end_at": 500}`` so that they last), each seat held by a
    guest session of its own named ``<prefix><i>-<seat>``. Returns one ``[seat0, seat1]`` list of
    ``SeatKey`` per match. Raises ``subprocess.CalledProcessError`` when the script fails."""
    options = {"end_at": 500} if options is None else options
    script = (
        "import json, sys, django\n"
        "django.setup()\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from play.identity import Player\n"
        "from play.services.create import create_match\n"
        "from play.services.join import join_match\n"
        "count, options, prefix = json.loads(sys.argv[1])\n"
        "out = []\n"
        "for i in range(count):\n"
        "    players = []\n"
        "    for seat in range(2):\n"
        "        name = f'{prefix}{i}-{seat}'\n"
        "        s = SessionStore(); s['guest_name'] = name; s.create()\n"
        "        players.append(Player(user_id=None, session_key=s.session_key, name=name))\n"
        "    m = create_match(players[0], 'lama', [{'kind': 'human'}, {'kind': 'human'}], options, None, seed=i)\n"
        "    join_match(players[1], m.id, None)\n"
        "    out.append([m.id, [[p.name, p.session_key] for p in players]])\n"
        "json.dump(out, sys.stdout)\n"
    )
    env = {**os.environ, "DATABASE_URL": db_url, "DJANGO_SETTINGS_MODULE": "config.settings", "REDIS_URL": ""}
    result = subprocess.run([sys.executable, "-c", script, json.dumps([count, options, prefix])], cwd=REPO,
                            env=env, capture_output=True, text=True)
    if result.returncode:
        raise subprocess.CalledProcessError(result.returncode, "create_matches", result.stdout, result.stderr)
    return [[SeatKey(match_id, seat, name, key) for seat, (name, key) in enumerate(seats)]
            for match_id, seats in json.loads(result.stdout)]


def match_log(base: str, key: SeatKey) -> list[dict]:
    """``GET /api/matches/<id>/log/`` as ``key``'s guest: ``[{"version", "seat", "action", "by",
    "created"}]``. Raises ``AssertionError`` unless it answers 200."""
    response = httpx.get(f"{base}/api/matches/{key.match_id}/log/", headers={"Cookie": key.cookie}, timeout=30)
    assert response.status_code == 200, (response.status_code, response.text[:500])
    return response.json()


def match_view(base: str, key: SeatKey) -> dict:
    """``GET /api/matches/<id>/`` as ``key``'s guest: the seat's view. Raises ``AssertionError``
    unless it answers 200."""
    response = httpx.get(f"{base}/api/matches/{key.match_id}/", headers={"Cookie": key.cookie}, timeout=30)
    assert response.status_code == 200, (response.status_code, response.text[:500])
    return response.json()


@dataclass
class SeatClient:
    """One seat played over ``/ws/matches/<id>/`` the way the browser's ``socket.js`` does it:
    when the connection drops or cannot be made, it tries again every ``retry_delay`` seconds
    and carries on from the view the server sends on connection.

    ``run()`` plays until ``stop`` is set (or ``max_moves`` moves are acknowledged): when the
    latest view offers this seat legal actions, it waits ``think`` seconds (a range), sends
    ``{"type": "act", "version", "action"}`` with a random legal action and waits for the answer.

    Records, for the test's assertions:
    - ``acked``: ``{version: action}`` of every move acknowledged, i.e. a view arrived at the
      version right after the one the move was based on, whose ``last_action`` is this seat's
      move (``version``: the version the move produced, as in the match log);
    - ``sent``: every ``(based_on_version, action)`` sent; ``unconfirmed``: moves sent whose
      answer never came (the connection dropped, a later view came first, or it was refused);
    - ``views``: the versions of every view received, in order, and ``seen``: ``{version:
      last_action}`` of those views (the opponent's moves as this seat saw them);
    - ``connections``: sockets opened; ``failed_attempts``: connection attempts that failed;
      ``errors``: error frames other than ``stale_version``; ``closes``: close codes seen.
    """

    base_ws: str
    origin: str
    key: SeatKey
    rng: random.Random = field(default_factory=random.Random)
    think: tuple[float, float] = (0.02, 0.12)
    retry_delay: float = 0.3
    max_moves: int | None = None
    hold: asyncio.Event | None = None  # when given, a move is sent only while it is set
    acked: dict = field(default_factory=dict)
    sent: list = field(default_factory=list)
    unconfirmed: list = field(default_factory=list)
    views: list = field(default_factory=list)
    seen: dict = field(default_factory=dict)
    connections: int = 0
    failed_attempts: int = 0
    errors: list = field(default_factory=list)
    closes: list = field(default_factory=list)
    last_view: dict | None = None
    pending: tuple | None = None  # (based_on_version, action) sent and not answered yet

    @property
    def url(self) -> str:
        return f"{self.base_ws}/ws/matches/{self.key.match_id}/"

    async def run(self, stop: asyncio.Event, deadline: float) -> None:
        """Play until ``stop`` is set, ``max_moves`` are acknowledged or ``time.monotonic()``
        passes ``deadline`` (then ``TimeoutError``)."""
        import websockets

        while not stop.is_set() and not self._done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"seat {self.key.seat} of {self.key.match_id} still playing at the deadline")
            try:
                headers = {"Cookie": self.key.cookie, "Origin": self.origin}
                async with websockets.connect(self.url, additional_headers=headers, open_timeout=10, max_size=2**22,
                                              ping_interval=None) as ws:
                    self.connections += 1
                    await self._play(ws, stop)
                    if stop.is_set() or self._done():
                        return
            except websockets.ConnectionClosed as exc:
                self.closes.append(exc.rcvd.code if exc.rcvd else None)
            except (OSError, asyncio.TimeoutError, websockets.InvalidStatus, websockets.InvalidHandshake):
                self.failed_attempts += 1
            await asyncio.sleep(self.retry_delay)
        if self.pending is not None:
            self.unconfirmed.append(self.pending)
            self.pending = None

    def _done(self) -> bool:
        return self.max_moves is not None and len(self.acked) >= self.max_moves

    async def _play(self, ws, stop: asyncio.Event) -> None:
        first = True  # the view sent on connection: the match as it is now
        while not stop.is_set() and not self._done():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.2)
            except asyncio.TimeoutError:
                continue
            frame = json.loads(raw)
            if frame.get("type") == "error":
                if frame["error"]["code"] != "stale_version":
                    self.errors.append(frame["error"])
                if self.pending is not None and frame.get("view") and frame["view"]["version"] >= self.pending[0]:
                    self.unconfirmed.append(self.pending)
                    self.pending = None
            view = frame.get("view")
            if frame.get("type") not in ("view", "error") or not view:
                continue
            if frame["type"] == "view":
                self.views.append(view["version"])
            if first and self.pending is not None and view["version"] == self.pending[0]:
                # The move sent on the socket that dropped was never applied.
                self.unconfirmed.append(self.pending)
                self.pending = None
            first = False
            if view["last_action"]:
                self.seen[view["version"]] = view["last_action"]
            self.last_view = view
            pending = self.pending
            if pending is not None and view["version"] > pending[0]:
                last = view["last_action"]
                if view["version"] == pending[0] + 1 and last["seat"] == self.key.seat and last["action"] == pending[1]:
                    self.acked[view["version"]] = pending[1]
                else:
                    self.unconfirmed.append(pending)
                self.pending = None
            to_move = view["status"] == "running" and view["legal_actions"] and view["seat"] == self.key.seat
            if self.pending is None and to_move:
                while self.hold is not None and not self.hold.is_set() and not stop.is_set():
                    await asyncio.sleep(0.02)
                await asyncio.sleep(self.rng.uniform(*self.think))
                if stop.is_set():
                    return
                if self.hold is not None and not self.hold.is_set():
                    continue  # held meanwhile: this move is not sent
                action = self.rng.choice(view["legal_actions"])
                self.pending = (view["version"], action)
                self.sent.append(self.pending)
                await ws.send(json.dumps({"type": "act", "version": view["version"], "action": action}))


async def run_clients(clients: list[SeatClient], stop: asyncio.Event, seconds_max: float) -> None:
    """Run every client until ``stop`` is set; re-raises the first client's exception
    (``TimeoutError`` when one still plays ``seconds_max`` seconds after the start)."""
    deadline = time.monotonic() + seconds_max
    await asyncio.gather(*(c.run(stop, deadline) for c in clients))
