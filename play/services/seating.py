"""A person takes a seat (creating a match, joining one): the seat records who holds it and the
client address it was taken from."""
from __future__ import annotations

from core.addresses import client_key
from play.identity import Player
from play.models import Seat


def take(seat: Seat, player: Player, address: str) -> None:
    """``player`` holds ``seat`` (not saved), taken from the client key ``address``."""
    seat.user_id = player.user_id
    seat.session_key = "" if player.user_id is not None else (player.session_key or "")
    seat.name = player.name
    seat.address = address


def address_key(address: str | None) -> str:
    """The client key (``core.addresses.client_key``) of ``address``; ``""`` for none."""
    return client_key(address) if address else ""
