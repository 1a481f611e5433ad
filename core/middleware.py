"""Small request filters for the API, and the Content-Security-Policy header of every answer,
each usable in a sync or an async middleware stack."""
from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from csp.middleware import CSPMiddleware, PolicyParts
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils import translation

from core.api.errors import error_json
from core.languages import client_language


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
    body (no Content-Length, which the API would not read) gets 411 ``length_required``."""

    def before(self, request):
        if request.path.startswith("/api/") and request.method in ("POST", "PUT", "PATCH", "DELETE"):
            limit = settings.API_MAX_BODY_BYTES
            if "CONTENT_LENGTH" not in request.META and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", ""):
                return error_json(411, "Send the request body with a Content-Length header, not chunked.",
                                  code="length_required")
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
