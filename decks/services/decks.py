"""Writing decks and their versions: create, change, restore a version, copy, delete, and the
site's sample decks. Each function is one transaction; a refused write changes nothing."""
from __future__ import annotations

from django.db import transaction

from tcg.decks.rules import DeckReport

from ..errors import DeckListError, VersionNotFound
from ..models import Deck, DeckVersion
from ..selectors import check_entries
from .rows import check_owner, lock_deck, write_entries


def _unchanged(deck: Deck, report: DeckReport) -> bool:
    """Whether ``report``'s cards are those of the deck's latest version, in the same order and
    counts (a save of them would make a version that changes nothing)."""
    latest = deck.versions.order_by("-number").values_list("entries", flat=True).first()
    if latest is None:
        return False
    return [(e["code"], e["count"]) for e in latest] == [(c.code, c.count) for c in report.cards]


@transaction.atomic
def create_deck(
    owner, name: str, report: DeckReport, description: str = "", is_public: bool = False, note: str = "",
    copied_from: Deck | None = None,
) -> Deck:
    """Save a new deck of ``owner`` with the cards of ``report`` (from ``decks.selectors.check_*``)
    as its version 1 (with ``note``).

    Raises ``DeckListError`` when the list does not resolve; nothing is saved then.
    """
    deck = Deck.objects.create(
        owner=owner, name=name, description=description, is_public=is_public, copied_from=copied_from)
    write_entries(deck, report, owner, note, kind="copied" if copied_from else "created")
    return deck


@transaction.atomic
def update_deck(deck: Deck, user, report: DeckReport | None = None, note: str = "", **fields) -> Deck:
    """Change ``deck``'s ``name``/``description``/``is_public`` and, with ``report``, its cards,
    which become the deck's next version (with ``note``).

    Raises ``DeckNotFound`` when the deck was deleted meanwhile, ``DeckPermissionError`` unless
    ``user`` owns the deck, ``DeckListError`` when the new list does not resolve; nothing
    changes then (no version either). A list that is the latest version's (the same cards,
    counts and order) makes no new version: the deck's fields still change.
    """
    locked = lock_deck(deck)
    check_owner(locked, user, "change")
    for key in ("name", "description", "is_public"):
        if key in fields and fields[key] is not None:
            setattr(locked, key, fields[key])
    locked.save()
    if report is not None:
        if report.blocking_problems:
            raise DeckListError(report)
        if not _unchanged(locked, report):
            write_entries(locked, report, user, note)
    return locked



@transaction.atomic
def restore_version(deck: Deck, user, number: int, note: str = "") -> DeckVersion:
    """Make version ``number``'s list the deck's cards again, as a new version of kind
    ``restored`` (with ``note``). Returns the new version.

    Raises ``DeckNotFound`` when the deck was deleted meanwhile, ``DeckPermissionError`` unless
    ``user`` owns the deck, ``VersionNotFound``, and ``DeckListError`` when a card of that
    version has left the catalogue; nothing changes then.
    """
    locked = lock_deck(deck)
    check_owner(locked, user, "restore")
    version = locked.versions.filter(number=number).first()
    if version is None:
        raise VersionNotFound(locked.pk, number)
    report = check_entries([{"code": e["code"], "count": e["count"]} for e in version.entries])
    locked.save()
    return write_entries(locked, report, user, note, kind="restored", restored_from=number)


@transaction.atomic
def copy_deck(deck: Deck, user, name: str | None = None) -> Deck:
    """A new private deck of ``user`` with ``deck``'s cards (``name`` defaults to the deck's),
    remembering where it came from. The caller has checked that ``user`` may read ``deck``.
    Raises ``DeckNotFound`` when the deck was deleted meanwhile, ``DeckListError`` when a card
    of the deck has left the catalogue; nothing is saved then."""
    source = lock_deck(deck, no_key=True)
    report = check_entries([{"code": e.card.code, "count": e.count} for e in source.entries.select_related("card")])
    return create_deck(
        user, name or source.name, report, description=source.description, is_public=False, copied_from=source,
    )


@transaction.atomic
def delete_deck(deck: Deck, user) -> None:
    """Delete ``deck``. Raises ``DeckNotFound`` when it was deleted meanwhile,
    ``DeckPermissionError`` unless ``user`` owns it."""
    locked = lock_deck(deck)
    check_owner(locked, user, "delete")
    locked.delete()


@transaction.atomic
def save_site_deck(deck_id: str, name: str, report: DeckReport, description: str = "") -> Deck:
    """Create or replace a site-owned public deck (the sample decks). Raises ``DeckListError``."""
    deck, _ = Deck.objects.update_or_create(
        id=deck_id, defaults={"name": name, "description": description, "owner": None, "is_public": True}
    )
    write_entries(deck, report, None, kind="sample")
    return deck
