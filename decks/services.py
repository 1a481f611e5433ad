"""Writes to decks. Each function is one transaction; a refused write changes nothing.

A deck list that does not resolve (unreadable lines, unknown or ambiguous cards, a code that
disagrees with its name) is refused whole with ``DeckListError``. A list that resolves but breaks the deck rules (size,
copies) is saved: a deck in progress may be incomplete, and its report says what is missing.
The errors (``decks.errors``) are domain errors with translatable messages, answered by the
one handler of the API (``core.api.errors``) and of the pages (``core.middleware``).
"""
from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cardsdb.selectors.catalogue import card_ids
from tcg.decks.goldfish import MIN_CARDS, goldfish
from tcg.decks.rules import DeckReport, ResolvedCard
from tcg.message import Message, gettext_noop
from tcg.numbers import AREA_CARDS, HAND_SIZE, MAX_COPIES

from .errors import DeckListError, DeckNotFound, DeckPermissionError, GoldfishRefused, VersionNotFound
from .models import Deck, DeckCard, DeckDraft, DeckVersion, GoldfishRun
from .scheduling import queue_goldfish
from .selectors import check_entries, stat_cards

MAX_NOTE = 500


def _locked(deck: Deck, no_key: bool = False) -> Deck:
    """``deck``'s row read afresh and locked until the transaction ends, so that a ``DELETE``
    of it waits for this write (and a write that waited for a ``DELETE`` finds it gone).
    ``no_key``: a lock that still lets rows referring to the deck be added (a copy, a
    goldfish run only read it). Raises ``DeckNotFound`` when the row is gone."""
    locked = Deck.objects.select_for_update(no_key=no_key).filter(pk=deck.pk).first()
    if locked is None:
        raise DeckNotFound
    return locked


def _write_entries(deck: Deck, report: DeckReport, user=None, note: str = "", kind: str = "saved",
                   restored_from: int | None = None) -> DeckVersion:
    """Replace ``deck``'s cards with ``report``'s and record them as the deck's next version
    (``kind`` and ``restored_from`` as in ``DeckVersion``)."""
    if report.blocking_problems:
        raise DeckListError(report)
    ids = card_ids([c.code for c in report.cards])
    deck.entries.all().delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card_id=ids[c.code], count=c.count, position=i) for i, c in enumerate(report.cards)
    )
    last = deck.versions.order_by("-number").values_list("number", flat=True).first() or 0
    entries = [{"code": c.code, "name": c.name, "type": c.type, "count": c.count} for c in report.cards]
    return DeckVersion.objects.create(
        deck=deck, number=last + 1, name=deck.name, entries=entries, total=report.total,
        note=(note or "")[:MAX_NOTE], kind=kind, restored_from=restored_from,
        created_by=user if getattr(user, "pk", None) else None,
    )


def _unchanged(deck: Deck, report: DeckReport) -> bool:
    """Whether ``report``'s cards are those of the deck's latest version, in the same order and
    counts (a save of them would make a version that changes nothing)."""
    latest = deck.versions.order_by("-number").values_list("entries", flat=True).first()
    if latest is None:
        return False
    return [(e["code"], e["count"]) for e in latest] == [(c.code, c.count) for c in report.cards]


def _check_owner(deck: Deck, user, doing: str) -> None:
    if deck.owner_id is None or deck.owner_id != getattr(user, "pk", None):
        raise DeckPermissionError(doing)


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
    _write_entries(deck, report, owner, note, kind="copied" if copied_from else "created")
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
    locked = _locked(deck)
    _check_owner(locked, user, "change")
    for key in ("name", "description", "is_public"):
        if key in fields and fields[key] is not None:
            setattr(locked, key, fields[key])
    locked.save()
    if report is not None:
        if report.blocking_problems:
            raise DeckListError(report)
        if not _unchanged(locked, report):
            _write_entries(locked, report, user, note)
    return locked



