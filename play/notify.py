"""Sending every seat and the spectators their own view through the channel layer, after a
match changed (called by ``play.services`` once the transaction has committed).

Groups: ``match.<id>.seat.<n>`` for the sockets of seat ``n`` and ``match.<id>.spectators``.
The event is ``{"type": "match.view", "view": <payload for that group>, "reseat": bool}``;
``reseat`` says seats changed hands (join, leave, resign), so each socket looks up its seat
again (see ``play.consumers``).
"""
from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .models import Match
from .payloads import MatchViews


def seat_group(match_id: str, seat: int) -> str:
    """The group of the sockets of seat ``seat``."""
    return f"match.{match_id}.seat.{seat}"


def spectator_group(match_id: str) -> str:
    """The group of the spectators' sockets."""
    return f"match.{match_id}.spectators"


def match_changed(match_id: str, reseat: bool = False) -> None:
    """Send each seat's group and the spectators' group their view of the match as it is in
    the database now."""
    layer = get_channel_layer()
    match = Match.objects.filter(pk=match_id).first()
    if layer is None or match is None:
        return
    views = MatchViews(match)
    send = async_to_sync(layer.group_send)
    for seat in range(match.players):
        send(seat_group(match.id, seat), {"type": "match.view", "view": views.view(seat), "reseat": reseat})
    send(spectator_group(match.id), {"type": "match.view", "view": views.view(None), "reseat": reseat})
