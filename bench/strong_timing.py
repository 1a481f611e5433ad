"""``strong-timing``: how long the ``strong`` bot takes a move, in every game, against its budget.

Per setup (Elements of Chaos with the sample decks, L.A.M.A. and Completto with 2 and 4 players,
Elements with 4), games are played with the strong bot in seat ``i % players`` of game ``i`` and
heuristic bots in the other seats, until the strong bot has made ``BENCH_TIMING_MOVES`` moves with
a choice (default 200; moves with one legal action are answered at once and not counted). Each is
timed twice: wall time (``time.perf_counter``) and this process's CPU time
(``time.process_time``). On a quiet machine the two are nearly equal; on a loaded one the wall
time grows while the CPU time does not, so a wall time over the budget with a CPU time within it
is the machine's load, not the bot's overrun.

Prints per setup the p50, p99 and max of both, the moves over the budget plus 50 ms (the target:
p99 at most the budget plus 50 ms), and the load average (``os.getloadavg``) before and after.
``BENCH_TIMING_BUDGET`` (seconds a move, default the bot's own, 0.5) and ``BENCH_TIMING_SETUPS``
(comma-separated, default all) set the rest.
"""
from __future__ import annotations

import os
import statistics
import time

from play.bots import HEURISTICS
from play.bots.search import DEFAULT_BUDGET, SearchBot
from play.engine import derive_seed
from play.games import GAMES

from .engine_eoc import deck_pairs

SETUPS = ("eoc-2", "lama-2", "lama-4", "completto-2", "completto-4", "elements-4")
BASE_SEED = 4049
#: The target's margin over the budget, in seconds.
MARGIN = 0.05


def settings() -> dict:
    """The benchmark's settings from the environment."""
    env = os.environ
    return {
        "budget": float(env.get("BENCH_TIMING_BUDGET", str(DEFAULT_BUDGET))),
        "moves": int(env.get("BENCH_TIMING_MOVES", "200")),
        "setups": [s for s in env.get("BENCH_TIMING_SETUPS", ",".join(SETUPS)).split(",") if s],
    }


def timed_moves(slug: str, players: int, budget: float, moves: int) -> list[tuple[float, float]]:
    """``(wall seconds, CPU seconds)`` of the strong bot's first ``moves`` moves with a choice,
    over as many seeded games as that takes."""
    game = GAMES[slug]
    times: list[tuple[float, float]] = []
    i = 0
    while len(times) < moves:
        seat = i % players
        seed = derive_seed(BASE_SEED, players, i)
        options, private = None, None
        if slug == "eoc":
            pairs = deck_pairs()
            options = pairs[(i // 2) % len(pairs)]
            private = {"deck": options["decks"][seat]}
        bots = [HEURISTICS[slug](derive_seed(seed, s)) for s in range(players)]
        bots[seat] = SearchBot(game, derive_seed(seed, seat, 1), private, budget=budget)
        state = game.setup(players, seed, options)
        while game.outcome(state) is None and len(times) < moves:
            actor = game.to_act(state)[0]
            legal = game.spec.bot_actions(game.legal_actions(state, actor), actor)
            view = game.view(state, actor)
            wall, cpu = time.perf_counter(), time.process_time()
            action = bots[actor].choose(view, legal)
            if actor == seat and len(legal) > 1:
                times.append((time.perf_counter() - wall, time.process_time() - cpu))
            state = game.apply(state, actor, action)
        i += 1
    return times


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"


def line_for(setup: str, budget: float, moves: int) -> str:
    slug, players = setup.split("-")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    times = timed_moves(slug, int(players), budget, moves)
    walls = [w for w, _ in times]
    cpus = [c for _, c in times]
    over = sum(w > budget + MARGIN for w in walls)
    cpu_over = sum(c > budget + MARGIN for c in cpus)
    return (f"{GAMES[slug].name}, {players} players, {len(times)} moves: wall {_ms(walls)}; CPU {_ms(cpus)}; "
            f"over {(budget + MARGIN) * 1000:.0f} ms: {over} by wall, {cpu_over} by CPU "
            f"(load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; {time.perf_counter() - start:.0f} s)")


def main():
    """One line per setup as soon as it is measured (a generator: a setup takes minutes)."""
    options = settings()
    yield (f"budget {options['budget'] * 1000:.0f} ms a move, target p99 <= {(options['budget'] + MARGIN) * 1000:.0f} ms; "
           f"{options['moves']} moves a setup; {os.cpu_count()} cores")
    for setup in options["setups"]:
        if setup not in SETUPS:
            raise ValueError(f"unknown setup {setup!r}; known: {', '.join(SETUPS)}")
        yield line_for(setup, options["budget"], options["moves"])
