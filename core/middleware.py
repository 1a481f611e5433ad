"""Refuses oversized API request bodies with 413 in the error shape, before anything reads them."""
from django.conf import settings

from core.api.errors import error_json


class ApiBodySizeLimitMiddleware:
    """Answers 413 ``request_too_large`` to an ``/api/`` request whose body is over
    ``settings.API_MAX_BODY_BYTES`` (by its Content-Length, or by reading at most one byte more)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/") and request.method in ("POST", "PUT", "PATCH", "DELETE"):
            limit = settings.API_MAX_BODY_BYTES
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > limit:
                return error_json(
                    413,
                    f"The request body is {length} bytes; the limit is {limit} bytes.",
                    details={"limit": limit, "size": length},
                )
        return self.get_response(request)
