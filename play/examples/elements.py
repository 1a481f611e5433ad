"""Elements examples (elements.md): the first deal of three players, told from seat 0's side.

The deal (options ``deck`` and ``colours``, elements.md "Stacked deals"): the colour cards lie red,
yellow, green, blue, purple from the box. In phase 1 seat 0 puts its yellow 7 under red, seat 1
its purple 4 under green, seat 2 its blue 0 under purple, and the stock fills yellow (green 10)
and blue (red 8): the new ranking is yellow, blue, red, green, purple, and the prizes are 4, 7, 8
and 10 (the 0 is set aside). Seat 2 wins the 4 with two 3s against seat 0's two greens, seat 0
wins the 7 with a yellow 9 against a red 9, seat 1 the 8 and seat 0 the 10.
"""
from __future__ import annotations

from play.games.elements import COLOURS
from play.games.elements.cards import VALUES

from .example import Example

LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}


def card(name: str) -> dict:
    """``"G10"`` → ``{"colour": "green", "value": 10}``."""
    return {"colour": LETTERS[name[0]], "value": int(name[1:])}


HANDS = (
    "Y7 G2 G5 Y9 Y10 G9 R6 B5 P6 R0 P2",  # seat 0
    "P4 R3 P10 B6 R5 Y1 G6 B2 P8 Y4 G7",  # seat 1
    "B0 B3 Y3 R9 G3 P1 R2 Y5 B9 G8 R4",  # seat 2
)
STOCK_TOP = "G10 R8"


def stacked_deck() -> list[dict]:
    """The 55 cards for option ``deck``, top first: the three hands, the stock's first two cards,
    then every other card by colour and value."""
    top = " ".join(HANDS + (STOCK_TOP,)).split()
    rest = [f"{c[0].upper()}{v}" for c in COLOURS for v in VALUES if f"{c[0].upper()}{v}" not in top]
    return [card(name) for name in top + rest]


OPTIONS = {"deck": stacked_deck(), "colours": list(COLOURS)}
SEED = 3


def put(colour: str, name: str) -> dict:
    return {"type": "place", "colour": colour, "card": card(name)}


def bid(*names: str) -> dict:
    return {"type": "bid", "cards": [card(n) for n in names]}


PASS = {"type": "pass"}

PHASE_1_START = ((0, put("red", "Y7")), (1, put("green", "P4")))
PHASE_1_END = ((2, put("purple", "B0")),)
FOR_THE_4_ROUND_1 = ((0, bid("G2")), (1, bid("R3")), (2, bid("B3")))
FOR_THE_4_ROUND_2 = ((0, bid("G5")), (1, PASS), (2, bid("Y3")))
FOR_THE_4_ROUND_3 = ((0, PASS), (2, PASS))  # seat 2's two 3s take the 4
THE_REST = (
    (2, bid("R9")), (0, bid("Y9")), (1, PASS), (2, PASS), (0, PASS),  # the 7: yellow ranks above red
    (0, PASS), (1, bid("P10")), (2, PASS), (1, PASS),  # the 8
    (1, bid("B6")), (2, PASS), (0, bid("Y10")), (1, PASS), (0, PASS),  # the 10
)
AUCTION_ROUND_2 = PHASE_1_START + PHASE_1_END + FOR_THE_4_ROUND_1
AUCTION_ROUND_3 = AUCTION_ROUND_2 + FOR_THE_4_ROUND_2

EXAMPLES = (
    # Phase 1: seat 0 sees its own card under red, not seat 1's under green; seat 2 to place.
    Example("phase-1", 3, SEED, OPTIONS, PHASE_1_START),
    # The colours re-ranked and the prizes; bidding round 2 of the auction for the 4.
    Example("auction", 3, SEED, OPTIONS, AUCTION_ROUND_2, show_moves=True),
    # Bidding round 3: two cards or pass; seat 2's two 3s beat seat 0's two greens.
    Example("round-3", 3, SEED, OPTIONS, AUCTION_ROUND_3, show_moves=True),
    # The deal is over (17, 8 and 4 points): everyone may give up cards before the redraw.
    Example("deal-over", 3, SEED, OPTIONS, AUCTION_ROUND_3 + FOR_THE_4_ROUND_3 + THE_REST, show_moves=True),
)
