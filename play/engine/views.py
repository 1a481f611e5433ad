"""Hidden information: what one seat may see of the hands (DESIGN.md, "The game engine protocol":
a view holds exactly what that seat may know, no other hand, no deck order)."""
from __future__ import annotations

from collections.abc import Sequence

from .seats import is_seat


def check_viewer(seat, players: int) -> None:
    """``ValueError`` unless ``seat`` is ``None`` (a spectator) or a seat of the game."""
    if seat is not None and not is_seat(seat, players):
        raise ValueError(f"no seat {seat!r} in a {players}-player game")


def hand_sizes(hands: Sequence[Sequence]) -> list[int]:
    """Every hand's size, per seat: what everyone sees of hands (lama.md and elements.md,
    "Hidden information")."""
    return [len(h) for h in hands]


def own_hand(hands: Sequence[Sequence], seat: int | None) -> list | None:
    """The viewer's own hand as a list, or ``None`` for a spectator."""
    return None if seat is None else list(hands[seat])


def public_hands(hands: Sequence[Sequence], public: Sequence[bool]) -> list[list | None]:
    """Per seat, the hand when it is public to all (e.g. laid down after quitting, lama.md
    "Hidden information"), else ``None``."""
    return [list(h) if shown else None for h, shown in zip(hands, public)]
