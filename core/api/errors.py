"""The API's one error shape, for every failure under ``/api/``.

Every error response is ``{"error": {"code": "snake_case", "message": "a sentence",
"details": {...}}}`` (DESIGN.md, "REST API conventions"). Views, services and the domain raise
``tcg.errors.DomainError`` (or a subclass: ``MatchError``, ``StaleVersion``, the deck errors,
``SearchError``, ``IllegalAction``), answered by ``core.errors.answer`` with its code's registered
status, the message in the language asked for; DRF's exceptions, Django's ``Http404`` and
``PermissionDenied`` are translated by ``api_exception_handler`` too. This is the one handler of
the API (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``): no view handles errors of its own.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response

from core.errors import answer, error_body
from tcg.errors import DomainError

_CODES = {
    400: "bad_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
}


def error_json(status_code: int, message: str, code: str | None = None, details: dict | None = None) -> JsonResponse:
    """A plain-Django JSON error response (for middleware and handler404/500)."""
    return JsonResponse(
        error_body(code or _CODES.get(status_code, "error"), message, details),
        status=status_code,
        json_dumps_params={"ensure_ascii": False},
    )


def _flatten(detail, path: str = "") -> list[dict]:
    """Turn DRF's nested validation detail into a flat list of ``{"field", "message"}``."""
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            if isinstance(key, int):
                sub_path = f"{path}[{key}]"
            elif key in ("non_field_errors", "detail"):
                sub_path = path
            else:
                sub_path = f"{path}.{key}" if path else str(key)
            out += _flatten(value, sub_path)
        return out
    if isinstance(detail, list):
        if all(not isinstance(x, (dict, list)) for x in detail):
            return [{"field": path, "message": str(x)} for x in detail]
        out = []
        for i, value in enumerate(detail):
            out += _flatten(value, f"{path}[{i}]")
        return out
    return [{"field": path, "message": str(detail)}]


def api_exception_handler(exc, context) -> Response | None:
    """DRF's exception handler, answering every error in the error shape."""
    if isinstance(exc, DomainError):
        status, body = answer(exc)
        return Response(body, status=status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    code = _CODES.get(exc.status_code, "error")
    if isinstance(exc, exceptions.ValidationError):
        problems = _flatten(exc.detail)
        message = _("The request is not valid: %(problems)s") % {"problems": _("; ").join(
            f"{p['field']}: {p['message']}" if p["field"] else p["message"] for p in problems
        )}
        body = error_body("invalid_request", message, {"problems": problems})
    elif isinstance(exc, exceptions.ParseError):
        body = error_body("malformed_body", str(exc.detail))
    else:
        body = error_body(code, str(exc.detail))
    return Response(body, status=exc.status_code, headers=headers)
