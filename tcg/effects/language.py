"""The card effect language: its grammar and its checking. Plain Python, no Django.

elements-of-chaos.md, "Cards": card effects are data, so that the engine can run them. A card's
``effect`` is ``None`` (a vanilla card: it does nothing), ``"manual"`` (the language cannot
express it; the players resolve it in sandbox play, and the rules-enforced engine treats it as
vanilla), one operation, or a list of operations run in order. The catalogue stores it
(``tcg.cards.interchange``, the ``Card`` model of ``cardsdb.models``), ``tcg.effects.text`` writes it as card text,
and the ``eoc`` engine (``play/games/eoc/effects.py``) runs it.

Operations (objects with ``"op"``; the whole grammar, with what each choice offers, the
decisions and the order of triggers, is ``docs/eoc-effects.md``)::

    {"op": "damage", "amount": n, "target": T}
    {"op": "heal", "amount": n, "target": T}
    {"op": "modify", "stat": S, "amount": ±n, "target": T, "until": "step" | "turn"}
    {"op": "prohibit", "what": W, "target": T, "until": "step" | "turn"}
    {"op": "look", "count": n, "deck": "own" | "opponent"}
    {"op": "reorder", "count": n, "deck": "own" | "opponent", "to": "bottom" | "reverse"}
    {"op": "order", "count": n, "deck": "own" | "opponent", "to": "top" | "bottom"}
    {"op": "move", "target": T, "distance": n, "direction": "forward" | "back" | "away"}
    {"op": "remove_area", "square": "user" | "front"}
    {"op": "set_from_hand"}  {"op": "peek_hand", "count": n}  {"op": "peek_area"}

An item's effect is made of continuous operations — ``modify`` and ``prohibit`` of a holder
(``HOLDERS``), without ``until`` — and triggers::

    {"op": "trigger", "when": "after_step" | "end_of_turn" | "stop", "do": [op, ...]}

whose operations are ``damage``, ``heal``, ``modify`` and ``prohibit`` (the last two with
``until``) with a target of ``ITEM_TARGETS``. ``n`` is a whole number 0..20, ``±n`` -20..20.
Targets ``T`` are in ``TARGETS``; ``CHOSEN_TARGETS`` name one character the card's user chooses.

Each distinct answer of a decision and each combination of choices is a legal action of its own
(``docs/eoc-effects.md``), so an ``order`` puts at most ``MAX_ORDER`` cards in order (120
orderings) and an effect makes at most ``MAX_CHOICES`` choices (see :func:`choices_of`).
"""
from __future__ import annotations

import json

OPS = ("damage", "heal", "modify", "prohibit", "look", "reorder", "order", "move", "remove_area",
       "set_from_hand", "peek_hand", "peek_area", "trigger")
#: Targets naming every character of a kind, then those naming one the user chooses.
MANY_TARGETS = ("self", "allies", "enemies", "all", "adjacent_allies", "adjacent_enemies")
CHOSEN_TARGETS = ("nearest_enemy", "ally", "enemy", "adjacent_ally", "adjacent_enemy")
ONE_TARGETS = CHOSEN_TARGETS
TARGETS = MANY_TARGETS + CHOSEN_TARGETS
#: An item's targets: the character on its square, relative to the item's owner.
HOLDERS = ("holder", "holder_ally", "holder_enemy")
#: A trigger's targets: the holders, and the characters orthogonally next to the item's square.
ITEM_TARGETS = HOLDERS + ("around_allies", "around_enemies")
STATS = ("movement", "size", "damage_taken", "max_hp", "charge_damage")
PROHIBITIONS = ("move", "be_charged", "be_pushed", "special")
DIRECTIONS = ("forward", "back", "away")
WHENS = ("after_step", "end_of_turn", "stop")
TRIGGERED_OPS = ("damage", "heal", "modify", "prohibit")
MANUAL = "manual"
#: The most cards an ``order`` puts in order: every ordering is a legal action (5! = 120).
MAX_ORDER = 5
#: The most choices (entries of an action's ``targets``) an effect makes: every combination is
#: a legal action.
MAX_CHOICES = 2

