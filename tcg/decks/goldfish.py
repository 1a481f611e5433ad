"""The "goldfish": a deck plays its opening turns alone, many times over. Plain Python, no Django.

One game of a run (elements-of-chaos.md, "Set-up" and "A turn"), with no
opponent and these simple choices:
1. Shuffle, draw 7. With ``mulligan`` on, a hand with no character is shuffled back once and
   7 are drawn anew.
2. The next 4 cards go face down on the area.
3. Each turn 1…``turns``: refill the hand to 7 (an empty deck at a refill ends the game:
   ``deck_out``). Place a character when the hand holds one whose name is not on the area yet
   and fewer than 3 are there (the one placed the turn before has walked off the base); the
   one with the most HP is chosen. Set one card as an area card and, on the turns the deck's
   player is the active player (turns 1, 3, 5 …: they go first), lay one card as the action
   table; both take a non-character card of least SIZE when there is one, else a character.
Characters never go down (nobody attacks them).

Reported per turn: how often a character was placed, how often the hand held a character
after the refill, the mean number of characters on the area; and over the opening hands how
often the first 7 held a character (before any mulligan) and how often the kept hand did.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from tcg.numbers import AREA_CARDS, HAND_SIZE, MAX_CHARACTERS

from .stats import StatCard

MAX_RUNS = 100_000
#: The fewest cards a goldfish can play: the opening hand and the area cards.
MIN_CARDS = HAND_SIZE + AREA_CARDS


@dataclass(frozen=True)
class _Copy:
    name: str
    is_character: bool
    size: int
    hp: int


def _copies(cards: list[StatCard]) -> list[_Copy]:
    return [
        _Copy(c.name, c.type == "character", c.size, c.hp or 0) for c in cards for _ in range(c.count)
    ]


def _lay_one(hand: list[_Copy]) -> None:
    """Take from ``hand`` the card a goldfish lays face down: a non-character of least SIZE, else
    any character."""
    if not hand:
        return
    others = [i for i, c in enumerate(hand) if not c.is_character]
    pick = min(others, key=lambda i: hand[i].size) if others else 0
    hand.pop(pick)


def play_one(deck: list[_Copy], rng: random.Random, turns: int, mulligan: bool) -> dict:
    """One goldfish game: ``{"first_hand_character": bool, "kept_hand_character": bool,
    "placed": [bool per turn], "hand_character": [bool per turn], "on_area": [int per turn],
    "deck_out": int | None}`` (the turn the deck ran out at a refill)."""
    order = deck[:]
    rng.shuffle(order)
    first = any(c.is_character for c in order[:HAND_SIZE])
    if mulligan and not first:
        rng.shuffle(order)
    hand = order[:HAND_SIZE]
    library = order[HAND_SIZE + AREA_CARDS:]
    kept = any(c.is_character for c in hand)
    on_area: set[str] = set()
    result = {"first_hand_character": first, "kept_hand_character": kept, "placed": [], "hand_character": [],
              "on_area": [], "deck_out": None}
    for turn in range(1, turns + 1):
        need = HAND_SIZE - len(hand)
        if need > len(library):
            result["deck_out"] = turn
            break
        hand += library[:need]
        del library[:need]
        result["hand_character"].append(any(c.is_character for c in hand))
        candidates = [i for i, c in enumerate(hand) if c.is_character and c.name not in on_area]
        placed = bool(candidates) and len(on_area) < MAX_CHARACTERS
        if placed:
            best = max(candidates, key=lambda i: hand[i].hp)
            on_area.add(hand.pop(best).name)
        result["placed"].append(placed)
        result["on_area"].append(len(on_area))
        _lay_one(hand)
        if turn % 2 == 1:
            _lay_one(hand)
    return result


def goldfish(
    cards: list[StatCard], runs: int, turns: int = 5, seed: int = 0, mulligan: bool = True,
    progress: Callable[[int, int], None] | None = None, progress_every: int = 500,
) -> dict:
    """Play ``runs`` goldfish games of the deck ``cards`` with the seeded generator ``seed``.

    Returns ``{"runs", "turns", "seed", "mulligan", "opening": {"first_hand_character": float,
    "kept_hand_character": float}, "by_turn": [{"turn", "character_placed",
    "hand_has_character", "characters_on_area", "games"}], "deck_out": float}`` where each
    rate is a share of the games still running at that turn (``games``). ``progress(done,
    runs)`` is called every ``progress_every`` games and at the end. Raises ``ValueError`` for
    ``runs`` outside 1…100000, ``turns`` outside 1…20, or a deck with fewer than 11 cards.
    """
    if not 1 <= runs <= MAX_RUNS:
        raise ValueError(f"runs must be from 1 to {MAX_RUNS}")
    if not 1 <= turns <= 20:
        raise ValueError("turns must be from 1 to 20")
    deck = _copies(cards)
    if len(deck) < MIN_CARDS:
        raise ValueError(f"a goldfish needs at least {MIN_CARDS} cards; this deck has {len(deck)}")
    rng = random.Random(seed)
    first = kept = out = 0
    games = [0] * turns
    placed = [0] * turns
    holding = [0] * turns
    area = [0] * turns
    for done in range(1, runs + 1):
        game = play_one(deck, rng, turns, mulligan)
        first += game["first_hand_character"]
        kept += game["kept_hand_character"]
        out += game["deck_out"] is not None
        for t, was_placed in enumerate(game["placed"]):
            games[t] += 1
            placed[t] += was_placed
            holding[t] += game["hand_character"][t]
            area[t] += game["on_area"][t]
        if progress and (done % progress_every == 0 or done == runs):
            progress(done, runs)
    return {
        "runs": runs, "turns": turns, "seed": seed, "mulligan": mulligan,
        "opening": {"first_hand_character": first / runs, "kept_hand_character": kept / runs},
        "by_turn": [
            {
                "turn": t + 1, "games": games[t],
                "character_placed": placed[t] / games[t] if games[t] else 0.0,
                "hand_has_character": holding[t] / games[t] if games[t] else 0.0,
                "characters_on_area": area[t] / games[t] if games[t] else 0.0,
            }
            for t in range(turns)
        ],
        "deck_out": out / runs,
    }
