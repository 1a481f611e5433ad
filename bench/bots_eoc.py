"""The Elements of Chaos heuristic bot against the random bot over seeded 2-player games with the
sample decks (every ordered pair of decks in turn, the heuristic in each seat in turn): its win
rate with the 95% Wilson interval, how the games ended, and bot games per second. Target: at
least 70% wins."""
from __future__ import annotations

import time
from collections import Counter

from play.games import GAMES

from .engine_eoc import deck_pairs
from .games import heuristic_results, wilson


def main(games: int = 400) -> list[str]:
    game = GAMES["eoc"]
    pairs = deck_pairs()
    start = time.perf_counter()
    wins = 0
    endings: Counter = Counter()
    for seat, _state, outcome in heuristic_results(game, 2, games, 2026, lambda i: pairs[i % len(pairs)]):
        won = seat in outcome.winners
        wins += won
        endings[("win" if won else "draw" if not outcome.winners else "loss", outcome.details["reason"])] += 1
    elapsed = time.perf_counter() - start
    low, high = wilson(wins, games)
    how = ", ".join(f"{kind} by {reason}: {n}" for (kind, reason), n in sorted(endings.items()))
    return [
        f"heuristic vs random: {wins / games:.1%} wins of {games} games (95% CI {low:.1%}..{high:.1%}); target 70%",
        f"endings: {how}",
        f"{games / elapsed:,.1f} bot games/s (views and choices included)",
    ]