_FIELDS = {
    "damage": {"amount": "count", "target": TARGETS},
    "heal": {"amount": "count", "target": TARGETS},
    "modify": {"stat": STATS, "amount": "int", "target": TARGETS + ITEM_TARGETS, "until": ("step", "turn")},
    "prohibit": {"what": PROHIBITIONS, "target": TARGETS + ITEM_TARGETS, "until": ("step", "turn")},
    "look": {"count": "count", "deck": ("own", "opponent")},
    "reorder": {"count": "count", "deck": ("own", "opponent"), "to": ("bottom", "reverse")},
    "order": {"count": "count", "deck": ("own", "opponent"), "to": ("top", "bottom")},
    "move": {"target": TARGETS, "distance": "count", "direction": DIRECTIONS},
    "remove_area": {"square": ("user", "front")},
    "set_from_hand": {},
    "peek_hand": {"count": "count"},
    "peek_area": {},
    "trigger": {"when": WHENS, "do": "ops"},
}
_OPTIONAL = {"modify": ("until",), "prohibit": ("until",)}


def check_effect(data, card_type: str, where: str = "") -> tuple[dict, ...]:
    """The operations of an effect given as parsed JSON (``None``, ``"manual"``, an operation
    object or a non-empty list of them) for a card of ``card_type``; ``()`` for a vanilla or
    ``"manual"`` card.

    Raises ``ValueError`` whose message starts with ``where`` (when given) and names the
    problem: an effect of another shape, an unknown op, a missing or extra field, a value out of
    range, an item operation other than a continuous ``modify`` or ``prohibit`` of a holder or a
    trigger, a trigger outside an item, an operation in a trigger other than ``damage``,
    ``heal``, ``modify`` or ``prohibit`` (the last two with ``until``) of an item target, a
    ``modify`` or ``prohibit`` of an event or special without ``until`` or with an item target,
    an ``order`` of more than ``MAX_ORDER`` cards, an effect of more than ``MAX_CHOICES`` choices."""
    prefix = f"{where}: " if where else ""
    if data is None or data == MANUAL:
        return ()
    if isinstance(data, str) or not isinstance(data, (dict, list)):
        raise ValueError(f"{prefix}effect must be \"manual\", an operation object or a list of them, "
                         f"not {json.dumps(data, ensure_ascii=False)[:30]}")
    ops = data if isinstance(data, list) else [data]
    if not ops:
        raise ValueError(f"{prefix}effect: a list of operations must not be empty (leave the effect out)")
    checked = tuple(_check_op(op, card_type, f"{prefix}effect[{i}]") for i, op in enumerate(ops))
    choices = sum(len(choices_of(op)) for op in checked)
    if choices > MAX_CHOICES:
        raise ValueError(f"{prefix}effect: at most {MAX_CHOICES} choices in an effect, not {choices}")
    return checked


def _check_fields(op, at: str, targets: tuple[str, ...] | None = None) -> dict:
    """``op`` when its fields are those of its kind with values in range; ``targets``, when
    given, replaces the targets the kind allows."""
    if not isinstance(op, dict) or op.get("op") not in OPS:
        raise ValueError(f"{at}: an operation is an object with \"op\" one of {', '.join(OPS)}")
    fields = _FIELDS[op["op"]]
    extra = sorted(set(op) - set(fields) - {"op"})
    missing = sorted(set(fields) - set(op) - set(_OPTIONAL.get(op["op"], ())))
    if extra or missing:
        raise ValueError(f"{at}: {op['op']} has the fields {sorted(fields)}; extra {extra}, missing {missing}")
    for name, rule in fields.items():
        if name not in op or rule == "ops":
            continue
        value = op[name]
        if name == "target" and targets is not None:
            rule = targets
        if rule == "count":
            ok = type(value) is int and 0 <= value <= 20
        elif rule == "int":
            ok = type(value) is int and -20 <= value <= 20
        else:
            ok = isinstance(value, str) and value in rule
        if not ok:
            raise ValueError(f"{at}: bad {name} {value!r:.30}")
    return op


