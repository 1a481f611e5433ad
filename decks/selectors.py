"""Reads of decks: what a user may see, and checking a deck list against the catalogue."""
from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from cardsdb.selectors import CatalogueIndex

from .formats import DeckLine, LineProblem, parse_deck_text
from .models import Deck, DeckCard
from .validation import DeckReport, validate_deck


def visible_decks(user) -> QuerySet[Deck]:
    """Decks ``user`` may read: public ones and their own."""
    decks = Deck.objects.select_related("owner")
    if user is not None and user.is_authenticated:
        return decks.filter(Q(is_public=True) | Q(owner=user))
    return decks.filter(is_public=True)


def with_cards(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """``decks`` with their entries and cards fetched in two more queries."""
    return decks.prefetch_related(Prefetch("entries", queryset=DeckCard.objects.select_related("card")))


def check_text(text: str) -> DeckReport:
    """Validate a deck list in the deck text format. Raises ``ValueError`` for a text too long to read."""
    entries, problems = parse_deck_text(text)
    return validate_deck(entries, problems, CatalogueIndex(entries))


def check_entries(cards: list[dict]) -> DeckReport:
    """Validate the JSON form: ``cards`` is ``[{"code": str, "count": int ≥ 1}, ...]`` (already
    type-checked). Problems name the 0-based ``entry``."""
    entries = [DeckLine(i + 1, c["count"], None, c["code"].strip().upper(), c["code"]) for i, c in enumerate(cards)]
    return validate_deck(entries, list[LineProblem](), CatalogueIndex(entries), json_form=True)


def deck_entries_as_list(deck: Deck) -> list[dict]:
    """``[{"code", "name", "name_en", "type", "count"}]`` of a deck (entries prefetched or not)."""
    return [
        {"code": e.card.code, "name": e.card.name, "name_en": e.card.name_en, "type": e.card.type, "count": e.count}
        for e in deck.entries.all()
    ]


def report_for_deck(deck: Deck) -> DeckReport:
    """The validator's report on a saved deck."""
    return check_entries([{"code": e["code"], "count": e["count"]} for e in deck_entries_as_list(deck)])
