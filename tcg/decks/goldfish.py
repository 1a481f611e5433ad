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

from .format import MAX_COUNT
from .stats import StatCard

MAX_RUNS = 100_000
#: The fewest cards a goldfish can play: the opening hand and the area cards.
MIN_CARDS = HAND_SIZE + AREA_CARDS
#: The most cards a goldfish plays: as many as one line of a deck list may count (a deck has
#: 51). Each game copies and shuffles the whole list, so its time follows the list's size: a
#: saved list may hold 999 copies of each of 500 cards, and one sample hand of such a list took
#: 2 to 3 s, and a run of 20,000 games of a deck of 72 × 999 cards about 7 minutes of a worker
#: (22 ms a game; a list of 500 × 999 cards, about 50 minutes).
MAX_CARDS = MAX_COUNT


def check_size(total: int, doing: str = "a goldfish") -> None:
    """Raise ``ValueError`` when a list of ``total`` cards is one a goldfish cannot play: fewer
    than ``MIN_CARDS`` or more than ``MAX_CARDS``."""
    if total < MIN_CARDS:
        raise ValueError(f"{doing} needs at least {MIN_CARDS} cards; this deck has {total}")
    if total > MAX_CARDS:
        raise ValueError(f"{doing} plays at most {MAX_CARDS} cards; this deck has {total}")


@dataclass(frozen=True)
class _Copy:
    name: str
    is_character: bool
    size: int
    hp: int
    code: str = ""


def _copies(cards: list[StatCard]) -> list[_Copy]:
    return [
        _Copy(c.name, c.type == "character", c.size, c.hp or 0, c.code) for c in cards for _ in range(c.count)
    ]


def _lay_one(hand: list[_Copy]) -> _Copy | None:
    """Take from ``hand`` the card a goldfish lays face down: a non-character of least SIZE, else
    any character; returns it (``None`` from an empty hand)."""
    if not hand:
        return None
    others = [i for i, c in enumerate(hand) if not c.is_character]
    pick = min(others, key=lambda i: hand[i].size) if others else 0
    return hand.pop(pick)


def play_one(deck: list[_Copy], rng: random.Random, turns: int, mulligan: bool, log: dict | None = None) -> dict:
    """One goldfish game: ``{"first_hand_character": bool, "kept_hand_character": bool,
    "placed": [bool per turn], "hand_character": [bool per turn], "on_area": [int per turn],
    "deck_out": int | None}`` (the turn the deck ran out at a refill).

    ``log``, when given, is filled with the cards by code: ``{"mulligan": bool, "hand": [the
    kept 7], "area": [the 4 face down], "turns": [{"turn", "drawn": [the refill], "placed":
    code | None, "laid": [codes set or laid as the action table]}]}``."""
    order = deck[:]
    rng.shuffle(order)
    first = any(c.is_character for c in order[:HAND_SIZE])
    if mulligan and not first:
        rng.shuffle(order)
    hand = order[:HAND_SIZE]
    library = order[HAND_SIZE + AREA_CARDS:]
    kept = any(c.is_character for c in hand)
    if log is not None:
        log.update(mulligan=mulligan and not first, hand=[c.code for c in hand],
                   area=[c.code for c in order[HAND_SIZE:HAND_SIZE + AREA_CARDS]], turns=[])
    on_area: set[str] = set()
    result = {"first_hand_character": first, "kept_hand_character": kept, "placed": [], "hand_character": [],
              "on_area": [], "deck_out": None}
    for turn in range(1, turns + 1):
        need = HAND_SIZE - len(hand)
        if need > len(library):
            result["deck_out"] = turn
            break
        drawn = library[:need]
        hand += drawn
        del library[:need]
        result["hand_character"].append(any(c.is_character for c in hand))
        candidates = [i for i, c in enumerate(hand) if c.is_character and c.name not in on_area]
        placed = bool(candidates) and len(on_area) < MAX_CHARACTERS
        character = None
        if placed:
            character = hand.pop(max(candidates, key=lambda i: hand[i].hp))
            on_area.add(character.name)
        result["placed"].append(placed)
        result["on_area"].append(len(on_area))
        laid = [_lay_one(hand)]
        if turn % 2 == 1:
            laid.append(_lay_one(hand))
        if log is not None:
            log["turns"].append({"turn": turn, "drawn": [c.code for c in drawn],
                                 "placed": character.code if character else None,
                                 "laid": [c.code for c in laid if c is not None]})
    return result


def sample_game(cards: list[StatCard], turns: int = 3, seed: int = 0, mulligan: bool = True) -> dict:
    """One goldfish game of the deck ``cards`` shown card by card (the deck page's "sample
    hand"): ``{"seed", "mulligan", "hand", "area", "turns": [{"turn", "drawn", "placed",
    "laid"}]}`` as ``play_one``'s ``log``, codes in the order drawn. The same ``seed`` deals
    the same game. Raises ``ValueError`` for ``turns`` outside 1…20 or a deck with fewer than
    11 cards (``MIN_CARDS``) or more than 999 (``MAX_CARDS``)."""
    if not 1 <= turns <= 20:
        raise ValueError("turns must be from 1 to 20")
    check_size(sum(c.count for c in cards), "a sample hand")
    deck = _copies(cards)
    log: dict = {}
    play_one(deck, random.Random(seed), turns, mulligan, log)
    return {"seed": seed, **log}


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
    ``runs`` outside 1…100000, ``turns`` outside 1…20, or a deck with fewer than 11 cards or more
    than 999 (``check_size``).
    """
    if not 1 <= runs <= MAX_RUNS:
        raise ValueError(f"runs must be from 1 to {MAX_RUNS}")
    if not 1 <= turns <= 20:
        raise ValueError("turns must be from 1 to 20")
    check_size(sum(c.count for c in cards))
    deck = _copies(cards)
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
