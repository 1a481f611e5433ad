"""Elements' immutable state (frozen dataclasses of tuples, dumped with the kit's codec).

It is split by how often the parts change, so a bid copies little: :class:`ElementsState` holds
what changes on every action (phase, turn, hands, the auction under way) and points to a
:class:`Deal` (the row, placements, prizes, results of this deal) and a :class:`Tally` (what
lasts between deals: options, generator, deal number, scores). Cards are ints
(see :mod:`play.games.elements.cards`).
"""
from __future__ import annotations

from dataclasses import dataclass

PLACE, BID, DISCARD, OVER = "place", "bid", "discard", "over"
PHASES = (PLACE, BID, DISCARD, OVER)
STOCK = -1
"""``placed_by`` of a row card that came from the stock (elements.md, "Phase 1")."""
EMPTY = -2
"""``placed`` / ``placed_by`` of a colour card still without a card in phase 1."""


@dataclass(frozen=True)
class AuctionResult:
    """A finished auction: the ``prize`` card, each seat's ``bids`` (cards in the order played),
    and the ``winner`` (``None``: nobody played a card, so the prize was set aside)."""

    prize: int
    bids: tuple[tuple[int, ...], ...]
    winner: int | None


@dataclass(frozen=True)
class DealSummary:
    """A finished deal, shown to everyone: ``deal`` (1-based), ``row`` as it ended (colour
    indices, nearest the box first), the ``won`` prizes and ``points`` per seat, and how many
    cards each seat ``gave_up`` before the next deal (``None`` after the last deal, which has no
    give-up step)."""

    deal: int
    row: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    gave_up: tuple[int, ...] | None


@dataclass(frozen=True)
class Tally:
    """What lasts between deals. ``deals``: how many the game has; ``first_player``: the start
    player of deal 1; ``rng``: the generator's state; ``deal``: the current deal, 1-based;
    ``scores``: totals of the finished deals; ``last_deal``: the summary of the previous deal."""

    players: int
    deals: int
    first_player: int
    rng: int
    deal: int
    scores: tuple[int, ...]
    last_deal: DealSummary | None


@dataclass(frozen=True)
class Deal:
    """One deal's table. ``start``: its start player; ``row``: colour indices nearest the box
    first (the previous order during phase 1, re-ranked once all five cards are placed);
    ``placed``: per row place, its number card (:data:`EMPTY` while none); ``placed_by``: per
    row place, the seat that placed it, :data:`STOCK` or :data:`EMPTY`; ``stock``: face-down
    cards, top first; ``prizes``: in auction order, lowest first; ``auctions``: the finished
    auctions; ``won``: prizes taken per seat; ``set_aside``: the zeros and unscored prizes;
    ``gave_up``: per seat, cards given up after the deal (-1: not yet chosen)."""

    start: int
    row: tuple[int, ...]
    placed: tuple[int, ...]
    placed_by: tuple[int, ...]
    stock: tuple[int, ...]
    prizes: tuple[int, ...]
    auctions: tuple[AuctionResult, ...]
    won: tuple[tuple[int, ...], ...]
    set_aside: tuple[int, ...]
    gave_up: tuple[int, ...]


@dataclass(frozen=True)
class Auction:
    """The auction under way: ``number`` indexes ``Deal.prizes``; ``starter`` began it;
    ``round`` 1..3; ``passed`` per seat; ``bids`` per seat, the cards played, in order."""

    number: int
    starter: int
    round: int
    passed: tuple[bool, ...]
    bids: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class ElementsState:
    """The whole position. ``phase``: ``place``, ``bid``, ``discard`` or ``over``; ``turn``: the
    seat to act in phases ``place`` and ``bid`` (``None`` otherwise: in ``discard`` every seat
    that has not chosen acts); ``hands``: sorted tuples per seat; ``auction``: during ``bid``."""

    phase: str
    turn: int | None
    hands: tuple[tuple[int, ...], ...]
    auction: Auction | None
    deal: Deal
    tally: Tally
