"""The Elements of Chaos engine alone, over random playouts of 2-player games with the sample
decks (shuffled, every ordered pair of decks in turn): the cost of one step (``legal_actions`` +
``apply``) and whole games per second. Target: at most 50 µs per step."""
from __future__ import annotations

from play.games import GAMES
from play.games.eoc.decklists import sample_deck, sample_deck_names

from .games import games_per_second, percentiles, playout


def deck_pairs() -> list[dict]:
    """Options for every ordered pair of sample decks."""
    names = sample_deck_names()
    return [{"decks": [sample_deck(a), sample_deck(b)]} for a in names for b in names]


def main(games: int = 300) -> list[str]:
    game = GAMES["eoc"]
    pairs = deck_pairs()
    for seed in range(20):  # warm-up
        playout(game, 2, seed, pairs[seed % len(pairs)])
    timings: dict[str, list[int]] = {}
    for seed in range(games):
        playout(game, 2, seed, pairs[seed % len(pairs)], timings=timings)
    return [percentiles("step (legal_actions + apply)", timings["step"]),
            games_per_second(game, 2, range(games, 2 * games), lambda seed: pairs[seed % len(pairs)])]
