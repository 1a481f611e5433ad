"""How a state of Elements of Chaos is stored: the JSON that :meth:`.game.EoC.dump` gives and
:meth:`.game.EoC.load` reads, kept small (the site writes it on every move and a match's state
is to stay within 2 KiB, 2,048 bytes of its JSON, at every point of a game).

It is the kit's codec's JSON of :class:`.state.EocState` (``play.engine.codec``: small classes
as lists of their fields, see :mod:`.state`) but for:

- the catalogue, named by its ``key`` under ``"cards"`` (the match's options hold the decks);
- the piles (``PILES``: each seat's hand, deck, discards, downs, action-table pile, drawn and
  seen cards): per seat one string of its cards' positions in the catalogue
  (:attr:`.cards.Catalogue.codes`, sorted by code), in the pile's order, each
  ``width(len(catalogue.codes))`` digits of base 62 (``DIGITS``: 0-9, A-Z, a-z): one digit for
  a catalogue of up to 62 cards, two up to 3,844. A deck of 51 cards takes 51 or 102 characters
  instead of 51 quoted codes;
- a field whose value is the one it holds for most of a match (``AT_REST``: no decision
  pending, no effect in force, empty piles, ...) is left out.

A state stored before (every field there, piles as lists of codes, small classes as objects)
loads as it was stored: a pile given as lists of codes is read as such (checked by the codec).
"""
from __future__ import annotations

import functools
import itertools
import string

from play.engine import fields_to_json, from_json, to_json

from .cards import Catalogue
from .state import EocState, Part

#: The digits of a card's position in a stored pile: base 62.
DIGITS = string.digits + string.ascii_uppercase + string.ascii_lowercase

#: The fields stored as strings of card positions, per seat.
PILES = ("hands", "decks", "discards", "downs", "tables", "drawn", "seen")

#: Fields left out of a stored state when they hold this value (as stored).
AT_REST = {
    "rule": "", "chosen": "", "discards": ["", ""], "downs": ["", ""], "drawn": ["", ""], "seen": ["", ""],
    "pushes": [], "mods": [], "part": to_json(Part()), "turned": None, "result": None, "pending": None,
    "peeks": [[], []],
}

#: The fields a stored state does not hold as the codec dumps them.
_NOT_AS_DUMPED = frozenset({"cat", *PILES})


def width(cards: int) -> int:
    """The digits of base 62 a card's position takes in a catalogue of ``cards`` cards (at
    least 1)."""
    digits = 1
    while len(DIGITS) ** digits < cards:
        digits += 1
    return digits


@functools.cache
def _numerals(digits: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """The numerals of ``digits`` digits of base 62 in order, and each one's value."""
    numerals = tuple("".join(n) for n in itertools.product(DIGITS, repeat=digits))
    return numerals, {n: value for value, n in enumerate(numerals)}


def store(state: EocState) -> dict:
    """The JSON-safe dict a state is stored as (see the module's docstring)."""
    cat = state.cat
    numerals = _numerals(width(len(cat.codes)))[0]
    positions = cat.positions
    data = fields_to_json(state, _NOT_AS_DUMPED)
    for name in PILES:
        data[name] = ["".join([numerals[positions[code]] for code in pile]) for pile in getattr(state, name)]
    for name, value in AT_REST.items():
        if data[name] == value:
            del data[name]
    data["cards"] = cat.key
    return data


def restore(data: dict, cat: Catalogue) -> EocState:
    """The state ``store`` gave as ``data`` (its ``"cards"`` naming ``cat``), or a state stored
    before in the codec's form. ``ValueError`` naming the field's path for data of another
    shape: a pile string whose length is not a multiple of the digits per card, or with a
    position that is not one of the catalogue's, as the codec's errors for the other fields
    (e.g. ``decks[1]: expected ...``)."""
    fields = {**AT_REST, **data}
    fields.pop("cards", None)
    given: dict = {"cat": cat}
    for name in PILES:
        value = fields.get(name)
        if type(value) is list and len(value) == 2 and all(type(seat) is str for seat in value):
            given[name] = tuple(_pile(text, cat, f"{name}[{seat}]") for seat, text in enumerate(value))
            del fields[name]
    return from_json(EocState, fields, given=given)


def _pile(text: str, cat: Catalogue, path: str) -> tuple[str, ...]:
    """The codes of a stored pile ``text``; ``ValueError`` naming ``path`` for a bad one."""
    codes = cat.codes
    digits = width(len(codes))
    values = _numerals(digits)[1]
    if len(text) % digits == 0:
        try:
            return tuple([codes[values[text[i:i + digits]]] for i in range(0, len(text), digits)])
        except (KeyError, IndexError):
            pass
    raise ValueError(f"{path}: expected the cards' positions in the catalogue ({digits} digit(s) of base 62 "
                     f"each, below {len(codes)}), got {text!r:.60}")
