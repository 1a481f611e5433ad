"""Continuous card effects (elements-of-chaos.md, "Cards": card effects are data; the language is
described in :mod:`.effects`): what changes a character's movement power, the damage of its
attacks and the damage it receives while they are in force, and the durations running out.

Two kinds are in force: the ``modify`` operations of every face-up item apply to the character
standing on it (the *holder*; targets ``holder``, ``holder_ally``, ``holder_enemy``, relative to
the item's owner), and the changes with a duration that events and specials made
(:class:`~.state.Mod`, ``until`` ``"step"`` or ``"turn"``) apply to their characters. Movement and
combat read them here; this module runs no operation and calls neither, so both can use it.
"""
from __future__ import annotations

from dataclasses import replace

from .state import COLS, Char, EocState


def movement_power(state: EocState, ch: Char) -> int:
    """``ch``'s movement power now: its card's, changed by effects in force, never below 0."""
    power = state.cat.card(ch.code).movement
    if state.cat.has_effects:
        power += _continuous(state, "movement", ch)
    return max(0, power)


def size_change(state: EocState, attacker: Char) -> int:
    """The change effects in force make to the damage of ``attacker``'s attacks."""
    return _continuous(state, "size", attacker) if state.cat.has_effects else 0


def damage_taken_change(state: EocState, target: Char) -> int:
    """The change effects in force make to every damage ``target`` receives (negative: less)."""
    return _continuous(state, "damage_taken", target) if state.cat.has_effects else 0


def _continuous(state: EocState, stat: str, ch: Char) -> int:
    total = 0
    for m in state.mods:
        if m.kind == stat and m.uid == ch.uid:
            total += m.amount
    slot = state.area[ch.row * COLS + ch.col]
    if slot is not None and slot.face_up:
        for op in state.cat.effect(slot.code):
            if op["stat"] != stat:
                continue
            ally = ch.owner == slot.owner
            if op["target"] == "holder" or (op["target"] == "holder_ally") == ally:
                total += op["amount"]
    return total


def end_step(state: EocState) -> EocState:
    """Changes lasting "this STEP" run out."""
    if not state.mods:
        return state
    return replace(state, mods=tuple(m for m in state.mods if m.until != "step"))


def end_turn(state: EocState) -> EocState:
    """Changes lasting "this turn" run out, and what a seat was shown of a deck is forgotten by
    the view (the deck may have changed)."""
    if not state.mods and state.seen == ((), ()):
        return state
    return replace(state, mods=(), seen=((), ()))
