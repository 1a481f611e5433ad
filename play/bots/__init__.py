"""Bots over the game protocol (no Django here). A bot is made by a factory
``BOTS[name](game, seed)`` and answers ``bot.choose(view, legal) -> action``: it sees only what
its seat may see (``game.view(state, seat)``) and the seat's legal actions, and always returns
one of them. Its randomness comes from its own seeded generator. Each factory declares the games
it plays (``BOTS[name].plays(game)``); :func:`bots_for` lists a game's bots.

- ``random``: any legal action, for every game;
- ``heuristic``: a game's own rule-of-thumb player (``HEURISTICS`` by game slug);
- ``strong``: a search over the states the seat cannot tell apart, played on by the heuristic
  (:mod:`.search`), for every game with a heuristic bot.

A bot that thinks within a time per move says so (its factory's ``thinks`` is true) and is made
as ``BOTS[name](game, seed, think_seconds=s)``, ``s`` from ``MIN_THINK_SECONDS`` to
``MAX_THINK_SECONDS`` (``DEFAULT_THINK_SECONDS`` unless the match sets it); :func:`make_bot` passes
it to such a bot only. A factory with ``takes_private = True`` (``strong``) also takes ``private``:
what the seat knows beyond its view (Elements of Chaos: ``{"deck": [its own deck's interchange
dicts]}``), which :func:`make_bot` passes to it when given, and to no other.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from play.engine import Game

#: The time a bot that thinks may take per move, in seconds: its bounds and its default.
MIN_THINK_SECONDS, DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS = 0.1, 0.5, 2.0


class Bot(Protocol):
    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One action from ``legal`` (a non-empty list) given the seat's ``view``."""


class BotFactory(Protocol):
    """Makes a bot for a game: ``factory(game, seed)``; ``factory.plays(game)`` says whether it
    can (a factory asked for a game it does not play raises ``ValueError``). A factory with
    ``thinks = True`` takes ``think_seconds`` too (the time its bot may take per move)."""

    def __call__(self, game: Game, seed: int) -> Bot: ...

    def plays(self, game: Game) -> bool: ...


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


class Heuristic:
    """The ``heuristic`` factory: each game's own rule-of-thumb bot, from ``HEURISTICS``."""

    def __call__(self, game: Game, seed: int) -> Bot:
        """The heuristic bot of ``game``; ``ValueError`` when the game has none yet."""
        if not self.plays(game):
            raise ValueError(f"there is no heuristic bot for {game.slug!r} yet")
        return HEURISTICS[game.slug](seed)

    @staticmethod
    def plays(game: Game) -> bool:
        """Whether ``game`` has a heuristic bot."""
        return game.slug in HEURISTICS


heuristic = Heuristic()

from .search import SearchBot, strong  # noqa: E402

BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": heuristic, "strong": strong}
"""Every bot by name: ``BOTS[name](game, seed)`` makes one."""


def bots_for(game: Game) -> list[str]:
    """The names of the bots that play ``game``, in ``BOTS`` order."""
    return [name for name, factory in BOTS.items() if factory.plays(game)]


def thinks(name: str) -> bool:
    """Whether the bot ``name`` thinks within a time per move (its factory's ``thinks``)."""
    return bool(getattr(BOTS.get(name), "thinks", False))


def make_bot(name: str, game: Game, seed: int, think_seconds: float = DEFAULT_THINK_SECONDS,
             private: dict | None = None) -> Bot:
    """The bot ``name`` for ``game`` with its own ``seed`` (and, for a bot that :func:`thinks`,
    ``think_seconds`` per move; for one whose factory ``takes_private``, ``private`` when given);
    ``ValueError`` for a name that is no bot of ``game`` (unknown, or a bot that does not play it)
    or a time outside ``MIN_THINK_SECONDS..MAX_THINK_SECONDS``."""
    if name not in BOTS or not BOTS[name].plays(game):
        raise ValueError(f"{name!r} is not a bot of {game.slug}; its bots: {', '.join(bots_for(game))}")
    factory = BOTS[name]
    extra = {"private": private} if private is not None and getattr(factory, "takes_private", False) else {}
    if not thinks(name):
        return factory(game, seed, **extra)
    if not MIN_THINK_SECONDS <= think_seconds <= MAX_THINK_SECONDS:
        raise ValueError(f"think_seconds must be from {MIN_THINK_SECONDS} to {MAX_THINK_SECONDS}, not {think_seconds}")
    return factory(game, seed, think_seconds=think_seconds, **extra)


__all__ = ["BOTS", "DEFAULT_THINK_SECONDS", "MAX_THINK_SECONDS", "MIN_THINK_SECONDS", "Bot", "BotFactory",
           "HEURISTICS", "Heuristic", "bots_for", "heuristic", "make_bot", "thinks",
           "ComplettoHeuristic", "ElementsHeuristic", "EocHeuristic", "LamaHeuristic", "RandomBot", "SearchBot", "strong"]
