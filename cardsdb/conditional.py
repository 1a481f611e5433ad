"""Conditional GETs for the card API and the card faces: ``ETag`` and ``Last-Modified`` from
the catalogue's change counter (``cardsdb.models.CatalogueState``), so a client that already has an answer gets
``304 Not Modified`` (no body) without the query being run.

The tag hashes the catalogue version and time of its last change with everything else an
answer depends on: the path and query parameters, the host (answers carry absolute links), the
language (messages and warnings) and the ``Accept`` header (JSON or the browsable API).
``Last-Modified`` is the time of the catalogue's last change.

Preconditions apply only to an answer that would be 200 (RFC 9110, 13.2.1: a server ignores
them when the answer without them would be anything but 2xx or 412): a card that does not
exist, a page past the end or a query that cannot be read answers its error, whatever the
request's ``If-None-Match: *`` or ``If-Modified-Since`` say. Only 200 answers carry an ``ETag``,
and an ``ETag`` stands for one request in one state of the catalogue, so an ``If-None-Match``
naming the current tag is answered 304 before anything else is run; any other conditional
request (``*``, ``If-Modified-Since``) runs the view and is answered 304 only when it gives 200.
"""
from __future__ import annotations

import datetime
import hashlib
from functools import wraps

from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.decorators import method_decorator
from django.utils.http import http_date, parse_etags, quote_etag
from django.utils.translation import get_language

from cardsdb.selectors import catalogue


def catalogue_state(request) -> tuple:
    """``(version, changed_at)`` of the catalogue (``cardsdb.selectors.catalogue.catalogue_version``), read once
    per request."""
    state = getattr(request, "_catalogue_state", None)
    if state is None:
        state = catalogue.catalogue_version()
        request._catalogue_state = state
    return state


def catalogue_etag(request, *args, **kwargs) -> str:
    """The (unquoted) ETag of the answer to ``request`` in the catalogue's current state."""
    version, changed_at = catalogue_state(request)
    params = sorted((key, value) for key in request.GET for value in request.GET.getlist(key))
    source = repr((version, changed_at, request.get_host(), request.path, params, get_language(),
                   request.META.get("HTTP_ACCEPT", "")))
    return hashlib.blake2b(source.encode(), digest_size=16).hexdigest()


def catalogue_last_modified(request, *args, **kwargs):
    """When the catalogue last changed (``None`` before any change)."""
    return catalogue_state(request)[1]


def _timestamp(request) -> int | None:
    changed_at = catalogue_last_modified(request)
    if changed_at is None:
        return None
    if not timezone.is_aware(changed_at):
        changed_at = timezone.make_aware(changed_at, datetime.timezone.utc)
    return int(changed_at.timestamp())


def _names(request, etag: str) -> bool:
    """Whether the request's ``If-None-Match`` lists ``etag`` itself (weak comparison; ``*``
    names no tag)."""
    tags = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    return tags != ["*"] and etag.removeprefix("W/") in {tag.removeprefix("W/") for tag in tags}


def _with_validators(response, etag: str, last_modified: int | None):
    if last_modified is not None and not response.has_header("Last-Modified"):
        response.headers["Last-Modified"] = http_date(last_modified)
    response.headers.setdefault("ETag", etag)
    return response


def conditional_on(etag_of, headers: dict[str, str] | None = None):
    """A decorator making a view answer conditional GETs (see the module's description) with
    ``etag_of(request, *args, **kwargs)`` (unquoted) as the ``ETag`` and the catalogue's
    ``Last-Modified``: 304 only where the answer would be 200, which alone carries the two
    headers. ``headers`` (e.g. ``Cache-Control``) go on the 200 and on the 304 alike, as
    RFC 9110, 15.4.5 asks of a 304."""
    extra = dict(headers or {})

    def decorate(view):
        @wraps(view)
        def answer(request, *args, **kwargs):
            etag, last_modified = quote_etag(etag_of(request, *args, **kwargs)), _timestamp(request)
            safe = request.method in ("GET", "HEAD")
            if safe and _names(request, etag):  # the tag of a 200 answer to this very request, now
                early = get_conditional_response(request, etag=etag, last_modified=last_modified)
                if early is not None:
                    return _with_headers(_with_validators(early, etag, last_modified), extra)
            response = view(request, *args, **kwargs)
            if not safe or response.status_code != 200:
                return response
            _with_headers(_with_validators(response, etag, last_modified), extra)
            return _with_headers(
                get_conditional_response(request, etag=etag, last_modified=last_modified, response=response), extra
            )

        return answer

    return decorate


def _with_headers(response, headers: dict[str, str]):
    for name, value in headers.items():
        response.headers[name] = value
    return response


#: ``view`` answering conditional GETs from the catalogue's ``ETag`` (``catalogue_etag``) and
#: ``Last-Modified``.
conditional = conditional_on(catalogue_etag)


#: Decorates a class-based view's ``get``: 304 for a matching ``If-None-Match`` (or a recent
#: enough ``If-Modified-Since``) when the answer would be 200, else the answer, with its
#: ``ETag`` and ``Last-Modified`` when it is 200.
conditional_get = method_decorator(conditional, name="get")
