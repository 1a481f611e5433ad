"""Reads of the catalogue: card lookups, the deck rules' card index, search, names.

``search_cards`` runs the card search language (``cardsdb.search``) on the database;
``card_named``/``card_named_fuzzy`` find one card by name (exactly, or forgiving typos);
``autocomplete_names`` completes a name; ``random_card`` picks one card a query finds;
``cards_by_identifiers`` resolves a list of codes and names in one query.
"""
from __future__ import annotations

import operator
import random
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from typing import Iterable

from django.db.models import F, Q, QuerySet
from rapidfuzz import fuzz, process

from decks.formats import DeckLine
from decks.validation import CardRef

from .folding import fold
from .lookups import FoldedContains
from .models import Card, CardSet, CatalogueState
from .search.keywords import ORDERS

_REF_FIELDS = ("code", "name", "name_en", "reading", "type", "name_folded", "name_en_folded", "reading_folded")


def cards() -> QuerySet[Card]:
    """Every card, with its set."""
    return Card.objects.select_related("card_set")


def sets() -> QuerySet[CardSet]:
    """Every set, by code."""
    return CardSet.objects.order_by("code")


def cards_after(code: str, limit: int) -> list[Card]:
    """The first ``limit`` cards whose code sorts after ``code`` (``""``: from the first), by code."""
    return list(Card.objects.filter(code__gt=code).order_by("code")[:limit])


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


@lru_cache(maxsize=2)
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
    """``(version, changed_at)`` of the catalogue (``CatalogueState``): changes whenever a card
    or set is added, changed or removed; ``changed_at`` (a datetime, ``None`` before any change)
    is when that last happened. One primary-key read."""
    return tuple(CatalogueState.current())


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


#: Sort columns that may be NULL (events and items have no HP or movement): they sort last.
_NULLABLE = {"hp", "movement"}


def _order_by(column: str, direction: str):
    """``column`` ascending or descending; NULLs last. Columns that are never NULL are ordered
    without ``NULLS LAST``, so PostgreSQL can walk their index either way."""
    nulls_last = True if column in _NULLABLE else None
    return F(column).desc(nulls_last=nulls_last) if direction == "desc" else F(column).asc(nulls_last=nulls_last)


def search_cards(query: str = "", order: str | None = None, direction: str | None = None) -> SearchResult:
    """Cards matching ``query`` in the search language, ordered by ``order`` (``ORDER_FIELDS``)
    and ``direction`` ("asc" | "desc"), equal keys by code. Options in the query (``order:``,
    ``dir:``) win over the arguments.

    Raises ``cardsdb.search.SearchError`` (code ``bad_query``) for a query, order or direction
    that cannot be understood.
    """
    from .search import SearchError, parse_query
    from .search.compile import compile_query
    from tcg.message import Message, gettext_noop

    parsed = parse_query(query or "")
    order = parsed.order or order or "code"
    direction = parsed.direction or direction or "asc"
    if order not in ORDER_FIELDS:
        raise SearchError(
            Message(gettext_noop("unknown order '%(order)s': use one of %(choices)s"), order=order,
                    choices=", ".join(sorted(ORDER_FIELDS))),
            term=order,
        )
    if direction not in ("asc", "desc"):
        raise SearchError(
            Message(gettext_noop("unknown direction '%(direction)s': use asc or desc"), direction=direction),
            term=direction,
        )
    ordering = [_order_by(column, direction) for column in ORDER_FIELDS[order]]
    if order != "code":
        ordering.append(F("code").asc())
    queryset = cards().filter(compile_query(parsed)).order_by(*ordering)
    warnings = list(parsed.warnings)
    if parsed.node is not None:
        warnings += unknown_rarities(parsed.node)
    return SearchResult(cards=queryset, warnings=list(dict.fromkeys(warnings)))


@lru_cache(maxsize=2)
def _rarities(version: tuple) -> tuple[str, ...]:
    """The rarities cards of the catalogue have (upper-cased, sorted; blank left out)."""
    found = Card.objects.exclude(rarity="").values_list("rarity", flat=True).distinct()
    return tuple(sorted({rarity.upper() for rarity in found}))


