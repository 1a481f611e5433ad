"""``flood``: one client floods a match's websocket; how much slower do another match's moves get?

The site runs under uvicorn (one worker) with its default frame budgets (``core.frame_budget``),
on the embedded defaults and, when ``DATABASE_URL`` is a PostgreSQL URL and ``REDIS_URL`` is
set, on those (the benchmark then writes its matches into that database). Two L.A.M.A.
matches between guests:

- **B**, the measured one: both seats are websocket clients in this process; the seat to act
  waits ``BENCH_THINK`` seconds (default 0.1, which keeps each socket well within its budget),
  sends a legal action (a random card to play, else a draw) and measures the **round trip** to
  the view that shows it;
- **A**, the flooded one: in a process of its own (so that its CPU is not this process's), 20
  anonymous sockets (no session: one client, the connection's address) watch A; each sends
  300 ``act`` frames as fast as the connection takes them, then reads its 300 answers — the
  tester's flood — and starts again, until the window ends: the flood lasts as long as the
  measurement (a socket past its budget is read about once a second, so its sends block).

B plays throughout; ``BENCH_PHASES`` (default 8) times, a window without the flood is followed
by one with it, ``BENCH_SECONDS`` (default 40) of each kind in all (alternating, so that other
load on the machine weighs on both alike). The figures are B's p50/p99 without the flood, with
it (from the start of the flood's process: 20 handshakes, then the frames) and with its frames
alone (once its 20 sockets are connected), their ratios, and the flood's answers by code.
Run as ``python -m bench.frame_flood FLOOD_ARGS`` the module is the flood's process.
"""
from __future__ import annotations

import asyncio
import collections
import json
import os
import random
import subprocess
import sys
import time

from .live_matches import Load, _embedded_env, _prepare, percentile
from .server import REPO, Site

SOCKETS = 20
FRAMES = 300
ACT = json.dumps({"type": "act", "version": 0, "action": {"type": "draw"}})


# -- the flood (its own process) --------------------------------------------------------------------
async def _flood_socket(url: str, origin: str, deadline: float, codes: collections.Counter,
                        connected: asyncio.Event, waiting: list) -> None:
    """One socket of the flood: ``FRAMES`` act frames sent as fast as the connection takes
    them, then their answers read, again and again until ``deadline`` (then it hangs up, whatever
    it was waiting for)."""
    import websockets

    # close_timeout: at the deadline the site is not reading this socket (it is past its
    # budget), so the closing handshake would wait; hang up at once instead
    async with websockets.connect(url, additional_headers={"Origin": origin}, max_size=2**22,
                                  close_timeout=0.1) as ws:
        await ws.recv()  # the view on connect
        waiting.pop()
        if not waiting:
            print("connected", flush=True)
            connected.set()
        await connected.wait()

        async def rounds():
            while True:
                for _ in range(FRAMES):
                    await ws.send(ACT)
                    codes["sent"] += 1
                for _ in range(FRAMES):
                    frame = json.loads(await ws.recv())
                    codes[frame["error"]["code"] if frame.get("type") == "error" else frame.get("type")] += 1
                codes["rounds"] += 1

        try:
            await asyncio.wait_for(rounds(), timeout=max(0.0, deadline - time.perf_counter()))
        except asyncio.TimeoutError:
            pass


async def _flood(url: str, origin: str, seconds: float) -> dict:
    codes: collections.Counter = collections.Counter()
    deadline = time.perf_counter() + seconds
    connected, waiting = asyncio.Event(), [None] * SOCKETS
    await asyncio.gather(*(_flood_socket(url, origin, deadline, codes, connected, waiting) for _ in range(SOCKETS)))
    return dict(codes)


# -- the measured match ------------------------------------------------------------------------------
async def _seat(url: str, origin: str, cookie: str, think: float, stop: asyncio.Event,
                trips: list[tuple[float, float]], rng: random.Random, errors: list[float]) -> None:
    """One seat of the measured match: appends ``(sent_at, round trip in ms)`` to ``trips``,
    and the time of any frame other than a view (a refused move) to ``errors``; a refused move
    is sent again from the view that comes with the refusal."""
    import websockets

    async with websockets.connect(url, additional_headers={"Cookie": cookie, "Origin": origin},
                                  max_size=2**22) as ws:
        sent_at, sent_version = None, -1
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.2))
            except asyncio.TimeoutError:
                continue
            view = frame.get("view") or {}
            if frame.get("type") != "view":
                errors.append(time.perf_counter())
                sent_at, sent_version = None, -1
            if sent_at is not None and view.get("version", -1) > sent_version:
                trips.append((sent_at, (time.perf_counter() - sent_at) * 1000))
                sent_at = None
            if view.get("status") == "finished":
                raise RuntimeError("the measured match finished; raise its end_at")
            legal = view.get("legal_actions") or []
            if legal and sent_at is None and view["version"] > sent_version:
                await asyncio.sleep(think)
                sent_version, sent_at = view["version"], time.perf_counter()
                await ws.send(json.dumps({"type": "act", "version": view["version"], "action": _choose(legal, rng)}))


