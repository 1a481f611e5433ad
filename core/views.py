"""The site-wide views: the icon at ``/favicon.ico``, the language switch and the error handlers (the home page is the app
``home``).

Error handlers answer in the API's error shape under ``/api/`` and with an HTML page elsewhere.
"""
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.views import i18n
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from core.api.errors import error_json
from core.errors import ShownBadRequest
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