def unknown_rarities(node) -> list:
    """Warnings for ``r:``/``r=`` terms naming a rarity no card of the catalogue has (such a
    term never matches), naming the rarities there are. The catalogue is read only when the
    query has a rarity term."""
    from .search.ast import Compare, children
    from tcg.message import Message, gettext_noop

    terms, pending = [], [node]
    while pending:
        current = pending.pop()
        if isinstance(current, Compare) and current.field == "rarity" and current.op in (":", "="):
            terms.append(current)
        pending.extend(reversed(children(current)))
    if not terms:
        return []
    known = _rarities(catalogue_version())
    warnings = []
    for term in terms:
        if term.value.upper() in known:
            continue
        if known:
            template = gettext_noop("%(term)s never matches: no card has the rarity %(value)s (rarities: %(rarities)s)")
        else:
            template = gettext_noop("%(term)s never matches: no card has a rarity")
        warnings.append(Message(template, term=term.raw, value=term.value, rarities=", ".join(known)))
    return warnings


# --- one card by name ---------------------------------------------------------------------
NAME_COLUMNS = ("name_folded", "reading_folded", "name_en_folded")
#: rapidfuzz ratio (0–100) a name must reach to be taken for a misspelt one
FUZZY_CUTOFF = 70
#: names scoring within this of the best are as good as the best: the name is ambiguous
FUZZY_MARGIN = 4
MAX_CANDIDATES = 20


@dataclass(frozen=True)
class NameMatch:
    """What a name lookup found: ``card`` (the first printing by code), or ``card`` ``None`` and
    ``candidates`` (distinct card names, at most ``MAX_CANDIDATES``): several when the name is
    ambiguous, none when nothing is close."""

    card: Card | None
    candidates: list[str] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return self.card is None and len(self.candidates) > 1


def _names_q(lookup: str, key) -> Q:
    """A name, reading or English name ``lookup`` (``""``, ``"__in"`` or ``"contains"``) ``key``."""
    tests = (
        Q(FoldedContains(F(column), key)) if lookup == "contains" else Q(**{f"{column}{lookup}": key})
        for column in NAME_COLUMNS
    )
    return reduce(operator.or_, tests)


def _in_set(queryset: QuerySet[Card], set_code: str | None) -> QuerySet[Card]:
    return queryset.filter(card_set__code__iexact=set_code) if set_code else queryset


def _match(queryset: QuerySet[Card]) -> NameMatch | None:
    """The match of the cards of ``queryset`` (``None`` when it is empty): one card when they
    all share a name, else the names as candidates."""
    names = list(queryset.order_by("name").values_list("name", flat=True).distinct()[: MAX_CANDIDATES + 1])
    if not names:
        return None
    if len(names) > 1:
        return NameMatch(None, names[:MAX_CANDIDATES])
    return NameMatch(queryset.filter(name=names[0]).order_by("code").first())


def card_named(text: str, set_code: str | None = None) -> NameMatch:
    """The card whose name, reading or English name is ``text`` after folding (case, width,
    kana), in set ``set_code`` when given. Several printings of one name: the first by code.
    Different cards with that name (or reading): ``candidates``, ambiguous."""
    key = fold(text)
    if not key:
        return NameMatch(None)
    return _match(_in_set(cards().filter(_names_q("", key)), set_code)) or NameMatch(None)


def card_named_fuzzy(text: str, set_code: str | None = None) -> NameMatch:
    """The card ``text`` names, forgiving a partial or misspelt name (Scryfall's ``fuzzy``):

    1. an exact name (``card_named``);
    2. else the names containing ``text`` (folded): one name is the card, several are
       ambiguous;
    3. else the names closest to it (rapidfuzz ratio ≥ ``FUZZY_CUTOFF``): the best when no other
       comes within ``FUZZY_MARGIN`` of it, else ambiguous.
    Nothing close: ``NameMatch(None)``.
    """
    found = card_named(text, set_code)
    if found.card is not None or found.ambiguous:
        return found
    key = fold(text)
    if not key:
        return found
    contained = _match(_in_set(cards().filter(_names_q("contains", key)), set_code))
    if contained is not None:
        return contained
    keys, names = _name_choices(catalogue_version())
    best: dict[str, float] = {}
    for _, score, i in process.extract(key, keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=50):
        best.setdefault(names[i], score)
    if not best:
        return NameMatch(None)
    top = max(best.values())
    close = [name for name, score in best.items() if score >= top - FUZZY_MARGIN]
    if len(close) > 1:
        return NameMatch(None, close[:MAX_CANDIDATES])
    return NameMatch(_in_set(cards().filter(name=close[0]), set_code).order_by("code").first())


