"""The deck rules' view of the catalogue: ``CatalogueIndex`` is the ``CardIndex`` of
``tcg.decks.rules`` (cards by code and by folded name, and close names for a miss) over the
cards a deck list names.

What a code or a folded name finds is kept in the process between requests (``_Lookups``) for
as long as the catalogue's version (``CatalogueState``) stays the same: a deck list costs one
primary-key read and a query for the codes and names not asked about before."""
from __future__ import annotations

import threading
from typing import Iterable

from django.db.models import Q

from tcg.decks.format import CODE_RE, DeckLine
from tcg.decks.rules import CardRef, count_word_split
from tcg.folding import fold

from ..models import Card
from .catalogue import catalogue_version
from .names import name_suggestions

_REF_FIELDS = ("code", "name", "name_en", "reading", "type", "name_folded", "name_en_folded", "reading_folded")

#: A catalogue row as ``_REF_FIELDS`` reads it.
Row = tuple


class _Lookups:
    """The rows each card code and each folded name found, for one catalogue version.

    ``rows(codes, keys)`` answers what ``Card.objects.filter(code__in=codes) | name_folded,
    name_en_folded or reading_folded in keys`` would, by code; it queries only the codes and keys
    it has not met since the catalogue last changed. At most ``LIMIT`` codes and keys are kept:
    past that (a flood of made-up names) the store starts again empty. Thread-safe."""

    LIMIT = 50_000

    def __init__(self):
        self._lock = threading.Lock()
        self._version: tuple | None = None
        self._by_code: dict[str, Row | None] = {}
        self._by_key: dict[str, tuple[Row, ...]] = {}

    def rows(self, codes: set[str], keys: set[str]) -> list[Row]:
        """The rows found by ``codes`` (upper case) or ``keys`` (folded), in code order."""
        version = catalogue_version()
        with self._lock:
            if version != self._version or len(self._by_code) + len(self._by_key) > self.LIMIT:
                self._version, self._by_code, self._by_key = version, {}, {}
            new_codes = {c for c in codes if c not in self._by_code}
            new_keys = {k for k in keys if k not in self._by_key}
        if new_codes or new_keys:
            self._fetch(version, new_codes, new_keys)
        with self._lock:
            by_code, by_key = self._by_code, self._by_key
            found = {row[0]: row for c in codes if (row := by_code.get(c)) is not None}
            for k in keys:
                for row in by_key.get(k, ()):
                    found[row[0]] = row
        return [found[code] for code in sorted(found)]

    def _fetch(self, version: tuple, codes: set[str], keys: set[str]) -> None:
        rows = list(Card.objects.filter(
            Q(code__in=codes) | Q(name_folded__in=keys) | Q(name_en_folded__in=keys) | Q(reading_folded__in=keys)
        ).order_by("code").values_list(*_REF_FIELDS))
        by_code: dict[str, Row | None] = dict.fromkeys(codes)
        by_key: dict[str, list[Row]] = {k: [] for k in keys}
        for row in rows:
            if row[0] in by_code:
                by_code[row[0]] = row
            for k in {key for key in row[5:] if key in by_key}:
                by_key[k].append(row)
        with self._lock:
            if version == self._version:  # else the catalogue changed meanwhile: keep nothing
                self._by_code.update(by_code)
                self._by_key.update((k, tuple(v)) for k, v in by_key.items())

    def clear(self) -> None:
        """Forget every lookup (the next check starts from the catalogue as it is): for a write
        in plain SQL that did not move the catalogue's version, and for tests."""
        with self._lock:
            self._version, self._by_code, self._by_key = None, {}, {}


LOOKUPS = _Lookups()


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
        rows = LOOKUPS.rows(codes, keys)
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
