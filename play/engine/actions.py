"""Checking an action's shape before a game reads it (DESIGN.md, "The game engine protocol":
wrong shape or type is ``malformed_action``).

A game describes its actions as ``{type: {field: check}}``, e.g. L.A.M.A.'s
``{"play": {"card": int}, "draw": {}, "quit": {}}``. A check is a type (``int``, ``str``,
``bool``; exact, so ``True`` is not an int) or a function of the value returning ``True`` when it
is acceptable.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from tcg.message import gettext_noop

from .errors import JSON_TYPES, malformed, shown

Check = type | Callable[[Any], bool]
Shapes = Mapping[str, Mapping[str, Check]]


def action_type(action: Any, shapes: Shapes) -> str:
    """The action's ``type`` once the action is a dict with exactly the keys of its type, each
    value passing its check; otherwise raises ``IllegalAction("malformed_action", ...)`` saying
    what is wrong."""
    if type(action) is not dict:
        raise malformed(gettext_noop('An action is an object with a "type", not %(what)s.'),
                        what=shown(action))
    kind = action.get("type")
    fields = shapes.get(kind) if type(kind) is str else None
    if fields is None:
        raise malformed(gettext_noop("Unknown action type %(kind)s; this game knows %(known)s."),
                        kind=shown(kind), known=", ".join(map(shown, shapes)))
    if len(action) != len(fields) + 1 or any(name not in action for name in fields):
        keys = sorted(k for k in action if k != "type")
        raise malformed(gettext_noop("A %(kind)s action has the fields %(fields)s, not %(keys)s."),
                        kind=shown(kind), fields=shown(sorted(fields)), keys=shown(keys))
    for name, check in fields.items():
        value = action[name]
        if not (type(value) is check if isinstance(check, type) else check(value)):
            if isinstance(check, type):
                raise malformed(gettext_noop("The %(field)s of a %(kind)s action must be %(type)s, not %(value)s."),
                                field=shown(name), kind=shown(kind), type=JSON_TYPES.get(check, check.__name__),
                                value=shown(value))
            raise malformed(
                gettext_noop("The %(field)s of a %(kind)s action must be of the right form, not %(value)s."),
                field=shown(name), kind=shown(kind), value=shown(value))
    return kind


def same_action(a: dict, b: dict) -> bool:
    """Whether two actions are equal as JSON (key order aside): a scripted move against a seat's
    ``legal_actions`` (the rules pages' examples, the guided matches and their bot)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
