"""HTTP through the real ASGI application (``config.asgi``, ``core.asgi_handler``): a request's
sync work runs whole on one thread of the handler's pool, and static files are answered by
``core.middleware.StaticFilesMiddleware`` in the sync stack."""
import threading
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.testing import ApplicationCommunicator
from django.core import signals

from config.asgi import application

# The handler's pool threads outlive a test: one that served an earlier test keeps that test's
# connection, and Django's request_started closes stale connections there, so these requests
# need database access too, whichever tests ran before (pytest-django runs tests without it last).
pytestmark = pytest.mark.django_db

SITE_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "site.js"


def get(path: str, headers=()) -> tuple[int, dict[bytes, bytes], bytes]:
    """(status, headers, body) of a GET of ``path`` with these extra headers."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"testserver"), *headers], "client": ("127.0.0.1", 50000),
             "server": ("testserver", 80)}
    return async_to_sync(_exchange)(scope)


async def _exchange(scope):
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(timeout=5)
    body = b""
    while True:
        message = await communicator.receive_output(timeout=5)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(timeout=5)
    return start["status"], dict(start["headers"]), body


def test_a_request_starts_and_finishes_on_one_thread_of_the_pool():
    threads = []

    def note(**kwargs):
        threads.append(threading.current_thread().name)

    signals.request_started.connect(note)
    signals.request_finished.connect(note)
    try:
        status, _, _ = get("/api/no-such-thing/")
    finally:
        signals.request_started.disconnect(note)
        signals.request_finished.disconnect(note)
    assert status == 404
    assert len(threads) == 2
    assert threads[0] == threads[1]
    assert threads[0].startswith("http_")


def test_a_static_file_is_answered_whole_then_not_modified():
    status, headers, body = get("/static/js/site.js")
    assert (status, body) == (200, SITE_JS.read_bytes())
    assert headers[b"Content-Length"] == str(len(body)).encode()
    assert headers[b"X-Content-Type-Options"] == b"nosniff"
    again = get("/static/js/site.js", [(b"if-none-match", headers[b"ETag"])])
    assert (again[0], again[2]) == (304, b"")
