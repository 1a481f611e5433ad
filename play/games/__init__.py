"""The games hosted at the table (DESIGN.md, "The game engine protocol": the registry
``play.games.GAMES`` maps slug → game). Each game is plain Python, a :class:`play.engine.BaseGame`
declared by its record ``SPEC`` (a :class:`play.engine.GameSpec`), which everything else reads:
adding a game is its engine module, a line here and its board. No Django here."""
from play.engine import Game

from .completto import Completto
from .elements import Elements
from .eoc import EoC
from .lama import Lama

GAMES: dict[str, Game] = {game.slug: game for game in (Lama(), Elements(), Completto(), EoC())}
"""Every playable game by slug, e.g. ``GAMES["lama"]``."""
