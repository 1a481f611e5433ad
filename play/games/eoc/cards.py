"""Cards and decks of Elements of Chaos (elements-of-chaos.md, "Cards" and "Decks").

A deck in the options is a list of 51 catalogue interchange dicts (the format that
``tcg.cards.interchange`` reads), top first. Each distinct code becomes one :class:`Card`, kept in
the match's :class:`Catalogue`; piles, hands and the area name cards by code.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from functools import cached_property

from play.engine import to_json

from play.engine.errors import bad_option
from tcg.cards.interchange import CardDataError, card_from_dict
from tcg.effects.language import MANUAL, parse_effect
from tcg.effects.text import card_text
from tcg.message import gettext_noop
from tcg.numbers import DECK_SIZE, MAX_COPIES
from tcg.shown_text import CONTROL, INVISIBLE_NAME, MARKS, MAX_MARKS, name_problem, text_problem
from tcg.vocabulary import STEPS


@dataclass(frozen=True)
class Card:
    """One card as the engine uses it ("Cards"). ``colours`` is a tuple of colour names (empty:
    colourless); ``bonus`` is ``(colour, value)`` or ``None``; ``steps`` the three lists of the
    action table; ``hp``, ``directions`` and ``movement`` are ``0``, ``""`` and ``0`` for
    non-characters. ``effect`` is the card's effect as canonical JSON text, ``None`` for a vanilla
    card (no effect at all)."""

    code: str
    name: str
    type: str
    colours: tuple[str, ...]
    size: int
    bonus: tuple[str, int] | None
    steps: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    hp: int
    directions: str
    movement: int
    effect: str | None
    name_en: str = ""

    def to_json(self) -> dict:
        """The card as its view shows it: ``{"code", "name", "name_en", "type", "colours", "size",
        "size_bonus", "action_table", "hp", "directions", "movement", "effect"}``. Made once and
        the same dict on every call (every view names its cards: a search builds views by the
        thousand a move), so it is read, never changed."""
        return self._json

    @cached_property
    def _json(self) -> dict:
        return {
            "code": self.code, "name": self.name, "name_en": self.name_en, "type": self.type,
            "colours": list(self.colours),
            "size": self.size,
            "size_bonus": None if self.bonus is None else {"colour": self.bonus[0], "value": self.bonus[1]},
            "action_table": {k: list(v) for k, v in zip(STEPS, self.steps)},
            "hp": self.hp, "directions": self.directions, "movement": self.movement,
            "effect": None if self.effect is None else json.loads(self.effect),
        }


@dataclass(frozen=True)
class Catalogue:
    """Every distinct card of the match, sorted by code, the board's size (option ``rows``),
    whether the deal is stacked and whether the match is played in sandbox mode (option
    ``sandbox``). ``card(code)`` looks a card up, ``effect(code)`` gives its
    effect's operations; ``has_effects`` says whether any card has one, ``has_triggers`` whether
    any item has a trigger. ``ValueError`` (naming the
    card) for an effect the effect language cannot read (see :mod:`.effects`)."""

    rows: int
    stacked: bool
    cards: tuple[Card, ...]
    sandbox: bool = False

    def __post_init__(self):
        object.__setattr__(self, "_by_code", {c.code: c for c in self.cards})
        effects = {c.code: parse_effect(c.effect, c.type, c.code) for c in self.cards}
        object.__setattr__(self, "_effects", effects)
        object.__setattr__(self, "has_effects", any(effects.values()))
        object.__setattr__(self, "has_triggers", any(op["op"] == "trigger" for ops in effects.values() for op in ops))

    def effect(self, code: str) -> tuple[dict, ...]:
        """The checked operations of card ``code``'s effect (``()`` for a vanilla card); see
        :mod:`.effects`."""
        return self._effects[code]

    def card(self, code: str) -> Card:
        """The :class:`Card` of ``code`` (``KeyError`` for a code not in the match)."""
        return self._by_code[code]

    def is_manual(self, code: str) -> bool:
        """Whether card ``code``'s effect is ``"manual"``: the players resolve it by hand
        (see :mod:`.sandbox`)."""
        return self._by_code[code].effect == '"manual"'

    def has(self, code) -> bool:
        """Whether ``code`` names a card of this match."""
        return code in self._by_code

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """The cards' codes in ``cards``' order (sorted): a card's position in the catalogue."""
        return tuple(c.code for c in self.cards)

    @cached_property
    def positions(self) -> dict[str, int]:
        """Each card's position in ``codes``, by code."""
        return {code: i for i, code in enumerate(self.codes)}

    @cached_property
    def key(self) -> str:
        """What a stored state names this catalogue by: 24 hex digits of the SHA-256 of its
        canonical JSON (board size, stacked, sandbox and every card), the same in every process."""
        text = json.dumps(to_json(self), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:24]


