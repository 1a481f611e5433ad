"""Elements' guided first match (elements.md): one deal of three players, the learner in seat 0,
on the deal of the rules page's examples (``play.examples.elements``).

The learner puts the yellow 7 under red in phase 1, so that yellow (the stock's 10) ranks first
and the prizes are 4, 7, 8 and 10. The learner bids two greens for the 4 and lets the bot's two
3s take it, wins the 7 with the yellow 9 against a red 9, lets the bot spend its purple 10 on the
8, and takes the 10 with the yellow 10. ``deals`` 1 ends the game there: 17 points against 8
and 4.
"""
from __future__ import annotations

from play.examples.elements import AUCTION_ROUND_3, FOR_THE_4_ROUND_3, OPTIONS, SEED, THE_REST
from tcg.message import gettext_noop

from .tutorial import Step, Tutorial

HINTS = (
    gettext_noop("Phase 1: put one card face down under a colour card. Later the colours are ranked by these "
                 "numbers, and the numbers become the prizes of the auctions. Choose your yellow 7, then put it "
                 "under red."),
    gettext_noop("The prizes go to auction from the lowest: now the 4. Bid a card or pass; the strongest bid "
                 "takes the prize. Bid your green 2: a cheap card for a small prize."),
    gettext_noop("Your single 2 is beaten by the 3s. Add your green 5: two cards of one colour are a colour set, "
                 "and more cards beat fewer."),
    gettext_noop("The bot's two 3s are a number set, which beats a colour set of the same size. Round 3 asks "
                 "for two more cards: too dear for a 4. Pass; the cards you played are spent."),
    gettext_noop("The 7: the bot bid a red 9. On equal numbers the colour that ranks higher wins, and yellow "
                 "ranks first now. Bid your yellow 9."),
    gettext_noop("You lead the auction. Passing keeps your bid, and once everyone has passed the leader takes "
                 "the prize. Pass, and keep your cards."),
    gettext_noop("The 8: pass, and let the bots spend their cards. Keep your yellow 10 for the biggest prize, "
                 "the 10, which comes last."),
    gettext_noop("The 10, the last prize: the bot bid a blue 6. Bid your yellow 10."),
    gettext_noop("You lead with the 10. Pass: the prize is yours once everyone has passed."),
)

_MOVES = AUCTION_ROUND_3 + FOR_THE_4_ROUND_3 + THE_REST
_learner = iter(HINTS)

TUTORIAL = Tutorial(
    slug="elements",
    players=3,
    seed=SEED,
    options={**OPTIONS, "deals": 1},
    steps=tuple(Step(seat, action, next(_learner) if seat == 0 else "") for seat, action in _MOVES),
    done=gettext_noop(
        "The deal is over: you won the 7 and the 10, 17 points, more than either bot. A full game plays as many "
        "deals as there are players, and the highest total wins."),
)
"""The guided match of Elements."""
