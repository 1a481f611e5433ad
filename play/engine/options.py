"""Checking ``setup``'s arguments: the player count, the seed and the names of the options. Every
problem raises :class:`~play.engine.errors.BadOption` (a ``ValueError`` with a translatable
message) naming the argument or option (DESIGN.md, "The game engine protocol": bad options make
``setup`` raise ``ValueError``); each option's value is checked by its record,
:meth:`play.engine.spec.Option.read`."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tcg.message import Message, gettext_noop

from .errors import bad_option, shown


def check_players(players: Any, low: int, high: int, game_name: str) -> int:
    """``players`` when it is an int in ``low..high``; ``game_name`` (a ``str``, or an
    ``InLanguages`` said in the reader's language) names the game in the refusal."""
    if type(players) is not int or not low <= players <= high:
        count = low if low == high else Message(gettext_noop("%(low)s to %(high)s"), low=low, high=high)
        raise bad_option(gettext_noop("players: %(game)s is for %(count)s players, not %(value)s"),
                         game=game_name, count=count, value=shown(players, 1000))
    return players


def check_seed(seed: Any) -> int:
    """``seed`` when it is an int (bools are not)."""
    if type(seed) is not int:
        raise bad_option(gettext_noop("seed: must be an integer, not %(value)s"), value=shown(seed))
    return seed


def check_names(options: Any, known: Collection[str]) -> dict:
    """The options as a dict (``None`` is ``{}``); ``ValueError`` for a non-dict or for option
    names the game does not know."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise bad_option(gettext_noop("options: must be an object, not %(type)s"), type=type(options).__name__)
    unknown = sorted(str(k) for k in options if k not in known)
    if unknown:
        raise bad_option(gettext_noop("unknown option(s) %(unknown)s; known: %(known)s"),
                         unknown=", ".join(unknown), known=", ".join(sorted(known)))
    return options
