"""Reads of decks: what a user may see, and checking a deck list against the catalogue."""
from __future__ import annotations

from django.db.models import F, Prefetch, Q, QuerySet

from cardsdb.selectors.catalogue import card_fields
from cardsdb.selectors.deck_index import CatalogueIndex
from tcg.decks.format import DeckLine, LineProblem, parse_deck_text
from tcg.decks.rules import DeckReport, validate_deck
from tcg.decks.stats import StatCard
from tcg.vocabulary import STEPS

from .models import Deck, DeckCard, DeckDraft, DeckVersion, GoldfishRun


def visible_decks(user) -> QuerySet[Deck]:
    """Decks ``user`` may read: public ones and their own."""
    decks = Deck.objects.select_related("owner")
    if user is not None and user.is_authenticated:
        return decks.filter(Q(is_public=True) | Q(owner=user))
    return decks.filter(is_public=True)


def site_decks() -> QuerySet[Deck]:
    """The site's own public decks (the sample decks, owned by nobody), by id."""
    return Deck.objects.filter(owner__isnull=True, is_public=True).order_by("id")


def public_decks_with_card(code: str) -> QuerySet[Deck]:
    """The public decks (the site's and people's) that hold the card ``code`` (case-insensitive),
    each with ``copies``, the number of it they hold: most copies first, then the most recently
    updated, then by id. A private deck is never among them, whoever asks."""
    return (
        Deck.objects.filter(is_public=True, entries__card__code=code.upper())
        .annotate(copies=F("entries__count"))
        .select_related("owner")
        .order_by("-copies", "-updated_at", "id")
    )


def with_cards(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """``decks`` with their entries and cards fetched in two more queries."""
    return decks.prefetch_related(Prefetch("entries", queryset=DeckCard.objects.select_related("card")))


def check_text(text: str) -> DeckReport:
    """Validate a deck list in the deck text format. Raises ``tcg.decks.format.DeckTextTooLong`` (a ``DomainError`` and ``ValueError``) for a text too long to read."""
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


def deck_rows(deck: Deck) -> list[dict]:
    """``deck_entries_as_list`` with each card's ``reading`` and ``size``: what a deck list is
    sorted by for a reader (``tcg.cards.names.card_order_key``)."""
    return [
        {"code": e.card.code, "name": e.card.name, "name_en": e.card.name_en, "reading": e.card.reading,
         "type": e.card.type, "size": e.card.size, "count": e.count}
        for e in deck.entries.all()
    ]


def report_for_deck(deck: Deck) -> DeckReport:
    """The validator's report on a saved deck."""
    return check_entries([{"code": e["code"], "count": e["count"]} for e in deck_entries_as_list(deck)])


CARD_FIELDS = ("code", "name", "name_en", "reading", "type", "colours", "size", "bonus_colour", "bonus_value", *STEPS,
               "hp", "directions", "movement", "ability", "text", "effect")


def card_details(codes: list[str]) -> dict[str, dict]:
    """Key fields of the cards ``codes``: ``{code: {field: value}}`` with the fields of
    ``CARD_FIELDS`` (steps as space-separated action names). One query."""
    return card_fields(codes, CARD_FIELDS)


def stat_card(row: dict, count: int) -> StatCard:
    """The statistics' view of a card from its ``card_details`` row, with ``count`` copies."""
    return StatCard(
        code=row["code"], name=row["name"], type=row["type"], colours=tuple(row["colours"] or ()), size=row["size"],
        bonus_colour=row["bonus_colour"], bonus_value=row["bonus_value"],
        steps=tuple(tuple(row[s].split()) for s in STEPS),
        count=count, hp=row["hp"], directions=row["directions"], movement=row["movement"],
    )


def stat_cards(entries: list[dict], details: dict[str, dict] | None = None) -> list[StatCard]:
    """The cards of ``entries`` (``[{"code", "count"}]``) for statistics, odds and the goldfish,
    in order; codes not in the catalogue are left out. One query, none when ``details``
    (from ``card_details``) is given."""
    rows = details if details is not None else card_details([e["code"] for e in entries])
    return [stat_card(rows[e["code"]], e["count"]) for e in entries if e["code"] in rows]


def deck_versions(deck: Deck) -> QuerySet[DeckVersion]:
    """The deck's versions, newest first."""
    return deck.versions.select_related("created_by").order_by("-number")


def deck_version(deck: Deck, number: int) -> DeckVersion | None:
    """Version ``number`` of ``deck``, or ``None``."""
    return deck.versions.select_related("created_by").filter(number=number).first()


def goldfish_run(run_id: str, user) -> GoldfishRun | None:
    """The goldfish run ``run_id`` when its deck is visible to ``user``, else ``None``."""
    return GoldfishRun.objects.filter(pk=run_id, deck__in=visible_decks(user)).first()


def deck_draft(user, deck: Deck | None) -> DeckDraft | None:
    """``user``'s draft of ``deck`` (``None``: of a new deck) kept by the builder, or ``None``."""
    if user is None or not user.is_authenticated:
        return None
    return DeckDraft.objects.filter(owner=user, deck=deck).first()
