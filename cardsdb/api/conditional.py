"""Conditional GETs for the card API: ``ETag`` and ``Last-Modified`` from the catalogue's
change counter (``cardsdb.models.CatalogueState``), so a client that already has an answer gets
``304 Not Modified`` (no body) without the query being run.

The tag hashes the catalogue version and time of its last change with everything else an
answer depends on: the path and query parameters, the host (answers carry absolute links), the
language (messages and warnings) and the ``Accept`` header (JSON or the browsable API).
``Last-Modified`` is the time of the catalogue's last change.
"""
from __future__ import annotations

import hashlib

from django.utils.decorators import method_decorator
from django.utils.translation import get_language
from django.views.decorators.http import condition

from cardsdb import selectors


def _state(request) -> tuple:
    state = getattr(request, "_catalogue_state", None)
    if state is None:
        state = selectors.catalogue_version()
        request._catalogue_state = state
    return state


def catalogue_etag(request, *args, **kwargs) -> str:
    """The (unquoted) ETag of the answer to ``request`` in the catalogue's current state."""
    version, changed_at = _state(request)
    params = sorted((key, value) for key in request.GET for value in request.GET.getlist(key))
    source = repr((version, changed_at, request.get_host(), request.path, params, get_language(),
                   request.META.get("HTTP_ACCEPT", "")))
    return hashlib.blake2b(source.encode(), digest_size=16).hexdigest()


def catalogue_last_modified(request, *args, **kwargs):
    """When the catalogue last changed (``None`` before any change)."""
    return _state(request)[1]


#: Decorates a class-based view's ``get``: 304 for a matching ``If-None-Match`` (or a recent
#: enough ``If-Modified-Since``), else the answer with its ``ETag`` and ``Last-Modified``.
conditional_get = method_decorator(
    condition(etag_func=catalogue_etag, last_modified_func=catalogue_last_modified), name="get"
)
