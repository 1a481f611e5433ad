"""Piles and hands of cards as tuples, never mutated.

A *pile* (deck, draw pile, discard pile, stock) is a tuple with its **top first**: ``pile[0]``
is the next card drawn, as in the rules pages' stacked decks ("a list of all card values, top
first", lama.md and elements.md, "Stacked deals"). A *hand* is a tuple kept sorted, so its
order tells nothing about when a card came in. Cards are any hashable, orderable values (ints
for L.A.M.A. and Completto, tuples for coloured cards).
"""
from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

from tcg.message import Message, gettext_noop, joined

from .errors import bad_option, shown


def full_deck(values: Iterable, copies: int = 1) -> tuple:
    """``copies`` of each value, in value order: ``full_deck(range(1, 8), 8)`` is L.A.M.A.'s 56."""
    return tuple(v for v in values for _ in range(copies))


def deal(deck: Sequence, hands: int, size: int) -> tuple[tuple[tuple, ...], tuple]:
    """Deal ``size`` cards to each of ``hands`` players in blocks from the top: hand ``i`` gets
    ``deck[size*i : size*i + size]`` (sorted), the rest keeps its order (lama.md and elements.md,
    "Stacked deals"). Returns ``(hands, rest)``; ``ValueError`` when the deck is too short."""
    need = hands * size
    if len(deck) < need:
        raise ValueError(f"cannot deal {hands} x {size} cards from {len(deck)}")
    return tuple(tuple(sorted(deck[size * i: size * i + size])) for i in range(hands)), tuple(deck[need:])


def draw(pile: Sequence, count: int = 1) -> tuple[tuple, tuple]:
    """Take ``count`` cards from the top: ``(drawn, rest)``; ``ValueError`` when the pile has
    fewer cards."""
    if count > len(pile):
        raise ValueError(f"cannot draw {count} from a pile of {len(pile)}")
    return tuple(pile[:count]), tuple(pile[count:])


def put(pile: tuple, card) -> tuple:
    """``pile`` with ``card`` on top."""
    return (card, *pile)


def take(hand: tuple, card) -> tuple:
    """``hand`` less one copy of ``card``; ``ValueError`` when the hand has none."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def add(hand: tuple, card) -> tuple:
    """The sorted ``hand`` with ``card`` added in its place."""
    out = list(hand)
    insort(out, card)
    return tuple(out)


def holds(hand: tuple, card) -> bool:
    """Whether the sorted ``hand`` holds ``card`` (binary search)."""
    i = bisect_left(hand, card)
    return i < len(hand) and hand[i] == card


def distinct(hand: Iterable) -> tuple:
    """The different values in ``hand``, in order: ``distinct((4, 4, 7)) == (4, 7)``."""
    return tuple(sorted(set(hand)))


def check_cards(cards: Sequence[Hashable], expected: Counter, name: str) -> None:
    """``BadOption`` (``play.engine.errors``, a ``ValueError``) naming ``name`` unless ``cards`` holds exactly the ``expected`` multiset
    (e.g. a stacked deck must be the game's components, lama.md "Stacked deals"); the message
    says which values are over or short."""
    if not isinstance(cards, (list, tuple)):
        raise bad_option(gettext_noop("%(name)s must be a list of cards, not %(type)s"),
                         name=name, type=type(cards).__name__)
    try:
        got = Counter(cards)
    except TypeError:
        raise bad_option(gettext_noop("%(name)s holds something that is not a card"), name=name) from None
    if got == expected:
        return
    unknown = [c for c in got if c not in expected]
    if unknown:
        raise bad_option(gettext_noop("%(name)s holds %(card)s, which is not a card of this game"),
                         name=name, card=shown(unknown[0]))
    diffs = [Message(gettext_noop("%(got)s of %(card)s (not %(expected)s)"), got=got[c], card=shown(c), expected=n)
             for c, n in expected.items() if got[c] != n]
    raise bad_option(gettext_noop("%(name)s must hold %(total)s cards, %(each)s; it has %(diffs)s"),
                     name=name, total=sum(expected.values()), each=_each(expected), diffs=joined(diffs, ", "))


def _each(expected: Counter) -> Message:
    counts = set(expected.values())
    if len(counts) == 1:
        return Message(gettext_noop("%(count)s of each value"), count=counts.pop())
    return Message(gettext_noop("the game's components"))
