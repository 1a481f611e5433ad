"""The deck rules: resolve a parsed deck list against a card index and check it. Plain Python,
no Django (the catalogue's index is ``cardsdb.selectors.deck_index.CatalogueIndex``).

Rules (elements-of-chaos.md, "Decks"; the numbers of ``tcg.numbers``): exactly ``DECK_SIZE`` (51) cards; at
most ``MAX_COPIES`` (3) copies of a card, copies being cards of the same name across printings.
Resolving (DESIGN.md, "Deck text format"): a code names its card; a name matches a card's
Japanese name, English name or kana reading exactly after ``fold``, in that order of
preference; a miss is ``unknown_card`` with close matches, never a guess.

Problem codes, each a dict with ``code`` and ``message`` (a ``tcg.message.Message``: English as a
``str``, said again in the reader's language by the web layer, a card named in the message by
its ``tcg.cards.names.CardName`` so that each reader sees its name in their language) and the
keys named:
- ``bad_line`` (``line``, ``text``): from ``tcg.decks.format``; or a line whose first word is
  not a count but whose rest names a card (``three SMP-003``), with ``count_text`` (the word)
  and ``card_text`` (the rest);
- ``unknown_card`` (``line`` or ``entry``, ``text``, ``suggestions``: card names; close names are
  looked for only for the first ``MAX_SUGGESTED`` distinct names a list misses, the later
  misses have none);
- ``ambiguous_card`` (``line`` or ``entry``, ``text``, ``candidates``: ``{"code","name","name_en"}``);
- ``name_mismatch`` (``line``, ``code``-of-card as ``card_code``, ``name``, ``card_name``,
  ``card_name_en``);
- ``count_too_large`` (``card_code``, ``count``, ``max``, ``lines``): one card's lines add up to more
  than ``MAX_COUNT``, which no deck list line could hold;
- ``too_many_copies`` (``name``, ``name_en``, ``count``, ``max``, ``codes``, ``lines``);
- ``deck_size`` (``total``, ``expected``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol

from tcg.cards.names import CardName
from tcg.folding import fold
from tcg.message import Message, gettext_noop, joined
from tcg.numbers import DECK_SIZE, MAX_COPIES

from .format import CODE_RE, MAX_COUNT, DeckLine, LineProblem


@dataclass(frozen=True)
class CardRef:
    """What the deck rules need to know of a card."""

    code: str
    name: str
    name_en: str
    reading: str
    type: str


class CardIndex(Protocol):
    """The catalogue as the deck rules see it."""

    def by_code(self, code: str) -> CardRef | None:
        """The card with this code (upper case), or ``None``."""

    def by_folded_name(self, key: str) -> list[CardRef]:
        """Cards whose name, else English name, else reading folds to ``key`` (first field that
        matches any card wins), ordered by code."""

    def suggestions(self, text: str) -> list[str]:
        """Up to a few card names close to ``text``, best first."""


#: The most distinct missed names of one list that close names are looked for: each look scores
#: every name of the catalogue, so a list of 2,000 made-up names took 40 s of a worker over a
#: catalogue of 20,000 cards. Past it a miss is still ``unknown_card``, without suggestions.
MAX_SUGGESTED = 20


class _SuggestionBudget:
    """``index`` whose ``suggestions`` are looked up once per distinct text and for at most
    ``MAX_SUGGESTED`` texts; past that they are ``[]``."""

    def __init__(self, index: CardIndex):
        self._index = index
        self._found: dict[str, list[str]] = {}

    def by_code(self, code: str) -> CardRef | None:
        return self._index.by_code(code)

    def by_folded_name(self, key: str) -> list[CardRef]:
        return self._index.by_folded_name(key)

    def suggestions(self, text: str) -> list[str]:
        if text not in self._found:
            if len(self._found) >= MAX_SUGGESTED:
                return []
            self._found[text] = self._index.suggestions(text)
        return self._found[text]


@dataclass
class ResolvedCard:
    """A card of the deck with its total count and the lines (or entries) it came from."""

    code: str
    name: str
    name_en: str
    type: str
    count: int
    lines: list[int] = field(default_factory=list)
    reading: str = ""  # the kana reading, for sorting (not part of the JSON form)

    def to_dict(self) -> dict:
        return {
            "code": self.code, "name": self.name, "name_en": self.name_en, "type": self.type,
            "count": self.count, "lines": self.lines,
        }


@dataclass
class DeckReport:
    """The validator's answer: ``valid`` when ``problems`` is empty."""

    total: int
    problems: list[dict]
    cards: list[ResolvedCard]

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def blocking_problems(self) -> list[dict]:
        """Problems that leave the list unresolved (a deck with these cannot be saved)."""
        return [p for p in self.problems if p["code"] not in ("deck_size", "too_many_copies")]

    def to_dict(self) -> dict:
        return {
            "valid": self.valid,
            "total": self.total,
            "problems": self.problems,
            "cards": [c.to_dict() for c in self.cards],
        }


