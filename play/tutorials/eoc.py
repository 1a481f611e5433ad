"""Elements of Chaos's guided first match (elements-of-chaos.md): two turns of the sample decks
SMP-GREEN (the learner, seat 0) against SMP-RED (the bot), ending with a win on the bot's base.

The deal (options ``decks`` with ``stacked: true`` and ``first_player: 0``, "Stacked deals"):
each sample deck with chosen cards on top (``play.examples.eoc.stacked``), the learner's only
character in reach Kukuru (any direction, movement 3), the bot's Kagura. Turn 1: Kukuru on the
learner's base d1, a card set on c2, Dappled Sunlight (move, defend, attack) as the action table;
Kukuru steps diagonally to c2 while Kagura leaves its base a4 for a3. Turn 2: the learner, now
the non-active player, sets a card on b3, and in STEP 1 of the bot's Full Sprint Kukuru runs
diagonally over b3 onto the empty base a4: a win at once ("Winning").
"""
from __future__ import annotations

from play.examples.eoc import stacked
from tcg.message import gettext_noop

from .tutorial import Step, Tutorial

KUKURU, DAPPLED_SUNLIGHT, HERBAL_TEA = "SMP-019", "SMP-022", "SMP-020"
KAGURA, FULL_SPRINT = "SMP-001", "SMP-068"
GREEN_AREA = ["SMP-021", "SMP-021", DAPPLED_SUNLIGHT, "SMP-070"]
RED_AREA = ["SMP-008", "SMP-009", "SMP-010", FULL_SPRINT]
# Hands of 7, the 4 area cards, then the refill of turn 2: no other character comes up.
GREEN = stacked("SMP-GREEN", [KUKURU, DAPPLED_SUNLIGHT, HERBAL_TEA, HERBAL_TEA, "SMP-070", "SMP-069", "SMP-023",
                              *GREEN_AREA, "SMP-069", "SMP-023", DAPPLED_SUNLIGHT])
RED = stacked("SMP-RED", [KAGURA, FULL_SPRINT, "SMP-009", "SMP-010", "SMP-008", "SMP-007", "SMP-007",
                          *RED_AREA, "SMP-009", "SMP-008"])

KEEP = {"type": "mulligan", "take": False}
DONE = {"type": "done"}
SKIP = {"type": "skip"}


def move(start: list[int], end: list[int]) -> dict:
    return {"type": "move", "from": start, "to": end}


def choose(action: str) -> dict:
    return {"type": "choose", "action": action}


def set_card(card: str, square: list[int]) -> dict:
    return {"type": "set", "card": card, "square": square}


TUTORIAL = Tutorial(
    slug="eoc",
    players=2,
    seed=5,
    options={"decks": [GREEN, RED], "stacked": True, "first_player": 0},
    steps=(
        Step(0, KEEP, gettext_noop(
            "Your aim today: bring a character onto the bot's base, the far corner a4. Your hand holds Kukuru, a "
            "character who moves 3 squares in any direction: click Keep this hand.")),
        Step(1, KEEP),
        Step(0, {"type": "arrange", "order": GREEN_AREA}, gettext_noop(
            "Lay your 4 area cards face down along your near row: characters can only stand and move on squares "
            "with a card. Click the marked cards in turn, then Lay the area cards.")),
        Step(1, {"type": "arrange", "order": RED_AREA}),
        Step(0, {"type": "place_character", "card": KUKURU}, gettext_noop(
            "Turn 1: you are the active player. Put Kukuru on your base, d1.")),
        Step(1, {"type": "place_character", "card": KAGURA}),
        Step(0, set_card(HERBAL_TEA, [1, 2]), gettext_noop(
            "Set a card face down on c2, diagonally in front of Kukuru: it builds the road to the bot's base. "
            "Choose Herbal Tea, then the marked square.")),
        Step(1, set_card("SMP-007", [2, 0])),
        Step(0, {"type": "action_table", "card": DAPPLED_SUNLIGHT}, gettext_noop(
            "Lay your action table: its three STEPs rule this turn for both players. Play Dappled Sunlight: STEP 1 "
            "move, STEP 2 defend, STEP 3 attack.")),
        Step(0, choose("move"), gettext_noop("STEP 1: choose the action move.")),
        Step(0, move([0, 3], [1, 2]), gettext_noop(
            "Click Kukuru, then c2: one square diagonally, onto the card you set.")),
        Step(0, DONE, gettext_noop("Your part of STEP 1 is over: click End my part. Then the bot moves.")),
        Step(1, move([3, 0], [2, 0])),
        Step(1, DONE),
        Step(0, choose("defend"), gettext_noop(
            "STEP 2: the bot's Kagura left its base a4 empty. Choose defend: nothing can reach Kukuru, but it "
            "costs nothing.")),
        Step(0, {"type": "defend"}, gettext_noop(
            "Click Defend: every damage to your characters this turn is 1 lower.")),
        Step(0, DONE, gettext_noop("Click End my part.")),
        Step(1, DONE),
        Step(0, choose("attack"), gettext_noop(
            "STEP 3: choose attack. No enemy stands next to Kukuru, so you will just end your part.")),
        Step(0, DONE, gettext_noop("Click End my part: turn 1 is over.")),
        Step(1, DONE),
        Step(1, SKIP),
        Step(0, SKIP, gettext_noop(
            "Turn 2: the bot is the active player now. You have no other character in hand: click Place no "
            "character.")),
        Step(1, set_card("SMP-009", [1, 0])),
        Step(0, set_card(HERBAL_TEA, [2, 1]), gettext_noop(
            "Set your other Herbal Tea on b3: now c2, b3 and the bot's base a4 stand in one diagonal line.")),
        Step(1, {"type": "action_table", "card": FULL_SPRINT}),
        Step(1, choose("move")),
        Step(1, move([2, 0], [1, 0])),
        Step(1, DONE),
        Step(0, move([1, 2], [3, 0]), gettext_noop(
            "The bot chose move, so you may move too. Click Kukuru, then a4: two squares diagonally onto the "
            "empty base, and you win at once.")),
    ),
    done=gettext_noop(
        "Kukuru stands on the bot's base: you win. A character on the opponent's base wins at once; so do 4 "
        "characters in the opponent's down pile, or an opponent whose deck runs out."),
)
"""The guided match of Elements of Chaos."""
