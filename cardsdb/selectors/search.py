"""Card search: the search language (``tcg.search``, plain Python) compiled to a database query
(``cardsdb.search.compile``) and ordered; the number of cards a query finds, kept per state of
the catalogue; the warnings about rarities no card has; a random card among those a query
finds; the cards a query's misspelt names may have meant."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from functools import lru_cache

from django.core.cache import cache
from django.db.models import F, QuerySet

from core.cache_failures import cache_may_fail
from tcg.decks.rules import MAX_SUGGESTED
from tcg.message import Message, gettext_noop
from tcg.search import SearchError, parse_query
from tcg.search.ast import Compare, Name, Not, children
from tcg.search.keywords import ORDERS

from ..lookups import short_texts, without_character_index
from ..models import Card
from ..search.compile import compile_query
from ..search.regexp import SearchQuerySet
from .catalogue import cards, catalogue_version
from .names import name_suggestions


#: Seconds a kept count of matches stays in the cache. A count is filed under the catalogue's
#: state (``catalogue_version``), so a change to the catalogue makes every kept count unused at
#: once; the time limit only lets the cache drop the old ones.
COUNT_SECONDS = 24 * 3600


@dataclass(frozen=True)
class SearchResult:
    """Cards matching a query, ordered by ``order`` (a key of ``ORDER_FIELDS``) in ``direction``
    (``"asc"`` | ``"desc"``): the query's own ``order:``/``dir:`` when it has them, else the ones
    asked for, else ``"code"`` ascending; with the query's warnings (sentences). ``filter_key``
    names the filter alone (not the order): equal for two results that find the same cards."""

    cards: QuerySet[Card]
    warnings: list[str]
    order: str = "code"
    direction: str = "asc"
    filter_key: str = field(default="", compare=False)
    state: tuple | None = field(default=None, compare=False)

    def count(self) -> int:
        """How many cards the query finds (``match_count``, in the catalogue's state the search
        was made in when it was read)."""
        return match_count(self.cards, self.filter_key, self.state)


def match_count(queryset: QuerySet[Card], filter_key: str, state: tuple | None = None) -> int:
    """``queryset.count()``, kept in the cache under ``filter_key`` and the catalogue's state.

    Counting every match of a broad search reads every matching row (26,596 of 100,000 cards
    for ``o:"ダメージ"``: most of that search's time on PostgreSQL), while its pages come from
    an index walk that stops after the page; each further page of the same search, and the same
    search by anyone else, would count them all again. The count is filed under ``filter_key``
    (what the query finds, from its syntax tree) and ``catalogue_version()`` — its number *and*
    the time of the last change, so a catalogue rolled back to an earlier number with other
    cards (a restored backup, a test's rolled-back transaction) never meets an old count.
    ``state`` is that ``(version, changed_at)`` when the caller has already read it (read here
    when ``None``). A ``filter_key`` of ``""`` is not kept. A cache read (and the state's
    primary-key read when not given) when kept; the ``COUNT`` query as well when not. A cache
    that fails (Redis restarting) makes the search count every time, never fail.
    """
    if not filter_key:
        return queryset.count()
    key = _count_key(filter_key, state or catalogue_version())
    found = _kept(key)
    if found is None:
        found = queryset.count()
        _keep(key, found)
    return found


def _kept(key: str) -> int | None:
    """The count kept under ``key``; ``None`` when there is none or the cache fails (logged)."""
    with cache_may_fail("search count not read"):
        return cache.get(key)
    return None


def _keep(key: str, count: int) -> None:
    """Keep ``count`` under ``key``; a failing cache is logged and the count not kept."""
    with cache_may_fail("search count not kept"):
        cache.set(key, count, COUNT_SECONDS)


def _count_key(filter_key: str, state: tuple) -> str:
    version, changed_at = state
    return f"cards:count:{version}:{changed_at.timestamp() if changed_at else 0}:{filter_key}"


#: The share of the catalogue a search must be known to find for its short texts to skip the
#: character index (``cardsdb.lookups``): from about 2 % on, walking the ordered index until
#: the page is full reads fewer rows than taking every match from the index and sorting them
#: (100,000 cards: 炎, 2.9 %, 2 ms against 17 ms).
BROAD_SHARE = 0.02


def _broad(filter_key: str, state: tuple) -> bool:
    """Whether the search ``filter_key`` is known (a kept count) to find at least
    ``BROAD_SHARE`` of the catalogue. Never counts the search itself."""
    found = _kept(_count_key(filter_key, state))
    if found is None:
        return False
    return found >= BROAD_SHARE * match_count(Card.objects.all(), _EVERY_CARD, state)


def filter_key(node) -> str:
    """A short name for what the syntax tree ``node`` finds (``None``: every card): a digest of
    its ``repr``. ``compile_query`` is a function of the tree alone (no reader, no clock), so
    one tree always finds the same cards in one state of the catalogue."""
    return hashlib.blake2b(repr(node).encode(), digest_size=16).hexdigest()


_EVERY_CARD = filter_key(None)


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


def search_cards(query: str = "", order: str | None = None, direction: str | None = None,
                 state: tuple | None = None) -> SearchResult:
    """Cards matching ``query`` in the search language, ordered by ``order`` (``ORDER_FIELDS``)
    and ``direction`` ("asc" | "desc"), equal keys by code. Options in the query (``order:``,
    ``dir:``) win over the arguments. ``state`` is the catalogue's ``(version, changed_at)``
    when the caller has read it (``SearchResult.count`` files its count under it).

    A query with texts too short for the trigram indexes that is known to find a broad share of
    the catalogue (``BROAD_SHARE``) is read without the character index (``cardsdb.lookups``):
    the same cards, found faster; only then is the catalogue's state read here.

    Raises ``tcg.search.SearchError`` (code ``bad_query``) for a query, order or direction
    that cannot be understood; the cards of a query with a regex term raise it when they are
    read and the regex cannot be run within ``SEARCH_REGEX_SECONDS``, or at all
    (``cardsdb.search.regexp``).
    """
    parsed = parse_query(query or "")
    order = parsed.order or order or "code"
    direction = parsed.direction or direction or "asc"
    if order not in ORDER_FIELDS:
        raise SearchError(
            Message(gettext_noop("unknown order '%(order)s': use one of %(choices)s"), order=order,
                    choices=", ".join(sorted(ORDER_FIELDS))),
            term=order, query=query,
        )
    if direction not in ("asc", "desc"):
        raise SearchError(
            Message(gettext_noop("unknown direction '%(direction)s': use asc or desc"), direction=direction),
            term=direction, query=query,
        )
    ordering = [_order_by(column, direction) for column in ORDER_FIELDS[order]]
    if order != "code":
        ordering.append(F("code").asc())
    where, key = compile_query(parsed), filter_key(parsed.node)
    if short_texts(where):
        state = state or catalogue_version()
        if _broad(key, state):
            where = without_character_index(where)
    queryset = cards().filter(where).order_by(*ordering)
    if parsed.node is not None and has_regex(parsed.node):
        queryset = _guarded(queryset, query)
    warnings = list(parsed.warnings)
    if parsed.node is not None:
        warnings += unknown_rarities(parsed.node)
    return SearchResult(cards=queryset, warnings=list(dict.fromkeys(warnings)), order=order, direction=direction,
                        filter_key=key, state=state)


def has_regex(node) -> bool:
    """Whether the syntax tree ``node`` holds a regex term (``/…/`` as a name or a keyword's
    value)."""
    if isinstance(node, Name):
        return node.mode == "regex"
    if isinstance(node, Compare):
        return node.regex
    return any(has_regex(child) for child in children(node))


def _guarded(queryset: QuerySet[Card], query: str) -> SearchQuerySet:
    """``queryset`` as a :class:`~cardsdb.search.regexp.SearchQuerySet` of ``query``: read within
    the regex budget, and a regex the database cannot run is a ``SearchError``."""
    return SearchQuerySet.of(queryset, query)


@lru_cache(maxsize=2)
def _rarities(version: tuple) -> tuple[str, ...]:
    """The rarities cards of the catalogue have (upper-cased, sorted; blank left out)."""
    found = Card.objects.exclude(rarity="").values_list("rarity", flat=True).distinct()
    return tuple(sorted({rarity.upper() for rarity in found}))


def unknown_rarities(node) -> list:
    """Warnings for ``r:``/``r=`` terms naming a rarity no card of the catalogue has (such a
    term never matches), naming the rarities there are. The catalogue is read only when the
    query has a rarity term."""
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


_random = random.SystemRandom()


def random_card(query: str = "") -> Card | None:
    """A card chosen uniformly among those ``query`` finds (``None`` when it finds none): the
    ids of the matches are read (one column, in whatever order is quickest) and one is drawn.

    Raises ``tcg.search.SearchError`` for a query that cannot be understood."""
    ids = list(search_cards(query).cards.order_by().values_list("id", flat=True))
    if not ids:
        return None
    return cards().get(id=_random.choice(ids))


#: rapidfuzz ratio (0–100) a name or a word of one must reach to be offered as "did you mean" (a
#: short name one slip from a term is offered whatever its ratio: ``tcg.fuzzy``)
DID_YOU_MEAN_CUTOFF = 70


def _name_terms(node) -> list[str]:
    """The folded texts of the plain and exact name terms of ``node`` (not under ``-``)."""
    found, pending = [], [node]
    while pending:
        current = pending.pop()
        if isinstance(current, Name) and current.mode in ("contains", "exact"):
            found.append(current.text)
        elif not isinstance(current, Not):
            pending.extend(reversed(children(current)))
    return found


def did_you_mean(query: str, limit: int = 3) -> list[Card]:
    """Cards the name terms of ``query`` may have meant when misspelt ("kagra": Kagura, Flame
    Club Captain), best first, at most ``limit``, one per name (its first printing by code).

    The name terms (bare words, quoted phrases, ``!name``; not negated ones) are matched
    together, and when that finds nothing each on its own (the first ``MAX_SUGGESTED`` distinct
    ones: each look scores every name of the catalogue, and a query of 200 made-up words took
    3 s over 20,000 cards; names more of them match first), by
    the deck validator's matcher (``names.name_suggestions``, by word, score ≥
    ``DID_YOU_MEAN_CUTOFF`` or one slip from a short name: ``闇討ぢ`` finds 闇討ち). ``[]`` for a
    query without name terms or one that cannot be read."""
    try:
        parsed = parse_query(query or "")
    except SearchError:
        return []
    terms = _name_terms(parsed.node) if parsed.node is not None else []
    if not terms:
        return []
    names = name_suggestions(" ".join(terms), limit, DID_YOU_MEAN_CUTOFF, by_word=True)
    if not names and len(terms) > 1:
        votes: dict[str, int] = {}
        for term in list(dict.fromkeys(terms))[:MAX_SUGGESTED]:
            for name in name_suggestions(term, limit, DID_YOU_MEAN_CUTOFF, by_word=True):
                votes[name] = votes.get(name, 0) + 1
        names = sorted(votes, key=lambda name: -votes[name])[:limit]
    first: dict[str, Card] = {}
    for card in cards().filter(name__in=names).order_by("code"):
        first.setdefault(card.name, card)
    return [first[name] for name in names if name in first]
