"""Which bot plays a seat: the bots a game has (``play.bots.bots_for``), and the stand-in bot
that plays a person's seat (resigned, timed out, or a turn the clock ran out on)."""
from __future__ import annotations

from play.bots import bots_for


def stand_in_bot(engine) -> str:
    """The bot that plays a person's seat (resigned, timed out, or a turn the clock ran out on):
    the heuristic one, or the random one for a game without a heuristic bot."""
    return "heuristic" if "heuristic" in bots_for(engine) else "random"
