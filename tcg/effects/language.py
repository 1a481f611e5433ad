"""The card effect language: its grammar and its checking. Plain Python, no Django.

elements-of-chaos.md, "Cards": card effects are data, so that the engine can run them. A card's
``effect`` is ``None`` (a vanilla card: it does nothing), ``"manual"`` (the language cannot
express it; the players resolve it in sandbox play, and the rules-enforced engine treats it as
vanilla), one operation, or a list of operations run in order. The catalogue stores it
(``tcg.cards.interchange``, the ``Card`` model of ``cardsdb.models``), ``tcg.effects.text`` writes it as card text,
and the ``eoc`` engine (``play/games/eoc/effects.py``) runs it.

Operations (objects with ``"op"``)::

    {"op": "damage", "amount": n, "target": T}
    {"op": "heal", "amount": n, "target": T}
    {"op": "modify", "stat": "movement" | "size" | "damage_taken", "amount": ±n, "target": T,
     "until": "step" | "turn"}              # an item: no "until", target one of HOLDERS
    {"op": "look", "count": n, "deck": "own" | "opponent"}
    {"op": "reorder", "count": n, "deck": "own" | "opponent", "to": "bottom" | "reverse"}
    {"op": "move", "target": T, "distance": n, "direction": "forward" | "back" | "away"}
    {"op": "remove_area", "square": "user" | "front"}

``n`` is a whole number 0..20, ``±n`` -20..20. An item's effect is made of continuous
``modify`` operations only. Targets ``T`` are in ``TARGETS`` (see the engine's module for what
each names); ``ONE_TARGETS`` name a single character, picked without asking the players.
"""
from __future__ import annotations

import json

OPS = ("damage", "heal", "modify", "look", "reorder", "move", "remove_area")
#: Targets naming every character of a kind, then those naming one.
MANY_TARGETS = ("self", "allies", "enemies", "all", "adjacent_allies", "adjacent_enemies")
ONE_TARGETS = ("nearest_enemy", "ally", "enemy", "adjacent_ally", "adjacent_enemy")
TARGETS = MANY_TARGETS + ONE_TARGETS
HOLDERS = ("holder", "holder_ally", "holder_enemy")
STATS = ("movement", "size", "damage_taken")
DIRECTIONS = ("forward", "back", "away")
MANUAL = "manual"

_FIELDS = {
    "damage": {"amount": "count", "target": TARGETS},
    "heal": {"amount": "count", "target": TARGETS},
    "modify": {"stat": STATS, "amount": "int", "target": TARGETS + HOLDERS, "until": ("step", "turn")},
    "look": {"count": "count", "deck": ("own", "opponent")},
    "reorder": {"count": "count", "deck": ("own", "opponent"), "to": ("bottom", "reverse")},
    "move": {"target": TARGETS, "distance": "count", "direction": DIRECTIONS},
    "remove_area": {"square": ("user", "front")},
}
_OPTIONAL = {"modify": ("until",)}


def check_effect(data, card_type: str, where: str = "") -> tuple[dict, ...]:
    """The operations of an effect given as parsed JSON (``None``, ``"manual"``, an operation
    object or a non-empty list of them) for a card of ``card_type``; ``()`` for a vanilla or
    ``"manual"`` card.

    Raises ``ValueError`` whose message starts with ``where`` (when given) and names the
    problem: an effect of another shape, an unknown op, a missing or extra field, a value out of
    range, an item operation other than a continuous ``modify`` of a holder, a ``modify`` of an
    event or special without ``until``."""
    prefix = f"{where}: " if where else ""
    if data is None or data == MANUAL:
        return ()
    if isinstance(data, str) or not isinstance(data, (dict, list)):
        raise ValueError(f"{prefix}effect must be \"manual\", an operation object or a list of them, "
                         f"not {json.dumps(data, ensure_ascii=False)[:30]}")
    ops = data if isinstance(data, list) else [data]
    if not ops:
        raise ValueError(f"{prefix}effect: a list of operations must not be empty (leave the effect out)")
    return tuple(_check_op(op, card_type, f"{prefix}effect[{i}]") for i, op in enumerate(ops))


def _check_op(op, card_type: str, at: str) -> dict:
    if not isinstance(op, dict) or op.get("op") not in OPS:
        raise ValueError(f"{at}: an operation is an object with \"op\" one of {', '.join(OPS)}")
    fields = _FIELDS[op["op"]]
    extra = sorted(set(op) - set(fields) - {"op"})
    missing = sorted(set(fields) - set(op) - set(_OPTIONAL.get(op["op"], ())))
    if extra or missing:
        raise ValueError(f"{at}: {op['op']} has the fields {sorted(fields)}; extra {extra}, missing {missing}")
    for name, rule in fields.items():
        if name not in op:
            continue
        value = op[name]
        if rule == "count":
            ok = type(value) is int and 0 <= value <= 20
        elif rule == "int":
            ok = type(value) is int and -20 <= value <= 20
        else:
            ok = isinstance(value, str) and value in rule
        if not ok:
            raise ValueError(f"{at}: bad {name} {value!r:.30}")
    if card_type == "item":
        if op["op"] != "modify" or op["target"] not in HOLDERS or "until" in op:
            raise ValueError(f"{at}: an item's effect is a modify of \"holder\", \"holder_ally\" or "
                             "\"holder_enemy\" without \"until\" (it holds while the item lies face up)")
    elif op["op"] == "modify" and ("until" not in op or op["target"] in HOLDERS):
        raise ValueError(
            f"{at}: a modify by an event or special needs \"until\" and a target of {', '.join(TARGETS)}")
    return op


def parse_effect(text: str | None, card_type: str, where: str) -> tuple[dict, ...]:
    """:func:`check_effect` of an effect stored as JSON text (``None``: vanilla). ``ValueError``
    as there, naming ``where``."""
    return check_effect(None if text is None else json.loads(text), card_type, where)


def is_manual(data) -> bool:
    """Whether an effect (parsed JSON) is ``"manual"``."""
    return data == MANUAL


__all__ = ["DIRECTIONS", "HOLDERS", "MANUAL", "MANY_TARGETS", "ONE_TARGETS", "OPS", "STATS", "TARGETS",
           "check_effect", "is_manual", "parse_effect"]
