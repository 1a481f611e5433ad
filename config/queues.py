"""The site's Celery queues, all named from the default queue (``CELERY_TASK_DEFAULT_QUEUE``,
default ``celery``), so that whoever names that one (a deploy, a test run with its own queue)
names them all. Plain Python: ``tests/own_queue.py`` reads it before Django's settings.

- ``people``: the default queue itself: bot turns of matches where a person plays, turn clocks,
  the sweeps of the table (``play.resume_stalled``, ``play.expire_open``), anything not routed
  elsewhere. Its worker waits on nothing slow, so a person's bot replies within its delay.
- ``bots``: ``<default>-bots``: bot turns of matches where no person plays any more (bot-only
  matches, matches every person resigned or was timed out of).
- ``simulations``: ``<default>-simulations``: the goldfish simulations of decks, which take
  seconds each.

Each has its own worker (the ``Procfile``'s ``worker``, ``bots`` and ``simulations``; ``make
run`` starts the three), so a flood of bot-only matches or a long simulation never delays the
bot turn of a match with a person.
"""
from __future__ import annotations

KINDS = ("people", "bots", "simulations")


def queue_names(default: str) -> dict[str, str]:
    """``{"people": default, "bots": f"{default}-bots", "simulations": f"{default}-simulations"}``."""
    return {kind: default if kind == "people" else f"{default}-{kind}" for kind in KINDS}
