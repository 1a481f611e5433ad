"""``bench.load.run_wrk``: wrk's counts read back, a wrong status counted as an error."""
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from bench.load import run_wrk


class _Alternating(BaseHTTPRequestHandler):
    """200 and 429 in turn; counts what it sent and keeps the bodies it was sent."""

    sent = {200: 0, 429: 0}
    bodies: set = set()
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with self.lock:
            status = 200 if sum(self.sent.values()) % 2 == 0 else 429
            self.sent[status] += 1
            self.bodies.add((self.headers["Content-Type"], body))
        self.send_response(status)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


def test_every_answer_is_counted_and_a_wrong_status_is_an_error():
    _Alternating.protocol_version = "HTTP/1.1"  # keep-alive, as wrk expects
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Alternating)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        result = run_wrk("POST", f"http://127.0.0.1:{server.server_port}/", {"text": "3 火炎弾 ]==]"},
                         concurrency=1, seconds=1, warmup=0)
    finally:
        server.shutdown()
    sent = _Alternating.sent
    assert result.requests > 10 and abs(result.requests - sent[200]) <= 1 and abs(result.errors - sent[429]) <= 1
    assert _Alternating.bodies == {("application/json", '{"text": "3 \\u706b\\u708e\\u5f3e ]==]"}'.encode())}
    assert result.client == "wrk" and 0 < result.percentile(50) <= result.percentile(99)
