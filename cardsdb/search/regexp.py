"""A search's regex terms run in the database, under a time budget.

- **SQLite** has no regex engine of its own: Django registers ``REGEXP`` as Python's ``re``,
  which backtracks without limit, so one query such as ``/(a*)*(a*)*…b/`` over the catalogue
  held a worker at full CPU for minutes and slowed every other request. The site registers its
  own ``REGEXP`` on each SQLite connection (:func:`register`, from ``connection_created``): the
  ``regex`` library, which takes a timeout, reading the pattern as ``re`` does (``VERSION0``).
  While a search is read (:func:`regex_budget`), every call gets what is left of
  ``SEARCH_REGEX_SECONDS``; past it the statement is stopped.
- **PostgreSQL** runs its own engine (not a backtracking one: the same patterns take
  milliseconds there), but refuses some patterns Python takes (``((a+)+)+\\3b``: "invalid
  backreference number").

Either way the search is answered with 400 ``bad_query`` naming the regex
(:class:`SearchQuerySet`), not a 500.
"""
from __future__ import annotations

import time
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from functools import lru_cache

import regex
from django.conf import settings
from django.db import DataError, OperationalError, connections, transaction
from django.db.models import QuerySet

from tcg.message import Message, gettext_noop
from tcg.search import SearchError

#: When the regex calls of the search being read must stop (``time.monotonic()``), or ``None``
#: outside a search (the site's own fixed patterns, such as the collector-number test).
_deadline: ContextVar[float | None] = ContextVar("search_regex_deadline", default=None)
#: Set when a call ran out of the budget, so that the error SQLite raises can be told apart.
_ran_out: ContextVar[bool] = ContextVar("search_regex_ran_out", default=False)


class RegexOutOfTime(Exception):
    """A regex call past the search's budget (raised inside SQLite, which reports it as an
    ``OperationalError``)."""


@lru_cache(maxsize=256)
def _compiled(pattern: str):
    return regex.compile(pattern, flags=regex.VERSION0)


def sqlite_regexp(pattern: str | None, value) -> bool | None:
    """SQLite's ``value REGEXP pattern`` (Django's semantics: ``NULL`` for a ``NULL`` operand,
    else whether ``pattern`` is found in ``str(value)``), within the search's budget.
    Raises :class:`RegexOutOfTime` past it."""
    if pattern is None or value is None:
        return None
    text = value if isinstance(value, str) else str(value)
    deadline = _deadline.get()
    if deadline is None:
        return _compiled(pattern).search(text) is not None
    left = deadline - time.monotonic()
    try:
        if left <= 0:
            raise TimeoutError
        return _compiled(pattern).search(text, timeout=left) is not None
    except TimeoutError:
        _ran_out.set(True)
        raise RegexOutOfTime from None


def register(sender, connection, **kwargs) -> None:
    """``connection_created`` receiver: on SQLite, ``REGEXP`` is :func:`sqlite_regexp` (Django
    has registered its own by then, and this one replaces it)."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("REGEXP", 2, sqlite_regexp, deterministic=True)


@contextmanager
def regex_budget(seconds: float | None = None):
    """Regex calls made inside get ``seconds`` in all (default ``SEARCH_REGEX_SECONDS``);
    yields nothing."""
    limit = settings.SEARCH_REGEX_SECONDS if seconds is None else seconds
    deadline = _deadline.set(time.monotonic() + limit)
    ran_out = _ran_out.set(False)
    try:
        yield
    finally:
        _deadline.reset(deadline)
        _ran_out.reset(ran_out)


class _Spent:
    """Seconds a search's statements have run so far, shared by the querysets made from it."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds = 0.0


class SearchQuerySet(QuerySet):
    """A search's cards: each statement (the page, its count, a test of existence) is read
    under :func:`regex_budget` with what its earlier statements left of
    ``SEARCH_REGEX_SECONDS``, so the search's regexes get that much in all; a regex the
    database could not run within it, or at all, raises ``SearchError`` (400 ``bad_query``) for
    the query (``search_query``). Made by :meth:`of`; every queryset made from one keeps its
    query and shares its budget."""

    search_query: str = ""
    _spent: _Spent | None = None

    @classmethod
    def of(cls, queryset: QuerySet, query: str) -> SearchQuerySet:
        """``queryset``'s rows as the cards of the search ``query`` (its text, for errors),
        with a fresh budget."""
        guarded = cls(model=queryset.model, query=queryset.query.chain(), using=queryset.db)
        guarded.search_query = query
        guarded._spent = _Spent()
        return guarded

    def _clone(self):
        clone = super()._clone()
        clone.search_query = self.search_query
        clone._spent = self._spent
        return clone

    def _fetch_all(self):
        if self._result_cache is None:
            with self._guarded():
                super()._fetch_all()

    def count(self) -> int:
        with self._guarded():
            return super().count()

    def exists(self) -> bool:
        with self._guarded():
            return super().exists()

    @contextmanager
    def _guarded(self):
        # Inside a transaction a refused statement would leave PostgreSQL's aborted: the
        # savepoint is rolled back instead, and the transaction goes on.
        savepoint = transaction.atomic(using=self.db) if connections[self.db].in_atomic_block else nullcontext()
        spent = self._spent if self._spent is not None else _Spent()
        start = time.monotonic()
        with regex_budget(settings.SEARCH_REGEX_SECONDS - spent.seconds):
            try:
                with savepoint:
                    yield
            except OperationalError as error:
                if not _ran_out.get():
                    raise
                raise SearchError(
                    Message(gettext_noop("a regex of this query took more than %(seconds)s s to run over the "
                                         "catalogue: make it simpler (a repeat inside a repeat, such as (a*)*, can "
                                         "take for ever)"), seconds=settings.SEARCH_REGEX_SECONDS),
                    query=self.search_query) from None
            except DataError as error:
                if "regular expression" not in str(error):
                    raise
                raise SearchError(
                    Message(gettext_noop("a regex of this query cannot be run by the database (%(reason)s)"),
                            reason=str(error).strip().splitlines()[0]),
                    query=self.search_query) from None
            finally:
                spent.seconds += time.monotonic() - start
