"""Checking an action's shape before a game reads it (DESIGN.md, "The game engine protocol":
wrong shape or type is ``malformed_action``).

A game describes its actions as ``{type: {field: check}}``, e.g. L.A.M.A.'s
``{"play": {"card": int}, "draw": {}, "quit": {}}``. A check is a type (``int``, ``str``,
``bool``; exact, so ``True`` is not an int) or a function of the value returning ``True`` when it
is acceptable.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .protocol import IllegalAction

Check = type | Callable[[Any], bool]
Shapes = Mapping[str, Mapping[str, Check]]


def malformed(message: str) -> IllegalAction:
    """An ``IllegalAction`` with code ``malformed_action``."""
    return IllegalAction("malformed_action", message)


def action_type(action: Any, shapes: Shapes) -> str:
    """The action's ``type`` once the action is a dict with exactly the keys of its type, each
    value passing its check; otherwise raises ``IllegalAction("malformed_action", ...)`` saying
    what is wrong."""
    if type(action) is not dict:
        raise malformed(f"An action is an object with a \"type\", not {type(action).__name__}.")
    kind = action.get("type")
    fields = shapes.get(kind) if type(kind) is str else None
    if fields is None:
        raise malformed(f"Unknown action type {kind!r}; this game knows {', '.join(map(repr, shapes))}.")
    if len(action) != len(fields) + 1 or any(name not in action for name in fields):
        keys = sorted(k for k in action if k != "type")
        raise malformed(f"A {kind!r} action has the fields {sorted(fields)}, not {keys}.")
    for name, check in fields.items():
        value = action[name]
        if not (type(value) is check if isinstance(check, type) else check(value)):
            what = check.__name__ if isinstance(check, type) else "of the right form"
            raise malformed(f"The {name!r} of a {kind!r} action must be {what}, not {value!r:.40}.")
    return kind
