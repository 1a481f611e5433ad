"""Which bot plays a seat: the bots a game has (``play.bots.BOTS``), and the stand-in bot that
plays a person's seat (resigned, timed out, or a turn the clock ran out on)."""
from __future__ import annotations

from play.bots import BOTS


def make_bot(engine, name: str, seed: int):
    """``BOTS[name]`` for ``engine``; ``ValueError`` when the game has no such bot."""
    if name not in BOTS:
        raise ValueError(name)
    return BOTS[name](engine, seed)


def game_bots(engine) -> list[str]:
    """The names of the bots that can play ``engine``."""
    names = []
    for name in BOTS:
        try:
            make_bot(engine, name, 0)
        except ValueError:
            continue
        names.append(name)
    return names


def stand_in_bot(engine) -> str:
    """The bot that plays a person's seat (resigned, timed out, or a turn the clock ran out on):
    the heuristic one, or the random one for a game without a heuristic bot."""
    return "heuristic" if "heuristic" in game_bots(engine) else "random"
