"""The site-wide views: the icon at ``/favicon.ico``, the language switch and the error handlers (the home page is the app
``home``).

Error handlers answer in the API's error shape under ``/api/`` and with an HTML page elsewhere;
``domain_error`` is the pages' answer to a ``tcg.errors.DomainError`` their view did not handle
(``core.middleware.DomainErrorMiddleware``): the error page with the status its code is
registered with (``core.errors``) and its message in the visitor's language.
"""
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import i18n
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from core.api.errors import error_json
from core.errors import ShownBadRequest, answer
from core.redirects import safe_next


@cache
def _favicon_bytes() -> bytes:
    with open(finders.find("img/favicon.ico"), "rb") as icon:
        return icon.read()


def favicon(request):
    """``/favicon.ico``, which browsers ask for on every page of the site, the admin's and the API
    docs' included: the site's icon (``static/img/favicon.ico``, 16, 32 and 48 px;
    ``favicon.svg`` is its source), ``image/x-icon``, cached for a day, under the policy of an
    image opened by itself (``default-src 'none'``, as card faces)."""
    response = HttpResponse(_favicon_bytes(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def set_language(request):
    """Django's ``set_language`` (``/i18n/setlang/``: POST ``language``, then back to ``next``),
    going back only to a local path (``core.redirects``; else to the home page)."""
    response = i18n.set_language(request)
    if response.status_code == 302:
        response["Location"] = safe_next(request, "/")
    return response


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _error(request, status: int, title: str, message: str):
    if _is_api(request):
        return error_json(status, message)
    return render(request, "error.html", {"title": title, "message": message, "status": status}, status=status)


@requires_csrf_token
def bad_request(request, exception=None):
    if isinstance(exception, ShownBadRequest):
        return _error(request, 400, _("Bad request"), str(exception))
    return _error(request, 400, _("Bad request"), _("The request could not be understood."))


@requires_csrf_token
def permission_denied(request, exception=None):
    return _error(request, 403, _("Forbidden"), _("You may not do that."))


@requires_csrf_token
def page_not_found(request, exception=None):
    return _error(request, 404, _("Not found"), _("There is nothing at %(path)s.") % {"path": request.path})


@requires_csrf_token
def server_error(request):
    return _error(request, 500, _("Server error"), _("Something went wrong on our side; it has been logged."))


def error_title(status: int) -> str:
    """The error page's title for the HTTP ``status`` (an ``int``) in the active language:
    "Bad request" (400, and any status not listed), "Forbidden" (401, 403), "Conflict" (409),
    "Too many requests" (429)."""
    titles = {401: _("Forbidden"), 403: _("Forbidden"), 409: _("Conflict"), 429: _("Too many requests")}
    return titles.get(status, _("Bad request"))


def domain_error(request, error):
    """The answer to ``error`` (a ``DomainError``): the 404 page for a ``not_found`` status, else
    the error page with the error's status and message (JSON in the error shape under
    ``/api/``)."""
    status, body = answer(error)
    if _is_api(request):
        return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})
    if status == 404:
        return page_not_found(request)
    return render(request, "error.html", {"title": error_title(status),
                                          "message": body["error"]["message"], "status": status}, status=status)
