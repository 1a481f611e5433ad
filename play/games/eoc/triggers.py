"""Item triggers (docs/eoc-effects.md, "Triggers"): an item lying face up runs its ``trigger``
operations after each STEP (before that STEP's down check), at the start of the end of the turn
(before push-backs), or when a character stops on its square.

Order (Decision, "Triggers"): the active player's items first, then the non-active player's, each
seat's in square order (row, then column); each trigger runs all its operations before the next.
Targets are relative to the item's owner and square: ``holder``, ``holder_ally``,
``holder_enemy`` (the character on the square), ``around_allies``, ``around_enemies`` (the
characters orthogonally next to it).
"""
from __future__ import annotations

from dataclasses import replace

from .area import char_at, char_by_uid, replace_char, reveal_item
from .character_ops import run_on
from .state import COLS, Char, EocState, Slot
from .winning import check_base


def after_step(state: EocState) -> EocState:
    """Every face-up item's ``after_step`` triggers, in order."""
    return _fire(state, "after_step")


def end_of_turn(state: EocState) -> EocState:
    """Every face-up item's ``end_of_turn`` triggers, in order."""
    return _fire(state, "end_of_turn")


def stopped(state: EocState, uid: int) -> EocState:
    """The character ``uid`` stopped on its square: the ``stop`` triggers of a face-up item
    there, with that character as the holder."""
    if not state.cat.has_triggers:
        return state
    ch = char_by_uid(state, uid)
    if ch is None:
        return state
    return _run_item(state, ch.row, ch.col, "stop", ch)


def stop_at(state: EocState, ch: Char, row: int, col: int) -> EocState:
    """``ch`` moves to ``(row, col)`` and stops there (a move, an effect's move or a push-back):
    a face-down item there turns face up ("A turn", items), stopping on the opponent's base wins
    at once ("Winning"), and otherwise the item's ``stop`` triggers run (:func:`stopped`)."""
    moved = replace(ch, row=row, col=col)
    state = reveal_item(replace(state, chars=replace_char(state, moved)), row, col)
    state = check_base(state, moved)
    return state if state.result is not None else stopped(state, moved.uid)


def _fire(state: EocState, when: str) -> EocState:
    if not state.cat.has_triggers:
        return state
    found = [(slot.owner != state.ap, i // COLS, i % COLS) for i, slot in enumerate(state.area)
             if slot is not None and slot.face_up and _whens(state, slot, when)]
    for _, row, col in sorted(found):
        state = _run_item(state, row, col, when, None)
        if state.result is not None:
            break
    return state


def _whens(state: EocState, slot: Slot, when: str) -> list[dict]:
    return [op for op in state.cat.effect(slot.code) if op["op"] == "trigger" and op["when"] == when]


def _run_item(state: EocState, row: int, col: int, when: str, holder: Char | None) -> EocState:
    slot = state.area[row * COLS + col]
    if slot is None or not slot.face_up:
        return state
    for trigger in _whens(state, slot, when):
        for op in trigger["do"]:
            here = holder if holder is not None else char_at(state, row, col)
            here = None if here is None else char_by_uid(state, here.uid)
            state = run_on(state, op, _targets(state, slot, row, col, op["target"], here))
    return state


def _targets(state: EocState, slot: Slot, row: int, col: int, name: str, holder: Char | None) -> list[Char]:
    if name.startswith("holder"):
        if holder is None or name == "holder":
            return [] if holder is None else [holder]
        return [holder] if (holder.owner == slot.owner) == (name == "holder_ally") else []
    want_ally = name == "around_allies"
    return [c for c in state.chars if abs(c.row - row) + abs(c.col - col) == 1
            and (c.owner == slot.owner) == want_ally]
