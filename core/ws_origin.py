"""The websocket routes' origin check: a socket is opened only from a page of the site itself,
by the rule Django's CSRF protection applies to the ``Origin`` of a form's POST.

A handshake is let through when its ``Origin`` header is
- the site's own origin, ``scheme://host[:port]`` exactly, where the host and port are those of
  the request's ``Host`` header (which must be one of ``ALLOWED_HOSTS``) and the scheme is
  ``https`` for a ``wss`` socket (or, with ``HTTPS=1``, a proxy's ``X-Forwarded-Proto: https``;
  ``SECURE_PROXY_SSL_HEADER``), else ``http``; or
- one of ``CSRF_TRUSTED_ORIGINS`` (``https://*.example.org`` for every subdomain).
Every other handshake, one without ``Origin`` included, is refused (HTTP 403) before any
consumer runs: another port or scheme of an allowed host is another origin.
"""
from __future__ import annotations

import io

from channels.security.websocket import WebsocketDenier
from django.core.handlers.asgi import ASGIRequest
from django.middleware.csrf import CsrfViewMiddleware

#: The HTTP scheme of a page that opens a socket of each websocket scheme.
_PAGE_SCHEME = {"ws": "http", "wss": "https"}


def _no_response(request):  # CsrfViewMiddleware wants a get_response; it is never called here
    raise AssertionError("not called")


def origin_allowed(scope) -> bool:
    """Whether the websocket ``scope``'s ``Origin`` header is the site's own origin or a trusted
    one (see the module's docstring). Reads settings only."""
    if not any(name == b"origin" for name, _value in scope.get("headers") or ()):
        return False
    scheme = scope.get("scheme")
    request = ASGIRequest({**scope, "type": "http", "method": "GET", "scheme": _PAGE_SCHEME.get(scheme, scheme)},
                          io.BytesIO())
    # Django's own Origin check of CsrfViewMiddleware: ALLOWED_HOSTS, SECURE_PROXY_SSL_HEADER,
    # USE_X_FORWARDED_HOST and CSRF_TRUSTED_ORIGINS exactly as for the site's forms.
    return CsrfViewMiddleware(_no_response)._origin_verified(request)


class SameOriginValidator:
    """ASGI middleware for the websocket routes: refuses a handshake whose origin is not
    allowed (``origin_allowed``) with HTTP 403, as Channels' ``OriginValidator`` does."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
