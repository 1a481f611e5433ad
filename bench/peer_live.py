"""The site beside its peer, boardgame.io, under the same live load, in one run (``peer``).

The peer: boardgame.io 0.50.2 on its own server (Koa, socket.io, matches kept in memory), with
L.A.M.A. written for it (``bench/peer/lama.js``: the same rules, each hand secret, every move
applied by the server only). Its load client (``bench/peer/load.js``, Node) plays N two-seat
matches as ``live`` does on the site: each seat on its own connection waits a think time (0.5–1.5
× ``BENCH_THINK``, default 1 s) and makes a random legal move; a round trip is from sending a
move to seeing the server's new state. Then the site's ``live`` load (``bench.live_matches``) at
the same N, for the same time. Each line gives moves a second, the round trip's p50 and p99, and
the server's CPU (the peer's one Node process; the site's processes) as a share of a core and per
move. Between the peer and the site, the Python floor (``bench.python_floor``) under the site's
load client: the site's engine in memory behind a raw ASGI application on the same uvicorn and
websocket protocol, then the same committing every move to SQLite; it tells what Python and a
durable commit cost a move apart from what the site's framework adds. The last lines per N: the
ratio of the site's CPU per move to the peer's (the target), of each floor's to the peer's, and
of the site's to the committing floor's.

Target (the issue on cheap moves at scale): the site's server CPU per move at most 2× the
peer's. ``BENCH_PEER`` picks the runs as ``BENCH_LIVE`` does (``e:N`` the site on its embedded
defaults, ``pW:N`` on PostgreSQL + Redis with W workers); default ``e:200,e:500``.
Needs Node.js and npm (the machine's; ``npm ci`` installs the pinned packages of
``bench/peer/package-lock.json`` from the npm registry into ``bench/peer/node_modules`` the first
time). Run: ``BENCH=peer make bench``.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time

import httpx

from core.ws_protocol import UVICORN_WS

from .live_matches import (
    Load, Measured, Tally, _drive, _embedded_env, _figures, _scaled_env, describe, live_runs, measure,
)
from .python_floor import floor_pairs
from .server import REPO, Process, free_port

PEER = REPO / "bench" / "peer"
DEFAULT_RUNS = "e:200,e:500"
TARGET_RATIO = 2.0


def install() -> str | None:
    """Install the peer's packages when they are missing; the reason it cannot run, or None."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "Node.js and npm are not on this machine"
    if not (PEER / "node_modules" / "boardgame.io").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PEER, check=True)
    return None


def _serves(base: str) -> bool:
    try:
        httpx.get(f"{base}/games", timeout=2)
        return True
    except httpx.HTTPError:
        return False


