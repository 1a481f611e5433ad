"""Continuous card effects (elements-of-chaos.md, "Cards": card effects are data; the language is
described in :mod:`.effects` and docs/eoc-effects.md): what changes a character's movement power,
the damage of its attacks and charges, the damage it receives, its maximum HP and what it may not
do while they are in force, and the durations running out.

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


def charge_damage(state: EocState, charger: Char) -> int:
    """The damage of ``charger``'s charges before defence: 1 ("A turn" 5, charge) changed by
    effects in force (docs/eoc-effects.md, "Maximum HP and charge damage"), never below 0."""
    change = _continuous(state, "charge_damage", charger) if state.cat.has_effects else 0
    return max(0, 1 + change)


def max_hp(state: EocState, ch: Char) -> int:
    """``ch``'s maximum HP now: its card's HP changed by effects in force, never below 0."""
    hp = state.cat.card(ch.code).hp
    if state.cat.has_effects:
        hp += _continuous(state, "max_hp", ch)
    return max(0, hp)


def prohibited(state: EocState, ch: Char) -> frozenset[str]:
    """What ``ch`` may not do now (docs/eoc-effects.md, "Prohibitions"): a set of ``"move"``,
    ``"be_charged"``, ``"be_pushed"``, ``"special"``, from the prohibitions made with a duration
    and those of a face-up item under it."""
    if not state.cat.has_effects:
        return frozenset()
    found = {m.kind[4:] for m in state.mods if m.uid == ch.uid and m.kind.startswith("not:")}
    for op in _held(state, ch):
        if op["op"] == "prohibit":
            found.add(op["what"])
    return frozenset(found)


def settle_hp(before: EocState, after: EocState) -> EocState:
    """HP after a change of maximum HP (docs/eoc-effects.md, "Maximum HP and charge damage",
    Decision): a character whose maximum rose since ``before`` gains as much HP (a character new
    on the area counts from its card's HP), then HP above the maximum in force falls to it."""
    if not after.cat.has_effects:
        return after
    old = {ch.uid: max_hp(before, ch) for ch in before.chars}
    chars, changed = [], False
    for ch in after.chars:
        top = max_hp(after, ch)
        was = old.get(ch.uid, after.cat.card(ch.code).hp)
        hp = min(top, ch.hp + max(0, top - was))
        changed = changed or hp != ch.hp
        chars.append(ch if hp == ch.hp else replace(ch, hp=hp))
    return replace(after, chars=tuple(chars)) if changed else after


def _held(state: EocState, ch: Char):
    """The continuous operations of the face-up item under ``ch`` that apply to it."""
    slot = state.area[ch.row * COLS + ch.col]
    if slot is None or not slot.face_up:
        return
    ally = ch.owner == slot.owner
    for op in state.cat.effect(slot.code):
        if op["op"] == "trigger":
            continue
        if op["target"] == "holder" or (op["target"] == "holder_ally") == ally:
            yield op


def _continuous(state: EocState, stat: str, ch: Char) -> int:
    total = 0
    for m in state.mods:
        if m.kind == stat and m.uid == ch.uid:
            total += m.amount
    for op in _held(state, ch):
        if op["op"] == "modify" and op["stat"] == stat:
            total += op["amount"]
    return total


def end_step(state: EocState) -> EocState:
    """Changes lasting "this STEP" run out."""
    if not state.mods:
        return state
    return replace(state, mods=tuple(m for m in state.mods if m.until != "step"))


def end_turn(state: EocState) -> EocState:
    """Changes lasting "this turn" run out, and what a seat was shown of a deck or of the
    opponent's hand is forgotten by the view (the deck and the hand may have changed); a look at
    a face-down area card stays while that card lies there face down (:func:`peeks_in_force`)."""
    if not state.mods and state.seen == ((), ()) and state.peeks == ((), ()):
        return state
    return replace(state, mods=(), seen=((), ()),
                   peeks=tuple(tuple(p for p in peeks_in_force(state, seat) if p.source == "area")
                               for seat in (0, 1)))


def peeks_in_force(state: EocState, seat: int):
    """The looks at hidden cards seat ``seat`` still has (docs/eoc-effects.md, "Looks at hidden
    cards"): its looks at the opponent's hand, and those at a face-down area card still face
    down (a card that leaves its square ends the look, :func:`.area.set_slot`; one turned face
    up is public)."""
    out = []
    for p in state.peeks[seat]:
        if p.source == "area":
            slot = state.area[p.row * COLS + p.col]
            if slot is None or slot.face_up:
                continue
        out.append(p)
    return tuple(out)
