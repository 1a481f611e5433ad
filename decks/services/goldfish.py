"""The goldfish simulations' lifecycle: a run queued (``start_goldfish``), played by a worker
(``execute_goldfish``, the Celery task ``decks.goldfish``), and the runs whose worker was lost
queued again or failed (``sweep_stalled_goldfish``)."""
from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tcg.decks.goldfish import MAX_CARDS, MIN_CARDS, goldfish
from tcg.message import Message, gettext_noop
from tcg.numbers import AREA_CARDS, HAND_SIZE

from ..errors import GoldfishRefused, TooManyRuns
from ..models import Deck, GoldfishRun
from ..scheduling import queue_goldfish
from ..selectors import stat_cards
from .rows import lock_deck

MAX_GOLDFISH_RUNS = 20_000


def _check_room(user) -> None:
    """Raise ``TooManyRuns`` when ``user`` has ``GOLDFISH_RUNS_PER_USER`` runs queued or running:
    one worker plays every run in turn, so one user's requests (the API allows hundreds a minute,
    each up to 20,000 games) would otherwise hold it for everyone. The user's row is locked first,
    so that two requests at once cannot both pass the count."""
    if not getattr(user, "pk", None):
        return
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.GOLDFISH_RUNS_PER_USER
    count = GoldfishRun.objects.filter(requested_by=user, status__in=("queued", "running")).count()
    if count >= limit:
        raise TooManyRuns(limit, count)


@transaction.atomic
def start_goldfish(deck: Deck, user, runs: int = 2000, turns: int = 5, seed: int | None = None,
                   mulligan: bool = True) -> GoldfishRun:
    """Queue a goldfish simulation of ``deck``'s current list (the caller has checked that
    ``user`` may read it); the Celery task ``decks.goldfish`` runs it once this transaction
    commits. ``seed`` defaults to a random one. Raises ``GoldfishRefused`` (``decks.errors``) for ``runs`` outside
    1…20000, ``turns`` outside 1…20, or a deck of fewer than 11 cards (``MIN_CARDS``) or more than 999 (``MAX_CARDS``), ``DeckNotFound`` when
    the deck was deleted meanwhile, ``TooManyRuns`` (429) when ``user`` has ``GOLDFISH_RUNS_PER_USER`` runs
    queued or running."""
    if not 1 <= runs <= MAX_GOLDFISH_RUNS:
        raise GoldfishRefused(Message(gettext_noop("runs must be from 1 to %(max)s"), max=MAX_GOLDFISH_RUNS))
    if not 1 <= turns <= 20:
        raise GoldfishRefused(Message(gettext_noop("turns must be from 1 to 20")))
    deck = lock_deck(deck, no_key=True)
    _check_room(user)
    entries = [{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]
    if sum(e["count"] for e in entries) < MIN_CARDS:
        raise GoldfishRefused(Message(
            gettext_noop("a goldfish needs at least %(min)s cards (%(hand)s in hand and %(area)s on the area)"),
            min=MIN_CARDS, hand=HAND_SIZE, area=AREA_CARDS))
    total = sum(e["count"] for e in entries)
    if total > MAX_CARDS:
        raise GoldfishRefused(Message(gettext_noop("a goldfish plays at most %(max)s cards; this deck has %(count)s"),
                                      max=MAX_CARDS, count=total))
    run = GoldfishRun.objects.create(
        deck=deck, requested_by=user if getattr(user, "pk", None) else None, entries=entries, runs=runs,
        turns=turns, seed=secrets.randbelow(2**31) if seed is None else seed, mulligan=mulligan,
    )
    queue_goldfish(run.pk)
    return run


class _Superseded(Exception):
    """A newer attempt took the goldfish run over (the sweep queued it again)."""


def execute_goldfish(run_id: str, *, redelivered: bool = False) -> GoldfishRun | None:
    """Play the goldfish run ``run_id`` (queued, or started before by a worker that was lost),
    from the start, writing its progress to its row as it goes and its result at the end.
    ``redelivered``: the broker hands this message back because the worker that held it was
    lost (RabbitMQ's ``redelivered`` flag).

    Each start is an attempt (``attempts`` + 1, under the row's lock); an attempt writes only
    while it is the run's latest, so when the sweep has queued the run again an older attempt
    still under way stops at its next progress write. A run already ``done`` or ``failed`` is
    left alone, and so is a run ``running`` whose row moved within ``GOLDFISH_STALL_AFTER``
    seconds when the message is not a redelivery: another worker is playing it, and this is
    the sweep's second copy of a run that only waited long in its queue. A run started
    ``GOLDFISH_MAX_ATTEMPTS`` times already (each start killed its worker, say) is marked
    ``failed`` (``stalled``) instead; a deck that cannot be simulated fails ``unplayable`` with
    the reason in ``error``. Returns the row (``None`` when it is gone)."""
    with transaction.atomic():
        run = GoldfishRun.objects.select_for_update().filter(pk=run_id).first()
        if run is None or run.status in ("done", "failed"):
            return run
        if run.status == "running" and not redelivered and _moving(run):
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


def _moving(run: GoldfishRun) -> bool:
    """Whether the row of ``run`` moved within ``GOLDFISH_STALL_AFTER`` seconds."""
    return run.updated_at >= timezone.now() - timedelta(seconds=settings.GOLDFISH_STALL_AFTER)


def _fail_stalled(rows) -> int:
    return rows.update(status="failed", failure="stalled", updated_at=timezone.now(),
                       error="The simulation stopped moving: the worker running it was lost.")


@transaction.atomic
def sweep_stalled_goldfish(stall_after: float) -> list[tuple[str, str]]:
    """Recover the goldfish runs whose worker was lost: every run ``queued`` or ``running`` whose
    row has not moved for ``stall_after`` seconds (its progress is written about 50 times a run,
    each a few milliseconds apart) is queued again (``decks.goldfish``, once this transaction
    commits; it is ``queued`` again from 0 games and its ``updated_at`` is set to now, so the
    next sweep waits as long again; a run that had only waited long in its queue is then played
    by whichever copy a worker takes first, and the other copy finds it moving or over), or, when
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
        elif still.update(status="queued", done=0, updated_at=timezone.now()):
            queue_goldfish(run_id)
            swept.append((run_id, "queued"))
    return swept
