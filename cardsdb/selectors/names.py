"""One card by its name: exactly (after folding case, width and kana) or forgiving a partial or
misspelt name, as Scryfall's ``named`` does; and the card names closest to a text (the deck
validator's suggestions)."""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from functools import lru_cache, reduce

from django.db.models import F, Q, QuerySet

from tcg.folding import fold
from tcg.fuzzy import FuzzyKeys

from ..lookups import FoldedContains
from ..models import Card
from .catalogue import cards, catalogue_version


@lru_cache(maxsize=2)
def _name_choices(version: tuple) -> tuple[FuzzyKeys, list[str]]:
    """(folded keys, display names) of every card: names, English names and readings; the keys
    as ``tcg.fuzzy.FuzzyKeys``, all of them whole names."""
    keys, names = [], []
    for name, name_en, reading, *folded in Card.objects.values_list(
        "name", "name_en", "reading", "name_folded", "name_en_folded", "reading_folded"
    ).order_by("code"):
        for key in folded:
            if key:
                keys.append(key)
                names.append(name)
    return FuzzyKeys(keys), names


#: What splits a folded name into words: spaces and the punctuation names carry.
_WORD_BREAK = re.compile(r"[\s,.:;!?()'\"’・/-]+")
#: Words shorter than this are not matched on their own ("of", "the").
MIN_WORD = 3


@lru_cache(maxsize=2)
def _word_choices(version: tuple) -> tuple[FuzzyKeys, list[str]]:
    """(folded keys, display names) of every card, as ``_name_choices``, followed by each word
    (``MIN_WORD`` characters or more) of the names, English names and readings that have
    several, so that one misspelt word finds its card ("kagra": Kagura, Flame Club Captain). The
    words are not whole names to ``FuzzyKeys``: no slip from a short word is taken for its card."""
    keys, names = _name_choices(version)
    words, word_names = list(keys.keys), list(names)
    for key, name in zip(keys.keys, names):
        parts = [part for part in _WORD_BREAK.split(key) if len(part) >= MIN_WORD]
        if len(parts) > 1 or (parts and parts[0] != key):
            for part in dict.fromkeys(parts):
                words.append(part)
                word_names.append(name)
    return FuzzyKeys(words, whole=len(keys.keys)), word_names


@lru_cache(maxsize=2)
def _english_choices(version: tuple) -> tuple[FuzzyKeys, list[str]]:
    """(folded English names, English names) of every card that has one, by code."""
    rows = Card.objects.exclude(name_en="").order_by("code").values_list("name_en_folded", "name_en")
    return FuzzyKeys([key for key, _ in rows]), [name for _, name in rows]


def _word_starts(key: str, choices: list[str]) -> list[int]:
    """Indexes of ``choices`` starting with ``key`` (folded), then of those with a later word
    starting with it, each in order."""
    first = [i for i, choice in enumerate(choices) if choice.startswith(key)]
    later = [i for i, choice in enumerate(choices)
             if i not in first and any(word.startswith(key) for word in choice.replace(",", " ").split())]
    return first + later


#: The validator's by-word fallback: a word must score this (the search's "did you mean"), and
#: only the names within ``WORD_MARGIN`` of the best are offered.
WORD_CUTOFF = 70
WORD_MARGIN = 10


def _ranked_by_word(key: str, limit: int, cutoff: float, margin: float | None = None) -> tuple[list[int], list[str]]:
    """(indexes best first, names) of ``_word_choices`` close to ``key``; with ``margin``, only
    those within it of the best score."""
    keys, names = _word_choices(catalogue_version())
    found = keys.close(key, cutoff, limit * 4)
    if margin is not None and found:
        found = [hit for hit in found if hit[1] >= found[0][1] - margin]
    return [i for i, _ in found], names


@lru_cache(maxsize=2)
def _english_names(version: tuple) -> dict[str, str]:
    """``{Japanese name: English name}`` of every card that has one (the first printing's)."""
    names: dict[str, str] = {}
    for name, name_en in Card.objects.exclude(name_en="").order_by("code").values_list("name", "name_en"):
        names.setdefault(name, name_en)
    return names


def name_suggestions(text: str, limit: int = 3, cutoff: float = 55, by_word: bool = False) -> list[str]:
    """Card names close to ``text``, best first, at most ``limit``.

    Close is ``tcg.fuzzy``'s: a rapidfuzz ratio (0–100) of at least ``cutoff``, or, for a text of
    2 to 4 characters, a whole name one slip from it (闘士 finds 闘志, 闇討ぢ finds 闇討ち).

    ``by_word`` (the search's "did you mean"): Japanese names whose name, reading, English name
    or one of their words is close to the text (``_word_choices``: "kagra" finds 火炎部長カグラ by
    Kagura). Otherwise (the deck validator), text in Latin letters (an English name, or a part
    of one) is suggested English names: the names starting with the text, then those with a
    word starting with it (``flame`` → ``Kagura, Flame Club Captain``), then those close to it;
    any other text is suggested Japanese names close to its name, reading or English name. When
    whole names find nothing, the validator falls back on words (ratio ≥ ``WORD_CUTOFF``,
    within ``WORD_MARGIN`` of the best): ``kagra`` is suggested ``Kagura, Flame Club Captain``
    (an English name for Latin text, as above)."""
    key = fold(text)
    if not key:
        return []
    if by_word:
        ranked, names = _ranked_by_word(key, limit, cutoff)
        return _distinct(names, ranked, limit)
    if key.isascii():
        keys, names = _english_choices(catalogue_version())
        ranked = _word_starts(key, keys.keys) + [i for i, _ in keys.close(key, cutoff, limit * 4)]
    else:
        keys, names = _name_choices(catalogue_version())
        ranked = [i for i, _ in keys.close(key, cutoff, limit * 4)]
    found = _distinct(names, ranked, limit)
    if found:
        return found
    ranked, names = _ranked_by_word(key, limit, WORD_CUTOFF, WORD_MARGIN)
    found = _distinct(names, ranked, limit)
    if key.isascii():
        english = _english_names(catalogue_version())
        found = list(dict.fromkeys(english.get(name, name) for name in found))
    return found


def _distinct(names: list[str], ranked: list[int], limit: int) -> list[str]:
    """The distinct ``names`` at the indexes ``ranked``, in that order, at most ``limit``."""
    found: list[str] = []
    for i in ranked:
        if names[i] not in found:
            found.append(names[i])
        if len(found) == limit:
            break
    return found


NAME_COLUMNS = ("name_folded", "reading_folded", "name_en_folded")
#: rapidfuzz ratio (0–100) a name must reach to be taken for a misspelt one (a short name one slip
#: from the text is taken whatever its ratio: ``tcg.fuzzy``)
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
    3. else the names closest to it (``tcg.fuzzy``: rapidfuzz ratio ≥ ``FUZZY_CUTOFF``, or one
       slip from a text of 2 to 4 characters): the best when no other comes within
       ``FUZZY_MARGIN`` of it, else ambiguous.
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
    for i, score in keys.close(key, FUZZY_CUTOFF, 50):
        best.setdefault(names[i], score)
    if not best:
        return NameMatch(None)
    top = max(best.values())
    close = [name for name, score in best.items() if score >= top - FUZZY_MARGIN]
    if len(close) > 1:
        return NameMatch(None, close[:MAX_CANDIDATES])
    return NameMatch(_in_set(cards().filter(name=close[0]), set_code).order_by("code").first())
