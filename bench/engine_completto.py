"""The Completto engine alone, over random playouts of 3-player games: the cost of one step
(``legal_actions`` + ``apply``) and whole games per second. Target: at most 10 µs per step.

A uniformly random player mostly moves face-down tiles (a turn's start offers over 300 moves), so
those games run to the 1,000-turn limit (completto.md, "End"); a second playout takes a tile
whenever it can, so that place and return steps are timed as well."""
from __future__ import annotations

from play.games import GAMES

from .games import games_per_second, percentiles, playout

PLAYERS = 3


def _taking(state, legal, rng):
    """Take a tile (face up or down) when the turn starts, else any legal action."""
    if legal[0]["type"] == "take":
        return legal[rng.randrange(len(state.pool_up) + (1 if state.pool_down else 0))]
    return legal[rng.randrange(len(legal))]


def main(games: int = 200) -> list[str]:
    game = GAMES["completto"]
    for seed in range(20):  # warm-up
        playout(game, PLAYERS, seed)
    uniform: dict[str, list[int]] = {}
    taking: dict[str, list[int]] = {}
    for seed in range(games):
        playout(game, PLAYERS, seed, timings=uniform)
        playout(game, PLAYERS, seed, timings=taking, choose=_taking)
    return [percentiles("step (legal_actions + apply), uniform random", uniform["step"]),
            percentiles("step (legal_actions + apply), always taking", taking["step"]),
            games_per_second(game, PLAYERS, range(games, 2 * games))]
