"""Elements of Chaos examples (elements-of-chaos.md): set-up and the first two turns of the sample
decks SMP-RED (seat 0) against SMP-GREEN (seat 1), told from seat 0's side.

The deal (options ``decks`` with ``stacked: true`` and ``first_player: 0``, "Stacked deals"):
each sample deck with chosen cards on top, in order. Turn 1: seat 0 puts Kagura (red, HP 6,
orthogonal 2) on its base, seat 1 Kukuru (green, HP 3, any direction 3); seat 0 sets a card in
front of its base and seat 1 an item (Greenhouse Planter) in front of Kagura's square; seat 0's
action table is Full Sprint (STEP 1 move, STEP 2 move, STEP 3 attack). Kagura steps forward,
Kukuru runs along its near row and up beside Kagura (the item turns face up), Kagura attacks:
the damage card is Cry of Passion, SIZE 5 with a red bonus of −2, so 3 damage takes Kukuru to
0 HP. Kukuru still strikes back (Whisper of the Woods, SIZE 3) and goes down after STEP 3.
"""
from __future__ import annotations

from play.games.eoc.decklists import sample_deck

from .example import Example


def stacked(name: str, top: list[str]) -> list[dict]:
    """The sample deck ``name`` with the cards ``top`` (codes, each taken from the deck) first,
    in that order, then the rest in list order: a deck for ``stacked: true``."""
    rest = sample_deck(name)
    first = []
    for code in top:
        index = next(i for i, card in enumerate(rest) if card["code"] == code)
        first.append(rest.pop(index))
    return first + rest


KAGURA, FULL_SPRINT, ORDER_TO_CHARGE, CRY_OF_PASSION = "SMP-001", "SMP-068", "SMP-009", "SMP-010"
KUKURU, PLANTER, WHISPER = "SMP-019", "SMP-025", "SMP-023"
RED_AREA = ["SMP-063", "SMP-004", "SMP-002", "SMP-005"]
GREEN_AREA = ["SMP-063", "SMP-018", "SMP-064", "SMP-016"]
RED = stacked("SMP-RED", [KAGURA, FULL_SPRINT, ORDER_TO_CHARGE, "SMP-003", "SMP-007", "SMP-008", "SMP-006",
                          *RED_AREA, CRY_OF_PASSION])
GREEN = stacked("SMP-GREEN", [KUKURU, PLANTER, "SMP-020", "SMP-022", "SMP-014", "SMP-015", "SMP-017",
                              *GREEN_AREA, WHISPER])
OPTIONS = {"decks": [RED, GREEN], "stacked": True, "first_player": 0}
SEED = 11

KEEP = {"type": "mulligan", "take": False}
DONE = {"type": "done"}
SETUP = ((0, KEEP), (1, KEEP))
ARRANGE = (
    (0, {"type": "arrange", "order": RED_AREA}),
    # Seat 1's near row is row 3; column 0 (its base) is at its right.
    (1, {"type": "arrange", "order": GREEN_AREA}),
)


def choose(action: str) -> dict:
    return {"type": "choose", "action": action}


def move(start: list[int], end: list[int]) -> dict:
    return {"type": "move", "from": start, "to": end}


TURN_1_START = (
    (0, {"type": "place_character", "card": KAGURA}), (1, {"type": "place_character", "card": KUKURU}),
    (0, {"type": "set", "card": ORDER_TO_CHARGE, "square": [1, 3]}), (1, {"type": "set", "card": PLANTER, "square": [2, 3]}),
    (0, {"type": "action_table", "card": FULL_SPRINT}),
    (0, choose("move")),
)
TURN_1_MOVES = (
    (0, move([0, 3], [1, 3])), (0, DONE), (1, move([3, 0], [3, 3])), (1, DONE),  # STEP 1
    (0, choose("move")), (0, DONE), (1, move([3, 3], [2, 3])), (1, DONE),  # STEP 2: the item turns up
    (0, choose("attack")), (0, {"type": "attack", "by": [1, 3], "target": [2, 3]}),  # STEP 3: 3 damage
)
TURN_1_END = (
    (0, DONE), (1, {"type": "attack", "by": [2, 3], "target": [1, 3]}), (1, DONE),  # Kukuru at 0 HP strikes back
)

EXAMPLES = (
    # Set-up: both kept their hands; seat 0 lays its 4 area cards along its near row.
    Example("arrange", 2, SEED, OPTIONS, SETUP, show_moves=True),
    # Turn 1, STEP 1 (move): characters on both bases, the two cards set, Full Sprint in force.
    Example("step-1", 2, SEED, OPTIONS, SETUP + ARRANGE + TURN_1_START, show_moves=True),
    # STEP 3 (attack): the damage card turned, Kukuru at 0 HP.
    Example("attack", 2, SEED, OPTIONS, SETUP + ARRANGE + TURN_1_START + TURN_1_MOVES, show_moves=True),
    # Turn 2: Kukuru is down, Kagura back at full HP, seat 1 is the active player.
    Example("turn-2", 2, SEED, OPTIONS, SETUP + ARRANGE + TURN_1_START + TURN_1_MOVES + TURN_1_END),
)