#: How many catalogues ``remember`` keeps (the least recently used goes first).
CATALOGUES_KEPT = 256
_CATALOGUES: OrderedDict[str, Catalogue] = OrderedDict()
_CATALOGUES_LOCK = threading.Lock()


def remember(catalogue: Catalogue) -> Catalogue:
    """Keep ``catalogue`` for ``known`` (the one already kept under its key, when there is one,
    is returned instead, so the states of a match share one)."""
    key = catalogue.key
    with _CATALOGUES_LOCK:
        kept = _CATALOGUES.setdefault(key, catalogue)
        _CATALOGUES.move_to_end(key)
        while len(_CATALOGUES) > CATALOGUES_KEPT:
            _CATALOGUES.popitem(last=False)
    return kept


def known(key: str) -> Catalogue | None:
    """The catalogue kept under ``key`` (see ``remember``), or ``None``."""
    with _CATALOGUES_LOCK:
        catalogue = _CATALOGUES.get(key)
        if catalogue is not None:
            _CATALOGUES.move_to_end(key)
    return catalogue


def forget_catalogues() -> None:
    """Forget every kept catalogue (as a new process starts)."""
    with _CATALOGUES_LOCK:
        _CATALOGUES.clear()


_PARSED: dict[str, Card] = {}

#: The names of a card (shown at the table to both seats): the rule of names shown to others.
NAME_FIELDS = ("name", "name_en")
#: Its other free texts (a manual card's ``ability`` and ``text`` are its text at the table): the
#: rule of texts shown to others.
TEXT_FIELDS = ("ability", "text", "reading", "flavour", "artist")


#: The message of each kind of text no door of the site shows (``tcg.shown_text``), for a name
#: and for another text.
_NAME_PROBLEMS = {
    CONTROL: gettext_noop("%(where)s: '%(field)s' cannot hold control or formatting characters (%(character)s)"),
    INVISIBLE_NAME: gettext_noop("%(where)s: '%(field)s' needs a visible character"),
}
_TEXT_PROBLEMS = {
    CONTROL: gettext_noop("%(where)s: '%(field)s' cannot hold control characters or bidirectional formatting "
                          "characters (%(character)s)"),
}
_MARKS = gettext_noop("%(where)s: '%(field)s' stacks more than %(max)s combining marks on one character "
                      "(%(character)s)")


def check_shown(record, where: str) -> None:
    """``BadOption`` naming ``where`` and the field when a card brought in the options holds what
    no text shown to others may (``tcg.shown_text``, the rule of every door of the site): a name
    with a control or formatting character (U+202E, U+0007, U+200B) or nothing visible (U+3164),
    another text with a control or bidirectional formatting character, any of them more than
    ``MAX_MARKS`` combining marks on one character. The names are read first, then the texts."""
    fields = [(field, name_problem, _NAME_PROBLEMS) for field in NAME_FIELDS]
    fields += [(field, text_problem, _TEXT_PROBLEMS) for field in TEXT_FIELDS]
    for field, problem_of, messages in fields:
        problem = problem_of(getattr(record, field) or "")
        if problem is None:
            continue
        kind, character = problem
        if kind == MARKS:
            raise bad_option(_MARKS, where=where, field=field, max=MAX_MARKS, character=character)
        if kind == INVISIBLE_NAME:
            raise bad_option(messages[kind], where=where, field=field)
        raise bad_option(messages[kind], where=where, field=field, character=character)


