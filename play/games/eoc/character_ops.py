"""What an operation does to the characters it names (docs/eoc-effects.md): damage, heal, a change
with a duration, a prohibition with a duration. Shared by the effects of events and specials
(:mod:`.effects`) and the triggers of items (:mod:`.triggers`), which differ only in how they name
their characters."""
from __future__ import annotations

from dataclasses import replace

from . import modifiers
from .area import char_by_uid, replace_char
from .combat import deal_damage
from .state import Char, EocState, Mod


def run_on(state: EocState, op: dict, chars: list[Char]) -> EocState:
    """``op`` (a ``damage``, ``heal``, ``modify`` with ``until`` or ``prohibit`` with ``until``)
    on each of ``chars`` still on the area, in order: damage less defence and damage-received
    changes (:func:`.combat.deal_damage`), a heal up to the maximum HP in force, a
    :class:`~.state.Mod` for a change or a prohibition (``"not:" + what``)."""
    kind = op["op"]
    if kind in ("modify", "prohibit"):
        name = op["stat"] if kind == "modify" else "not:" + op["what"]
        amount = op["amount"] if kind == "modify" else 0
        mods = tuple(Mod(name, ch.uid, amount, op["until"]) for ch in chars)
        return replace(state, mods=state.mods + mods)
    for ch in chars:
        current = char_by_uid(state, ch.uid)
        if current is None:
            continue
        if kind == "damage":
            state = deal_damage(state, current, op["amount"])
        else:
            hp = max(current.hp, min(modifiers.max_hp(state, current), current.hp + op["amount"]))
            state = replace(state, chars=replace_char(state, replace(current, hp=hp)))
    return state
