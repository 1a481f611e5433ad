"""Reads of the catalogue as a whole: every card and set, one card by its code and its
neighbours in code order, and the catalogue's version (which changes with every change to a card or set)."""
from __future__ import annotations

from django.db.models import QuerySet

from ..models import Card, CardSet, CatalogueState


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


def card_neighbours(code: str) -> tuple[Card | None, Card | None]:
    """The cards just before and just after ``code`` in code order (``None`` at either end),
    whether or not ``code`` itself is a card. Two indexed reads."""
    code = code.upper()
    before = Card.objects.filter(code__lt=code).order_by("-code").first()
    after = Card.objects.filter(code__gt=code).order_by("code").first()
    return before, after


def card_ids(codes: list[str]) -> dict[str, int]:
    """``{code: primary key}`` of the cards ``codes`` that the catalogue has. One query."""
    return dict(Card.objects.filter(code__in=codes).values_list("code", "id"))


def card_fields(codes: list[str], fields: tuple[str, ...]) -> dict[str, dict]:
    """``{code: {field: value}}`` of the cards ``codes`` that the catalogue has, with the model
    fields ``fields`` (``code`` among them; STEPs as space-separated action names). One query."""
    return {row["code"]: row for row in Card.objects.filter(code__in=codes).values(*fields)}


def catalogue_version() -> tuple:
    """``(version, changed_at)`` of the catalogue (``CatalogueState``): changes whenever a card
    or set is added, changed or removed; ``changed_at`` (a datetime, ``None`` before any change)
    is when that last happened. One primary-key read."""
    return tuple(CatalogueState.current())