def parse_card(data, where: str) -> Card:
    """One interchange dict as a :class:`Card`; ``ValueError`` naming ``where`` and every problem
    (the reader of ``tcg.cards.interchange``, plus the ``effect`` key: absent, ``"manual"`` or a
    JSON object or list of objects), or its first text that may not be shown (:func:`check_shown`)."""
    try:
        key = json.dumps(data, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        raise bad_option(gettext_noop("%(where)s: a card must be a JSON object"), where=where) from None
    card = _PARSED.get(key)
    if card is not None:
        return card
    try:
        record = card_from_dict(data)
    except CardDataError as exc:
        raise bad_option(gettext_noop("%(where)s: %(problems)s"), where=where, problems=str(exc)) from None
    check_shown(record, where)
    effect = data.get("effect")
    if effect is not None and not (effect == "manual" or isinstance(effect, (dict, list))):
        raise bad_option(gettext_noop("%(where)s: 'effect' must be \"manual\", an object or a list of objects"),
                         where=where)
    card = Card(
        code=record.code, name=record.name, name_en=record.name_en, type=record.type, colours=tuple(record.colours),
        size=record.size, bonus=record.size_bonus,
        steps=tuple(tuple(record.action_table[k]) for k in STEPS),
        hp=record.hp or 0, directions=record.directions or "", movement=record.movement or 0,
        effect=None if effect is None else json.dumps(effect, sort_keys=True, ensure_ascii=False),
    )
    if len(_PARSED) < 10_000:
        _PARSED[key] = card
    return card


def parse_decks(raw, rows: int, stacked: bool,
                sandbox: bool = False) -> tuple[Catalogue, tuple[tuple[str, ...], tuple[str, ...]]]:
    """The option ``decks`` ("Stacked deals"): ``(catalogue, (codes0, codes1))``, each deck's
    codes top first. ``ValueError`` for anything but two lists of 51 card dicts, a card the
    interchange reader refuses, more than 3 copies of a name ("Decks"), or one code given as two
    different cards."""
    if not isinstance(raw, list) or len(raw) != 2:
        raise bad_option(gettext_noop("decks: must be a list of two decks, one per seat"))
    by_code: dict[str, Card] = {}
    decks = []
    for seat, deck in enumerate(raw):
        if not isinstance(deck, list) or len(deck) != DECK_SIZE:
            size = len(deck) if isinstance(deck, list) else type(deck).__name__
            raise bad_option(gettext_noop("decks[%(seat)s]: a deck has exactly %(size)s cards, not %(count)s"),
                             seat=seat, size=DECK_SIZE, count=size)
        codes = []
        for i, data in enumerate(deck):
            card = parse_card(data, f"decks[{seat}][{i}]")
            known = by_code.setdefault(card.code, card)
            if known != card:
                raise bad_option(gettext_noop("decks[%(seat)s][%(index)s]: %(code)s differs from another card with that code"),
                                 seat=seat, index=i, code=card.code)
            codes.append(card.code)
        names = Counter(by_code[c].name for c in codes)
        over = sorted(n for n, k in names.items() if k > MAX_COPIES)
        if over:
            raise bad_option(gettext_noop("decks[%(seat)s]: at most %(max)s copies of a card, but %(name)s has %(count)s"),
                             seat=seat, max=MAX_COPIES, name=over[0], count=names[over[0]])
        decks.append(tuple(codes))
    catalogue = Catalogue(rows=rows, stacked=stacked, cards=tuple(sorted(by_code.values(), key=lambda c: c.code)),
                          sandbox=sandbox)
    return catalogue, (decks[0], decks[1])


def texts_of(raw, lang: str) -> dict[str, str]:
    """The effect text of every card of the option ``decks`` (``raw``, as :func:`parse_decks`
    reads it) in ``lang`` (``"ja"`` or ``"en"``), by code ("Cards": the text made from the
    effect, ``tcg.effects.text.card_text``; for a ``"manual"`` effect the card's written text,
    its ``text``, else its ``ability``, ``""`` for none), in code order: the page embeds them
    for everyone at the table, and in the decks' order they would show a stacked deal's order
    ("Hidden information": nobody sees a deck's order). ``ValueError`` as
    :func:`parse_decks` for decks it refuses, or for another language."""
    out: dict[str, str] = {}
    for seat, deck in enumerate(raw if isinstance(raw, list) else []):
        for i, data in enumerate(deck if isinstance(deck, list) else []):
            card = parse_card(data, f"decks[{seat}][{i}]")
            if card.code in out:
                continue
            effect = None if card.effect is None else json.loads(card.effect)
            if effect == MANUAL:
                out[card.code] = str(data.get("text") or data.get("ability") or "")
            else:
                out[card.code] = card_text(effect, card.type, lang)
    return dict(sorted(out.items()))