def _where(entry: DeckLine, json_form: bool) -> dict:
    return {"entry": entry.line - 1} if json_form else {"line": entry.line}


def _place(entry: DeckLine, json_form: bool) -> Message:
    if json_form:
        return Message(gettext_noop("Entry %(entry)s"), entry=entry.line - 1)
    return Message(gettext_noop("Line %(line)s"), line=entry.line)


def count_word_split(name: str) -> tuple[str, str] | None:
    """``("three", "SMP-003")`` for a name of two or more words: its first word and the rest,
    the rest being what a line like ``three SMP-003`` names once the word is read as a count.
    ``None`` for one word."""
    parts = name.split(None, 1)
    return (parts[0], parts[1].strip()) if len(parts) == 2 else None


def _count_word(entry: DeckLine, index: CardIndex, json_form: bool) -> dict | None:
    """A ``bad_line`` for a line whose name is not a card but whose first word stands where
    a count goes and whose rest is one (``three SMP-003``, ``x 火炎弾``); else ``None``."""
    split = count_word_split(entry.name or "")
    if split is None or json_form:
        return None
    word, rest = split
    card = index.by_code(rest.upper()) if CODE_RE.match(rest) else None
    if card is None:
        names = {m.name for m in index.by_folded_name(fold(rest))}
        if len(names) != 1:
            return None
    return {
        "code": "bad_line",
        "message": Message(gettext_noop("Line %(line)s: the count must be a whole number from 1 to %(max)s, "
                                        "not %(count)s."), line=entry.line, max=MAX_COUNT, count=word),
        "line": entry.line, "text": entry.text, "count_text": word, "card_text": rest,
    }


def _resolve(entry: DeckLine, index: CardIndex, json_form: bool) -> tuple[CardRef | None, list[dict]]:
    where, place = _where(entry, json_form), _place(entry, json_form)
    typed = entry.code if entry.name is None else entry.name
    if entry.code:
        card = index.by_code(entry.code)
        if card is None and entry.name is None:
            matches = index.by_folded_name(fold(entry.code))
            card = matches[0] if len({m.name for m in matches}) == 1 else None
        if card is None:
            return None, [{
                "code": "unknown_card", "message": Message(gettext_noop("%(place)s: no card has the code %(code)s."), place=place, code=entry.code),
                **where, "text": entry.text, "suggestions": index.suggestions(entry.name) if entry.name else [],
            }]
        if entry.name is not None and fold(entry.name) not in {fold(card.name), fold(card.name_en), fold(card.reading)}:
            return card, [{
                "code": "name_mismatch",
                "message": Message(gettext_noop("%(place)s: the code %(code)s is %(card_name)s, not %(name)s."),
                                   place=place, code=card.code, card_name=CardName(card.name, card.name_en), name=entry.name),
                **where, "text": entry.text, "name": entry.name, "card_code": card.code, "card_name": card.name,
                "card_name_en": card.name_en,
            }]
        return card, []
    matches = index.by_folded_name(fold(entry.name))
    names = {m.name: CardName(m.name, m.name_en) for m in matches}
    if not matches:
        miscounted = _count_word(entry, index, json_form)
        if miscounted:
            return None, [miscounted]
        suggestions = index.suggestions(entry.name)
        if suggestions:
            message = Message(gettext_noop("%(place)s: no card is named %(name)s. Did you mean %(suggestions)s?"),
                              place=place, name=typed, suggestions=", ".join(suggestions))
        else:
            message = Message(gettext_noop("%(place)s: no card is named %(name)s."), place=place, name=typed)
        return None, [{
            "code": "unknown_card", "message": message,
            **where, "text": entry.text, "suggestions": suggestions,
        }]
    if len(names) > 1:
        candidates = [{"code": m.code, "name": m.name, "name_en": m.name_en} for m in matches]
        return None, [{
            "code": "ambiguous_card",
            "message": Message(gettext_noop("%(place)s: %(name)s could be %(names)s; add the card's code, e.g. (%(code)s)."),
                               place=place, name=typed, names=joined(names.values(), ", "), code=matches[0].code),
            **where, "text": entry.text, "candidates": candidates,
        }]
    return matches[0], []


