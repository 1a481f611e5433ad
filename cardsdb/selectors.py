"""Reads of the catalogue: card lookups, the deck rules' card index, and search.

``search_cards`` runs the card search language (``cardsdb.search``) on the database.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from django.db.models import F, Max, Q, QuerySet
from rapidfuzz import fuzz, process

from decks.formats import DeckLine
from decks.validation import CardRef

from .folding import fold
from .models import Card
from .search.keywords import ORDERS

_REF_FIELDS = ("code", "name", "name_en", "reading", "type", "name_folded", "name_en_folded", "reading_folded")


def cards() -> QuerySet[Card]:
    """Every card, with its set."""
    return Card.objects.select_related("card_set")


def card_by_code(code: str) -> Card | None:
    """The card with this code (case-insensitive), or ``None``."""
    return cards().filter(code=code.upper()).first()


class CatalogueIndex:
    """The deck rules' ``CardIndex`` over the cards a deck list names (one query), with fuzzy
    suggestions over every card name for the names it misses."""

    def __init__(self, entries: Iterable[DeckLine]):
        entries = list(entries)
        codes = {e.code for e in entries if e.code}
        keys = {fold(e.name) for e in entries if e.name} | {fold(c) for c in codes}
        rows = Card.objects.filter(
            Q(code__in=codes) | Q(name_folded__in=keys) | Q(name_en_folded__in=keys) | Q(reading_folded__in=keys)
        ).order_by("code").values_list(*_REF_FIELDS)
        self._by_code: dict[str, CardRef] = {}
        self._by_key: list[dict[str, list[CardRef]]] = [{}, {}, {}]
        for code, name, name_en, reading, type_, *folded in rows:
            ref = CardRef(code, name, name_en, reading, type_)
            self._by_code[code] = ref
            for i, key in enumerate(folded):
                if key:
                    self._by_key[i].setdefault(key, []).append(ref)

    def by_code(self, code: str) -> CardRef | None:
        return self._by_code.get(code.upper())

    def by_folded_name(self, key: str) -> list[CardRef]:
        for table in self._by_key:
            if key in table:
                return table[key]
        return []

    def suggestions(self, text: str, limit: int = 3) -> list[str]:
        return name_suggestions(text, limit)


@lru_cache(maxsize=4)
def _name_choices(version: tuple) -> tuple[list[str], list[str]]:
    """(folded keys, display names) of every card: names, English names and readings."""
    keys, names = [], []
    for name, name_en, reading, *folded in Card.objects.values_list(
        "name", "name_en", "reading", "name_folded", "name_en_folded", "reading_folded"
    ).order_by("code"):
        for key in folded:
            if key:
                keys.append(key)
                names.append(name)
    return keys, names


def catalogue_version() -> tuple:
    """Changes whenever a card is added, changed or removed."""
    stats = Card.objects.aggregate(last=Max("updated_at"), top=Max("id"))
    return (Card.objects.count(), stats["last"], stats["top"])


def name_suggestions(text: str, limit: int = 3, cutoff: float = 55) -> list[str]:
    """Card names close to ``text`` (rapidfuzz ratio on folded text, score ≥ ``cutoff``), best first."""
    key = fold(text)
    if not key:
        return []
    keys, names = _name_choices(catalogue_version())
    found: list[str] = []
    for _, _, i in process.extract(key, keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit * 4):
        if names[i] not in found:
            found.append(names[i])
        if len(found) == limit:
            break
    return found


@dataclass(frozen=True)
class SearchResult:
    """Cards matching a query, ordered, with the query's warnings (sentences)."""

    cards: QuerySet[Card]
    warnings: list[str]


_ORDER_COLUMNS = {
    "name": "name_folded", "code": "code", "size": "size", "hp": "hp", "mv": "movement",
    "rarity": "rarity", "colour": "colour_mask", "color": "colour_mask",
}
#: Sort key → database columns, for every order name the search language knows.
ORDER_FIELDS = {name: (_ORDER_COLUMNS[name],) for name in ORDERS}


def search_cards(query: str = "", order: str | None = None, direction: str | None = None) -> SearchResult:
    """Cards matching ``query`` in the search language, ordered by ``order`` (``ORDER_FIELDS``)
    and ``direction`` ("asc" | "desc"), equal keys by code. Options in the query (``order:``,
    ``dir:``) win over the arguments.

    Raises ``cardsdb.search.SearchError`` (code ``bad_query``) for a query, order or direction
    that cannot be understood.
    """
    from .search import SearchError, parse_query
    from .search.compile import compile_query

    parsed = parse_query(query or "")
    order = parsed.order or order or "code"
    direction = parsed.direction or direction or "asc"
    if order not in ORDER_FIELDS:
        raise SearchError(f"unknown order '{order}': use one of {', '.join(sorted(ORDER_FIELDS))}", term=order)
    if direction not in ("asc", "desc"):
        raise SearchError(f"unknown direction '{direction}': use asc or desc", term=direction)
    ordering = [
        F(f).desc(nulls_last=True) if direction == "desc" else F(f).asc(nulls_last=True) for f in ORDER_FIELDS[order]
    ]
    if order != "code":
        ordering.append(F("code").asc())
    queryset = cards().filter(compile_query(parsed)).order_by(*ordering)
    return SearchResult(cards=queryset, warnings=list(parsed.warnings))
