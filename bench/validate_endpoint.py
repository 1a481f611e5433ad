"""POST /api/decks/validate/ with a 51-card sample deck (SMP-RED's list): throughput, p50/p99.

The site runs under uvicorn with 2 worker processes on the configured database (``make bench``
loads the sample catalogue first); the load generator shares the same 2 cores.
"""
from __future__ import annotations

from .load import run_load
from .server import REPO, running_site

TEXT = (REPO / "fixtures" / "decks" / "SMP-RED.txt").read_text(encoding="utf-8")


def in_process(n: int = 2000) -> list[str]:
    """The same validation without HTTP: the deck rules alone, and Django's whole handler."""
    import time

    import django

    django.setup()
    from django.test import Client

    from decks.selectors import check_text

    client, body = Client(), {"text": TEXT}
    out = []
    for label, call in (
        ("deck rules + catalogue query (check_text)", lambda: check_text(TEXT)),
        ("Django handler, no HTTP (test client)",
         lambda: client.post("/api/decks/validate/", body, content_type="application/json")),
    ):
        for _ in range(100):
            call()
        start = time.perf_counter()
        for _ in range(n):
            call()
        out.append(f"{label}: {(time.perf_counter() - start) / n * 1000:.2f} ms per validation, in process")
    return out


def main(seconds: float = 10) -> list[str]:
    lines = in_process()
    with running_site(workers=2) as base:
        for concurrency in (1, 4, 16):
            result = run_load("POST", f"{base}/api/decks/validate/", {"text": TEXT}, concurrency, seconds)
            lines.append(result.line(f"validate, {concurrency} client(s)"))
    return lines
