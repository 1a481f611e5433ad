"""An ASGI app served by uvicorn from a thread of the test process, on a free port, with the
site's websocket protocol (``core.ws_protocol``)."""
import contextlib
import threading
import time
from collections.abc import Iterator

import uvicorn

from bench.server import free_port
from core.ws_protocol import UVICORN_WS


@contextlib.contextmanager
def serve_in_thread(app, name: str = "uvicorn") -> Iterator[int]:
    """Serve ``app`` on 127.0.0.1 at a free port, which it yields once uvicorn has started
    (``AssertionError`` when it has not within 10 s); uvicorn is stopped on leaving."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(
        app, host="127.0.0.1", port=port, ws=UVICORN_WS, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)
