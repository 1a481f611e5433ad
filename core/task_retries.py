"""Celery options for a task that may run twice: it is retried when it meets a transient
database error instead of being lost.

A database may refuse a statement for a moment: SQLite answers "database is locked" (or, in
shared-cache mode, "database table is locked") when another connection writes, PostgreSQL
cancels a transaction in a deadlock or a serialization failure, and a connection may drop while
the server restarts. Django raises these as ``OperationalError`` or ``InterfaceError``. A task
that is idempotent (a bot turn names the version it is for; a goldfish run counts its
attempts) can simply run again.

Usage: ``@shared_task(name=..., **RETRY_ON_TRANSIENT_DATABASE_ERRORS)``. The retries wait
about 1, 2, 4, 8 and 16 s (Celery's exponential backoff, each drawn at random below that bound
so that two tasks that met one lock do not meet again); after the fifth the error is raised.
"""
from django.db import InterfaceError, OperationalError

#: What Django raises when the database is busy or out of reach for a moment.
TRANSIENT_DATABASE_ERRORS = (OperationalError, InterfaceError)

#: Keyword arguments of ``shared_task`` for a task that may run twice.
RETRY_ON_TRANSIENT_DATABASE_ERRORS = {
    "autoretry_for": TRANSIENT_DATABASE_ERRORS,
    "retry_backoff": 1,
    "retry_backoff_max": 16,
    "retry_jitter": True,
    "max_retries": 5,
}
