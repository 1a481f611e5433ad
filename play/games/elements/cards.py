"""Elements' components and the bid comparison (elements.md, "Components" and "Comparing bids").

A number card is an int ``colour * 11 + value`` with ``colour`` an index into :data:`COLOURS`
(``red`` 0 … ``purple`` 4) and ``value`` 0..10, so a sorted hand is ordered by colour, then value.
On the wire a card is ``{"colour": "red", "value": 7}`` (elements.md, "Components"); a colour card
is its name. A *row* is a tuple of colour indices, nearest the box first: the nearer the box, the
higher the colour ranks.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from play.engine.errors import bad_option, shown
from tcg.message import Message, gettext_noop

COLOURS = ("red", "yellow", "green", "blue", "purple")
"""The five colours (engine names; only the rank order matters, elements.md "Components")."""
COLOUR_WORDS = tuple(Message(word) for word in (
    gettext_noop("red"), gettext_noop("yellow"), gettext_noop("green"), gettext_noop("blue"), gettext_noop("purple")))
"""Each colour as messages name it, said in the reader's language."""
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
VALUES = range(11)
CARDS = tuple(range(len(COLOURS) * len(VALUES)))
"""All 55 number cards as ints, in colour-then-value order."""
HAND_SIZE = 11

COLOUR_OF = tuple(card // 11 for card in CARDS)
VALUE_OF = tuple(card % 11 for card in CARDS)
_NAME_OF = tuple(COLOURS[c] for c in COLOUR_OF)
_BY_PAIR = {(COLOURS[card // 11], card % 11): card for card in CARDS}


def card_json(card: int) -> dict:
    """The wire form of a card: ``{"colour": "red", "value": 7}`` for ``7``."""
    return {"colour": _NAME_OF[card], "value": VALUE_OF[card]}


def cards_json(cards: Iterable[int]) -> list[dict]:
    """The wire form of several cards, in the given order."""
    return [{"colour": _NAME_OF[c], "value": VALUE_OF[c]} for c in cards]


def parse_card(data) -> int | None:
    """The card ``data`` stands for (a dict of exactly ``colour``, a colour name, and ``value``,
    an int 0..10, bools excluded), or ``None`` when it is not one."""
    if type(data) is not dict or len(data) != 2:
        return None
    value = data.get("value")
    if type(value) is not int:
        return None
    colour = data.get("colour")
    if type(colour) is not str:
        return None
    return _BY_PAIR.get((colour, value))


def card_name(card: int) -> str:
    """``"red 7"``: a card for messages and logs (a ``Message``, said in the reader's language)."""
    return Message(gettext_noop("%(colour)s %(value)s"), colour=COLOUR_WORDS[COLOUR_OF[card]], value=VALUE_OF[card])


def parse_deck(value, name: str = "deck") -> tuple[int, ...]:
    """A stacked deck (elements.md, "Stacked deals": the 55 cards in order, top first) as ints.
    ``ValueError`` naming ``name`` when it is not a list of the 55 different cards."""
    if not isinstance(value, list):
        raise bad_option(gettext_noop("%(name)s: must be a list of the 55 cards, not %(type)s"),
                         name=name, type=type(value).__name__)
    cards = []
    for i, item in enumerate(value):
        card = parse_card(item)
        if card is None:
            raise bad_option(
                gettext_noop('%(name)s[%(index)s]: %(item)s is not a card {"colour": one of %(colours)s, "value": 0..10}'),
                name=name, index=i, item=shown(item, 60), colours=", ".join(COLOURS))
        cards.append(card)
    if len(cards) != len(CARDS) or len(set(cards)) != len(CARDS):
        seen: set[int] = set()
        twice = [card_name(c) for c in cards if c in seen or seen.add(c)]
        problem = (Message(gettext_noop("%(card)s is there twice"), card=twice[0]) if twice
                   else Message(gettext_noop("it has %(count)s"), count=len(cards)))
        raise bad_option(gettext_noop("%(name)s: must hold each of the 55 cards once; %(problem)s"),
                         name=name, problem=problem)
    return tuple(cards)


def parse_colours(value, name: str = "colours") -> tuple[int, ...]:
    """A starting row (elements.md, "Stacked deals": the colour-card order, nearest the box
    first) as colour indices; ``ValueError`` naming ``name`` unless it lists the five names once."""
    if not isinstance(value, list) or not all(type(v) is str for v in value) or sorted(value) != sorted(COLOURS):
        raise bad_option(
            gettext_noop("%(name)s: must list the five colours %(colours)s once each, in row order, not %(value)s"),
            name=name, colours=", ".join(COLOURS), value=shown(value, 80))
    return tuple(COLOUR_INDEX[v] for v in value)


# -- comparing bids (elements.md, "Comparing bids") ----------------------------------------------

NO_BID = (0,)
"""The strength of a bid with no cards: below every bid with cards."""


def set_strength(cards: Sequence[int], rank: Sequence[int]) -> tuple:
    """The strength of a bid (its played cards): the key of its best set, as a tuple that
    compares like the bids (higher is stronger). ``rank[colour]`` is 0 for the colour nearest
    the box, 4 for the farthest.

    Keys: a number set of ``k`` cards of value ``v`` is ``(k, 1, v, -best_rank)``; a colour set of
    ``k`` cards of colour ``c`` is ``(k, 0, -rank[c], *values high to low)``; so more cards beat
    fewer, then a number set beats a colour set, number sets compare by value and then by their
    best-ranked colour, colour sets by colour rank and then value by value (rules 1–4 and the
    Decision). A single card is a number set. No cards: :data:`NO_BID`."""
    if not cards:
        return NO_BID
    by_value: dict[int, list[int]] = {}
    by_colour: dict[int, list[int]] = {}
    for card in cards:
        by_value.setdefault(card % 11, []).append(rank[card // 11])
        by_colour.setdefault(card // 11, []).append(card % 11)
    best = max((len(ranks), 1, value, -min(ranks)) for value, ranks in by_value.items())
    for colour, values in by_colour.items():
        if len(values) >= 2:
            values.sort(reverse=True)
            key = (len(values), 0, -rank[colour], *values)
            if key > best:
                best = key
    return best


def rank_of(row: Sequence[int]) -> tuple[int, ...]:
    """Per colour index, its place in ``row`` (0 nearest the box)."""
    rank = [0] * len(COLOURS)
    for place, colour in enumerate(row):
        rank[colour] = place
    return tuple(rank)


def subsets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every subset of ``hand`` (each in hand order), the empty one first, by size: what the
    give-up step offers (elements.md, "Actions": at most 2,048 for 11 cards)."""
    return [combo for size in range(len(hand) + 1) for combo in combinations(hand, size)]
