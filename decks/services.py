"""Writes to decks. Each function is one transaction; a refused write changes nothing.

A deck list that does not resolve (unreadable lines, unknown or ambiguous cards, a code that
disagrees with its name) is refused whole with ``DeckListError``. A list that resolves but
breaks the deck rules (size, copies) is saved: a deck in progress may be incomplete, and its
report says what is missing.
"""
from __future__ import annotations

from django.db import transaction

from cardsdb.models import Card

from .models import Deck, DeckCard
from .validation import DeckReport


class DeckListError(Exception):
    """The deck list does not resolve; ``report`` holds every problem."""

    def __init__(self, report: DeckReport):
        self.report = report
        super().__init__("; ".join(p["message"] for p in report.blocking_problems))


class DeckPermissionError(Exception):
    """The user may not change this deck."""


def _write_entries(deck: Deck, report: DeckReport) -> None:
    if report.blocking_problems:
        raise DeckListError(report)
    ids = dict(Card.objects.filter(code__in=[c.code for c in report.cards]).values_list("code", "id"))
    deck.entries.all().delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card_id=ids[c.code], count=c.count, position=i) for i, c in enumerate(report.cards)
    )


@transaction.atomic
def create_deck(owner, name: str, report: DeckReport, description: str = "", is_public: bool = False) -> Deck:
    """Save a new deck of ``owner`` with the cards of ``report`` (from ``decks.selectors.check_*``).

    Raises ``DeckListError`` when the list does not resolve; nothing is saved then.
    """
    deck = Deck.objects.create(owner=owner, name=name, description=description, is_public=is_public)
    _write_entries(deck, report)
    return deck


@transaction.atomic
def update_deck(deck: Deck, user, report: DeckReport | None = None, **fields) -> Deck:
    """Change ``deck``'s ``name``/``description``/``is_public`` and, with ``report``, its cards.

    Raises ``DeckPermissionError`` unless ``user`` owns the deck, ``DeckListError`` when the
    new list does not resolve; nothing changes then.
    """
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    if locked.owner_id is None or locked.owner_id != getattr(user, "pk", None):
        raise DeckPermissionError("only the deck's owner may change it")
    for key in ("name", "description", "is_public"):
        if key in fields and fields[key] is not None:
            setattr(locked, key, fields[key])
    locked.save()
    if report is not None:
        _write_entries(locked, report)
    return locked


@transaction.atomic
def delete_deck(deck: Deck, user) -> None:
    """Delete ``deck``. Raises ``DeckPermissionError`` unless ``user`` owns it."""
    if deck.owner_id is None or deck.owner_id != getattr(user, "pk", None):
        raise DeckPermissionError("only the deck's owner may delete it")
    deck.delete()


@transaction.atomic
def save_site_deck(deck_id: str, name: str, report: DeckReport, description: str = "") -> Deck:
    """Create or replace a site-owned public deck (the sample decks). Raises ``DeckListError``."""
    deck, _ = Deck.objects.update_or_create(
        id=deck_id, defaults={"name": name, "description": description, "owner": None, "is_public": True}
    )
    _write_entries(deck, report)
    return deck
