"""Celery tasks of decks. They only schedule: the work is ``decks.services.execute_goldfish``."""
from celery import shared_task

from . import services


@shared_task(name="decks.goldfish", ignore_result=True)
def run_goldfish(run_id: str) -> str | None:
    """Play the goldfish run ``run_id``; its progress and result are written to its
    ``GoldfishRun`` row, which the page and the API poll. Returns the final status."""
    run = services.execute_goldfish(run_id)
    return run.status if run else None
