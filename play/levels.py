"""The bots' levels, as people choose them: ``easy`` (the ``random`` bot), ``normal`` (the
``heuristic`` bot) and ``strong`` (the ``strong`` bot, which searches), each with a line saying
how it plays, in the reader's language.

The new-match form and the API take a level's name where a seat names its bot; the bots' own
names are taken too, as the level whose bot they name (``random`` is ``easy``, ``heuristic`` is
``normal``), so that clients written before the levels keep working. A seat keeps the bot's name
(``Seat.bot``). A level is offered only where its bot is: in ``play.bots.BOTS``
(:func:`offered`), and for a game, among the bots that play it (:func:`levels_for`, after
``play.bots.bots_for``).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from play.bots import BOTS, bots_for
from play.engine import Game
from play.games import GAMES


@dataclass(frozen=True)
class Level:
    """A level: its ``name`` (what the form and the API take), the ``bot`` that plays it (a name
    of ``play.bots.BOTS``), its ``label`` ("Easy"), its ``seat_label`` ("Easy bot", a seat's
    choice on the form) and its ``description`` (how it plays, one line)."""

    name: str
    bot: str
    label: Promise
    seat_label: Promise
    description: Promise

    def games(self) -> list[str]:
        """The slugs of the games the level's bot plays, in ``GAMES`` order."""
        return [slug for slug, game in GAMES.items() if self.bot in bots_for(game)]

    def as_dict(self) -> dict:
        """``{"name", "label", "description", "bot"}`` in the active language (the API's shape)."""
        return {"name": self.name, "label": str(self.label), "description": str(self.description), "bot": self.bot}


LEVELS: tuple[Level, ...] = (
    Level("easy", "random", _("Easy"), _("Easy bot"),
          _("Plays any legal move at random — for learning the rules.")),
    Level("normal", "heuristic", _("Normal"), _("Normal bot"),
          _("Follows rules of thumb: goes for the win it can see.")),
    Level("strong", "strong", _("Strong"), _("Strong bot"),
          _("Thinks ahead by trying many possible games from what it can see (about half a second a move).")),
)
"""Every level, easiest first."""


def offered() -> list[Level]:
    """The levels whose bot exists (is in ``BOTS``), easiest first."""
    return [level for level in LEVELS if level.bot in BOTS]


def levels_for(game: Game) -> list[Level]:
    """The levels whose bot plays ``game``, easiest first."""
    bots = bots_for(game)
    return [level for level in LEVELS if level.bot in bots]


def find(name: object) -> Level | None:
    """The level called ``name``, or whose bot is called ``name`` (the names seats took before
    the levels); ``None`` for any other value. Whether its bot exists is not asked here."""
    return next((level for level in LEVELS if name in (level.name, level.bot)), None)


def of_bot(bot: str) -> Level | None:
    """The level the bot ``bot`` plays at; ``None`` for a bot of no level (or ``""``)."""
    return next((level for level in LEVELS if level.bot == bot), None)
