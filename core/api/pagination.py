"""Page-number pagination: ``{"count", "next", "previous", "results"}``; ``page_size`` up to 200.

``page`` and ``page_size`` are query parameters like any other (``core.api.params``): a list
operation declares ``PAGINATION`` among its parameters, a bad value is 400 ``bad_parameter``,
and the paginator reads the checked values. A page past the last one is 404 ``not_found``.
"""
from rest_framework import pagination

from core.api.params import Integer

MAX_PAGE_SIZE = 200
PAGE = Integer("page", "the page, from 1 (a page past the last one is 404)", low=1)
PAGE_SIZE = Integer("page_size", f"results a page, 1–{MAX_PAGE_SIZE} (default: the list's own, 60 for most)",
                    low=1, high=MAX_PAGE_SIZE)
PAGINATION = (PAGE, PAGE_SIZE)


class PageNumberPagination(pagination.PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE
    last_page_strings = ()

    def get_page_size(self, request):
        return getattr(request, "parameters", {}).get("page_size") or self.page_size

    def get_page_number(self, request, paginator):
        return getattr(request, "parameters", {}).get("page") or 1

    def get_schema_operation_parameters(self, view):
        return [{"name": p.name, "required": False, "in": "query", "description": p.description,
                 "schema": p.schema()} for p in PAGINATION]
