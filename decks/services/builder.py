"""The builder's writes: adding copies of one card to a deck (the card page's and search's "add
to a deck"), and the builder's unsaved drafts. Each function is one transaction."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from tcg.decks.rules import ResolvedCard
from tcg.numbers import MAX_COPIES

from ..errors import CopyLimitError, DeckListError, VersionNotFound
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
    The owner's draft of the deck in the builder, if any, gets the same copies (the player
    asked for the card in this deck, so restoring the draft must not take it out again); the
    draft keeps its base version, so the builder still says the deck has changed since.

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
    draft = DeckDraft.objects.select_for_update().filter(owner=user, deck=locked).first()
    if draft is not None:
        draft.entries = _with_copies(draft.entries, added.code, count)
        draft.save(update_fields=["entries", "updated_at"])
    return version, added, copies


def _with_copies(entries: list[dict], code: str, count: int) -> list[dict]:
    """``entries`` (``[{"code", "count"}]``) with ``count`` more copies of ``code``: added to
    its row, or as a new row at the end."""
    added = [{"code": e["code"], "count": e["count"] + (count if e["code"] == code else 0)} for e in entries]
    if not any(e["code"] == code for e in entries):
        added.append({"code": code, "count": count})
    return added


@transaction.atomic
def save_draft(user, deck: Deck | None, entries: list[dict], name: str = "", description: str = "",
               is_public: bool = False, base_version: int | None = None, writer: str = "",
               sequence: int | None = None) -> DeckDraft:
    """Keep the builder's unsaved work: ``user``'s draft of ``deck`` (``None``: of a new deck)
    becomes ``entries`` (``[{"code", "count"}]``, type-checked by the caller) and the save form's
    fields, replacing the one before. Returns the draft as kept.

    ``base_version`` is the number of the deck's version the builder's list was loaded from;
    when it is not given, the draft keeps the base it had, and a first draft is based on the
    deck's latest version. A new deck's draft has none.

    ``writer`` (a builder page's own id, at most 40 characters) and ``sequence`` (the number of
    its write, from 0) order one page's writes: when the kept draft was written by the same
    ``writer`` with a ``sequence`` at least this one, this write was overtaken on its way (a
    write sent as the page closed reached the server first) and the draft is left as it is.
    A write from another page, or without both, always replaces the draft.

    Raises ``DeckPermissionError`` unless ``user`` owns ``deck``, ``DeckNotFound`` when it was
    deleted meanwhile, ``VersionNotFound`` for a base the deck does not have (any base for a
    new deck, which has no versions yet: it was ignored); nothing changes then."""
    base = None
    if deck is None and base_version is not None:
        raise VersionNotFound("new", base_version)
    if deck is not None:
        deck = lock_deck(deck, no_key=True)
        check_owner(deck, user, "draft")
        if base_version is not None and not deck.versions.filter(number=base_version).exists():
            raise VersionNotFound(deck.pk, base_version)
        kept = DeckDraft.objects.filter(owner=user, deck=deck).values_list("base_version", flat=True).first()
        latest = deck.versions.order_by("-number").values_list("number", flat=True).first()
        base = base_version or kept or latest
    fields = {"entries": [{"code": e["code"], "count": e["count"]} for e in entries], "name": name,
              "description": description, "is_public": is_public, "base_version": base,
              "writer": writer, "sequence": sequence or 0}
    rows = DeckDraft.objects.filter(owner=user, deck=deck)
    replaceable = rows.exclude(writer=writer, sequence__gte=sequence) if writer and sequence is not None else rows
    # A compare-and-set: the row's own lock orders two writes of the same draft.
    if not replaceable.update(**fields, updated_at=timezone.now()) and not rows.exists():
        try:
            with transaction.atomic():
                return DeckDraft.objects.create(owner=user, deck=deck, **fields)
        except IntegrityError:  # the same draft's first write from elsewhere came in between
            replaceable.update(**fields, updated_at=timezone.now())
    return rows.get()


@transaction.atomic
def discard_draft(user, deck: Deck | None) -> bool:
    """Delete ``user``'s draft of ``deck`` (``None``: of a new deck); whether there was one.
    Raises ``DeckNotFound`` when ``deck`` was deleted meanwhile (its drafts went with it)."""
    if deck is not None:
        deck = lock_deck(deck, no_key=True)
    deleted, _ = DeckDraft.objects.filter(owner=user, deck=deck).delete()
    return bool(deleted)
