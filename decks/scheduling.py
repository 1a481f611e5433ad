"""What the deck services leave to Celery, sent once their transaction commits: a goldfish
simulation to run (the task ``decks.goldfish``, ``decks.tasks.run_goldfish``, which
``CELERY_TASK_ROUTES`` sends to the simulations queue).

The tasks call the services and the services call this module, which sends tasks by name:
neither the services nor this module import the tasks, so no two modules import each other.
"""
from __future__ import annotations

from celery import current_app
from django.db import transaction

#: The name of the task that plays a goldfish run.
GOLDFISH_TASK = "decks.goldfish"


def queue_goldfish(run_id: str) -> None:
    """Send ``decks.goldfish`` for the run ``run_id`` once the current transaction commits (at
    once outside a transaction); a rolled-back transaction sends nothing."""
    transaction.on_commit(lambda: current_app.send_task(GOLDFISH_TASK, (run_id,)))
