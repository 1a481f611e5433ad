"""POST /api/decks/validate/ with a 51-card sample deck (SMP-RED's list): throughput, p50/p99.

The site runs under uvicorn with 2 worker processes on the configured database (``make bench``
loads the sample catalogue first); the load generator shares the same 2 cores.
"""
from __future__ import annotations

from .load import run_load
from .server import REPO, running_site

TEXT = (REPO / "fixtures" / "decks" / "SMP-RED.txt").read_text(encoding="utf-8")


def main(seconds: float = 10) -> list[str]:
    lines = []
    with running_site(workers=2) as base:
        for concurrency in (1, 4, 16):
            result = run_load("POST", f"{base}/api/decks/validate/", {"text": TEXT}, concurrency, seconds)
            lines.append(result.line(f"validate, {concurrency} client(s)"))
    return lines
