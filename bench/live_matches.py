"""Live play over websockets, alone (``live``) or as part of a mixed load (``load``).

N concurrent L.A.M.A. matches. Each human seat is a client on its own websocket, holding a guest
session made in the database before the site starts (the setup is not measured). A client
whose seat is to act waits a think time (uniform between 0.5 and 1.5 times the mean), picks a
random legal action and sends ``{"type": "act", "version": v, "action": ...}``; the **round
trip** is the time from sending it to receiving the view that shows it applied. The other
seat's socket gets its own view at the same moment. Matches are long (a high ``end_at``), so
all N run for the whole measurement.

In the mixed load (:func:`mixed`), a share of the matches has a heuristic bot in seat 1, played
by a Celery worker started beside the site (the bot waits ``PLAY_BOT_DELAY``, set to the mean
think time), and an open-loop HTTP client sends API requests at a fixed rate while the matches
run: card searches (a mix of queries) and deck validations, alternating.

Each line also gives the CPU the site's processes (and the Celery worker's) used over the
measured window, as a share of one core and per measured move.

Set-ups: the embedded defaults (SQLite file, in-memory channel layer, filesystem broker, one
ASGI worker: the in-memory layer lives in one process) and, when PostgreSQL and Redis answer,
PostgreSQL + Redis with several ASGI workers.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from tcg.integers import is_digits

from .server import BENCH_THROTTLE, REPO, CeleryWorker, Site

GAME = "lama"
OPTIONS = {"end_at": 500}
SEARCHES = ["t:character", "c:r", "size>=3 order:size", "ほのお", "o:ダメージ", "t:event c:g", "hp>=5 mv>=2", "flame"]
DECK_TEXT = (REPO / "fixtures" / "decks" / "SMP-RED.txt").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Load:
    """One load level: ``matches`` concurrent matches, ``think`` mean seconds before a move,
    ``bot_share`` the share of matches with a bot in seat 1 (0–1), ``api_rate`` API requests a
    second beside them."""

    matches: int
    think: float = 1.0
    bot_share: float = 0.0
    api_rate: float = 0.0

    def bots(self) -> int:
        return round(self.matches * self.bot_share)


@dataclass
class Tally:
    moves: list[float] = field(default_factory=list)  # round trips, ms
    api: dict[str, list[float]] = field(default_factory=lambda: {"search": [], "validate": []})
    errors: int = 0  # error frames and failed API requests
    dropped: int = 0  # sockets that closed under the client


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _prepare(env: dict, load: Load) -> list[tuple[str, list[str]]]:
    """Migrate the database of ``env``, load the sample catalogue if it is empty, and create
    ``load.matches`` 2-seat matches: the first ``load.bots()`` with a heuristic bot in seat 1,
    the others with two human seats, each human seat held by its own guest session.
    Returns ``[(match_id, [cookie of each human seat]), ...]``."""
    script = (
        "import json, sys, django\n"
        "django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from cardsdb.models import Card\n"
        "Card.objects.exists() or call_command('load_samples', verbosity=0)\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from play.identity import Player\n"
        "from play.services.create import create_match\n"
        "from play.services.join import join_match\n"
        "out = []\n"
        f"for i in range({load.matches}):\n"
        f"    bot = i < {load.bots()}\n"
        "    keys = []\n"
        "    for seat in range(1 if bot else 2):\n"
        "        s = SessionStore(); s['guest_name'] = f'bench{i}-{seat}'; s.create(); keys.append(s.session_key)\n"
        "    a = Player(user_id=None, session_key=keys[0], name=f'bench{i}-0')\n"
        "    second = {'kind': 'bot', 'bot': 'heuristic'} if bot else {'kind': 'human'}\n"
        f"    m = create_match(a, {GAME!r}, [{{'kind': 'human'}}, second], {OPTIONS!r}, None, seed=i)\n"
        "    if not bot:\n"
        "        join_match(Player(user_id=None, session_key=keys[1], name=f'bench{i}-1'), m.id, None)\n"
        "    out.append([m.id, keys])\n"
        "print(json.dumps(out))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env={**os.environ, **env},
                            capture_output=True, text=True, check=True)
    return [(match_id, keys) for match_id, keys in json.loads(result.stdout.splitlines()[-1])]


@dataclass
class Window:
    """The measured window (``time.perf_counter`` seconds): set once every socket is connected."""

    start: float = float("inf")
    stop: float = float("inf")


async def _seat_client(ws_url: str, origin: str, cookie: str, window: Window, think: float, tally: Tally,
                       rng: random.Random, handshakes: asyncio.Semaphore, connected: asyncio.Event) -> None:
    import websockets

    try:
        async with handshakes:
            ws = await websockets.connect(ws_url, additional_headers={"Cookie": cookie, "Origin": origin},
                                          max_size=2**22, open_timeout=120)
            first = await ws.recv()
        connected.set()
        async with ws:
            sent_at = None
            sent_version = -1
            raw = first
            while True:
                frame = json.loads(raw)
                view = frame.get("view") or {}
                version = view.get("version", -1)
                if frame.get("type") != "view":  # an error frame (a refused move) or anything unasked for
                    tally.errors += 1
                    # not a round trip; act again from the view the refusal came with
                    sent_at, sent_version = None, -1
                if sent_at is not None and version > sent_version:
                    if window.start <= sent_at < window.stop:
                        tally.moves.append((time.perf_counter() - sent_at) * 1000)
                    sent_at = None
                if view.get("status") == "finished":
                    return
                legal = view.get("legal_actions") or []
                if legal and sent_at is None and version > sent_version:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.perf_counter() >= window.stop:
                        return
                    action = rng.choice(legal)
                    sent_version = version
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "version": version, "action": action}))
                # Wait for the next frame, looking up every 2 s whether the window has closed
                # (an idle client goes back to waiting, not to the frame it already handled).
                while True:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, min(window.stop, time.perf_counter() + 2)
                                                                              - time.perf_counter()))
                        break
                    except asyncio.TimeoutError:
                        if time.perf_counter() >= window.stop:
                            return
    except (OSError, websockets.ConnectionClosed):
        connected.set()
        tally.dropped += 1


async def _api_client(base: str, rate: float, window: Window, tally: Tally) -> None:
    """Open loop over the measured window: one request every ``1 / rate`` seconds, whatever the
    answers' speed."""
    import httpx

    pending = set()
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=httpx.Limits(max_connections=64)) as client:

        async def one(kind: str, query: str | None) -> None:
            t0 = time.perf_counter()
            try:
                if kind == "search":
                    response = await client.get("/api/cards/", params={"q": query})
                else:
                    response = await client.post("/api/decks/validate/", json={"text": DECK_TEXT})
                ok = response.status_code == 200
            except httpx.HTTPError:
                ok = False
            tally.api[kind].append((time.perf_counter() - t0) * 1000)
            tally.errors += not ok

        queries = itertools.cycle(SEARCHES)
        n = 0
        while True:
            due = window.start + n / rate
            if due >= window.stop:
                break
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            kind = "search" if n % 2 == 0 else "validate"
            task = asyncio.ensure_future(one(kind, next(queries) if kind == "search" else None))
            pending.add(task)
            task.add_done_callback(pending.discard)
            n += 1
        await asyncio.gather(*pending)


