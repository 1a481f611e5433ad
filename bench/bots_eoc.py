"""The Elements of Chaos heuristic bot against the random bot: its win rate over N seeded
2-player games with the sample decks (every ordered pair of decks in turn, the heuristic in each
seat in turn), the 95% Wilson interval, how the games ended, and bot games per second (both bots
choosing from their views). Target: at least 70% wins."""
from __future__ import annotations

import time
from collections import Counter

from bench.bots_lama import wilson
from bench.engine_eoc import deck_pairs
from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES


def results(games: int, base_seed: int = 2026) -> tuple[int, Counter]:
    """``(wins, endings)`` for the heuristic over ``games`` games; game ``i`` seats it at
    ``i % 2`` and uses the ``i``-th pair of sample decks (cyclically). ``endings`` counts
    ``(won, reason)``."""
    game = GAMES["eoc"]
    pairs = deck_pairs()
    wins = 0
    endings: Counter = Counter()
    for i in range(games):
        seed = derive_seed(base_seed, i)
        seat = i % 2
        names = ["random", "random"]
        names[seat] = "heuristic"
        state, _ = play_game(game, 2, seed, pairs[i % len(pairs)], make_bots(game, names, seed))
        outcome = game.outcome(state)
        won = seat in outcome.winners
        wins += won
        endings[("win" if won else "draw" if not outcome.winners else "loss", outcome.details["reason"])] += 1
    return wins, endings


def main(games: int = 400) -> list[str]:
    start = time.perf_counter()
    wins, endings = results(games)
    elapsed = time.perf_counter() - start
    low, high = wilson(wins, games)
    how = ", ".join(f"{kind} by {reason}: {n}" for (kind, reason), n in sorted(endings.items()))
    return [
        f"heuristic vs random: {wins / games:.1%} wins of {games} games (95% CI {low:.1%}..{high:.1%}); target 70%",
        f"endings: {how}",
        f"{games / elapsed:,.1f} bot games/s (views and choices included)",
    ]


if __name__ == "__main__":
    print("\n".join(main()))
