"""The websocket origin check (``core.ws_origin``): a socket opens only from the site's own
origin, scheme, host and port as the request says, or a ``CSRF_TRUSTED_ORIGINS`` entry.
Handshakes go through the real ASGI application to ``/ws/health/``."""
import pytest
from asgiref.sync import async_to_sync
from channels.testing import ApplicationCommunicator

from config.asgi import application

pytestmark = pytest.mark.usefixtures("transactional_db")


def handshake(host: str | None, origin: str | None, scheme: str = "ws", extra=()) -> str:
    """``"accepted"`` or ``"refused"``: the answer to a websocket handshake with these
    ``Host`` and ``Origin`` headers on a ``scheme`` connection."""
    headers = ([(b"host", host.encode())] if host else []) + ([(b"origin", origin.encode())] if origin else [])
    scope = {"type": "websocket", "scheme": scheme, "path": "/ws/health/", "query_string": b"",
             "headers": headers + list(extra), "subprotocols": [], "server": ("127.0.0.1", 8000)}
    return async_to_sync(_answer)(scope)


async def _answer(scope) -> str:
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "websocket.connect"})
    first = await communicator.receive_output(timeout=5)
    if first["type"] == "websocket.accept":
        assert (await communicator.receive_output(timeout=5))["type"] == "websocket.send"
        await communicator.send_input({"type": "websocket.disconnect", "code": 1000})
        await communicator.wait(timeout=5)
        return "accepted"
    assert first == {"type": "websocket.close"}
    return "refused"


@pytest.mark.parametrize(("host", "origin", "scheme", "answer"), [
    ("127.0.0.1:8000", "http://127.0.0.1:8000", "ws", "accepted"),
    ("127.0.0.1:8000", "http://127.0.0.1:8001", "ws", "refused"),  # another port
    ("127.0.0.1:8000", "http://127.0.0.1", "ws", "refused"),  # port 80
    ("127.0.0.1:8000", "https://127.0.0.1:8000", "ws", "refused"),  # another scheme
    ("127.0.0.1:8000", "http://localhost:8000", "ws", "refused"),  # another allowed host
    ("127.0.0.1", "http://127.0.0.1", "ws", "accepted"),
    ("127.0.0.1", "http://127.0.0.1:80", "ws", "refused"),  # as Django's CSRF check: spelled as the Host is
    ("localhost:8000", "http://localhost:8000", "ws", "accepted"),
    ("127.0.0.1:8443", "https://127.0.0.1:8443", "wss", "accepted"),
    ("127.0.0.1:8443", "http://127.0.0.1:8443", "wss", "refused"),
    ("evil.example:8000", "http://evil.example:8000", "ws", "refused"),  # not in ALLOWED_HOSTS
    ("127.0.0.1:8000", "http://evil.example", "ws", "refused"),
    ("127.0.0.1:8000", "null", "ws", "refused"),
    ("127.0.0.1:8000", None, "ws", "refused"),
    # without a Host header (HTTP/1.0) the server's address stands for it, as in Django
    (None, "http://127.0.0.1:8000", "ws", "accepted"),
    (None, "http://127.0.0.1:8001", "ws", "refused"),
])
def test_only_the_sites_own_origin_opens_a_socket(host, origin, scheme, answer):
    assert handshake(host, origin, scheme) == answer


def test_two_origin_headers_are_refused():
    extra = [(b"origin", b"http://evil.example")]
    assert handshake("127.0.0.1:8000", "http://127.0.0.1:8000", extra=extra) == "refused"


def test_trusted_origins_open_sockets_too(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org", "https://*.example.net"]
    assert handshake("127.0.0.1:8000", "https://play.example.org") == "accepted"
    assert handshake("127.0.0.1:8000", "https://a.b.example.net") == "accepted"
    assert handshake("127.0.0.1:8000", "http://play.example.org") == "refused"
    assert handshake("127.0.0.1:8000", "https://play.example.org:8443") == "refused"
    assert handshake("127.0.0.1:8000", "https://example.org") == "refused"


def test_behind_a_proxy_the_scheme_comes_from_x_forwarded_proto(settings):
    """With ``HTTPS=1`` (``SECURE_PROXY_SSL_HEADER``) a proxy that ends TLS says so; the socket
    from the proxy is plain ``ws``."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["play.example.org"]
    https = [(b"x-forwarded-proto", b"https")]
    assert handshake("play.example.org", "https://play.example.org", extra=https) == "accepted"
    assert handshake("play.example.org", "http://play.example.org", extra=https) == "refused"
    assert handshake("play.example.org", "https://play.example.org") == "refused"
