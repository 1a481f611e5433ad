"""The games hosted at the table (DESIGN.md, "The game engine protocol": the registry
``play.games.GAMES`` maps slug → game). Each game is plain Python; no Django here."""
from play.engine import Game

from .completto import Completto
from .lama import Lama

GAMES: dict[str, Game] = {game.slug: game for game in (Lama(), Completto())}
"""Every playable game by slug, e.g. ``GAMES["lama"]``."""
