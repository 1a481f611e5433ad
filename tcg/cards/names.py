"""A card's name in the reader's language, and the order a reader expects a list of cards in.
Plain Python, no Django.

Names (elements-of-chaos.md, "Cards": every card has a Japanese name, most an English one):

- ``display_name(card, lang)``: the name to show first — the English name when ``lang`` is
  ``"en"`` and the card has one, else the Japanese name;
- ``other_name(card, lang)``: the name to show small beneath it, the other language's (``""``
  when the card has no other name, or the same one);
- ``CardName(name, name_en)``: a card's name as a parameter of a ``tcg.message.Message``, said
  in each reader's language.

``card`` is any mapping or object with ``name`` and optionally ``name_en`` and ``reading``
(the interchange dict, a ``CardRecord``, a catalogue row, a deck entry dict).

Order (the order of a dictionary or a card shop's binder, never the order of code points):

- ``reading_of(name, reading)``: the card's kana reading in hiragana; the catalogue's
  ``reading`` when it has one, else derived from the name (kanji read by pykakasi);
- ``kana_key(text)``: the sort key of a reading in gojūon order (JIS X 4061's rules: a voiced
  or half-voiced kana sorts with its plain one, a small kana with its large one, the long
  vowel mark ー as the vowel it lengthens; ties broken plain before voiced, small before
  large);
- ``name_key(card, lang)``: the reading's ``kana_key`` in Japanese, the English name folded
  (case, width) in English — a card without an English name sorts after those with one, by
  its reading;
- ``card_order_key(card, lang, by)``: a deck list's order — by type (characters, items,
  events), then ``by`` ``"name"`` (the name key, then code), ``"size"`` (SIZE, then name) or
  ``"code"`` (the card code).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import pykakasi

from tcg.folding import fold
from tcg.message import Localizable
from tcg.vocabulary import TYPES

#: The orders a deck list can be shown in (``card_order_key``'s ``by``).
ORDERS = ("name", "size", "code")
#: The languages names are shown in.
LANGUAGES = ("ja", "en")

_TYPE_ORDER = {card_type: i for i, card_type in enumerate(TYPES)}
_VOICING = {"\u3099": 1, "\u309a": 2}  # combining (han)dakuten after NFD
_SMALL = dict(zip("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ"))
_VOWEL_ROWS = {
    "あ": "あかさたなはまやらわ",
    "い": "いきしちにひみりゐ",
    "う": "うくすつぬふむゆる",
    "え": "えけせてねへめれゑ",
    "お": "おこそとのほもよろを",
}
_VOWEL_OF = {kana: vowel for vowel, row in _VOWEL_ROWS.items() for kana in row}
_LONG_MARK = "ー"


def _field(card, key: str) -> str:
    value = card.get(key, "") if isinstance(card, dict) else getattr(card, key, "")
    return value or ""


def _lang(lang: str | None) -> str:
    return "en" if (lang or "").lower().startswith("en") else "ja"


def display_name(card, lang: str | None) -> str:
    """The name shown first to a reader of ``lang`` (``"ja"``/``"en"``; anything else is
    Japanese): the English name in English when there is one, else the Japanese name."""
    name, name_en = _field(card, "name"), _field(card, "name_en")
    if _lang(lang) == "en" and name_en:
        return name_en
    return name or name_en


class CardName(Localizable):
    """A card's name inside a ``tcg.message.Message``: its English name as a ``str`` (the
    Japanese one when it has none), and ``display_name`` for a reader of another language."""

    name: str
    name_en: str

    def __new__(cls, name: str, name_en: str = "") -> "CardName":
        self = super().__new__(cls, name_en or name)
        self.name, self.name_en = name, name_en or ""
        return self

    def __reduce__(self):
        return (CardName, (self.name, self.name_en))

    def in_language(self, lang: str) -> str:
        return display_name({"name": self.name, "name_en": self.name_en}, lang)


def other_name(card, lang: str | None) -> str:
    """The name shown small beneath ``display_name``: the other language's, ``""`` when the
    card has none or it is the same text."""
    name, name_en = _field(card, "name"), _field(card, "name_en")
    first = display_name(card, lang)
    other = name if first == name_en else name_en
    return "" if not other or other == first else other


@lru_cache(maxsize=1)
def _kakasi() -> pykakasi.kakasi:
    """The converter, made once (it opens its dictionaries) when a name first needs it."""
    return pykakasi.kakasi()


@lru_cache(maxsize=4096)
def _derived_reading(name: str) -> str:
    return "".join(part["hira"] for part in _kakasi().convert(name))


def reading_of(name: str, reading: str = "") -> str:
    """The reading of a card named ``name`` in hiragana, folded (``tcg.folding.fold``):
    ``reading`` when given, else the name read by pykakasi (kanji to kana; kana and Latin
    letters kept). ``""`` for an empty name."""
    if reading:
        return fold(reading)
    if not name:
        return ""
    return fold(_derived_reading(name))


def kana_key(text: str) -> tuple[str, tuple[int, ...]]:
    """The gojūon sort key of ``text`` (a reading; folded first): ``(primary, ties)``.

    ``primary`` is the text with voicing marks dropped, small kana made large and ``ー`` made
    the vowel before it, so がっこう sorts with かつこう; ``ties`` orders the rest: plain before
    voiced before half-voiced, small before large, per character."""
    primary, ties = [], []
    previous = ""
    for char in fold(text):
        parts = unicodedata.normalize("NFD", char)
        base, marks = parts[0], parts[1:]
        voicing = max((_VOICING.get(m, 0) for m in marks), default=0)
        small = base in _SMALL
        base = _SMALL.get(base, base)
        if base == _LONG_MARK and previous in _VOWEL_OF:
            base = _VOWEL_OF[previous]
        primary.append(base)
        ties.append(voicing * 2 + (0 if small else 1))
        previous = base
    return "".join(primary), tuple(ties)


def name_key(card, lang: str | None) -> tuple:
    """The key a list sorts ``card`` by name in ``lang``: in Japanese its reading's
    ``kana_key``; in English ``(0, folded English name)``, or ``(1, kana_key)`` when it has
    none (after the English names)."""
    reading = kana_key(reading_of(_field(card, "name"), _field(card, "reading")))
    if _lang(lang) == "en":
        name_en = _field(card, "name_en")
        return (0, fold(name_en), reading) if name_en else (1, "", reading)
    return reading, fold(_field(card, "name"))


def card_order_key(card, lang: str | None, by: str = "name") -> tuple:
    """The key of ``card`` in a deck list shown to a reader of ``lang``: its type's place in
    ``TYPES`` (unknown types last), then by ``by`` (one of ``ORDERS``; anything else is
    ``"name"``): ``"name"`` the ``name_key`` then code, ``"size"`` SIZE then name then code,
    ``"code"`` the code. ``card`` needs ``type`` and ``code``; ``size`` for ``"size"``."""
    kind = _TYPE_ORDER.get(_field(card, "type"), len(TYPES))
    code = _field(card, "code")
    if by == "code":
        return kind, code
    if by == "size":
        size = card.get("size") if isinstance(card, dict) else getattr(card, "size", None)
        return kind, size if isinstance(size, int) else 99, name_key(card, lang), code
    return kind, name_key(card, lang), code
