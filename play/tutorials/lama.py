"""L.A.M.A.'s guided first match (lama.md): one round of two players, the learner in seat 0.

The deal (option ``deck``, lama.md "Stacked deals"): the learner holds 3 4 5 6 llama 1, the bot
2 2 3 3 4 4, and the discard pile starts on a 2. The learner plays 3 (one higher), the bot its
3 (the same); 4 and 4; the learner's 5, 6, llama and 1 while the bot, with nothing to play,
draws; the learner goes out. ``end_at`` 1 ends the game after this round: the learner 0, the bot
the values left in its hand.
"""
from __future__ import annotations

from play.examples.lama import stacked_deck
from play.games.lama import LLAMA
from tcg.message import gettext_noop

from .tutorial import Step, Tutorial

LEARNER_HAND = [3, 4, 5, 6, LLAMA, 1]
BOT_HAND = [2, 2, 3, 3, 4, 4]
DECK = stacked_deck(LEARNER_HAND + BOT_HAND + [2])


def play(card: int) -> dict:
    return {"type": "play", "card": card}


DRAW = {"type": "draw"}

TUTORIAL = Tutorial(
    slug="lama",
    players=2,
    seed=11,
    options={"deck": DECK, "end_at": 1},
    steps=(
        Step(0, play(3), gettext_noop(
            "The aim is to get rid of your cards. On the discard pile you may play a card of the same value as the "
            "top card, or one higher. The top card is a 2: play your 3.")),
        Step(1, play(3)),
        Step(0, play(4), gettext_noop(
            "The bot played a 3 on your 3: the same value is allowed. Now play your 4, one higher.")),
        Step(1, play(4)),
        Step(0, play(5), gettext_noop(
            "Play your 5. Every card that leaves your hand is a card that cannot cost you minus points.")),
        Step(1, DRAW),
        Step(0, play(6), gettext_noop(
            "The bot had nothing to play, so it drew a card: drawing ends a turn and makes a hand bigger. "
            "Play your 6.")),
        Step(1, DRAW),
        Step(0, play(LLAMA), gettext_noop(
            "On a 6 only a 6 or a llama may follow. Play your llama: left in your hand it would cost you "
            "10 minus points.")),
        Step(1, DRAW),
        Step(0, play(1), gettext_noop(
            "After a llama comes a 1. Play your 1: it is your last card, so you go out and the round ends.")),
    ),
    done=gettext_noop(
        "You went out: you take no minus points, and the bot pays for each different value left in its hand "
        "(a llama costs 10). A full game plays rounds until someone reaches 40 points; the fewest points win."),
)
"""The guided match of L.A.M.A."""
