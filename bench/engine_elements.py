"""The Elements engine alone, over random playouts: the median cost of one step (``legal_actions``
of a seat to act, then ``apply`` of one of them), reported apart for the give-up step between
deals (whose ``legal_actions`` lists every subset of the hand: up to 1,024, since each player
places a card in phase 1) and for every other
step, and whole games per second (set-up included). Target: at most 10 µs per step."""
from __future__ import annotations

import statistics
import time

from play.engine import Rng
from play.games import GAMES


def _playout(game, players: int, seed: int, timings: dict[str, list[int]] | None) -> int:
    """One random game; appends each step's nanoseconds to ``timings[phase]``; returns the step
    count."""
    rng = Rng.from_seed(seed + 1_000_003)
    state = game.setup(players, seed)
    clock = time.perf_counter_ns
    steps = 0
    while state.phase != "over":
        seat = game.to_act(state)[0]
        phase = state.phase
        start = clock()
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
        if timings is not None:
            timings[phase].append(clock() - start)
        steps += 1
    return steps


def _figures(label: str, values: list[int]) -> str:
    cuts = statistics.quantiles(values, n=100)
    return (f"{label}: median {statistics.median(values) / 1000:.2f} µs, p90 {cuts[89] / 1000:.2f} µs, "
            f"p99 {cuts[98] / 1000:.2f} µs over {len(values)} steps")


def _full_hand_give_up(game) -> float:
    """µs for the give-up step of a seat keeping all 10 cards left after phase 1 (1,024 subsets,
    the most a deal can leave): everyone passes every auction, so hands stay full."""
    state = game.setup(4, 1)
    while state.phase != "discard":
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[0])
    runs = []
    for _ in range(50):
        start = time.perf_counter_ns()
        legal = game.legal_actions(state, 0)
        game.apply(state, 0, legal[len(legal) // 2])
        runs.append(time.perf_counter_ns() - start)
    assert len(legal) == 1024
    return statistics.median(runs) / 1000


def main(games: int = 1000) -> list[str]:
    """The figures as printed lines: step medians (outside and inside the give-up step) and games/s."""
    game = GAMES["elements"]
    for seed in range(100):  # warm-up
        _playout(game, 4, seed, None)
    lines = []
    for players in (4, 5, 3):
        timings: dict[str, list[int]] = {"place": [], "bid": [], "discard": []}
        for seed in range(games):
            _playout(game, players, seed, timings)
        if players == 4:
            outside = timings["place"] + timings["bid"]
            lines.append(_figures("4 players, step outside the give-up (legal_actions + apply)", outside))
            lines.append(_figures("  of which phase 1 (place)", timings["place"]))
            lines.append(_figures("  of which auctions (bid/pass)", timings["bid"]))
            lines.append(_figures("  the give-up step (random playouts: hands are small by then)", timings["discard"]))
        else:
            lines.append(_figures(f"{players} players, step outside the give-up", timings["place"] + timings["bid"]))
    lines.append(f"the give-up step with a full hand of 10 (1,024 subsets): median {_full_hand_give_up(game):.0f} µs")
    start = time.perf_counter()
    steps = sum(_playout(game, 4, seed, None) for seed in range(games, 2 * games))
    elapsed = time.perf_counter() - start
    lines.append(f"whole 4-player random games: {games / elapsed:,.0f} games/s "
                 f"({steps / games:.1f} steps a game, {elapsed / steps * 1e6:.2f} µs a step with set-up and redraws)")
    return lines
