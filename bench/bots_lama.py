"""The L.A.M.A. heuristic bot against three random bots: its win rate over N seeded 4-player
games, with the heuristic in every seat in turn, and the 95% Wilson interval. A shared win
(equal fewest points) counts as a win; sole wins are reported too. Target: at least 40%."""
from __future__ import annotations

import math
import time

from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% for z = 1.96)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def win_counts(games: int, base_seed: int = 2024) -> tuple[int, int, int]:
    """``(shared_or_sole, sole, rounds)`` for the heuristic over ``games`` seeded games; game
    ``i`` seats the heuristic at seat ``i % 4``."""
    game = GAMES["lama"]
    shared = sole = rounds = 0
    for i in range(games):
        seed = derive_seed(base_seed, i)
        seat = i % 4
        names = ["random"] * 4
        names[seat] = "heuristic"
        state, _ = play_game(game, 4, seed, None, make_bots(game, names, seed))
        winners = game.outcome(state).winners
        rounds += state.tally.round
        if seat in winners:
            shared += 1
            sole += len(winners) == 1
    return shared, sole, rounds


def main(games: int = 4000) -> list[str]:
    start = time.perf_counter()
    shared, sole, rounds = win_counts(games)
    elapsed = time.perf_counter() - start
    lines = []
    for label, wins in (("sole or shared win", shared), ("sole win", sole)):
        low, high = wilson(wins, games)
        lines.append(
            f"heuristic vs 3 random, {label}: {wins / games:.1%} of {games} games (95% CI {low:.1%}..{high:.1%})"
        )
    lines.append(f"chance level 25%; {rounds / games:.2f} rounds a game; {games / elapsed:,.0f} games/s with bots")
    return lines