#: Websocket handshakes in flight at once while the sockets connect (people arrive over time,
#: not all in the same millisecond).
HANDSHAKES = 50


async def _cpu_over_window(cpu, window: Window, used: list) -> None:
    """Append to ``used`` what ``cpu()`` (a tuple of CPU-second readings, or ``None`` for one
    not read) grew by over the measured window."""
    await asyncio.sleep(max(0.0, window.start - time.perf_counter()))
    first = cpu()
    await asyncio.sleep(max(0.0, window.stop - time.perf_counter()))
    used.extend(None if a is None or b is None else b - a for a, b in zip(first, cpu()))


async def _drive(base: str, pairs, load: Load, seconds: float, warmup: float, cpu) -> tuple[Tally, float, list]:
    """Connect every seat's socket, then play; the window opens ``warmup`` seconds after the
    last socket got its first view and lasts ``seconds``. Returns the tally, the seconds the
    sockets took to connect and the CPU seconds ``cpu()`` measured over the window."""
    tally, window = Tally(), Window()
    ws_base = base.replace("http://", "ws://")
    handshakes = asyncio.Semaphore(HANDSHAKES)
    clients, events = [], []
    began = time.perf_counter()
    for index, (match_id, keys) in enumerate(pairs):
        for seat, key in enumerate(keys):
            events.append(asyncio.Event())
            clients.append(asyncio.ensure_future(_seat_client(
                f"{ws_base}/ws/matches/{match_id}/", base, f"sessionid={key}", window, load.think, tally,
                random.Random(index * 10 + seat), handshakes, events[-1])))
    await asyncio.gather(*(event.wait() for event in events))
    connecting = time.perf_counter() - began
    window.start = time.perf_counter() + warmup
    window.stop = window.start + seconds
    api = _api_client(base, load.api_rate, window, tally) if load.api_rate else asyncio.sleep(0)
    used: list = []
    await asyncio.gather(api, _cpu_over_window(cpu, window, used), *clients)
    return tally, connecting, used


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def _figures(values: list[float], seconds: float, unit: str) -> str:
    if not values:
        return f"no {unit} completed"
    return (f"{len(values) / seconds:,.0f} {unit}/s, p50 {percentile(values, 50):.1f} ms, "
            f"p99 {percentile(values, 99):.1f} ms")


