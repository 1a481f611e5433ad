"""Live play over websockets: N concurrent L.A.M.A. matches, each seat driven by a client on its
own websocket; the round trip is the time from sending an action to receiving the view that
shows it applied.

Each match has two human seats held by two guest sessions (made in the database before the
site starts, so the setup is not measured). A client whose seat is to act picks a random
legal action and sends ``{"type": "act", "version": v, "action": ...}``; it measures until a
``view`` frame with a higher version arrives. The other seat's socket gets its own view at the
same moment, which is what makes the move reach the opponent. Matches are long (a high
``end_at``) so that all N run for the whole measurement.

Two set-ups: the embedded defaults (SQLite file, in-memory channel layer, one ASGI worker) and,
when PostgreSQL and Redis answer, PostgreSQL + Redis with two ASGI workers.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .server import REPO, running_site

GAME = "lama"
OPTIONS = {"end_at": 500}
THINK = 1.0  # seconds a seat waits before its move: N matches offer about N / THINK moves a second


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _prepare(env: dict, matches: int) -> list[tuple[str, list[str]]]:
    """Migrate the database of ``env`` and create ``matches`` 2-seat matches, each seat held by
    its own guest session. Returns ``[(match_id, [cookie_seat0, cookie_seat1]), ...]``."""
    script = (
        "import json, sys, django\n"
        "django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from play.identity import Player\n"
        "from play.services import create_match, join_match\n"
        "out = []\n"
        f"for i in range({matches}):\n"
        "    keys = []\n"
        "    for seat in range(2):\n"
        "        s = SessionStore(); s['guest_name'] = f'bench{i}-{seat}'; s.create(); keys.append(s.session_key)\n"
        "    a = Player(user_id=None, session_key=keys[0], name=f'bench{i}-0')\n"
        "    b = Player(user_id=None, session_key=keys[1], name=f'bench{i}-1')\n"
        f"    m = create_match(a, {GAME!r}, [{{'kind': 'human'}}, {{'kind': 'human'}}], {OPTIONS!r}, None, seed=i)\n"
        "    join_match(b, m.id, None)\n"
        "    out.append([m.id, keys])\n"
        "json.dump(out, sys.stdout)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env={**os.environ, **env},
                            capture_output=True, text=True, check=True)
    return [(match_id, keys) for match_id, keys in json.loads(result.stdout)]


async def _seat_client(ws_url: str, origin: str, cookie: str, measure_from: float, stop: float,
                       latencies: list[float], rng: random.Random, counts: dict) -> None:
    import websockets

    async with websockets.connect(ws_url, additional_headers={"Cookie": cookie, "Origin": origin},
                                  max_size=2**22, open_timeout=60) as ws:
        sent_at = None
        sent_version = -1
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.perf_counter()))
            except asyncio.TimeoutError:
                return
            frame = json.loads(raw)
            view = frame.get("view") or {}
            version = view.get("version", -1)
            if frame.get("type") == "error":
                counts["errors"] += 1
            if sent_at is not None and version > sent_version:
                if sent_at >= measure_from:
                    latencies.append((time.perf_counter() - sent_at) * 1000)
                sent_at = None
            if view.get("status") == "finished":
                counts["finished"] += 1
                return
            legal = view.get("legal_actions") or []
            if legal and sent_at is None and version > sent_version:
                await asyncio.sleep(THINK * rng.uniform(0.5, 1.5))
                action = rng.choice(legal)
                sent_version = version
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "version": version, "action": action}))


async def _drive(base: str, pairs, seconds: float, warmup: float) -> tuple[list[float], dict]:
    latencies: list[float] = []
    counts = {"errors": 0, "finished": 0}
    origin = base
    ws_base = base.replace("http://", "ws://")
    measure_from = time.perf_counter() + warmup
    stop = measure_from + seconds
    tasks = []
    for index, (match_id, keys) in enumerate(pairs):
        for seat, key in enumerate(keys):
            tasks.append(_seat_client(f"{ws_base}/ws/matches/{match_id}/", origin, f"sessionid={key}", measure_from, stop,
                                      latencies, random.Random(index * 10 + seat), counts))
    await asyncio.gather(*tasks, return_exceptions=False)
    return latencies, counts


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run(label: str, env: dict, workers: int, matches: int, seconds: float, warmup: float = 5) -> str:
    pairs = _prepare(env, matches)
    with running_site(workers=workers, env=env) as base:
        latencies, counts = asyncio.run(_drive(base, pairs, seconds, warmup))
        elapsed = seconds
    if not latencies:
        return f"{label}, {matches} matches: no move completed"
    return (
        f"{label}, {matches} matches ({2 * matches} sockets, {THINK:g} s think time): "
        f"{len(latencies) / elapsed:,.0f} moves/s; "
        f"round trip p50 {_percentile(latencies, 50):.1f} ms, p99 {_percentile(latencies, 99):.1f} ms, "
        f"mean {statistics.fmean(latencies):.1f} ms; {counts['errors']} error frames"
    )


def main(seconds: float = 15) -> list[str]:
    lines = []
    var = REPO / "var"
    var.mkdir(exist_ok=True)
    sqlite = var / "bench-live.sqlite3"
    embedded = {"DATABASE_URL": f"sqlite:///{sqlite}", "REDIS_URL": "", "PLAY_BOT_DELAY": "0"}
    for matches in (50, 200):
        for leftover in var.glob("bench-live.sqlite3*"):
            leftover.unlink()
        lines.append(run("embedded defaults (SQLite, in-memory layer, 1 worker)", embedded, 1, matches, seconds))
    if _reachable("127.0.0.1", 5432) and _reachable("127.0.0.1", 6379):
        scaled = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/eoc_bench_live",
                  "REDIS_URL": "redis://127.0.0.1:6379/7", "PLAY_BOT_DELAY": "0"}
        _ensure_pg_database("eoc_bench_live")
        for workers, matches in ((1, 200), (2, 200), (1, 1000), (2, 1000)):
            lines.append(run(f"PostgreSQL + Redis, {workers} worker(s)", scaled, workers, matches, seconds))
    else:
        lines.append("PostgreSQL + Redis: not reachable on 127.0.0.1, not measured")
    return lines


def _ensure_pg_database(name: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
