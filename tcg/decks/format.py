"""The deck text format: reading and writing deck lists. Plain Python, no Django.

One entry a line (DESIGN.md, "Deck text format")::

    3 Name        3x Name        x3 Name        Name x3        Name   (= 1)
    3 Name (VA-001)              3 VA-001

Blank lines and lines starting with ``#`` are ignored. Text is NFKC-normalised first, so
full-width digits and spaces read as ASCII ones. A count must be a whole number from 1 to
``MAX_COUNT``; a line with a zero, negative or missing count or no name is a ``bad_line``.
Names are not resolved here (see ``tcg.decks.rules``).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tcg.cards.names import card_order_key, display_name
from tcg.vocabulary import TYPES

MAX_COUNT = 999
MAX_LINES = 2000

_CODE = r"[A-Za-z0-9]{1,10}-[A-Za-z0-9]{1,10}"
CODE_RE = re.compile(rf"^{_CODE}$")
_LEADING_COUNT = re.compile(r"^(?P<count>[-+]?[0-9]+)\s*[x×]?\s+(?P<rest>.+)$", re.IGNORECASE)
_LEADING_X_COUNT = re.compile(r"^[x×](?P<count>[-+]?[0-9]+)\s+(?P<rest>.+)$", re.IGNORECASE)
_TRAILING_COUNT = re.compile(r"^(?P<rest>.+?)\s+[x×](?P<count>[-+]?[0-9]+)$", re.IGNORECASE)
BARE_COUNT_RE = re.compile(r"^[x×]?[-+]?[0-9]+[x×]?$", re.IGNORECASE)
_CODE_SUFFIX = re.compile(rf"^(?P<name>.*?)\s*[(\[](?P<code>{_CODE})[)\]]$")


@dataclass(frozen=True)
class DeckLine:
    """One readable entry: ``line`` is 1-based over every line of the text."""

    line: int
    count: int
    name: str | None
    code: str | None
    text: str


@dataclass(frozen=True)
class LineProblem:
    """A line that cannot be read: always problem code ``bad_line``."""

    line: int
    text: str
    message: str
    code: str = "bad_line"

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "line": self.line, "text": self.text}


def _split_count(line: str) -> tuple[str, str | None]:
    """``(rest, count_text)``: the count as typed (``None`` when the line has none)."""
    for pattern in (_LEADING_X_COUNT, _LEADING_COUNT, _TRAILING_COUNT):
        match = pattern.match(line)
        if match:
            return match.group("rest").strip(), match.group("count")
    return line, None


def parse_line(number: int, raw: str) -> DeckLine | LineProblem | None:
    """Read one line; ``None`` for a blank or comment line."""
    line = unicodedata.normalize("NFKC", raw).strip()
    if not line or line.startswith("#"):
        return None
    if BARE_COUNT_RE.match(line):
        return LineProblem(number, raw, f"Line {number} has a count but no card name.")
    rest, count_text = _split_count(line)
    count = 1 if count_text is None else int(count_text)
    if count < 1 or count > MAX_COUNT:
        return LineProblem(
            number, raw, f"Line {number}: the count must be a whole number from 1 to {MAX_COUNT}, not {count_text}."
        )
    if CODE_RE.match(rest):
        return DeckLine(number, count, None, rest.upper(), raw)
    match = _CODE_SUFFIX.match(rest)
    if match:
        name = match.group("name").strip() or None
        return DeckLine(number, count, name, match.group("code").upper(), raw)
    return DeckLine(number, count, rest, None, raw)


def parse_deck_text(text: str) -> tuple[list[DeckLine], list[LineProblem]]:
    """Read a deck list into its entries and the problems of unreadable lines.

    Returns ``(entries, problems)``, both in line order. Raises ``ValueError`` when the text
    has more than ``MAX_LINES`` lines. A byte-order mark at the start (lists saved by some
    editors begin with one) is not part of the first line.
    """
    lines = text.removeprefix("\ufeff").splitlines()
    if len(lines) > MAX_LINES:
        raise ValueError(f"A deck list has at most {MAX_LINES} lines; this one has {len(lines)}.")
    entries: list[DeckLine] = []
    problems: list[LineProblem] = []
    for number, raw in enumerate(lines, start=1):
        parsed = parse_line(number, raw)
        if isinstance(parsed, DeckLine):
            entries.append(parsed)
        elif isinstance(parsed, LineProblem):
            problems.append(parsed)
    return entries, problems


#: The order of types in a written deck list: characters, items, events (``TYPES``).
TYPE_ORDER = {card_type: i for i, card_type in enumerate(TYPES)}


def export_deck_text(cards: list[dict], title: str | None = None, lang: str = "ja", by: str = "name") -> str:
    """Write a deck as ``3 Name (CODE)`` lines in the order a reader of ``lang`` expects
    (``tcg.cards.names.card_order_key``: by type — characters, items, events — then by the
    reading in kana order in Japanese or the English name in English; ``by`` ``"size"`` or
    ``"code"`` for those orders), each card named in ``lang`` (``display_name``).
    ``cards``: dicts with ``count``, ``name``, ``code``, ``type`` and optionally ``name_en``,
    ``reading`` (else derived from the name) and ``size``. ``title`` is written first as a
    ``#`` comment. Reads back to the same deck (a name and its code agree in either language)."""
    out = []
    if title:
        out += [f"# {line}" for line in title.splitlines()]
    for card in sorted(cards, key=lambda c: card_order_key(c, lang, by)):
        out.append(f"{card['count']} {display_name(card, lang)} ({card['code']})")
    return "\n".join(out) + "\n"
