"""POST /api/decks/validate/ with a 51-card sample deck (SMP-RED's list): throughput, p50/p99.

The site runs under uvicorn with 2 worker processes on the configured database (``make bench``
loads the sample catalogue first); the load generator shares the same 2 cores.
"""
from __future__ import annotations

from .load import run_load
from .server import BENCH_THROTTLE, REPO, running_site

TEXT = (REPO / "fixtures" / "decks" / "SMP-RED.txt").read_text(encoding="utf-8")


def in_process(n: int = 2000) -> list[str]:
    """The same validation without HTTP: the deck rules alone, and Django's whole handler with
    the API's rate limits raised as for the site over HTTP (``BENCH_THROTTLE``; DRF reads its
    rates when ``rest_framework.throttling`` is imported, so they are set on its class). A
    report that is not valid, or an answer other than 200, is an error: counted, printed, and
    its time left out."""
    import time

    import django

    django.setup()
    from django.test import Client
    from rest_framework.throttling import SimpleRateThrottle

    from decks.selectors import check_text

    client, body = Client(), {"text": TEXT}
    rates = {"anon": BENCH_THROTTLE["THROTTLE_ANON"], "user": BENCH_THROTTLE["THROTTLE_USER"]}
    out = []
    saved, SimpleRateThrottle.THROTTLE_RATES = SimpleRateThrottle.THROTTLE_RATES, rates
    try:
        for label, call in (
            ("deck rules + catalogue query (check_text)", lambda: check_text(TEXT).valid),
            ("Django handler, no HTTP (test client)",
             lambda: client.post("/api/decks/validate/", body, content_type="application/json").status_code == 200),
        ):
            for _ in range(100):
                call()
            took, errors = 0.0, 0
            for _ in range(n):
                start = time.perf_counter()
                right = call()
                elapsed = time.perf_counter() - start
                if right:
                    took += elapsed
                else:
                    errors += 1
            per = f"{took / (n - errors) * 1000:.2f} ms per validation" if errors < n else "no right answer"
            out.append(f"{label}: {per}, in process ({n} calls, {errors} errors)")
    finally:
        SimpleRateThrottle.THROTTLE_RATES = saved
    return out


def main(seconds: float = 10) -> list[str]:
    lines = in_process()
    with running_site(workers=2) as base:
        for concurrency in (1, 4, 16):
            result = run_load("POST", f"{base}/api/decks/validate/", {"text": TEXT}, concurrency, seconds)
            lines.append(result.line(f"validate, {concurrency} client(s)"))
    return lines
