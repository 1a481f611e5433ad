"""The numbers of the rules, each once, with the section of elements-of-chaos.md that sets it.
Plain Python, no Django.

The deck validator (``tcg.decks.rules``), the statistics, odds and goldfish
(``tcg.decks``), the deck pages and the ``eoc`` engine (``play/games/eoc``) all read them here.
"""
from __future__ import annotations

#: "Decks": a deck has exactly 51 cards.
DECK_SIZE = 51
#: "Decks": at most 3 copies of a card, copies being cards of the same name across printings.
MAX_COPIES = 3
#: "Set-up" 1 and "A turn" 1: the opening hand has 7 cards, and every refill draws up to 7.
HAND_SIZE = 7
#: "Set-up" 3: after the mulligan each player lays 4 cards face down, one on each square of
#: their near row.
AREA_CARDS = 4
#: "A turn" 2: a player has at most 3 characters on the area (at most 2 before placing one).
MAX_CHARACTERS = 3
#: "Winning": a player whose down pile holds 4 or more cards has lost.
DOWN_LIMIT = 4
#: "The area": 4 columns.
AREA_COLUMNS = 4
#: "The area": 4 rows, or 5 (**Decision**: option ``rows``).
AREA_ROWS = (4, 5)
#: "Cards": each STEP of an action table lists 1 to 3 actions.
MAX_STEP_ACTIONS = 3
