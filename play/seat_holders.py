"""Who holds a seat of a match and who plays one: plain functions over a match's ``Seat`` rows
(the view payloads, the services, the scheduling after a commit and the selectors share them).

A seat is held by a user (``user``) or by a guest's browser session (``session_key``); a free
seat is held by nobody; a bot plays a seat made for it and the seat of a person who resigned or
timed out (``bot`` set).
"""
from __future__ import annotations

from .identity import Player
from .models import Seat


def find_seat(seats: list[Seat], player: Player | None) -> Seat | None:
    """The seat ``player`` holds among ``seats``, or ``None`` (spectators, free seats)."""
    if player is None:
        return None
    for seat in seats:
        if player.user_id is not None and seat.user_id == player.user_id:
            return seat
        guest = player.user_id is None and player.session_key
        if guest and seat.user_id is None and seat.session_key == player.session_key:
            return seat
    return None


def made_by(match, player: Player | None) -> bool:
    """Whether ``player`` made ``match`` (its ``created_by`` user, or the guest session that made
    it, with or without a display name)."""
    if player is None:
        return False
    if player.user_id is not None:
        return match.created_by_id == player.user_id
    return bool(player.session_key) and match.created_by_id is None and match.created_session == player.session_key


def people_left(seats: list[Seat]) -> bool:
    """Whether a person still plays a seat (taken, neither a bot's nor resigned)."""
    return any(not s.bot and (s.user_id is not None or s.session_key) for s in seats)


def reserved_for_other(seat: Seat, player: Player | None) -> bool:
    """Whether ``seat`` is reserved (a rematch's seat kept for who held it in the finished match,
    ``play.services.rematch``) for someone other than ``player``."""
    if seat.reserved_user_id is None and not seat.reserved_session:
        return False
    return not is_reserved_for(seat, player)


def is_reserved_for(seat: Seat, player: Player | None) -> bool:
    """Whether ``seat`` is reserved for ``player`` (by user id, or by a guest's session key)."""
    if player is None:
        return False
    if player.user_id is not None:
        return seat.reserved_user_id == player.user_id
    return bool(player.session_key) and seat.reserved_user_id is None and seat.reserved_session == player.session_key
