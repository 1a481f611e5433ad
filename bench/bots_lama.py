"""The L.A.M.A. heuristic bot against three random bots over seeded 4-player games, the heuristic
in every seat in turn; a shared win (equal fewest points) counts as a win. Target: at least 40%."""
from __future__ import annotations

from play.games import GAMES

from .games import win_rate_lines


def main(games: int = 4000) -> list[str]:
    return win_rate_lines(GAMES["lama"], 4, games, base_seed=2024, chance="25%")
