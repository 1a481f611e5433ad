"""The games hosted at the table (DESIGN.md, "The game engine protocol": the registry
``play.games.GAMES`` maps slug → game). Each game is plain Python; no Django here."""
from play.engine import Game

from .completto import Completto
from .elements import Elements
from .eoc import EoC
from .lama import Lama

GAMES: dict[str, Game] = {game.slug: game for game in (Lama(), Elements(), Completto(), EoC())}
"""Every playable game by slug, e.g. ``GAMES["lama"]``."""
