"""The L.A.M.A. engine alone, over random playouts of 4-player games: the cost of one step
(``legal_actions`` + ``apply``) and whole games per second. Target: at most 10 µs per step."""
from __future__ import annotations

from play.games import GAMES

from .games import games_per_second, percentiles, playout


def main(games: int = 2000) -> list[str]:
    game = GAMES["lama"]
    for seed in range(200):  # warm-up
        playout(game, 4, seed)
    timings: dict[str, list[int]] = {}
    for seed in range(games):
        playout(game, 4, seed, timings=timings)
    return [percentiles("step (legal_actions + apply)", timings["step"]),
            games_per_second(game, 4, range(games, 2 * games))]
