"""Exact draw odds of a deck (hypergeometric). Plain Python, no Django, no dependencies.

How many cards has a player drawn into their hand by each moment
(elements-of-chaos.md, "Set-up" and "A turn")?
- **opening**: the 7 cards of the opening hand.
- Set-up then draws 4 more cards, which all go face down on the area: they are not in hand.
- **turn 1** refill draws up to 7: the hand still holds 7, so nothing is drawn.
- **turn t > 1** refill draws back the cards that left the hand in the turn before. How many
  depends on play; ``played_per_turn`` (default 2: one area card set and one action table or
  character) is that number, so ``7 + played_per_turn × (t − 1)`` cards have been drawn into
  hand by turn t's refill, at most the deck less the 4 area cards.

The shuffled deck puts every card in every position alike, so the chance of at least ``k``
copies among the cards drawn into hand is the hypergeometric tail with the deck's size as
the population, whatever the 4 area cards were. A mulligan shuffles the hand back and draws 7
anew, so "at least k in the opening hand, taking the mulligan when the first hand misses" is
``1 − (1 − p)²``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from tcg.numbers import AREA_CARDS, HAND_SIZE
from tcg.vocabulary import COLOURLESS, COLOURS, TYPES

from .stats import StatCard

DEFAULT_TURNS = 5
DEFAULT_PLAYED_PER_TURN = 2
MAX_TURNS = 20


@lru_cache(maxsize=65536)
def prob_at_least(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(X ≥ k) for X hypergeometric: ``draws`` cards without replacement from ``population``
    cards of which ``successes`` are hits. Exact. ``k ≤ 0`` gives 1; ``k`` above what can be
    drawn gives 0. Raises ``ValueError`` for negative sizes, ``successes > population`` or
    ``draws > population``."""
    if population < 0 or successes < 0 or draws < 0:
        raise ValueError("population, successes and draws must not be negative")
    if successes > population or draws > population:
        raise ValueError("successes and draws must not exceed the population")
    if k <= 0:
        return Fraction(1)
    top = min(successes, draws)
    if k > top:
        return Fraction(0)
    hits = sum(comb(successes, i) * comb(population - successes, draws - i) for i in range(k, top + 1))
    return Fraction(hits, comb(population, draws))


def with_mulligan(p: Fraction) -> Fraction:
    """The chance of a hit with one mulligan taken when the first hand misses: ``1 − (1 − p)²``."""
    return 1 - (1 - p) ** 2


@dataclass(frozen=True)
class DrawPoint:
    """A moment of the game and the cards drawn into hand by then."""

    key: str      # "opening", "turn1", … "turn5"
    turn: int     # 0 for the opening hand
    cards: int


def draw_points(deck_size: int, turns: int = DEFAULT_TURNS, played_per_turn: int = DEFAULT_PLAYED_PER_TURN) -> list[DrawPoint]:
    """The opening hand and the refill of turns 1…``turns``, with the cards drawn into hand by
    then (see the module's text), never more than the deck less its 4 area cards (nor than
    the deck). Raises ``ValueError`` for ``turns`` outside 1…20 or ``played_per_turn``
    outside 0…7."""
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"turns must be from 1 to {MAX_TURNS}")
    if not 0 <= played_per_turn <= HAND_SIZE:
        raise ValueError(f"played_per_turn must be from 0 to {HAND_SIZE}")
    opening = min(HAND_SIZE, deck_size)
    cap = max(deck_size - AREA_CARDS, opening)
    points = [DrawPoint("opening", 0, opening)]
    for turn in range(1, turns + 1):
        points.append(DrawPoint(f"turn{turn}", turn, min(HAND_SIZE + played_per_turn * (turn - 1), cap)))
    return points


@dataclass(frozen=True)
class Group:
    """Cards counted together: one card name (all its printings), a type, a colour, or any
    chosen set of codes. ``copies`` is how many of the deck's cards belong to it."""

    key: str
    kind: str     # "card", "type", "colour", "custom"
    label: str
    copies: int
    codes: tuple[str, ...] = ()


def group_odds(group: Group, deck_size: int, points: list[DrawPoint], max_k: int) -> dict:
    """Odds for one group: ``{"key", "kind", "label", "copies", "codes",
    "at_least": {k: [Fraction per point]}, "opening_with_mulligan": {k: Fraction}}`` for
    k = 1…min(max_k, copies)."""
    at_least, mulligan = {}, {}
    for k in range(1, min(max_k, group.copies) + 1):
        row = [prob_at_least(deck_size, group.copies, p.cards, k) for p in points]
        at_least[k] = row
        mulligan[k] = with_mulligan(row[0])
    return {
        "key": group.key, "kind": group.kind, "label": group.label, "copies": group.copies,
        "codes": list(group.codes), "at_least": at_least, "opening_with_mulligan": mulligan,
    }


def deck_odds(
    deck_size: int, groups: list[Group], turns: int = DEFAULT_TURNS,
    played_per_turn: int = DEFAULT_PLAYED_PER_TURN, max_k: int = 3,
) -> dict:
    """The odds table of a deck: ``{"deck_size", "played_per_turn", "points": [DrawPoint],
    "groups": [group_odds(...)]}``. Raises ``ValueError`` as ``draw_points`` does, or when a
    group holds more cards than the deck."""
    points = draw_points(deck_size, turns, played_per_turn)
    for group in groups:
        if group.copies > deck_size:
            raise ValueError(f"the group {group.label} holds {group.copies} cards, more than the deck's {deck_size}")
    return {
        "deck_size": deck_size,
        "played_per_turn": played_per_turn,
        "points": points,
        "groups": [group_odds(g, deck_size, points, max_k) for g in groups],
    }


def deck_groups(cards: list[StatCard], custom: tuple[str, ...] = ()) -> list[Group]:
    """The groups of a deck's odds table: each card name (its printings together, in deck
    order), then each type and each colour the deck holds (``colourless`` included), then,
    when ``custom`` names codes, the group ``custom`` of those codes."""
    groups: dict[str, Group] = {}
    for card in cards:
        old = groups.get(f"card:{card.name}")
        codes = (old.codes if old else ()) + (card.code,)
        groups[f"card:{card.name}"] = Group(f"card:{card.name}", "card", card.name, (old.copies if old else 0) + card.count, codes)
    for kind, keys, has in (
        ("type", TYPES, lambda c, key: c.type == key),
        ("colour", COLOURS + (COLOURLESS,), lambda c, key: key in c.colours or (key == COLOURLESS and not c.colours)),
    ):
        for key in keys:
            members = [c for c in cards if has(c, key)]
            if members:
                groups[f"{kind}:{key}"] = Group(
                    f"{kind}:{key}", kind, key, sum(c.count for c in members), tuple(c.code for c in members))
    if custom:
        members = [c for c in cards if c.code in set(custom)]
        groups["custom"] = Group("custom", "custom", "custom", sum(c.count for c in members), tuple(c.code for c in members))
    return list(groups.values())
