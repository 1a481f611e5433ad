"""Completto's guided first match (completto.md): the set-up and a few turns of two players,
the learner in seat 0, on the deal of the rules page's examples (``play.examples.completto``).

The learner reveals 20, 60, 40, 88 and 6 into the row, the bot 77, 31, 55, 12 and 93; the
learner places the 16, the bot gives back the 39, and the learner chains three extra turns with
the 39 and 41 beside the 40 and the 5 beside the 6. ``max_turns`` 5 ends the game there: the
fewest face-down tiles win, the learner's 13 against the bot's 17.
"""
from __future__ import annotations

from play.examples.completto import OPTIONS, RETURN, SEED, insert, place, take
from tcg.message import gettext_noop

from .tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    slug="completto",
    players=2,
    seed=SEED,
    options={**OPTIONS, "max_turns": 5},
    steps=(
        Step(0, insert(4, 20), gettext_noop(
            "Set-up: your row is face down, and a tile was drawn for you, the 20. Face-up tiles must read "
            "ascending from left to right, so a low number belongs near the left: insert it at the marked gap.")),
        Step(1, insert(8, 77)),
        Step(0, insert(14, 60), gettext_noop(
            "Your next tile is the 60. It must stand right of the 20; leave room between them for the numbers "
            "from 21 to 59. Insert it at the marked gap.")),
        Step(1, insert(3, 31)),
        Step(0, insert(9, 40), gettext_noop(
            "The 40 fits only between your 20 and your 60. Insert it at the marked gap.")),
        Step(1, insert(7, 55)),
        Step(0, insert(19, 88), gettext_noop(
            "The 88 is high: insert it near the right end, at the marked gap.")),
        Step(1, insert(0, 12)),
        Step(0, insert(1, 6), gettext_noop(
            "The last set-up tile, the 6: very low, so insert it near the left end, at the marked gap.")),
        Step(1, insert(21, 93)),
        Step(0, take(), gettext_noop(
            "The game begins. Your aim: turn your whole row face up. Take a face-down tile from the pool.")),
        Step(0, place(3, 16), gettext_noop(
            "You drew the 16. Place it on a face-down tile of your row between the 6 and the 20 (the marked "
            "one): the tile it replaces goes back to the pool. Read it as 16, not upside down as 91.")),
        Step(1, take()),
        Step(1, RETURN),
        Step(0, take(39), gettext_noop(
            "The bot gave the 39 back to the pool, face up. Take it: it fits right next to your 40.")),
        Step(0, place(9, 39), gettext_noop(
            "Place the 39 on the face-down tile just left of your 40. A tile placed next to one a number away "
            "earns an extra turn.")),
        Step(0, take(), gettext_noop("Extra turn! Take a face-down tile from the pool.")),
        Step(0, place(11, 41), gettext_noop(
            "The 41: place it just right of your 40 for another extra turn.")),
        Step(0, take(), gettext_noop("Another extra turn: take a face-down tile.")),
        Step(0, place(0, 5), gettext_noop(
            "The 5 goes just left of your 6, on the first tile of the row. This guided game stops after five "
            "turns: the fewest face-down tiles win.")),
    ),
    done=gettext_noop(
        "The game stopped after five turns, and you have fewer face-down tiles than the bot: you win. A full game "
        "goes on until one row is all face up."),
)
"""The guided match of Completto."""
