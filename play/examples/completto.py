"""Completto examples (completto.md): one whole game of two players, told from seat 0's side.

The deal (option ``pool``, completto.md "Stacked deals"): the rows are dealt from tiles that are
never seen again; seat 0's set-up tiles are 20, 60, 40, 88 and 6, seat 1's 77, 31, 55, 12 and 93;
then the face-down tiles come up in the order of ``TAKES``. Seat 0 places its first tile (16,
which could be read as 91), takes the 39 that seat 1 gave back and earns an extra turn by putting
it beside its 40, and after several chains of extra turns fills its row with the 95, while seat 1
still has 10 face-down tiles.
"""
from __future__ import annotations

from play.games.completto import ROW_SIZES, TILES

from .example import Example

PLAYERS = 2
SEAT0_SETUP = (20, 60, 40, 88, 6)
SEAT1_SETUP = (77, 31, 55, 12, 93)
TAKES = (16, 39, 41, 5, 47, 21, 7, 62, 25, 19, 50, 80, 33, 36, 59, 53, 2, 87, 70, 65, 22, 90, 30, 14, 95)
"""The face-down tiles in the order they are taken from the pool."""


def stacked_pool() -> list[int]:
    """All 100 tiles for option ``pool``: 34 for the two rows (17 face down each, completto.md
    "Rows"), the set-up tiles (seat 0's and seat 1's in turn), ``TAKES``, then the rest, each part
    in rising order."""
    setup = [tile for pair in zip(SEAT0_SETUP, SEAT1_SETUP) for tile in pair]
    shown = set(setup) | set(TAKES)
    unseen = [tile for tile in TILES if tile not in shown]
    rows = ROW_SIZES[PLAYERS][0] * PLAYERS
    return unseen[:rows] + setup + list(TAKES) + unseen[rows:]


OPTIONS = {"pool": stacked_pool()}
SEED = 7


def insert(position: int, value: int) -> dict:
    return {"type": "insert", "position": position, "value": value}


def place(index: int, value: int) -> dict:
    return {"type": "place", "index": index, "value": value}


def take(tile: int | None = None) -> dict:
    return {"type": "take"} if tile is None else {"type": "take", "tile": tile}


RETURN = {"type": "return"}

SETUP_START = (
    (0, insert(4, 20)), (1, insert(8, 77)), (0, insert(14, 60)), (1, insert(3, 31)),
)
SETUP_END = (
    (0, insert(9, 40)), (1, insert(7, 55)), (0, insert(19, 88)), (1, insert(0, 12)), (0, insert(1, 6)), (1, insert(21, 93)),
)
# Seat 0's row after set-up: indices 1 (6), 5 (20), 10 (40), 16 (60) and 20 (88) face up.
FIRST_TAKE = ((0, take()),)  # the 16
TURNS = (
    (0, place(3, 16)),
    (1, take()), (1, RETURN),  # the 39, given back face up
    (0, take(39)), (0, place(9, 39)),  # beside the 40: an extra turn
)
REST = (
    (0, take()), (0, place(11, 41)),  # beside the 40 again: another extra turn
    (0, take()), (0, place(0, 5)),  # beside the 6: and another
    (0, take()), (0, place(12, 47)),
    (1, take()), (1, place(2, 21)),
    (0, take()), (0, place(2, 7)),  # beside the 6
    (0, take()), (0, place(17, 62)),
    (1, take()), (1, place(3, 25)),
    (0, take()), (0, place(4, 19)),  # beside the 20
    (0, take()), (0, place(13, 50)),
    (1, take()), (1, place(15, 80)),
    (0, take()), (0, place(8, 33)),
    (1, take()), (1, place(6, 36)),
    (0, take()), (0, place(15, 59)),  # beside the 60
    (0, take()), (0, place(14, 53)),
    (1, take()), (1, RETURN),  # the 2 fits nowhere in seat 1's row
    (0, take()), (0, place(19, 87)),  # beside the 88
    (0, take()), (0, place(18, 70)),
    (1, take()), (1, place(9, 65)),
    (0, take()), (0, place(6, 22)),
    (1, take()), (1, place(20, 90)),
    (0, take()), (0, place(7, 30)),
    (1, take()), (1, place(1, 14)),
    (0, take()), (0, place(21, 95)),  # the last face-down tile: the row is complete
)

EXAMPLES = (
    # Set-up: seat 0 has revealed 20 and 60 and now holds the 40, which fits only between them.
    Example("setup", PLAYERS, SEED, OPTIONS, SETUP_START, show_moves=True),
    # Seat 0 took a face-down tile, the 16, which may also be read as 91.
    Example("holding", PLAYERS, SEED, OPTIONS, SETUP_START + SETUP_END + FIRST_TAKE, show_moves=True),
    # Seat 0 put the 39 beside its 40: an extra turn.
    Example("extra-turn", PLAYERS, SEED, OPTIONS, SETUP_START + SETUP_END + FIRST_TAKE + TURNS, show_moves=True),
    # Seat 0's row is all face up: the game is over, seat 1 keeps 10 face-down tiles.
    Example("row-complete", PLAYERS, SEED, OPTIONS, SETUP_START + SETUP_END + FIRST_TAKE + TURNS + REST),
)