@transaction.atomic
def restore_version(deck: Deck, user, number: int, note: str = "") -> DeckVersion:
    """Make version ``number``'s list the deck's cards again, as a new version of kind
    ``restored`` (with ``note``). Returns the new version.

    Raises ``DeckNotFound`` when the deck was deleted meanwhile, ``DeckPermissionError`` unless
    ``user`` owns the deck, ``VersionNotFound``, and ``DeckListError`` when a card of that
    version has left the catalogue; nothing changes then.
    """
    locked = _locked(deck)
    _check_owner(locked, user, "restore")
    version = locked.versions.filter(number=number).first()
    if version is None:
        raise VersionNotFound(locked.pk, number)
    report = check_entries([{"code": e["code"], "count": e["count"]} for e in version.entries])
    locked.save()
    return _write_entries(locked, report, user, note, kind="restored", restored_from=number)


@transaction.atomic
def copy_deck(deck: Deck, user, name: str | None = None) -> Deck:
    """A new private deck of ``user`` with ``deck``'s cards (``name`` defaults to the deck's),
    remembering where it came from. The caller has checked that ``user`` may read ``deck``.
    Raises ``DeckNotFound`` when the deck was deleted meanwhile, ``DeckListError`` when a card
    of the deck has left the catalogue; nothing is saved then."""
    source = _locked(deck, no_key=True)
    report = check_entries([{"code": e.card.code, "count": e.count} for e in source.entries.select_related("card")])
    return create_deck(
        user, name or source.name, report, description=source.description, is_public=False, copied_from=source,
    )


@transaction.atomic
def delete_deck(deck: Deck, user) -> None:
    """Delete ``deck``. Raises ``DeckNotFound`` when it was deleted meanwhile,
    ``DeckPermissionError`` unless ``user`` owns it."""
    locked = _locked(deck)
    _check_owner(locked, user, "delete")
    locked.delete()


@transaction.atomic
def save_site_deck(deck_id: str, name: str, report: DeckReport, description: str = "") -> Deck:
    """Create or replace a site-owned public deck (the sample decks). Raises ``DeckListError``."""
    deck, _ = Deck.objects.update_or_create(
        id=deck_id, defaults={"name": name, "description": description, "owner": None, "is_public": True}
    )
    _write_entries(deck, report, None, kind="sample")
    return deck


MAX_GOLDFISH_RUNS = 20_000


