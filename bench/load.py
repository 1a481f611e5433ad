"""A closed-loop HTTP load generator on asyncio + httpx: ``concurrency`` clients send requests
back to back for ``seconds``; returns throughput and latency percentiles.

An answer with another status than the expected one, or a request that failed (timeout,
connection refused), is an **error**: counted and printed, and left out of the rate and the
latencies, which are those of the right answers (a 429 or a 500 answered fast would otherwise
pass for speed)."""
from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass

import httpx


@dataclass(frozen=True)
class LoadResult:
    """``requests`` right answers and ``errors`` wrong ones over ``seconds``; ``latencies_ms``
    of the right answers."""

    requests: int
    errors: int
    seconds: float
    latencies_ms: list[float]

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies_ms) or [float("nan")]
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

    def line(self, label: str) -> str:
        return (
            f"{label}: {self.rate:,.0f} req/s over {self.seconds:.1f} s ({self.requests} requests, "
            f"{self.errors} errors); latency p50 {self.percentile(50):.1f} ms, p99 {self.percentile(99):.1f} ms, "
            f"mean {statistics.fmean(self.latencies_ms or [float('nan')]):.1f} ms"
        )


async def _run(method: str, url: str, json_body, concurrency: int, seconds: float, warmup: float, expect: int):
    latencies: list[float] = []
    errors = 0
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, timeout=10) as client:
        start = time.perf_counter()
        measure_from = start + warmup
        stop = measure_from + seconds

        async def worker():
            nonlocal errors
            while True:
                t0 = time.perf_counter()
                if t0 >= stop:
                    return
                try:
                    response = await client.request(method, url, json=json_body)
                    right = response.status_code == expect
                except httpx.HTTPError:
                    right = False
                t1 = time.perf_counter()
                if t0 >= measure_from:
                    if right:
                        latencies.append((t1 - t0) * 1000)
                    else:
                        errors += 1

        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - measure_from
    return LoadResult(len(latencies), errors, elapsed, latencies)


def run_load(method: str, url: str, json_body=None, concurrency: int = 8, seconds: float = 10,
             warmup: float = 2, expect: int = 200) -> LoadResult:
    """Send requests for ``warmup`` + ``seconds``; only the last ``seconds`` are measured; an
    answer whose status is not ``expect`` is an error."""
    return asyncio.run(_run(method, url, json_body, concurrency, seconds, warmup, expect))