def _choose(legal: list[dict], rng: random.Random) -> dict:
    """A card if one may be played, else a draw, else what is left (quitting): rounds then end
    when a hand is empty, with few points, so that the match lasts the whole measurement."""
    for kind in ("play", "draw"):
        chosen = [action for action in legal if action["type"] == kind]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(legal)


async def _measure(site: Site, b: tuple[str, list[str]], a_id: str, think: float, seconds: float,
                   phases: int) -> tuple[list[float], list[float], list[float], collections.Counter]:
    """B plays throughout; ``phases`` times, ``seconds / phases`` without the flood, then as
    long with it (alternating, so that the machine's other load weighs on both alike). Returns
    the round trips of the moves sent without the flood, with it (from the start of its process:
    its sockets connecting, then their frames) and with its frames only (once its sockets are
    all connected), and the flood's tally."""
    trips: list[tuple[float, float]] = []
    errors: list[float] = []
    stop = asyncio.Event()
    url = f"{site.ws_base}/ws/matches/{b[0]}/"
    seats = [asyncio.ensure_future(_seat(url, site.base, f"sessionid={key}", think, stop, trips, random.Random(i),
                                         errors))
             for i, key in enumerate(b[1])]
    await asyncio.sleep(1.0)
    quiet_windows, flood_windows, frame_windows, tally = [], [], [], collections.Counter()
    step = seconds / phases
    flood_url = f"{site.ws_base}/ws/matches/{a_id}/"
    for _ in range(phases):
        began = time.perf_counter()
        await asyncio.sleep(step)
        quiet_windows.append((began, time.perf_counter()))
        began = time.perf_counter()
        flood = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.frame_flood", flood_url, site.base,
                                                     str(step), cwd=REPO, stdout=subprocess.PIPE)
        assert (await flood.stdout.readline()).strip() == b"connected"
        connected = time.perf_counter()
        await asyncio.sleep(max(0.0, began + step - connected))
        flood_windows.append((began, time.perf_counter()))
        frame_windows.append((connected, time.perf_counter()))
        out, _ = await flood.communicate()
        tally.update(json.loads(out.decode().splitlines()[-1]))
    stop.set()
    await asyncio.gather(*seats)

    def within(windows):
        return [trip for sent, trip in trips if any(low <= sent < high for low, high in windows)]

    def errors_within(windows):
        return sum(any(low <= at < high for low, high in windows) for at in errors)

    tally["measured match errors, quiet"] = errors_within(quiet_windows)
    tally["measured match errors, flooded"] = errors_within(flood_windows)
    return within(quiet_windows), within(flood_windows), within(frame_windows), tally


def _line(label: str, trips: list[float]) -> str:
    return f"{label}: {len(trips)} moves, p50 {percentile(trips, 50):.1f} ms, p99 {percentile(trips, 99):.1f} ms"


def run(label: str, env: dict, seconds: float, think: float, phases: int) -> list[str]:
    """Prepare the two matches, serve the site, measure; returns the figures' lines."""
    (b_id, b_keys), (a_id, _a_keys) = _prepare(env, Load(2))
    with Site(env, workers=1) as site:
        quiet, flooded, frames_only, report = asyncio.run(_measure(site, (b_id, b_keys), a_id, think, seconds, phases))

    def ratios(trips):
        p50 = percentile(trips, 50) / percentile(quiet, 50)
        return (f"ratio p50 {p50:.2f}, p99 {percentile(trips, 99) / percentile(quiet, 99):.2f} "
                f"(target p50 ratio <= 1.20: {'met' if p50 <= 1.2 else 'NOT met'})")

    answers = ", ".join(f"{code} {count:,}" for code, count in sorted(report.items())
                        if code not in ("sent", "rounds") and not code.startswith("measured"))
    return [
        f"{label}:",
        "  " + _line("the other match alone", quiet),
        "  " + _line(f"under the flood ({SOCKETS} sockets connecting, then sending rounds of {FRAMES} act frames)",
                     flooded) + "; " + ratios(flooded),
        "  " + _line("under the flood's frames alone (its sockets connected)", frames_only)
        + "; " + ratios(frames_only),
        f"  the measured match: {report['measured match errors, quiet']} errors (refused moves) without the flood, "
        f"{report['measured match errors, flooded']} with it",
        f"  the flood: {report.get('sent', 0):,} frames sent in {phases} floods, {report.get('rounds', 0)} whole "
        f"rounds answered; answers read: {answers}",
    ]


def main() -> list[str]:
    seconds = float(os.environ.get("BENCH_SECONDS", "40"))
    think = float(os.environ.get("BENCH_THINK", "0.1"))
    phases = int(os.environ.get("BENCH_PHASES", "8"))
    lines = run("embedded defaults (SQLite, in-memory layer, 1 worker)", _embedded_env("bench-flood"), seconds, think,
                phases)
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if database.startswith(("postgres://", "postgresql://")) and redis:
        lines += run("PostgreSQL + Redis, 1 worker", {"DATABASE_URL": database, "REDIS_URL": redis}, seconds, think,
                     phases)
    else:
        lines.append("PostgreSQL + Redis: DATABASE_URL and REDIS_URL not set, not measured")
    return lines


if __name__ == "__main__":
    ws_url, site_origin, flood_seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    print(json.dumps(asyncio.run(_flood(ws_url, site_origin, flood_seconds))), flush=True)
