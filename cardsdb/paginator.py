"""A paginator that counts only when it must.

Counting every match of a broad search is most of its cost on a large catalogue, while the
page itself is read in a moment from an index. ``CountLastPaginator`` reads one row past the
page: when the results end on this page, the count follows from the rows read and no ``COUNT``
query is made; only when they go on past it is the total counted.

``CountedRows`` lets the rows of a page be read in one shape (e.g. ``values()`` with the set's
name joined in) and counted another way (e.g. a count kept per state of the catalogue).
"""
from __future__ import annotations

from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator

#: The largest row offset (``OFFSET``) SQLite and PostgreSQL take: a signed 64-bit integer.
#: A page starting further on cannot be read; no catalogue is that large, so it is past the end.
MAX_OFFSET = 2**63 - 1


class CountLastPaginator(Paginator):
    """``django.core.paginator.Paginator`` with the same pages, numbers and errors, counting
    the matches only for a page the results go on past (or when ``count`` is asked for first)."""

    def _number(self, number) -> int:
        """``number`` as a page number ≥ 1; ``PageNotAnInteger``/``EmptyPage`` as Django's."""
        try:
            if isinstance(number, float) and not number.is_integer():
                raise ValueError
            number = int(number)
        except (TypeError, ValueError):
            raise PageNotAnInteger(self.error_messages["invalid_page"]) from None
        if number < 1:
            raise EmptyPage(self.error_messages["min_page"])
        return number

    def page(self, number):
        if "count" in self.__dict__ or self.orphans:
            return super().page(number)
        number = self._number(number)
        bottom = (number - 1) * self.per_page
        if bottom + self.per_page + 1 > MAX_OFFSET:  # the slice would overflow the database's integers
            return super().page(number)  # counts, then EmptyPage (past the end), as Django says it
        rows = list(self.object_list[bottom : bottom + self.per_page + 1])
        if len(rows) > self.per_page:  # more after this page: the total must be counted
            self.validate_number(number)
            return self._get_page(rows[: self.per_page], number, self)
        if rows or (number == 1 and self.allow_empty_first_page):
            self.count = bottom + len(rows)  # the results end here
            return self._get_page(rows, number, self)
        return super().page(number)  # past the end: EmptyPage, as Django says it

    def get_page(self, number):
        try:
            return self.page(number)
        except PageNotAnInteger:
            return self.page(1)
        except EmptyPage:
            return self.page(self.num_pages)


class CountedRows:
    """What to paginate: ``rows`` (a queryset, sliced for each page), whose number is
    ``count()`` (a callable returning an ``int``, e.g. ``SearchResult.count``)."""

    def __init__(self, rows, count):
        self.rows = rows
        self.counter = count

    def __getitem__(self, index):
        return self.rows[index]

    def count(self) -> int:
        return self.counter()
