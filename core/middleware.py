"""Small request filters for the API, and the Content-Security-Policy header of every answer,
each usable in a sync or an async middleware stack."""
import re

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from csp.middleware import CSPMiddleware, PolicyParts
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _

from servestatic.middleware import ServeStaticMiddleware

from core.addresses import client_key, request_address
from core.api.errors import error_json
from core.errors import ShownBadRequest
from core.frame_budget import ClientBudget
from core.languages import client_language
from core.views import domain_error, error_title
from tcg.errors import DomainError
from tcg.integers import BadValue, parse_int


class RequestFilterMiddleware:
    """Base: ``before(request)`` may answer at once with a response; else the request goes on.

    Runs sync or async, as the rest of the stack does, so it adds no thread hop under ASGI.
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        response = self.before(request)
        if self.is_async:
            return self._acall(request, response)
        return response or self.get_response(request)

    async def _acall(self, request, response):
        return response or await self.get_response(request)

    def before(self, request):
        """A response that ends the request here, or ``None`` to let it through."""
        return None


class ApiBodySizeLimitMiddleware(RequestFilterMiddleware):
    """Answers 413 ``request_too_large`` to an ``/api/`` request whose body is over
    ``settings.API_MAX_BODY_BYTES`` by its Content-Length, before anything reads it; a chunked
    body (no Content-Length, which the API would not read) gets 411 ``length_required``, and a
    Content-Length that is not a whole number (``core.params``) 400."""

    def before(self, request):
        if request.path.startswith("/api/") and request.method in ("POST", "PUT", "PATCH", "DELETE"):
            limit = settings.API_MAX_BODY_BYTES
            if "CONTENT_LENGTH" not in request.META and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", ""):
                return error_json(411, "Send the request body with a Content-Length header, not chunked.",
                                  code="length_required")
            try:
                length = parse_int(request.META.get("CONTENT_LENGTH") or "0", 0)
            except BadValue:
                return error_json(400, "The Content-Length header is not a whole number of bytes.",
                                  code="bad_request")
            if length > limit:
                return error_json(
                    413,
                    f"The request body is {length} bytes; the limit is {limit} bytes.",
                    details={"limit": limit, "size": length},
                )
        return None


class ApiLanguageMiddleware(RequestFilterMiddleware):
    """API answers are in the language the client asks for (Accept-Language) when the site has
    it, else English; pages default to Japanese. Goes after LocaleMiddleware."""

    def before(self, request):
        if request.path.startswith("/api/"):
            language = client_language(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return None


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class NulCharacterMiddleware(RequestFilterMiddleware):
    """Text that PostgreSQL cannot store never reaches a view, through any door: a NUL character
    (``%00``) in the path names nothing (404); in a query parameter, or in a page's form field,
    it is refused with 400 naming the parameter (under ``/api/``: ``bad_parameter``, in the error
    shape). (Lone surrogates cannot come this way: Django decodes paths, query strings and form
    bodies with replacement characters. JSON bodies are checked by ``core.jsonbody``.)
    Goes after the language middlewares, so that the answer is in the visitor's language."""

    def before(self, request):
        if "\x00" in request.path:
            raise Http404(_("There is nothing at this address."))
        api = request.path.startswith("/api/")
        fields = [("query", request.GET)]
        if not api and request.method == "POST" and request.content_type in FORM_TYPES:
            fields.append(("form", request.POST))
        for where, data in fields:
            for name, values in data.lists():
                bad = next((v for v in [name, *values] if isinstance(v, str) and "\x00" in v), None)
                if bad is not None:
                    return self._refuse(request, api, where, name.replace("\x00", "\\u0000"),
                                        bad.replace("\x00", "\\u0000"))
        return None

    def _refuse(self, request, api: bool, where: str, name: str, value: str):
        if where == "query":
            message = _("The query parameter %(name)s holds a NUL character, which text cannot hold.") % {"name": name}
        else:
            message = _("The form field %(name)s holds a NUL character, which text cannot hold.") % {"name": name}
        if api:
            return error_json(400, message, code="bad_parameter", details={
                "parameter": name, "value": value, "expected": _("text without NUL characters")})
        raise ShownBadRequest(message)


#: What pages embed rather than what a person asks for: card faces (a search's tiles, a deck's
#: stacks and a sample hand show dozens at once, each asked again with its ``ETag``) and the
#: icon. They are not counted against the pages' rate.
EMBEDDED_PATHS = re.compile(r"/favicon\.ico|/cards/[^/]+/face\.(?:svg|png)")


