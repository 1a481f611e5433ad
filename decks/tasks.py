"""Celery tasks of decks. They only schedule: the work is ``decks.services.execute_goldfish``.

A goldfish run whose worker dies (killed, out of memory, the machine lost) would stay
``running``: the task is acknowledged late and requeued when its worker process dies, so a
broker that can (RabbitMQ at once; Redis after its visibility timeout) delivers it again, and
``sweep_goldfish`` (when a worker starts, and every ``GOLDFISH_SWEEP_INTERVAL`` seconds from
beat) queues again, or marks ``failed``, every run that has stood still for
``GOLDFISH_STALL_AFTER`` seconds, whatever the broker kept.
"""
import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings

from core.task_retries import RETRY_ON_TRANSIENT_DATABASE_ERRORS

from . import services

logger = logging.getLogger(__name__)


@shared_task(bind=True, name="decks.goldfish", ignore_result=True, acks_late=True, reject_on_worker_lost=True,
             **RETRY_ON_TRANSIENT_DATABASE_ERRORS)
def run_goldfish(self, run_id: str) -> str | None:
    """Play the goldfish run ``run_id``; its progress and result are written to its
    ``GoldfishRun`` row, which the page and the API poll. A message the broker hands back
    after its worker was lost takes the run over at once (``services.execute_goldfish``).
    Returns the final status."""
    redelivered = bool((self.request.delivery_info or {}).get("redelivered"))
    run = services.execute_goldfish(run_id, redelivered=redelivered)
    return run.status if run else None


@shared_task(name="decks.sweep_goldfish", ignore_result=True)
def sweep_goldfish() -> int:
    """Queue again, or mark ``failed``, each goldfish run that stopped moving
    (``services.sweep_stalled_goldfish``); returns how many were swept and logs them at
    WARNING (their worker was lost) as ``run_id:queued|failed``."""
    swept = services.sweep_stalled_goldfish(settings.GOLDFISH_STALL_AFTER)
    if swept:
        logger.warning("decks.sweep_goldfish: %d stalled runs: %s", len(swept),
                       " ".join(f"{run_id}:{what}" for run_id, what in swept))
    return len(swept)


@worker_ready.connect
def _sweep_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker that starts (after a crash, a deploy) queues ``sweep_goldfish`` at once."""
    sweep_goldfish.apply_async()
