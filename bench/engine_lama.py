"""The L.A.M.A. engine alone, over random playouts of 4-player games: the median cost of one step
(``legal_actions`` of the seat to act, then ``apply`` of one of them), and whole games per second
(set-up included). Target: at most 10 µs per step."""
from __future__ import annotations

import statistics
import time

from play.engine import Rng
from play.games import GAMES


def _playout(game, seed: int, timings: list[int] | None) -> int:
    """One random game; appends each step's nanoseconds to ``timings``; returns the step count."""
    rng = Rng.from_seed(seed + 1_000_003)
    state = game.setup(4, seed)
    clock = time.perf_counter_ns
    steps = 0
    while state.turn is not None:
        seat = state.turn
        start = clock()
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
        if timings is not None:
            timings.append(clock() - start)
        steps += 1
    return steps


def main(games: int = 2000) -> list[str]:
    game = GAMES["lama"]
    for seed in range(200):  # warm-up
        _playout(game, seed, None)
    timings: list[int] = []
    for seed in range(games):
        _playout(game, seed, timings)
    cuts = statistics.quantiles(timings, n=100)
    start = time.perf_counter()
    steps = sum(_playout(game, seed, None) for seed in range(games, 2 * games))
    elapsed = time.perf_counter() - start
    return [
        f"step (legal_actions + apply): median {statistics.median(timings) / 1000:.2f} µs, "
        f"p90 {cuts[89] / 1000:.2f} µs, p99 {cuts[98] / 1000:.2f} µs over {len(timings)} steps",
        f"whole 4-player random games: {games / elapsed:,.0f} games/s "
        f"({steps / games:.1f} steps a game, {elapsed / steps * 1e6:.2f} µs a step with set-up and new rounds)",
    ]