def measure_peer(matches: int, think: float, seconds: float, warmup: float = 5) -> Measured:
    """Run the peer's server and load: the round trips of the measured window (``tally.moves``,
    ms), the seconds the matches took to be made, joined and synced on every socket
    (``connecting``), and the server's CPU seconds in the window (``site_cpu``).
    ``RuntimeError`` when the load client fails."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = Process(["node", str(PEER / "server.js"), str(port)], name="boardgame.io", ready=lambda: _serves(base),
                     quiet=True)
    with server:
        client = subprocess.Popen(
            ["node", str(PEER / "load.js"), base, str(matches), str(think), str(warmup), str(seconds)],
            cwd=PEER, stdout=subprocess.PIPE, text=True)
        started_cpu = ended_cpu = None
        result = None
        for line in client.stdout:
            if line.strip() == "measuring":
                started_cpu = server.cpu_seconds()
            elif line.startswith("{"):
                ended_cpu = server.cpu_seconds()
                result = json.loads(line)
        if client.wait() != 0 or result is None or started_cpu is None:
            raise RuntimeError(f"the peer's load client failed (exit code {client.returncode})")
    tally = Tally()
    tally.moves.extend(result["trips"])
    tally.errors = result["errors"]
    return Measured(tally, result["connecting"], ended_cpu - started_cpu, None, 2 * matches)


def measure_floor(load: Load, seconds: float, durable: bool, warmup: float = 5) -> Measured:
    """Serve the Python floor (``bench.python_floor``: uvicorn, one worker, the site's websocket
    protocol; with ``durable``, every move committed to a fresh SQLite file in ``var/``) and
    drive ``load`` on it with the site's load client, as :func:`measure` does the site.
    ``RuntimeError`` when it does not start."""
    env = {}
    if durable:
        path = REPO / "var" / "bench-floor.sqlite3"
        path.parent.mkdir(exist_ok=True)
        for leftover in path.parent.glob(path.name + "*"):
            leftover.unlink()
        env["FLOOR_SQLITE"] = str(path)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = Process([sys.executable, "-m", "uvicorn", "bench.python_floor:application", "--host", "127.0.0.1",
                      "--port", str(port), "--workers", "1", "--ws", os.environ.get("BENCH_WS") or UVICORN_WS,
                      "--no-access-log", "--log-level", "warning"],
                     env, name="the Python floor", ready=lambda: _serves(base))
    pairs = floor_pairs(load.matches)
    with server:
        tally, connecting, (site_cpu,) = asyncio.run(
            _drive(base, pairs, load, seconds, warmup, lambda: (server.cpu_seconds(),)))
    return Measured(tally, connecting, site_cpu, None, 2 * load.matches)


def _ratio(label: str, ours: float | None, theirs: float | None, target: float | None = None) -> str | None:
    if not ours or not theirs:
        return None
    ratio = ours / theirs
    verdict = f" (target <= {target:g}x: {'met' if ratio <= target else 'not met'})" if target else ""
    return f"  server CPU per move, {label}: {ratio:.2f}x{verdict}"


def main(seconds: float = 15) -> list[str]:
    """``peer``: for each run of ``BENCH_PEER``, the peer and then the site under the same load."""
    think = float(os.environ.get("BENCH_THINK", "1"))
    reason = install()
    if reason is not None:
        return [f"peer: not measured: {reason}"]
    lines = ["load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} cores)"]
    for kind, workers, matches in live_runs(os.environ.get("BENCH_PEER", DEFAULT_RUNS), "BENCH_PEER"):
        peer = measure_peer(matches, think, seconds)
        peer_per_move = peer.cpu_per_move()
        lines.append(f"boardgame.io 0.50.2, {matches} matches ({peer.sockets} sockets, {think:g} s think; made in "
                     f"{peer.connecting:.1f} s): moves {_figures(peer.tally.moves, seconds, 'moves')}; server CPU "
                     f"{peer.site_cpu / seconds:.0%} of a core"
                     + (f", {peer_per_move * 1000:.2f} ms per move" if peer_per_move else "")
                     + f"; {peer.tally.errors} errors")
        if kind == "e":
            label, env = "this site, embedded defaults (1 worker)", _embedded_env("bench-peer")
        else:
            label, env = f"this site, PostgreSQL + Redis, {workers} worker(s)", _scaled_env("eoc_bench_peer")
            if env is None:
                lines.append("PostgreSQL + Redis: not reachable on 127.0.0.1, not measured")
                continue
        load = Load(matches, think)
        floors = {}
        for durable, what in ((False, "in memory"), (True, "each move committed to SQLite")):
            time.sleep(2)
            floors[durable] = measure_floor(load, seconds, durable)
            lines.append(describe(f"the Python floor, {what} (no Django; 1 worker)", load, floors[durable], seconds))
        time.sleep(2)
        site = measure(env, workers, load, seconds)
        lines.append(describe(label, load, site, seconds))
        ours, memory, durable = site.cpu_per_move(), floors[False].cpu_per_move(), floors[True].cpu_per_move()
        lines.extend(filter(None, (
            _ratio("the site against the peer", ours, peer_per_move, TARGET_RATIO),
            _ratio("the Python floor in memory against the peer", memory, peer_per_move),
            _ratio("the Python floor with SQLite against the peer", durable, peer_per_move),
            _ratio("the site against the Python floor with SQLite", ours, durable),
        )))
    return lines
