"""Push-backs ("A turn" 6): what a charge owes, resolved at the end of the turn."""
from __future__ import annotations

from dataclasses import replace

from . import modifiers, triggers
from .area import char_at, char_by_uid, on_area
from .state import COLS, EocState


def resolve_pushes(state: EocState) -> EocState:
    """End of turn ("A turn" 6): push-backs resolve, the AP's first, in the order the charges were
    made. Each target moves one square in its push's direction from where it stands now, unless
    that square is off the area, has no area card, or holds a character; a target that went down
    is not pushed, nor one that may not be pushed back (docs/eoc-effects.md, "Prohibitions"). A
    target ending on the opponent's base wins at once and the later push-backs do not resolve. A
    face-down item on the square it stops on turns face up, and its ``stop`` triggers run."""
    ordered = [p for p in state.pushes if p.seat == state.ap] + [p for p in state.pushes if p.seat != state.ap]
    state = replace(state, pushes=())
    for push in ordered:
        ch = char_by_uid(state, push.uid)
        if ch is None or "be_pushed" in modifiers.prohibited(state, ch):
            continue
        r, c = ch.row + push.dr, ch.col + push.dc
        if not on_area(r, c, state.cat.rows) or state.area[r * COLS + c] is None or char_at(state, r, c):
            continue
        state = triggers.stop_at(state, ch, r, c)
        if state.result is not None:
            return state
    return state
