"""The Elements of Chaos engine alone, over random playouts of 2-player games with the sample
decks (shuffled, a different pair of decks each game): the median cost of one step
(``legal_actions`` of a seat to act, then ``apply`` of one of them), and whole games per second
(set-up included). Target: at most 50 µs per step."""
from __future__ import annotations

import statistics
import time

from play.engine import Rng
from play.games import GAMES
from play.games.eoc.decklists import sample_deck, sample_deck_names


def deck_pairs() -> list[dict]:
    """Options for every ordered pair of sample decks."""
    names = sample_deck_names()
    return [{"decks": [sample_deck(a), sample_deck(b)]} for a in names for b in names]


def _playout(game, seed: int, options: dict, timings: list[int] | None) -> int:
    """One random game; appends each step's nanoseconds to ``timings``; returns the step count."""
    rng = Rng.from_seed(seed + 1_000_003)
    state = game.setup(2, seed, options)
    clock = time.perf_counter_ns
    steps = 0
    while state.result is None:
        seat = game.to_act(state)[0]
        start = clock()
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
        if timings is not None:
            timings.append(clock() - start)
        steps += 1
    return steps


def main(games: int = 300) -> list[str]:
    game = GAMES["eoc"]
    pairs = deck_pairs()
    for seed in range(20):  # warm-up
        _playout(game, seed, pairs[seed % len(pairs)], None)
    timings: list[int] = []
    for seed in range(games):
        _playout(game, seed, pairs[seed % len(pairs)], timings)
    cuts = statistics.quantiles(timings, n=100)
    start = time.perf_counter()
    steps = sum(_playout(game, seed, pairs[seed % len(pairs)], None) for seed in range(games, 2 * games))
    elapsed = time.perf_counter() - start
    return [
        f"step (legal_actions + apply): median {statistics.median(timings) / 1000:.2f} µs, "
        f"p90 {cuts[89] / 1000:.2f} µs, p99 {cuts[98] / 1000:.2f} µs over {len(timings)} steps",
        f"whole 2-player random games: {games / elapsed:,.1f} games/s "
        f"({steps / games:.1f} steps a game, {elapsed / steps * 1e6:.2f} µs a step with set-up)",
    ]


if __name__ == "__main__":
    print("\n".join(main()))