class PageRateMiddleware(RequestFilterMiddleware):
    """The pages' rate limit: every request for a page (not under ``/api/``, whose views DRF
    throttles per client with ``THROTTLE_ANON`` / ``THROTTLE_USER``, nor ``EMBEDDED_PATHS``;
    static files are answered before this) takes a token from its client address's budget (``core.addresses.client_key``:
    an IPv6 address by its /64), ``PAGE_RATE`` a second with ``PAGE_BURST`` at once, in this
    process (``core.frame_budget.ClientBudget``: no round trip to the cache; the budget made for
    each request is a thin handle over the process's one table of the pages' buckets: a changed
    setting applies from the next request, and ``forget_clients`` empties the table). Past it the answer
    is 429 with ``Retry-After`` (whole seconds) and a short page in the visitor's language
    (``too_many_requests.html``, titled as the error pages are, ``core.views.error_title``),
    rendered without the request: the site's ``base.html`` reads the user, which an async stack
    cannot here.
    A person reading and searching stays far within it; a client sending page after page (a
    search, the deck validator, a sample hand, a replay, each up to a fraction of a second of
    the server's time) is held to the rate."""

    def before(self, request):
        if request.path.startswith("/api/") or EMBEDDED_PATHS.fullmatch(request.path):
            return None
        client = client_key(request_address(request))
        wait = ClientBudget("pages", client, settings.PAGE_RATE, settings.PAGE_BURST).take()
        if not wait:
            return None
        body = render_to_string("too_many_requests.html", {"title": error_title(429), "wait": wait,
                                                           "path": request.path})
        response = HttpResponse(body, status=429, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(wait)
        # Kept by no cache (the wait is this client's, now), and in the language of the cookie.
        add_never_cache_headers(response)
        patch_vary_headers(response, ("Cookie",))
        return response


class DomainErrorMiddleware(RequestFilterMiddleware):
    """A ``tcg.errors.DomainError`` that a page's view lets through is answered with the error
    page (``core.views.domain_error``: its registered status, its message in the visitor's
    language) rather than a 500. The API's views never let one through: DRF's handler answers it
    (``core.api.errors``)."""

    def process_exception(self, request, exception):
        if isinstance(exception, DomainError):
            return domain_error(request, exception)
        return None


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware (``CONTENT_SECURITY_POLICY`` in ``config.settings``), and
    ``connect-src`` also allows the site's own websockets, ``ws://`` and ``wss://`` of the host
    the request was sent to (``'self'`` covers them only in browsers of CSP level 3). A host that
    is not allowed (the answer is then Django's 400) adds nothing.

    Under ASGI it runs in the event loop: building the header is a little string work, not worth
    the two thread hops of Django's ``MiddlewareMixin``."""

    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        try:
            host = request.get_host()
        except DisallowedHost:
            return parts
        update = dict(parts.update or {})
        update["connect-src"] = [*update.get("connect-src", ()), f"ws://{host}", f"wss://{host}"]
        parts.update = update
        return parts

    async def __acall__(self, request):
        self.process_request(request)
        response = await self.get_response(request)
        return self.process_response(request, response)


async def _never_called(request):  # the file table's own middleware never passes a request on
    raise AssertionError("StaticFilesMiddleware answers only the files it finds")


class StaticFilesMiddleware(RequestFilterMiddleware):
    """The static files (servestatic's file table, ``SERVESTATIC_*`` settings) answered in a sync
    or an async stack. servestatic's own middleware is async only: in a sync stack (WSGI, or
    ``core.asgi_handler``'s one thread hop) Django would run it through ``async_to_sync`` and
    the rest of the stack through ``sync_to_async``, two thread hops and an event loop per request.

    Async: servestatic's streaming answer. Sync: the file's bytes in one ``HttpResponse`` (the
    largest static file is about 1.5 MiB), with servestatic's status and headers (ETag,
    ``Cache-Control``, ``Content-Encoding`` of a compressed copy, ranges, 304, 405)."""

    def __init__(self, get_response):
        super().__init__(get_response)
        self.files = ServeStaticMiddleware(_never_called)

    def before(self, request):
        files = self.files
        static_file = files.find_file(request.path_info) if files.autorefresh else files.files.get(request.path_info)
        if static_file is None:
            return None
        if self.is_async:
            return files.aserve(static_file, request)
        answer = static_file.get_response(request.method or "GET", request.META)
        body = b""
        if answer.file is not None:
            with answer.file:
                body = answer.file.read()
        response = HttpResponse(body, status=int(answer.status))
        del response["Content-Type"]
        for key, value in answer.headers:
            if value is not None:
                response[key] = value
        return response

    def __call__(self, request):  # async: either is a coroutine
        response = self.before(request)
        return self.get_response(request) if response is None else response
