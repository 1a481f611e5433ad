"""What the engine and bot benchmarks share, over the engine protocol alone: random playouts that
time each step (``legal_actions`` of the first seat to act, then ``apply`` of one of them),
percentile lines, and a heuristic bot's win rate against random bots with its Wilson interval."""
from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable

from play.bots.runner import make_bots, play_game
from play.engine import Rng, derive_seed


def playout(game, players: int, seed: int, options: dict | None = None,
            timings: dict[str, list[int]] | None = None, phase: Callable | None = None,
            choose: Callable | None = None) -> int:
    """One game of uniformly random moves (or ``choose(state, legal, rng)``); appends each step's
    nanoseconds to ``timings[phase(state)]`` (``"step"`` without ``phase``); returns the number
    of steps."""
    rng = Rng.from_seed(seed + 1_000_003)
    state = game.setup(players, seed, options)
    clock = time.perf_counter_ns
    steps = 0
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        key = phase(state) if phase else "step"
        start = clock()
        legal = game.legal_actions(state, seat)
        action = choose(state, legal, rng) if choose else legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        if timings is not None:
            timings.setdefault(key, []).append(clock() - start)
        steps += 1
    return steps


def percentiles(label: str, values: list[int]) -> str:
    """``label: median …, p90 …, p99 … over n steps`` from nanoseconds, in µs."""
    cuts = statistics.quantiles(values, n=100)
    return (f"{label}: median {statistics.median(values) / 1000:.2f} µs, p90 {cuts[89] / 1000:.2f} µs, "
            f"p99 {cuts[98] / 1000:.2f} µs over {len(values)} steps")


def games_per_second(game, players: int, seeds: range, options_for: Callable[[int], dict | None] = lambda s: None) -> str:
    """Whole random games (set-up included) over ``seeds``: games/s and µs a step."""
    start = time.perf_counter()
    steps = sum(playout(game, players, seed, options_for(seed)) for seed in seeds)
    elapsed = time.perf_counter() - start
    return (f"whole {players}-player random games: {len(seeds) / elapsed:,.1f} games/s "
            f"({steps / len(seeds):.1f} steps a game, {elapsed / steps * 1e6:.2f} µs a step with set-up)")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% for z = 1.96)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def heuristic_results(game, players: int, games: int, base_seed: int,
                      options_for: Callable[[int], dict | None] = lambda i: None):
    """Play ``games`` seeded games of the heuristic bot against ``players - 1`` random bots, the
    heuristic at seat ``i % players`` in game ``i``; yields ``(seat, final_state, outcome)``."""
    for i in range(games):
        seed = derive_seed(base_seed, players, i)
        seat = i % players
        names = ["random"] * players
        names[seat] = "heuristic"
        state, _ = play_game(game, players, seed, options_for(i), make_bots(game, names, seed))
        yield seat, state, game.outcome(state)


def win_rate_lines(game, players: int, games: int, base_seed: int, chance: str,
                   options_for: Callable[[int], dict | None] = lambda i: None) -> list[str]:
    """The heuristic's sole-or-shared and sole win rates against random bots, with 95% intervals
    and bot games per second."""
    start = time.perf_counter()
    shared = sole = 0
    for seat, _state, outcome in heuristic_results(game, players, games, base_seed, options_for):
        if seat in outcome.winners:
            shared += 1
            sole += len(outcome.winners) == 1
    elapsed = time.perf_counter() - start
    lines = []
    for label, wins in (("sole or shared win", shared), ("sole win", sole)):
        low, high = wilson(wins, games)
        lines.append(f"{players} players, heuristic vs {players - 1} random, {label}: "
                     f"{wins / games:.1%} of {games} games (95% CI {low:.1%}..{high:.1%})")
    lines.append(f"{players} players: chance level {chance}; {games / elapsed:,.0f} games/s with bots")
    return lines
