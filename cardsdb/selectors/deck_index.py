"""The deck rules' view of the catalogue: ``CatalogueIndex`` is the ``CardIndex`` of
``tcg.decks.rules`` (cards by code and by folded name, and close names for a miss) over the
cards a deck list names."""
from __future__ import annotations

from typing import Iterable

from django.db.models import Q

from tcg.decks.format import CODE_RE, DeckLine
from tcg.decks.rules import CardRef, count_word_split
from tcg.folding import fold

from ..models import Card
from .names import name_suggestions

_REF_FIELDS = ("code", "name", "name_en", "reading", "type", "name_folded", "name_en_folded", "reading_folded")


class CatalogueIndex:
    """The deck rules' ``CardIndex`` over the cards a deck list names (one query), with fuzzy
    suggestions over every card name for the names it misses."""

    def __init__(self, entries: Iterable[DeckLine]):
        entries = list(entries)
        codes = {e.code for e in entries if e.code}
        keys = {fold(e.name) for e in entries if e.name} | {fold(c) for c in codes}
        for e in entries:  # "three SMP-003": what the line names once its first word is a count
            split = count_word_split(e.name or "") if e.code is None else None
            if split:
                keys.add(fold(split[1]))
                if CODE_RE.match(split[1]):
                    codes.add(split[1].upper())
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