def validate_deck(
    entries: Iterable[DeckLine], line_problems: Iterable[LineProblem], index: CardIndex, json_form: bool = False
) -> DeckReport:
    """Resolve ``entries`` with ``index`` and check the deck rules.

    ``json_form``: the entries came from the JSON form (``line`` is then the 1-based entry
    number and problems name ``entry``, 0-based). Returns a ``DeckReport`` whose problems list
    every problem found: unreadable lines and unresolved cards in line order, then
    ``too_many_copies`` per name, then ``deck_size``.
    """
    index = _SuggestionBudget(index)
    problems: list[dict] = [p.to_dict() for p in line_problems]
    resolved: dict[str, ResolvedCard] = {}
    for entry in entries:
        card, entry_problems = _resolve(entry, index, json_form)
        problems += entry_problems
        if card is None:
            continue
        row = resolved.setdefault(card.code, ResolvedCard(card.code, card.name, card.name_en, card.type, 0, reading=card.reading))
        row.count += entry.count
        row.lines.append(entry.line - 1 if json_form else entry.line)
    problems.sort(key=lambda p: p.get("line", p.get("entry", 0)))
    for row in resolved.values():
        if row.count > MAX_COUNT:
            problems.append({
                "code": "count_too_large",
                "message": Message(gettext_noop("%(count)s copies of %(code)s in all; a deck list holds at most %(max)s of a card."),
                                   count=row.count, code=row.code, max=MAX_COUNT),
                "card_code": row.code, "count": row.count, "max": MAX_COUNT, "lines": row.lines,
            })

    by_name: dict[str, list[ResolvedCard]] = {}
    for row in resolved.values():
        by_name.setdefault(row.name, []).append(row)
    for name, rows in by_name.items():
        count = sum(r.count for r in rows)
        if count > MAX_COPIES:
            problems.append({
                "code": "too_many_copies",
                "message": Message(gettext_noop("%(count)s copies of %(name)s; a deck may hold at most %(max)s of a card, "
                                                "counting every printing."), count=count,
                                   name=CardName(name, rows[0].name_en), max=MAX_COPIES),
                "name": name, "name_en": rows[0].name_en, "count": count, "max": MAX_COPIES,
                "codes": [r.code for r in rows], "lines": sorted(n for r in rows for n in r.lines),
            })
    total = sum(r.count for r in resolved.values())
    if total != DECK_SIZE:
        problems.append({
            "code": "deck_size",
            "message": Message(gettext_noop("A deck has exactly %(expected)s cards; this one has %(total)s."),
                               expected=DECK_SIZE, total=total),
            "total": total, "expected": DECK_SIZE,
        })
    return DeckReport(total=total, problems=problems, cards=list(resolved.values()))
