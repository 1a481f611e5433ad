"""POST /api/decks/validate/ with a 51-card sample deck (SMP-RED's list): throughput, p50/p99
and the site's CPU time per answer.

The site runs under uvicorn with 2 worker processes on the configured database (``make bench``
loads the sample catalogue first); the load generator shares the same 2 cores.
"""
from __future__ import annotations

import os

from .load import run_load, run_wrk, wrk_available
from .server import BENCH_THROTTLE, REPO, Site

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


def main(seconds: float = 10, warmup: float = 2) -> list[str]:
    """The in-process figures, then over HTTP for 1, 2, 4 and 16 clients: the rate, latencies,
    and the site's CPU time per right answer (its processes' user + system time over the warm-up
    and the measured seconds, divided by the answers of both, taken as at the measured rate) —
    the figure that other work on the machine changes least — and how that CPU time was shared
    between the site's busiest two processes (uvicorn's workers share one listening socket, and
    the first to wake takes every connection waiting, so a burst of connections may all go to
    one worker, which then answers alone at half the rate). The clients are ``wrk``'s where it
    is installed, else this process's (which then holds the rate down: ``bench.load``). Ends
    with the load average."""
    lines = in_process()
    load = run_wrk if wrk_available() else run_load
    if load is run_load:
        lines.append("wrk is not installed: the clients are this process's, which hold the rate down")
    with Site(BENCH_THROTTLE, workers=2) as site:
        for concurrency in (1, 2, 4, 16):
            before, by_process = site.cpu_seconds(), site.cpu_by_process()
            result = load("POST", f"{site.base}/api/decks/validate/", {"text": TEXT}, concurrency, seconds,
                          warmup=warmup)
            line = result.line(f"validate, {concurrency} client(s)")
            if before is not None and result.requests:
                answered = result.requests * (seconds + warmup) / seconds
                line += f"; site CPU {(site.cpu_seconds() - before) / answered * 1000:.2f} ms per answer"
                used = sorted((cpu - by_process.get(pid, 0) for pid, cpu in site.cpu_by_process().items()),
                              reverse=True)[:2]
                if len(used) == 2 and sum(used) > 0:
                    line += f", shared {used[0] / sum(used):.0%} / {used[1] / sum(used):.0%} by the two busiest processes"
            lines.append(line)
    lines.append("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return lines
