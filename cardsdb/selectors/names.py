"""One card by its name: exactly (after folding case, width and kana) or forgiving a partial or
misspelt name, as Scryfall's ``named`` does; and the card names closest to a text (the deck
validator's suggestions)."""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from functools import lru_cache, reduce

from django.db.models import F, Q, QuerySet
from rapidfuzz import fuzz, process

from tcg.folding import fold

from ..lookups import FoldedContains
from ..models import Card
from .catalogue import cards, catalogue_version


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


#: What splits a folded name into words: spaces and the punctuation names carry.
_WORD_BREAK = re.compile(r"[\s,.:;!?()'\"’・/-]+")
#: Words shorter than this are not matched on their own ("of", "the").
MIN_WORD = 3


@lru_cache(maxsize=2)
def _word_choices(version: tuple) -> tuple[list[str], list[str]]:
    """(folded keys, display names) of every card, as ``_name_choices``, followed by each word
    (``MIN_WORD`` characters or more) of the names, English names and readings that have
    several, so that one misspelt word finds its card ("kagra": Kagura, Flame Club Captain)."""
    keys, names = _name_choices(version)
    words, word_names = list(keys), list(names)
    for key, name in zip(keys, names):
        parts = [part for part in _WORD_BREAK.split(key) if len(part) >= MIN_WORD]
        if len(parts) > 1 or (parts and parts[0] != key):
            for part in dict.fromkeys(parts):
                words.append(part)
                word_names.append(name)
    return words, word_names


def name_suggestions(text: str, limit: int = 3, cutoff: float = 55, by_word: bool = False) -> list[str]:
    """Card names close to ``text`` (rapidfuzz ratio on folded text, score ≥ ``cutoff``), best
    first. ``by_word``: a name also scores by each of its words (``_word_choices``), as the
    search's "did you mean" wants for a misspelt word of a longer name."""
    key = fold(text)
    if not key:
        return []
    keys, names = (_word_choices if by_word else _name_choices)(catalogue_version())
    found: list[str] = []
    for _, _, i in process.extract(key, keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit * 4):
        if names[i] not in found:
            found.append(names[i])
        if len(found) == limit:
            break
    return found


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


def names_q(lookup: str, key) -> Q:
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
    return _match(_in_set(cards().filter(names_q("", key)), set_code)) or NameMatch(None)


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
    contained = _match(_in_set(cards().filter(names_q("contains", key)), set_code))
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
