"""L.A.M.A. examples (lama.md): one round of three players, told from seat 0's side.

The deal (option ``deck``, lama.md "Stacked deals"): seat 0 holds 3 4 4 6 llama 1, seat 1 holds
2 2 5 5 6 6, seat 2 holds 1 1 llama llama 5 2, the discard pile starts on a 3 and the first card
drawn is a 4. Seat 0 plays 4, seat 1 plays 5, seat 2 quits, seat 0 plays 6, seat 1 plays 6; seat
0 plays the llama, seat 1 must draw, seat 0 plays 1, seat 1 plays 2, seat 0 plays 3, seat 1
plays the 4 it drew, and seat 0 goes out with its last 4: seat 1 scores 2 + 5 + 6 = 13, seat 2
1 + 2 + 5 + 10 = 18.
"""
from __future__ import annotations

from collections import Counter

from play.games.lama import COPIES, LLAMA, VALUES

from .example import Example


def stacked_deck(top: list[int]) -> list[int]:
    """``top`` followed by the rest of the 56 cards (8 of each value), values in turn 1, 2, …,
    llama, 1, 2, …: a full deck for option ``deck``, top first."""
    left = Counter({value: COPIES for value in VALUES})
    left.subtract(top)
    rest: list[int] = []
    while sum(left.values()):
        for value in VALUES:
            if left[value] > 0:
                rest.append(value)
                left[value] -= 1
    return top + rest


HANDS = [3, 4, 4, 6, LLAMA, 1] + [2, 2, 5, 5, 6, 6] + [1, 1, LLAMA, LLAMA, 5, 2]
DECK = stacked_deck(HANDS + [3, 4])
OPTIONS = {"deck": DECK}
SEED = 15


def play(card: int) -> dict:
    return {"type": "play", "card": card}


DRAW, QUIT = {"type": "draw"}, {"type": "quit"}

ROUND = (
    (0, play(4)), (1, play(5)), (2, QUIT), (0, play(6)), (1, play(6)),
    (0, play(LLAMA)), (1, DRAW), (0, play(1)), (1, play(2)), (0, play(3)), (1, play(4)), (0, play(4)),
)

EXAMPLES = (
    # Round 1 begins: the discard pile shows a 3; seat 0 may play its 3 or a 4, draw or quit.
    Example("first-turn", 3, SEED, OPTIONS, (), show_moves=True),
    # Seat 2 has quit (its hand lies open); on the 6 seat 0 may play only its llama.
    Example("on-a-six", 3, SEED, OPTIONS, ROUND[:5], show_moves=True),
    # Seat 0 went out: the round's summary (13 and 18 minus points, as chips) and round 2.
    Example("round-over", 3, SEED, OPTIONS, ROUND),
)