def _check_op(op, card_type: str, at: str) -> dict:
    _check_fields(op, at)
    kind = op["op"]
    if card_type == "item":
        if kind == "trigger":
            _check_trigger(op, at)
        elif kind not in ("modify", "prohibit") or op["target"] not in HOLDERS or "until" in op:
            raise ValueError(f"{at}: an item's effect is a modify or prohibit of \"holder\", \"holder_ally\" or "
                             "\"holder_enemy\" without \"until\" (it holds while the item lies face up), "
                             "or a trigger")
    elif kind == "trigger":
        raise ValueError(f"{at}: only an item has triggers")
    elif kind in ("modify", "prohibit") and ("until" not in op or op["target"] not in TARGETS):
        raise ValueError(
            f"{at}: a {kind} by an event or special needs \"until\" and a target of {', '.join(TARGETS)}")
    elif kind == "order" and op["count"] > MAX_ORDER:
        raise ValueError(f"{at}: bad count {op['count']}: an order puts at most {MAX_ORDER} cards in order")
    return op


def _check_trigger(op, at: str) -> None:
    do = op["do"]
    if not isinstance(do, list) or not do:
        raise ValueError(f"{at}: a trigger's \"do\" is a non-empty list of operations")
    for i, inner in enumerate(do):
        where = f"{at}.do[{i}]"
        if not isinstance(inner, dict) or inner.get("op") not in TRIGGERED_OPS:
            raise ValueError(f"{where}: a trigger runs {', '.join(TRIGGERED_OPS)} of a target of "
                             f"{', '.join(ITEM_TARGETS)}")
        _check_fields(inner, where, TARGETS + ITEM_TARGETS)
        if inner["target"] not in ITEM_TARGETS:
            raise ValueError(f"{where}: a trigger runs {', '.join(TRIGGERED_OPS)} of a target of "
                             f"{', '.join(ITEM_TARGETS)}")
        if inner["op"] in ("modify", "prohibit") and "until" not in inner:
            raise ValueError(f"{where}: a triggered {inner['op']} needs \"until\"")


def choices_of(op: dict) -> tuple[str, ...]:
    """What the card's user chooses for one operation of an event or special, in order
    (``docs/eoc-effects.md``, "Chosen targets"): ``("character",)`` for a target of
    ``CHOSEN_TARGETS``, ``("square", "hand")`` for ``set_from_hand``, ``("face_down",)`` for
    ``peek_area``, ``()`` otherwise."""
    kind = op["op"]
    if kind == "set_from_hand":
        return ("square", "hand")
    if kind == "peek_area":
        return ("face_down",)
    if op.get("target") in CHOSEN_TARGETS:
        return ("character",)
    return ()


def parse_effect(text: str | None, card_type: str, where: str) -> tuple[dict, ...]:
    """:func:`check_effect` of an effect stored as JSON text (``None``: vanilla). ``ValueError``
    as there, naming ``where``."""
    return check_effect(None if text is None else json.loads(text), card_type, where)


def is_manual(data) -> bool:
    """Whether an effect (parsed JSON) is ``"manual"``."""
    return data == MANUAL


__all__ = ["CHOSEN_TARGETS", "DIRECTIONS", "HOLDERS", "ITEM_TARGETS", "MANUAL", "MANY_TARGETS", "MAX_CHOICES",
           "MAX_ORDER", "ONE_TARGETS", "OPS", "PROHIBITIONS", "STATS", "TARGETS", "TRIGGERED_OPS", "WHENS",
           "check_effect", "choices_of", "is_manual", "parse_effect"]
