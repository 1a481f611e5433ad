"""The Completto engine alone, over random playouts of 3-player games: the median cost of one
step (``legal_actions`` of the seat to act, then ``apply`` of one of them), and whole games per
second (set-up included). Target: at most 10 µs per step.

A uniformly random player mostly moves face-down tiles (a turn's start offers over 300 moves), so
these games run to the 1,000-turn limit (completto.md, "End"); a second playout takes a tile
whenever it can, so place and return steps are timed as well."""
from __future__ import annotations

import statistics
import time

from play.engine import Rng
from play.games import GAMES

PLAYERS = 3


def _playout(game, seed: int, timings: list[int] | None, takes: bool = False) -> int:
    """One random game; appends each step's nanoseconds to ``timings``; returns the step count.
    ``takes``: choose among the actions other than moves when there are any."""
    rng = Rng.from_seed(seed + 1_000_003)
    state = game.setup(PLAYERS, seed)
    clock = time.perf_counter_ns
    steps = 0
    while state.turn is not None:
        seat = state.turn
        start = clock()
        legal = game.legal_actions(state, seat)
        if takes and legal[0]["type"] == "take":
            action = legal[rng.randrange(len(state.pool_up) + (1 if state.pool_down else 0))]
        else:
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        if timings is not None:
            timings.append(clock() - start)
        steps += 1
    return steps


def _figures(label: str, timings: list[int]) -> str:
    cuts = statistics.quantiles(timings, n=100)
    return (f"step (legal_actions + apply), {label}: median {statistics.median(timings) / 1000:.2f} µs, "
            f"p90 {cuts[89] / 1000:.2f} µs, p99 {cuts[98] / 1000:.2f} µs over {len(timings)} steps")


def main(games: int = 200) -> list[str]:
    game = GAMES["completto"]
    for seed in range(20):  # warm-up
        _playout(game, seed, None)
    uniform: list[int] = []
    for seed in range(games):
        _playout(game, seed, uniform)
    taking: list[int] = []
    for seed in range(games):
        _playout(game, seed, taking, takes=True)
    start = time.perf_counter()
    steps = sum(_playout(game, seed, None) for seed in range(games, 2 * games))
    elapsed = time.perf_counter() - start
    return [
        _figures("uniform random", uniform),
        _figures("always taking", taking),
        f"whole {PLAYERS}-player random games: {games / elapsed:,.1f} games/s "
        f"({steps / games:.0f} steps a game, {elapsed / steps * 1e6:.2f} µs a step with set-up)",
    ]
