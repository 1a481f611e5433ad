"""The builder's writes: adding copies of one card to a deck (the card page's and search's "add
to a deck"), and the builder's unsaved drafts. Each function is one transaction."""
from __future__ import annotations

from django.db import transaction

from tcg.decks.rules import ResolvedCard
from tcg.numbers import MAX_COPIES

from ..errors import CopyLimitError, DeckListError
from ..models import Deck, DeckDraft, DeckVersion
from ..selectors import check_entries
from .rows import check_owner, lock_deck, write_entries


@transaction.atomic
def add_card(deck: Deck, user, code: str, count: int = 1) -> tuple[DeckVersion, ResolvedCard, int]:
    """Add ``count`` copies of the card ``code`` to ``deck`` (after its other cards, or to its
    row when the deck holds it already), as the deck's next version with a note naming the
    card. Returns ``(version, card, copies)``: the card as the validator resolved it (``code``,
    ``name``, ``name_en``, ``count``…), and how many copies of its name the deck now holds.

    The copy limit (``tcg.numbers.MAX_COPIES``, 3, counted by name across printings: the deck
    rules, "Deck construction") is kept: raises ``CopyLimitError`` when the deck would hold more.
    Raises ``DeckNotFound``, ``DeckPermissionError`` unless ``user`` owns the deck, and
    ``DeckListError`` for a code the catalogue does not know; nothing changes then.
    """
    locked = lock_deck(deck)
    check_owner(locked, user, "change")
    entries = [{"code": e.card.code, "count": e.count} for e in locked.entries.select_related("card")]
    code = code.strip().upper()
    for entry in entries:
        if entry["code"] == code:
            entry["count"] += count
            break
    else:
        entries.append({"code": code, "count": count})
    report = check_entries(entries)
    if report.blocking_problems:
        raise DeckListError(report)
    added = next(c for c in report.cards if c.code == code)
    for problem in report.problems:
        if problem["code"] == "too_many_copies" and code in problem["codes"]:
            raise CopyLimitError(locked.name, added.name, problem["count"] - count, MAX_COPIES, added.name_en)
    copies = sum(c.count for c in report.cards if c.name == added.name)
    version = write_entries(locked, report, user, note=f"+{count} {added.code}")
    locked.save()
    return version, added, copies


@transaction.atomic
def save_draft(user, deck: Deck | None, entries: list[dict], name: str = "", description: str = "",
               is_public: bool = False) -> DeckDraft:
    """Keep the builder's unsaved work: ``user``'s draft of ``deck`` (``None``: of a new deck)
    becomes ``entries`` (``[{"code", "count"}]``, type-checked by the caller) and the save form's
    fields, replacing the one before. Raises ``DeckPermissionError`` unless ``user`` owns
    ``deck``, ``DeckNotFound`` when it was deleted meanwhile."""
    if deck is not None:
        deck = lock_deck(deck, no_key=True)
        check_owner(deck, user, "draft")
    draft, _ = DeckDraft.objects.update_or_create(
        owner=user, deck=deck,
        defaults={"entries": [{"code": e["code"], "count": e["count"]} for e in entries], "name": name,
                  "description": description, "is_public": is_public},
    )
    return draft


@transaction.atomic
def discard_draft(user, deck: Deck | None) -> bool:
    """Delete ``user``'s draft of ``deck`` (``None``: of a new deck); whether there was one.
    Raises ``DeckNotFound`` when ``deck`` was deleted meanwhile (its drafts went with it)."""
    if deck is not None:
        deck = lock_deck(deck, no_key=True)
    deleted, _ = DeckDraft.objects.filter(owner=user, deck=deck).delete()
    return bool(deleted)
