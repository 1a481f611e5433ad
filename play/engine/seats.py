"""Seats and turn order: seats are ``0..players-1`` and turns go clockwise, i.e. in seat order,
wrapping from the last seat to seat 0 (lama.md, "A round"; completto.md and elements.md use the
same "seat order")."""
from __future__ import annotations

from collections.abc import Sequence


def is_seat(seat, players: int) -> bool:
    """Whether ``seat`` is an int (not a bool) in ``0..players-1``."""
    return type(seat) is int and 0 <= seat < players


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start``: ``seat_order(2, 4) == (2, 3, 0, 1)``."""
    return tuple((start + i) % players for i in range(players))


def next_seat(seat: int, players: int) -> int:
    """The seat clockwise after ``seat``."""
    return (seat + 1) % players


def next_active(seat: int, active: Sequence[bool]) -> int | None:
    """The first seat clockwise after ``seat`` whose ``active`` flag is true, skipping seats that
    are out (e.g. quit this round); ``seat`` itself when it is the only active one; ``None`` when
    no seat is active."""
    players = len(active)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if active[candidate]:
            return candidate
    return None
