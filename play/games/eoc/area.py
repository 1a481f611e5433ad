"""The area and movement (elements-of-chaos.md, "The area", "A turn" 5 move, items).

Squares are ``(row, col)`` as seen from seat 0: row 0 is seat 0's near row, seat 0's base is
``(0, 3)`` and seat 1's is ``(rows - 1, 0)`` (the near-right square from each owner's seat).
"""
from __future__ import annotations

from dataclasses import replace

from play.engine import replace_at
from tcg.vocabulary import DIRECTION_VECTORS

from .state import COLS, Char, EocState, Slot

ORTHOGONAL = DIRECTION_VECTORS["orthogonal"]


def base_of(seat: int, rows: int) -> tuple[int, int]:
    """Seat ``seat``'s base square ("The area"; "Actions (API)")."""
    return (0, COLS - 1) if seat == 0 else (rows - 1, 0)


def near_row(seat: int, rows: int) -> int:
    """The row nearest seat ``seat`` ("The area")."""
    return 0 if seat == 0 else rows - 1


def on_area(row: int, col: int, rows: int) -> bool:
    """Whether ``(row, col)`` is a square of the ``rows`` x 4 area."""
    return 0 <= row < rows and 0 <= col < COLS


def char_at(state: EocState, row: int, col: int) -> Char | None:
    """The character standing on ``(row, col)``, or ``None``."""
    for ch in state.chars:
        if ch.row == row and ch.col == col:
            return ch
    return None


def char_by_uid(state: EocState, uid: int) -> Char | None:
    """The character with ``uid`` still on the area, or ``None`` (gone down)."""
    for ch in state.chars:
        if ch.uid == uid:
            return ch
    return None


def own_chars(state: EocState, seat: int) -> list[Char]:
    """Seat ``seat``'s characters on the area, by ``uid``."""
    return [ch for ch in state.chars if ch.owner == seat]


def destinations(state: EocState, ch: Char, power: int) -> list[tuple[int, int]]:
    """The squares ``ch`` may move to ("A turn" 5, move): a straight line in one of its
    directions, 1 up to ``power`` squares, over squares holding an area card or item only, never
    across an empty square or another character."""
    rows, area = state.cat.rows, state.area
    occupied = {(c.row, c.col) for c in state.chars}
    out = []
    for dr, dc in DIRECTION_VECTORS[state.cat.card(ch.code).directions]:
        r, c = ch.row, ch.col
        for _ in range(power):
            r += dr
            c += dc
            if not (0 <= r < rows and 0 <= c < COLS) or area[r * COLS + c] is None or (r, c) in occupied:
                break
            out.append((r, c))
    return out


def adjacent_enemies(state: EocState, ch: Char) -> list[Char]:
    """Enemy characters orthogonally adjacent to ``ch`` (the targets of an attack or charge)."""
    out = []
    for other in state.chars:
        if other.owner != ch.owner and abs(other.row - ch.row) + abs(other.col - ch.col) == 1:
            out.append(other)
    return out


def replace_char(state: EocState, ch: Char) -> tuple[Char, ...]:
    """``state.chars`` with the character of ``ch.uid`` replaced by ``ch``."""
    return tuple(ch if c.uid == ch.uid else c for c in state.chars)


def reveal_item(state: EocState, row: int, col: int) -> EocState:
    """Turn a face-down item on ``(row, col)`` face up: a character has stopped there ("A turn",
    items). Any other square is left as it is."""
    i = row * COLS + col
    slot = state.area[i]
    if slot is None or slot.face_up or state.cat.card(slot.code).type != "item":
        return state
    area = replace_at(state.area, i, replace(slot, face_up=True))
    return replace(state, area=area)


def set_slot(state: EocState, row: int, col: int, slot: Slot | None) -> EocState:
    """``state`` with square ``(row, col)`` holding ``slot``; a look at the card that lay there
    ends with it (docs/eoc-effects.md, "Looks at hidden cards")."""
    i = row * COLS + col
    state = replace(state, area=replace_at(state.area, i, slot))
    if any(p.source == "area" and (p.row, p.col) == (row, col) for seat in state.peeks for p in seat):
        state = replace(state, peeks=tuple(tuple(p for p in seat if not (p.source == "area" and (p.row, p.col) == (
            row, col))) for seat in state.peeks))
    return state
