"""The site's errors: the registry of error codes, and the one way a refusal becomes an answer.

Every refusal is a :class:`tcg.errors.DomainError` (``code``, ``message``, ``details``):
``play.errors.MatchError`` and ``StaleVersion``, the engines' ``IllegalAction``, the deck
services' errors (``decks.errors``), the search language's ``SearchError`` and the API's own
(``core.api``). The plain-Python domain knows no HTTP; the status of an answer comes from the
registry here, where each app registers its codes (``register_codes`` in its ``errors`` module,
imported when the app is ready): ``code → (status, description)``. The same registry writes the
OpenAPI descriptions of the error responses (``core.api.schema.describe_error_codes``).

:func:`answer` turns an error into ``(status, {"error": {"code", "message", "details"}, ...})``,
every ``Message`` in it said in the active language (the request's ``Accept-Language`` under
``/api/``, the site language on pages): the DRF exception handler
(``core.api.errors.api_exception_handler``) and the match socket use it, and pages show
:func:`error_message`.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import BadRequest, ImproperlyConfigured

from core.messages import localize
from tcg.errors import DomainError
from tcg.message import Message


class ShownBadRequest(BadRequest):
    """A 400 whose message (a translated sentence) is shown to the visitor on the error page
    (``core.views.bad_request``); under ``/api/`` it is the error shape's message, code
    ``bad_request``."""


@dataclass(frozen=True)
class ErrorCode:
    """One registered code: the HTTP ``status`` it is answered with, what it means
    (``description``, one English sentence for the API's documentation) and the API paths it
    can be answered on (``paths``: prefixes such as ``"/api/decks/"``; empty: any path)."""

    code: str
    status: int
    description: str
    paths: tuple[str, ...] = ()


_REGISTRY: dict[str, ErrorCode] = {}


def register_codes(table: dict[str, tuple[int, str]], paths: tuple[str, ...] = ()) -> None:
    """Register ``{code: (status, description)}`` answered under ``paths``. Registering a code
    again with another status is a configuration error (one code, one status); registering it
    again with the same status adds ``paths``."""
    for code, (status, description) in table.items():
        known = _REGISTRY.get(code)
        if known is not None and known.status != status:
            raise ImproperlyConfigured(f"error code {code!r} registered with status {known.status} and {status}")
        if known is not None:
            paths = tuple(dict.fromkeys(known.paths + paths)) if known.paths and paths else ()
            description = known.description
        _REGISTRY[code] = ErrorCode(code, status, description, paths)


def error_codes() -> dict[str, ErrorCode]:
    """Every registered code, by code."""
    return dict(_REGISTRY)


def status_of(error: DomainError) -> int:
    """The HTTP status ``error`` is answered with: its code's registered status, else the
    error's own ``status`` (400 by default)."""
    known = _REGISTRY.get(error.code)
    return known.status if known is not None else error.status


def localized(value):
    """``value`` with every ``Message`` in it (in dicts, lists and tuples, at any depth) said in
    the active language; other values as they are."""
    if isinstance(value, Message):
        return localize(value)
    if isinstance(value, dict):
        return {key: localized(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [localized(item) for item in value]
    return value


def error_body(code: str, message: str, details: dict | None = None) -> dict:
    """The error shape as a dict: ``{"error": {"code", "message", "details"}}``."""
    return {"error": {"code": code, "message": message, "details": details or {}}}


def error_message(error: DomainError) -> str:
    """``error``'s sentence in the active language (what a page shows)."""
    return localize(error.message)


def answer(error: DomainError) -> tuple[int, dict]:
    """``(status, body)`` for ``error``: ``body`` is ``{"error": {"code", "message",
    "details"}}`` plus the error's own top-level members (``answer_fields()``: a stale
    version's ``view``), every ``Message`` said in the active language."""
    body = error_body(error.code, error_message(error), localized(error.details))
    body.update(localized(error.answer_fields()))
    return status_of(error), body


#: The codes the shared layers answer with, on any path (``core.api.errors``,
#: ``core.middleware``, ``core.api.params``, ``core.api.parsers``).
register_codes({
    "bad_request": (400, "The request cannot be read (e.g. a Content-Length that is not a number)."),
    "invalid_request": (400, "The body or a parameter is not valid; details.problems lists each {field, message}."),
    "malformed_body": (400, "The body is not JSON (or not text in its charset)."),
    "invalid_text": (400, "A text in the body holds characters the API does not take."),
    "bad_parameter": (400, "A query parameter the operation does not take, given twice, or not of its kind."),
    "not_authenticated": (401, "No valid credentials where a user is needed."),
    "permission_denied": (403, "The caller may not do this (not the owner; a session write without its CSRF token)."),
    "not_found": (404, "Nothing is at this address (an id that names nothing, a page past the last)."),
    "method_not_allowed": (405, "The operation does not take this HTTP method."),
    "not_acceptable": (406, "The API cannot answer in the media type the Accept header asks for."),
    "conflict": (409, "The request conflicts with the state of the resource."),
    "length_required": (411, "A write sent without a Content-Length header (chunked)."),
    "request_too_large": (413, "The body is larger than the API takes."),
    "unsupported_media_type": (415, "The body is not application/json."),
    "throttled": (429, "Too many requests; Retry-After says when to try again."),
    "server_error": (500, "Something went wrong on the server."),
})
