"""Deck statistics: what a deck is made of, and the damage it deals. Plain Python, no Django.

A deck is a list of ``StatCard`` (one per card code, with its ``count`` of copies). Every count
below counts copies: a deck of 3 × a red character has ``types["character"] == 3``.

The deck is also the pool of action tables and damage cards
(elements-of-chaos.md, "A turn"), so ``actions`` counts, for each STEP, the
copies whose action table lists each action there, and ``damage_distribution`` gives the odds
of each damage an attack deals before defence: the top card of the deck is turned, damage =
its SIZE plus its SIZE bonus value when the bonus colour is one of the attacker's colours,
never below 0. The turned card goes back under the deck, so every attack turns a card that is
uniformly one of the deck's cards.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from tcg.vocabulary import ACTIONS, COLOURLESS, COLOURS, DIRECTIONS, STEPS, TYPES

#: The attacker colours ``damage_by_colour`` reports: no colour, then each colour alone.
ATTACKERS = (COLOURLESS,) + COLOURS


@dataclass(frozen=True)
class StatCard:
    """What the statistics need of one card of a deck.

    ``steps`` holds the actions of STEP 1, 2 and 3 (each a tuple of action names);
    ``hp``, ``directions`` and ``movement`` are ``None`` except on characters;
    ``bonus_colour``/``bonus_value`` are both ``None`` when the card has no SIZE bonus.
    """

    code: str
    name: str
    type: str
    colours: tuple[str, ...]
    size: int
    bonus_colour: str | None
    bonus_value: int | None
    steps: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    count: int
    hp: int | None = None
    directions: str | None = None
    movement: int | None = None


def _histogram(pairs: Iterable[tuple[int, int]]) -> list[dict]:
    """``[{"value", "count"}]`` sorted by value, from ``(value, count)`` pairs."""
    counts: dict[int, int] = {}
    for value, count in pairs:
        counts[value] = counts.get(value, 0) + count
    return [{"value": v, "count": counts[v]} for v in sorted(counts)]


def deck_stats(cards: list[StatCard]) -> dict:
    """The deck's make-up. Returns::

        {"total": int,
         "types": {"character": int, "item": int, "event": int},
         "colours": {"red", "green", "black", "white", "colourless": int},   # a card of two
                      colours counts in both, so these may add up to more than total
         "size_curve": [{"value": SIZE, "count": int}, ...],                 # by SIZE
         "average_size": Fraction | None,                                   # None for no cards
         "characters": {"count": int, "hp": [{"value", "count"}], "movement": [...],
                        "directions": {"orthogonal", "diagonal", "any": int}},
         "actions": {"step1": {"move", "attack", "defend", "charge", "special": int}, ...}}
    """
    total = sum(c.count for c in cards)
    types = {t: 0 for t in TYPES}
    colours = {c: 0 for c in COLOURS} | {"colourless": 0}
    actions = {step: {a: 0 for a in ACTIONS} for step in STEPS}
    directions = {d: 0 for d in DIRECTIONS}
    for card in cards:
        types[card.type] = types.get(card.type, 0) + card.count
        for colour in card.colours or ("colourless",):
            colours[colour] += card.count
        for step, listed in zip(STEPS, card.steps):
            for action in set(listed):
                actions[step][action] += card.count
        if card.type == "character" and card.directions:
            directions[card.directions] += card.count
    characters = [c for c in cards if c.type == "character"]
    return {
        "total": total,
        "types": types,
        "colours": colours,
        "size_curve": _histogram((c.size, c.count) for c in cards),
        "average_size": Fraction(sum(c.size * c.count for c in cards), total) if total else None,
        "characters": {
            "count": types["character"],
            "hp": _histogram((c.hp, c.count) for c in characters if c.hp is not None),
            "movement": _histogram((c.movement, c.count) for c in characters if c.movement is not None),
            "directions": directions,
        },
        "actions": actions,
    }


def damage_of(card: StatCard, attacker_colours: Iterable[str]) -> int:
    """The damage ``card`` deals when turned for an attacker of ``attacker_colours``, before
    defence: SIZE, plus the bonus value when its colour is the attacker's, at least 0."""
    damage = card.size
    if card.bonus_colour is not None and card.bonus_colour in set(attacker_colours):
        damage += card.bonus_value or 0
    return max(damage, 0)


def damage_distribution(cards: list[StatCard], attacker_colours: Iterable[str] = ()) -> dict[int, Fraction]:
    """``{damage: probability}`` of one attack by an attacker of ``attacker_colours`` (empty: a
    colourless attacker), before defence, sorted by damage. Probabilities are exact and add
    up to 1; an empty deck gives ``{}``."""
    colours = tuple(attacker_colours)
    total = sum(c.count for c in cards)
    counts: dict[int, int] = {}
    for card in cards:
        damage = damage_of(card, colours)
        counts[damage] = counts.get(damage, 0) + card.count
    return {d: Fraction(counts[d], total) for d in sorted(counts)}


def mean(distribution: dict[int, Fraction]) -> Fraction | None:
    """The expected value of a ``{value: probability}`` distribution (``None`` when empty)."""
    if not distribution:
        return None
    return sum((Fraction(v) * p for v, p in distribution.items()), Fraction(0))


def damage_by_colour(cards: list[StatCard]) -> dict[str, dict]:
    """For each attacker in ``ATTACKERS`` (colourless, then one colour each):
    ``{"distribution": {damage: Fraction}, "mean": Fraction | None}``."""
    out = {}
    for attacker in ATTACKERS:
        colours = () if attacker == "colourless" else (attacker,)
        distribution = damage_distribution(cards, colours)
        out[attacker] = {"distribution": distribution, "mean": mean(distribution)}
    return out
