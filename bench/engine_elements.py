"""The Elements engine alone, over random playouts: the cost of one step (``legal_actions`` +
``apply``), apart for the give-up step between deals (whose ``legal_actions`` lists every subset
of the hand: up to 1,024, since each player places a card in phase 1) and for every other step,
and whole games per second. Target: at most 10 µs per step."""
from __future__ import annotations

import statistics
import time

from play.games import GAMES

from .games import games_per_second, percentiles, playout


def _phase(state) -> str:
    return state.phase


def _full_hand_give_up(game) -> float:
    """µs for the give-up step of a seat keeping all 10 cards left after phase 1 (1,024 subsets,
    the most a deal can leave): everyone passes every auction, so hands stay full."""
    state = game.setup(4, 1)
    while state.phase != "discard":
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    runs = []
    for _ in range(50):
        start = time.perf_counter_ns()
        legal = game.legal_actions(state, 0)
        game.apply(state, 0, legal[len(legal) // 2])
        runs.append(time.perf_counter_ns() - start)
    assert len(legal) == 1024
    return statistics.median(runs) / 1000


def main(games: int = 1000) -> list[str]:
    game = GAMES["elements"]
    for seed in range(100):  # warm-up
        playout(game, 4, seed)
    lines = []
    for players in (4, 5, 3):
        timings: dict[str, list[int]] = {}
        for seed in range(games):
            playout(game, players, seed, timings=timings, phase=_phase)
        outside = timings["place"] + timings["bid"]
        lines.append(percentiles(f"{players} players, step outside the give-up (legal_actions + apply)", outside))
        if players == 4:
            lines.append(percentiles("  of which phase 1 (place)", timings["place"]))
            lines.append(percentiles("  of which auctions (bid/pass)", timings["bid"]))
            lines.append(percentiles("  the give-up step (random playouts: hands are small by then)", timings["discard"]))
    lines.append(f"the give-up step with a full hand of 10 (1,024 subsets): median {_full_hand_give_up(game):.0f} µs")
    lines.append(games_per_second(game, 4, range(games, 2 * games)))
    return lines
