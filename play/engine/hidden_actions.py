"""What one viewer may see of an applied action (DESIGN.md, "The game engine protocol": a seat
sees exactly what it may know).

Most games' actions are public: everyone sees the card a L.A.M.A. player plays. Some are not:
an Elements player places a card face down and gives up cards unseen (elements.md, "Hidden
information"). Such a game has an optional method ``public_action(action, seat, viewer) -> dict``
giving the action as ``viewer`` (a seat, or ``None`` for a spectator) may see it when ``seat``
took it; whatever shows an action log or the last move to players (API, websocket, replay) should
pass each action through :func:`public_action`.
"""
from __future__ import annotations


def public_action(game, action: dict, seat: int, viewer: int | None) -> dict:
    """``action`` (taken by ``seat``) as ``viewer`` may see it: the game's own
    ``public_action`` when it has one, else the action unchanged."""
    redact = getattr(game, "public_action", None)
    return action if redact is None else redact(action, seat, viewer)