@dataclass
class Measured:
    """What one run measured: the ``tally`` of the measured window, the seconds the sockets
    took to connect, the CPU seconds the site's processes and the Celery worker used in the
    window (``None`` without ``/proc`` or without a worker), and the number of sockets."""

    tally: Tally
    connecting: float
    site_cpu: float | None
    worker_cpu: float | None
    sockets: int

    def cpu_per_move(self) -> float | None:
        """The site's CPU seconds per measured move (``None`` when not known or no move)."""
        return self.site_cpu / len(self.tally.moves) if self.site_cpu is not None and self.tally.moves else None


def measure(env: dict, workers: int, load: Load, seconds: float, warmup: float = 5) -> Measured:
    """Prepare the matches, serve the site (and a Celery worker when some matches have bots)
    and drive the load for ``warmup`` + ``seconds``."""
    env = {**env, **BENCH_THROTTLE, "PLAY_BOT_DELAY": str(load.think)}
    pairs = _prepare(env, load)
    worker = CeleryWorker(env, concurrency=1) if load.bots() else None
    with Site(env, workers=workers) as site:
        if worker is not None:
            worker.start()
        try:
            def cpu():
                return site.cpu_seconds(), worker.cpu_seconds() if worker is not None else None

            tally, connecting, (site_cpu, worker_cpu) = asyncio.run(
                _drive(site.base, pairs, load, seconds, warmup, cpu))
        finally:
            if worker is not None:
                worker.stop()
    return Measured(tally, connecting, site_cpu, worker_cpu, sum(len(keys) for _, keys in pairs))


def run(label: str, env: dict, workers: int, load: Load, seconds: float, warmup: float = 5) -> str:
    """:func:`measure` a run and return one line of figures."""
    return describe(label, load, measure(env, workers, load, seconds, warmup), seconds)


def describe(label: str, load: Load, measured: Measured, seconds: float) -> str:
    """One line of the figures of a run of ``load`` measured over ``seconds``."""
    tally, site_cpu, worker_cpu = measured.tally, measured.site_cpu, measured.worker_cpu
    line = (f"{label}, {load.matches} matches ({load.bots()} with a bot, {measured.sockets} sockets, "
            f"{load.think:g} s think; all connected in {measured.connecting:.1f} s): "
            f"moves {_figures(tally.moves, seconds, 'moves')}")
    if load.api_rate:
        line += (f"; search {_figures(tally.api['search'], seconds, 'req')}"
                 f"; validate {_figures(tally.api['validate'], seconds, 'req')}")
    if tally.moves:
        line += f"; mean round trip {statistics.fmean(tally.moves):.1f} ms"
    if site_cpu is not None:
        line += f"; server CPU {site_cpu / seconds:.0%} of a core"
        if tally.moves:
            line += f", {measured.cpu_per_move() * 1000:.1f} ms per move"
            if load.bots() or load.api_rate:
                line += " (bots' moves and API requests included)"
    if worker_cpu is not None:
        line += f"; Celery worker {worker_cpu / seconds:.0%} of a core"
    return line + f"; {tally.errors} errors, {tally.dropped} dropped sockets"


