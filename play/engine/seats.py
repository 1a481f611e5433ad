"""Seats and turn order: seats are ``0..players-1`` and turns go clockwise, i.e. in seat order,
wrapping from the last seat to seat 0 (lama.md, "A round"; completto.md and elements.md use the
same "seat order")."""
from __future__ import annotations

from collections.abc import Sequence


def is_seat(seat, players: int) -> bool:
    """Whether ``seat`` is an int (not a bool) in ``0..players-1``."""
    return type(seat) is int and 0 <= seat < players


def is_turn(seat, turn: int | None) -> bool:
    """Whether ``seat`` (anything a client sent) is the int seat ``turn`` whose turn it is."""
    return type(seat) is int and seat == turn


def acting(turn: int | None) -> list[int]:
    """``to_act`` of a game where one seat acts at a time: ``[turn]``, ``[]`` once over (``None``)."""
    return [] if turn is None else [turn]


def replace_at(values: tuple, seat: int, value) -> tuple:
    """The per-seat tuple ``values`` with seat ``seat``'s entry replaced by ``value``:
    ``replace_at((1, 2, 3), 1, 9) == (1, 9, 3)``."""
    return values[:seat] + (value,) + values[seat + 1:]


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
