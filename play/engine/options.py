"""Checking ``setup``'s arguments: the player count, the seed and the names of the options. Every
problem raises ``ValueError`` naming the argument or option (DESIGN.md, "The game engine
protocol": bad options make ``setup`` raise ``ValueError``); each option's value is checked by
its record, :meth:`play.engine.spec.Option.read`."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any


def check_players(players: Any, low: int, high: int, game_name: str) -> int:
    """``players`` when it is an int in ``low..high``."""
    if type(players) is not int or not low <= players <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"players: {game_name} is for {count} players, not {players!r}")
    return players


def check_seed(seed: Any) -> int:
    """``seed`` when it is an int (bools are not)."""
    if type(seed) is not int:
        raise ValueError(f"seed: must be an integer, not {seed!r:.40}")
    return seed


def check_names(options: Any, known: Collection[str]) -> dict:
    """The options as a dict (``None`` is ``{}``); ``ValueError`` for a non-dict or for option
    names the game does not know."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"options: must be an object, not {type(options).__name__}")
    unknown = sorted(str(k) for k in options if k not in known)
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return options
