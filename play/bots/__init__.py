"""Bots over the game protocol (no Django here). A bot is made by a factory
``BOTS[name](game, seed)`` and answers ``bot.choose(view, legal) -> action``: it sees only what
its seat may see (``game.view(state, seat)``) and the seat's legal actions, and always returns
one of them. Its randomness comes from its own seeded generator.

- ``random``: any legal action, for every game;
- ``heuristic``: a game's own rule-of-thumb player (``HEURISTICS`` by game slug).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from play.engine import Game


class Bot(Protocol):
    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One action from ``legal`` (a non-empty list) given the seat's ``view``."""


BotFactory = Callable[[Game, int], Bot]

from .completto_heuristic import ComplettoHeuristic  # noqa: E402
from .eoc_heuristic import EocHeuristic  # noqa: E402
from .elements_heuristic import ElementsHeuristic  # noqa: E402
from .lama_heuristic import LamaHeuristic  # noqa: E402
from .random_bot import RandomBot  # noqa: E402

HEURISTICS: dict[str, Callable[[int], Bot]] = {
    "lama": LamaHeuristic, "completto": ComplettoHeuristic, "elements": ElementsHeuristic,
    "eoc": EocHeuristic,
}
"""A heuristic bot class per game slug, made with the bot's seed."""


def heuristic(game: Game, seed: int) -> Bot:
    """The heuristic bot of ``game``; ``ValueError`` when the game has none yet."""
    try:
        return HEURISTICS[game.slug](seed)
    except KeyError:
        raise ValueError(f"there is no heuristic bot for {game.slug!r} yet") from None


BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": heuristic}
"""Every bot by name: ``BOTS[name](game, seed)`` makes one."""

__all__ = ["BOTS", "Bot", "BotFactory", "HEURISTICS", "heuristic", "ComplettoHeuristic", "ElementsHeuristic",
           "LamaHeuristic", "RandomBot"]
