"""The ``random`` bot: any legal action, uniformly, from its own seeded generator. Works for
every game, since it reads nothing but the legal actions."""
from __future__ import annotations

from play.engine import Game, Rng


class RandomBot:
    """Chooses uniformly among the legal actions; ``seed`` seeds its own :class:`Rng`."""

    def __init__(self, game: Game, seed: int):
        self.game = game
        self.rng = Rng.from_seed(seed)

    @staticmethod
    def plays(game: Game) -> bool:
        """Every game: the random bot reads nothing but the legal actions."""
        return True

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` (``ValueError`` when it is empty: the seat may not act)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)