# --- autocomplete --------------------------------------------------------------------------
AUTOCOMPLETE_MIN = 2
AUTOCOMPLETE_LIMIT = 20
#: rows read per name column and kind of match; the names shown are sorted among them
AUTOCOMPLETE_SCAN = 400


def autocomplete_names(text: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Up to ``limit`` distinct card names completing ``text`` (folded; under
    ``AUTOCOMPLETE_MIN`` characters: ``[]``): names starting with it first, then names containing
    it, each group in folded-name order. A match on the Japanese name or its reading gives the
    Japanese name; a match on the English name alone gives the English name.

    At most ``AUTOCOMPLETE_SCAN`` rows are read per column and group, in whatever order the
    database's index gives them (so each query stops early): when more match, the names shown
    are the first in folded order among those read."""
    key = fold(text)
    if len(key) < AUTOCOMPLETE_MIN:
        return []
    found: list[str] = []
    for prefix in (True, False):
        group: set[str] = set()
        for column in NAME_COLUMNS:
            display = "name_en" if column == "name_en_folded" else "name"
            test = Q(**{f"{column}__startswith": key}) if prefix else Q(FoldedContains(F(column), key))
            rows = Card.objects.filter(test).order_by().values_list(display, flat=True)[:AUTOCOMPLETE_SCAN]
            group.update(name for name in rows if name and name not in found)
        found += sorted(group, key=lambda name: (fold(name), name))[: limit - len(found)]
        if len(found) == limit:
            break
    return found


# --- random --------------------------------------------------------------------------------
_random = random.SystemRandom()


def random_card(query: str = "") -> Card | None:
    """A card chosen uniformly among those ``query`` finds (``None`` when it finds none): the
    ids of the matches are read (one column, in whatever order is quickest) and one is drawn.

    Raises ``cardsdb.search.SearchError`` for a query that cannot be understood."""
    ids = list(search_cards(query).cards.order_by().values_list("id", flat=True))
    if not ids:
        return None
    return cards().get(id=_random.choice(ids))


# --- collection ----------------------------------------------------------------------------
def cards_by_identifiers(identifiers: list[dict]) -> tuple[list[Card], list[dict]]:
    """Resolve identifiers ``{"code": …}`` or ``{"name": …, "set"?: …}`` (names folded, as in
    ``card_named``; several printings: the first by code) in one query.

    Returns ``(cards, not_found)``: a card for each identifier found, in the order given
    (repeats kept), and the identifiers not found, as given."""
    codes = {str(i["code"]).upper() for i in identifiers if "code" in i}
    keys = {fold(i["name"]) for i in identifiers if "name" in i} - {""}
    rows = (
        cards().filter(Q(code__in=codes) | _names_q("__in", keys)).order_by("code")
        if codes or keys
        else Card.objects.none()
    )
    by_code: dict[str, Card] = {}
    by_key: dict[tuple[str, str | None], Card] = {}
    for card in rows:
        by_code[card.code] = card
        for column in NAME_COLUMNS:
            key = getattr(card, column)
            if key in keys:
                by_key.setdefault((key, None), card)
                by_key.setdefault((key, card.card_set_id.upper()), card)
    found, missing = [], []
    for identifier in identifiers:
        if "code" in identifier:
            card = by_code.get(str(identifier["code"]).upper())
        else:
            set_code = identifier.get("set")
            card = by_key.get((fold(identifier["name"]), set_code.upper() if set_code else None))
        if card is None:
            missing.append(identifier)
        else:
            found.append(card)
    return found, missing
