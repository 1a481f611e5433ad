"""The Completto heuristic bot against two random bots: its win rate over N seeded 3-player
games, with the heuristic in every seat in turn, and the 95% Wilson interval. A shared win
(equal fewest face-down tiles) counts as a win; sole wins are reported too. Target: at least
60% (chance is 33%)."""
from __future__ import annotations

import time

from bench.bots_lama import wilson
from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES

PLAYERS = 3


def win_counts(games: int, base_seed: int = 2024) -> tuple[int, int, int]:
    """``(shared_or_sole, sole, turns)`` for the heuristic over ``games`` seeded games; game ``i``
    seats the heuristic at seat ``i % 3``; ``turns`` sums the games' turns."""
    game = GAMES["completto"]
    shared = sole = turns = 0
    for i in range(games):
        seed = derive_seed(base_seed, i)
        seat = i % PLAYERS
        names = ["random"] * PLAYERS
        names[seat] = "heuristic"
        state, _ = play_game(game, PLAYERS, seed, None, make_bots(game, names, seed))
        winners = game.outcome(state).winners
        turns += state.series.last_game.turns
        if seat in winners:
            shared += 1
            sole += len(winners) == 1
    return shared, sole, turns


def main(games: int = 600) -> list[str]:
    start = time.perf_counter()
    shared, sole, turns = win_counts(games)
    elapsed = time.perf_counter() - start
    lines = []
    for label, wins in (("sole or shared win", shared), ("sole win", sole)):
        low, high = wilson(wins, games)
        lines.append(
            f"heuristic vs 2 random, {label}: {wins / games:.1%} of {games} games (95% CI {low:.1%}..{high:.1%})"
        )
    lines.append(f"chance level 33%; {turns / games:.1f} turns a game; {games / elapsed:,.0f} games/s with bots")
    return lines