def _embedded_env(name: str) -> dict:
    var = REPO / "var"
    var.mkdir(exist_ok=True)
    for leftover in var.glob(f"{name}.sqlite3*"):
        leftover.unlink()
    return {"DATABASE_URL": f"sqlite:///{var / name}.sqlite3", "REDIS_URL": "",
            "CELERY_FS_DIR": str(var / f"{name}-celery")}


def _scaled_env(name: str) -> dict | None:
    if not (_reachable("127.0.0.1", 5432) and _reachable("127.0.0.1", 6379)):
        return None
    _fresh_pg_database(name)
    return {"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}", "REDIS_URL": "redis://127.0.0.1:6379/7",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/8", "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/8"}


def _fresh_pg_database(name: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


LIVE_DEFAULT = "e:50,e:200,e:500,p1:200,p2:200,p2:500,p1:1000,p2:1000"
"""The runs of ``live`` (``BENCH_LIVE``): ``e:N`` N matches on the embedded defaults (one worker),
``pW:N`` N matches on PostgreSQL + Redis with W workers."""


def live_runs(spec: str, setting: str = "BENCH_LIVE") -> list[tuple[str, int, int]]:
    """The runs of ``spec`` (the value of the setting ``setting``) as ``(set-up "e" or "p",
    workers, matches)``; ``ValueError`` naming the setting and a run that is not ``e:N`` or ``pW:N``."""
    runs = []
    for token in filter(None, (t.strip() for t in spec.split(","))):
        kind, _, count = token.partition(":")
        if not is_digits(count) or not (kind == "e" or (kind[:1] == "p" and is_digits(kind[1:]))):
            raise ValueError(f"{setting}: {token!r} is not e:N or pW:N")
        runs.append(("e", 1, int(count)) if kind == "e" else ("p", int(kind[1:]), int(count)))
    return runs


def main(seconds: float = 15) -> list[str]:
    """``live``: human matches only, 1 s think time (``BENCH_THINK``), the runs of ``BENCH_LIVE``
    (default: 50, 200 and 500 matches on the embedded defaults, 200, 500 and 1,000 on PostgreSQL +
    Redis with 1 and 2 workers)."""
    think = float(os.environ.get("BENCH_THINK", "1"))
    lines = []
    for kind, workers, matches in live_runs(os.environ.get("BENCH_LIVE", LIVE_DEFAULT)):
        if kind == "e":
            lines.append(run("embedded defaults (SQLite, in-memory layer, 1 worker)", _embedded_env("bench-live"), 1,
                             Load(matches, think), seconds))
            continue
        env = _scaled_env("eoc_bench_live")
        if env is None:
            lines.append("PostgreSQL + Redis: not reachable on 127.0.0.1, not measured")
            continue
        lines.append(run(f"PostgreSQL + Redis, {workers} worker(s)", env, workers, Load(matches, think), seconds))
    return lines


def mixed(seconds: float = 20) -> list[str]:
    """``load``: increasing numbers of matches (a quarter with a bot) at a human pace, with
    10 API requests a second beside them, on both set-ups."""
    think = float(os.environ.get("BENCH_THINK", "5"))
    steps = [int(n) for n in os.environ.get("BENCH_STEPS", "50,100,250,500,1000").split(",")]
    lines = []
    for matches in steps:
        lines.append(run("embedded defaults (SQLite, in-memory layer, 1 worker)", _embedded_env("bench-load"), 1,
                         Load(matches, think, 0.25, 10), seconds))
    for workers in (2,):
        for matches in steps:
            env = _scaled_env("eoc_bench_load")
            if env is None:
                return lines + ["PostgreSQL + Redis: not reachable on 127.0.0.1, not measured"]
            lines.append(run(f"PostgreSQL + Redis, {workers} workers", env, workers,
                             Load(matches, think, 0.25, 10), seconds))
    return lines
