"""The Elements heuristic bot against random bots: its win rate over N seeded games (4 players:
the heuristic and three random bots, the heuristic in every seat in turn; also 3 and 5 players)
with the 95% Wilson interval. A shared win (equal highest total) counts as a win; sole wins are
reported too. Target at 4 players: at least 40% (chance is 25%)."""
from __future__ import annotations

import time

from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES

from .bots_lama import wilson


def win_counts(games: int, players: int = 4, base_seed: int = 2025) -> tuple[int, int]:
    """``(sole_or_shared, sole)`` wins of the heuristic over ``games`` seeded games against
    ``players - 1`` random bots; game ``i`` seats the heuristic at seat ``i % players``."""
    game = GAMES["elements"]
    shared = sole = 0
    for i in range(games):
        seed = derive_seed(base_seed, players, i)
        seat = i % players
        names = ["random"] * players
        names[seat] = "heuristic"
        state, _ = play_game(game, players, seed, None, make_bots(game, names, seed))
        winners = game.outcome(state).winners
        if seat in winners:
            shared += 1
            sole += len(winners) == 1
    return shared, sole


def main(games: int = 1000) -> list[str]:
    """The figures as printed lines: the heuristic's sole and shared win rates at 4, 3 and 5 players."""
    lines = []
    for players, count in ((4, games), (3, games // 2), (5, games // 2)):
        start = time.perf_counter()
        shared, sole = win_counts(count, players)
        elapsed = time.perf_counter() - start
        for label, wins in (("sole or shared win", shared), ("sole win", sole)):
            low, high = wilson(wins, count)
            lines.append(f"{players} players, heuristic vs {players - 1} random, {label}: "
                         f"{wins / count:.1%} of {count} games (95% CI {low:.1%}..{high:.1%})")
        lines.append(f"{players} players: chance level {1 / players:.0%}; {count / elapsed:,.0f} games/s with bots")
    return lines
