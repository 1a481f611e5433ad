"""Page-number pagination: ``{"count", "next", "previous", "results"}``; ``page_size`` up to 200."""
from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
