"""The guided first match of each game: a stacked deal against a bot, with a hint at each of the
learner's steps saying what to do and why (plain Python: no Django here).

A :class:`Tutorial` is, like an example of ``play.examples``, a stacked deal (the game's
stacking options and a fixed seed) and a script of moves that the engine must allow in turn
(:func:`walk` refuses one it does not). The learner's steps carry hints (English, marked with
``gettext_noop`` for the catalogue); the bot's steps are what the scripted bot
(``play.bots.scripted``) plays. A match follows the guided path while its stored state is the
path's state at its version (:func:`on_path`); once the learner strays the hints say so and the
bot plays its own game. :func:`guide` says which hint the table shows at a version.

``TUTORIALS`` maps a game's slug to its tutorial.
"""
from __future__ import annotations

from . import completto, elements, eoc, lama
from .tutorial import OFF_SCRIPT, OVER, WAIT, Step, Tutorial, guide, hints, on_path, scripted_action, walk

TUTORIALS: dict[str, Tutorial] = {
    "lama": lama.TUTORIAL,
    "completto": completto.TUTORIAL,
    "elements": elements.TUTORIAL,
    "eoc": eoc.TUTORIAL,
}
"""Every game's guided match by slug."""

__all__ = ["OFF_SCRIPT", "OVER", "TUTORIALS", "WAIT", "Step", "Tutorial", "guide", "hints", "on_path",
           "scripted_action", "walk"]
