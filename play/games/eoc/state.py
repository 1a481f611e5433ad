"""The immutable state of an Elements of Chaos match (frozen dataclasses of tuples, dumped with the
kit's codec). Seats are 0 and 1; squares are ``(row, col)`` as seen from seat 0
(elements-of-chaos.md, "Actions (API)") and the area is a flat tuple indexed ``row * 4 + col``.

The :class:`Catalogue` (cards and board size) is shared unchanged by every state of a match: a
stored state names it by its ``key`` (the match's options hold the card data, see
:mod:`.stored`). The small classes (all but :class:`EocState`) are stored as lists of their
fields.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tcg.numbers import AREA_COLUMNS

from .cards import Catalogue

#: The area's columns ("The area").
COLS = AREA_COLUMNS

# Phases (elements-of-chaos.md, "Set-up" and "A turn").
MULLIGAN, ARRANGE = "mulligan", "arrange"
CHARACTER, SET, TABLE, CHOOSE, PART, OVER = "character", "set", "table", "choose", "part", "over"
PHASES = (MULLIGAN, ARRANGE, CHARACTER, SET, TABLE, CHOOSE, PART, OVER)


@dataclass(frozen=True)
class Slot:
    """An area card on a square ("The area"): its ``code``, its ``owner`` (the seat that laid
    it) and whether it lies ``face_up`` (an item turned over; "A turn", items)."""

    code: str
    owner: int
    face_up: bool

    json_list: ClassVar[bool] = True  # stored as [code, owner, face_up]


@dataclass(frozen=True)
class Char:
    """A character on the area: a match-unique ``uid`` (so a charge's push-back follows it
    wherever it moves), its ``owner``, card ``code``, current ``hp`` and square."""

    uid: int
    owner: int
    code: str
    hp: int
    row: int
    col: int

    json_list: ClassVar[bool] = True  # stored as [uid, owner, code, hp, row, col]


@dataclass(frozen=True)
class Push:
    """A push-back owed by a charge ("A turn", 5 charge and 6): the charging ``seat``, the
    target's ``uid`` and the unit direction ``(dr, dc)`` from the charger to the target at the
    time of the charge."""

    seat: int
    uid: int
    dr: int
    dc: int

    json_list: ClassVar[bool] = True  # stored as [seat, uid, dr, dc]


@dataclass(frozen=True)
class Mod:
    """A change with a duration made by a card effect (see :mod:`.effects`): ``kind`` is a stat
    of ``tcg.effects.language.STATS`` or a prohibition ``"not:" + W`` (``W`` one of
    ``PROHIBITIONS``, docs/eoc-effects.md, "Prohibitions"); ``uid`` the character it applies to;
    ``amount`` the signed change; ``until`` ``"step"`` or ``"turn"``."""

    kind: str
    uid: int
    amount: int
    until: str

    json_list: ClassVar[bool] = True  # stored as [kind, uid, amount, until]


@dataclass(frozen=True)
class Pending:
    """A decision the engine waits on (docs/eoc-effects.md, "Decisions"): the deciding ``seat``,
    its ``kind`` (``"order"``), the ``cards`` it orders (top first as they lay), the seat whose
    ``deck`` they came from and where they go (``to``: ``"top"`` or ``"bottom"``). The effect
    that asked continues once it is answered: the card whose effect it is (``code``), the index
    of the operation after the one that asked (``next_op``), the user's ``uid`` and the targets
    chosen for the operations still to run (``targets``: squares as ``(row, col)``, hand cards as
    codes, ``None`` for a choice without a candidate)."""

    seat: int
    kind: str
    cards: tuple[str, ...]
    deck: int
    to: str
    code: str
    next_op: int
    uid: int
    targets: tuple[tuple[int, int] | str | None, ...]

    json_list: ClassVar[bool] = True  # stored as [seat, kind, cards, deck, to, code, next_op, uid, targets]


@dataclass(frozen=True)
class Peek:
    """A hidden card a seat was shown by a look (docs/eoc-effects.md, "Looks at hidden cards"):
    ``source`` ``"hand"`` (a card of the opponent's hand, until the end of the turn) or
    ``"area"`` (the face-down area card on ``(row, col)``, while it lies there face down;
    ``-1, -1`` for a hand card), and the card's ``code``."""

    source: str
    code: str
    row: int
    col: int

    json_list: ClassVar[bool] = True  # stored as [source, code, row, col]


@dataclass(frozen=True)
class Part:
    """What the acting seat has done in its part of the current STEP ("A turn", 5): characters
    that used an event, moved or used their special (by ``uid``), whether any action other than
    an event has been taken (``acted``: events come first), an attack or charge made
    (``struck``), a defend made (``defended``), and whether a card marked ``manual`` was used,
    which opens sandbox actions to the seat for the rest of the part (``manual``)."""

    events: tuple[int, ...] = ()
    moved: tuple[int, ...] = ()
    specials: tuple[int, ...] = ()
    acted: bool = False
    struck: bool = False
    defended: bool = False
    manual: bool = False

    json_list: ClassVar[bool] = True  # stored as [events, moved, specials, acted, struck, defended, manual]


@dataclass(frozen=True)
class Turned:
    """The last damage card turned over, shown to both seats ("Hidden information"): the
    attacking ``seat``, the card's ``code`` and the ``damage`` it dealt."""

    seat: int
    code: str
    damage: int

    json_list: ClassVar[bool] = True  # stored as [seat, code, damage]


@dataclass(frozen=True)
class Result:
    """How the match ended ("Winning"): ``winners`` (empty for a draw) and the ``reason``:
    ``"base"``, ``"down"`` or ``"deck_out"``."""

    winners: tuple[int, ...]
    reason: str

    json_list: ClassVar[bool] = True  # stored as [winners, reason]


@dataclass(frozen=True)
class EocState:
    """The whole position.

    - ``cat``: the :class:`Catalogue` (stored as its ``key``: ``"cards"``); ``rng``: the
      generator's state.
    - ``phase`` (one of ``PHASES``), ``turn`` (1-based; 0 during set-up), ``ap`` (the active
      player; chosen at set-up but shown only once set-up ends), ``actor`` (the seat to act in
      the one-seat phases), ``step`` (1..3 in the STEPs, else 0), ``rule`` (the code of this
      turn's action-table card, ``""`` before it is laid), ``chosen`` (the AP's action for this
      STEP, ``""`` before it is chosen).
    - per seat (index = seat): ``hands`` (sorted codes), ``decks`` (top first), ``discards``,
      ``downs`` and ``tables`` (the action-table piles, newest first).
    - ``area``: ``rows * 4`` squares, each a :class:`Slot` or ``None``; ``chars`` the characters
      on the area (by ``uid``); ``next_uid``.
    - ``defence`` per seat this turn; ``pushes`` owed, in the order the charges were made;
      ``part``: the acting seat's :class:`Part`; ``mods``: effect changes in force.
    - set-up: ``mulligans`` per seat (-1 unanswered, 0 kept, 1 took), ``drawn`` per seat (the
      order the 7-card hand was drawn in during the mulligan, then the 4 cards to arrange), and
      ``arranged`` per seat.
    - ``turned``: the last damage card; ``seen`` per seat: deck cards a seat was shown by an
      effect (private to it); ``result``: the :class:`Result` once over.
    - ``pending``: the :class:`Pending` decision the match waits on, or ``None``; ``peeks`` per
      seat: the hidden cards a look showed it (:class:`Peek`, private to it).
    """

    cat: Catalogue
    rng: int
    phase: str
    turn: int
    ap: int
    actor: int
    step: int
    rule: str
    chosen: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    discards: tuple[tuple[str, ...], tuple[str, ...]]
    downs: tuple[tuple[str, ...], tuple[str, ...]]
    tables: tuple[tuple[str, ...], tuple[str, ...]]
    area: tuple[Slot | None, ...]
    chars: tuple[Char, ...]
    next_uid: int
    defence: tuple[int, int]
    pushes: tuple[Push, ...]
    part: Part
    mods: tuple[Mod, ...]
    mulligans: tuple[int, int]
    drawn: tuple[tuple[str, ...], tuple[str, ...]]
    arranged: tuple[bool, bool]
    turned: Turned | None
    seen: tuple[tuple[str, ...], tuple[str, ...]]
    result: Result | None
    pending: Pending | None = None
    peeks: tuple[tuple[Peek, ...], tuple[Peek, ...]] = ((), ())

    @property
    def rows(self) -> int:
        return self.cat.rows