@transaction.atomic
def start_goldfish(deck: Deck, user, runs: int = 2000, turns: int = 5, seed: int | None = None,
                   mulligan: bool = True) -> GoldfishRun:
    """Queue a goldfish simulation of ``deck``'s current list (the caller has checked that
    ``user`` may read it); the Celery task ``decks.goldfish`` runs it once this transaction
    commits. ``seed`` defaults to a random one. Raises ``GoldfishRefused`` (``decks.errors``) for ``runs`` outside
    1…20000, ``turns`` outside 1…20, or a deck of fewer than 11 cards (``MIN_CARDS``), ``DeckNotFound`` when
    the deck was deleted meanwhile."""
    if not 1 <= runs <= MAX_GOLDFISH_RUNS:
        raise GoldfishRefused(Message(gettext_noop("runs must be from 1 to %(max)s"), max=MAX_GOLDFISH_RUNS))
    if not 1 <= turns <= 20:
        raise GoldfishRefused(Message(gettext_noop("turns must be from 1 to 20")))
    deck = _locked(deck, no_key=True)
    entries = [{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]
    if sum(e["count"] for e in entries) < MIN_CARDS:
        raise GoldfishRefused(Message(
            gettext_noop("a goldfish needs at least %(min)s cards (%(hand)s in hand and %(area)s on the area)"),
            min=MIN_CARDS, hand=HAND_SIZE, area=AREA_CARDS))
    run = GoldfishRun.objects.create(
        deck=deck, requested_by=user if getattr(user, "pk", None) else None, entries=entries, runs=runs,
        turns=turns, seed=secrets.randbelow(2**31) if seed is None else seed, mulligan=mulligan,
    )
    queue_goldfish(run.pk)
    return run


class _Superseded(Exception):
    """A newer attempt took the goldfish run over (the sweep queued it again)."""


def execute_goldfish(run_id: str) -> GoldfishRun | None:
    """Play the goldfish run ``run_id`` (queued, or started before by a worker that was lost),
    from the start, writing its progress to its row as it goes and its result at the end.

    Each start is an attempt (``attempts`` + 1, under the row's lock); an attempt writes only
    while it is the run's latest, so when the sweep has queued the run again an older attempt
    still under way stops at its next progress write. A run already ``done`` or ``failed`` is
    left alone; a run started ``GOLDFISH_MAX_ATTEMPTS`` times already (each start killed its
    worker, say) is marked ``failed`` (``stalled``) instead; a deck that cannot be simulated
    fails ``unplayable`` with the reason in ``error``. Returns the row (``None`` when it is
    gone)."""
    with transaction.atomic():
        run = GoldfishRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status in ("done", "failed"):
            return run
        if run.attempts >= settings.GOLDFISH_MAX_ATTEMPTS:
            _fail_stalled(GoldfishRun.objects.filter(pk=run_id))
            return GoldfishRun.objects.filter(pk=run_id).first()
        run.attempts += 1
        run.status, run.done = "running", 0
        run.save(update_fields=["attempts", "status", "done", "updated_at"])
    rows = GoldfishRun.objects.filter(pk=run_id, attempts=run.attempts)

    def progress(done: int, total: int) -> None:
        if not rows.update(done=done, updated_at=timezone.now()):
            raise _Superseded

    try:
        result = goldfish(stat_cards(run.entries), run.runs, run.turns, run.seed, run.mulligan, progress,
                          progress_every=max(run.runs // 50, 1))
    except ValueError as exc:
        rows.update(status="failed", failure="unplayable", error=str(exc), updated_at=timezone.now())
    except _Superseded:
        pass
    else:
        rows.update(status="done", done=run.runs, result=result, updated_at=timezone.now())
    return GoldfishRun.objects.filter(pk=run_id).first()


def _fail_stalled(rows) -> int:
    return rows.update(status="failed", failure="stalled", updated_at=timezone.now(),
                       error="The simulation stopped moving: the worker running it was lost.")


@transaction.atomic
def sweep_stalled_goldfish(stall_after: float) -> list[tuple[str, str]]:
    """Recover the goldfish runs whose worker was lost: every run ``queued`` or ``running`` whose
    row has not moved for ``stall_after`` seconds (its progress is written about 50 times a run,
    each a few milliseconds apart) is queued again (``decks.goldfish``, once this transaction
    commits; its ``updated_at`` is set to now, so the next sweep waits as long again), or, when
    it was started ``GOLDFISH_MAX_ATTEMPTS`` times already, marked ``failed`` (``stalled``).
    Each row is changed only if it is still standing still, so a run that moved meanwhile is
    left alone. Returns ``[(run_id, "queued" | "failed")]``."""
    threshold = timezone.now() - timedelta(seconds=stall_after)
    stalled = GoldfishRun.objects.filter(status__in=["queued", "running"], updated_at__lt=threshold)
    swept = []
    for run_id, attempts in stalled.values_list("pk", "attempts"):
        still = stalled.filter(pk=run_id, attempts=attempts)
        if attempts >= settings.GOLDFISH_MAX_ATTEMPTS:
            if _fail_stalled(still):
                swept.append((run_id, "failed"))
        elif still.update(updated_at=timezone.now()):
            queue_goldfish(run_id)
            swept.append((run_id, "queued"))
    return swept


class CopyLimitError(Exception):
    """Adding the card would put more copies of its name in the deck than the rules allow;
    ``name``/``name_en`` are the card's names, ``count`` the copies the deck holds already,
    ``max`` the limit."""

    def __init__(self, name: str, count: int, limit: int, name_en: str = ""):
        self.name, self.name_en, self.count, self.max = name, name_en, count, limit
        super().__init__(f"the deck holds {count} copies of {name} already; at most {limit} are allowed")


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
    locked = _locked(deck)
    _check_owner(locked, user, "change")
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
            raise CopyLimitError(added.name, problem["count"] - count, MAX_COPIES, added.name_en)
    copies = sum(c.count for c in report.cards if c.name == added.name)
    version = _write_entries(locked, report, user, note=f"+{count} {added.code}")
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
        deck = _locked(deck, no_key=True)
        _check_owner(deck, user, "draft")
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
        deck = _locked(deck, no_key=True)
    deleted, _ = DeckDraft.objects.filter(owner=user, deck=deck).delete()
    return bool(deleted)
