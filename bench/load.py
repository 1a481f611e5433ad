"""A closed-loop HTTP load generator: ``concurrency`` clients send requests back to back for
``seconds``; returns throughput and latency percentiles.

``run_load`` is on asyncio + httpx, in this process. It costs about as much CPU per request as
the site's answer to a cheap request, and shares the site's cores, so past a few hundred
requests a second it measures itself: ``run_wrk`` drives the same load from ``wrk`` (C, Debian's
package ``wrk``; ``make bench`` installs it), which costs a small part of that.

An answer with another status than the expected one, or a request that failed (timeout,
connection refused), is an **error**: counted and printed, and left out of the rate and the
latencies, which are those of the right answers (a 429 or a 500 answered fast would otherwise
pass for speed)."""
from __future__ import annotations

import asyncio
import json
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


@dataclass(frozen=True)
class LoadResult:
    """``requests`` right answers and ``errors`` wrong ones over ``seconds``; ``latencies_ms``
    of the right answers."""

    requests: int
    errors: int
    seconds: float
    latencies_ms: list[float]
    #: percentiles already taken by the client (``run_wrk``), by p, in ms; else from ``latencies_ms``
    given_percentiles: dict[float, float] = field(default_factory=dict)
    #: the mean already taken by the client, in ms; else from ``latencies_ms``
    given_mean: float | None = None
    client: str = "httpx"

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        if p in self.given_percentiles:
            return self.given_percentiles[p]
        ordered = sorted(self.latencies_ms) or [float("nan")]
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

    def mean(self) -> float:
        if self.given_mean is not None:
            return self.given_mean
        return statistics.fmean(self.latencies_ms or [float("nan")])

    def line(self, label: str) -> str:
        return (
            f"{label}: {self.rate:,.0f} req/s over {self.seconds:.1f} s ({self.requests} requests, "
            f"{self.errors} errors); latency p50 {self.percentile(50):.1f} ms, p99 {self.percentile(99):.1f} ms, "
            f"mean {self.mean():.1f} ms ({self.client})"
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


#: wrk's script: the request's method, JSON body and content type, a count of the answers of
#: another status, and one JSON line at the end with what it counted. (wrk runs each thread's
#: copy of the script in a Lua state of its own and ``done`` in another: the counts are read
#: from the threads.)
_WRK_SCRIPT = """
wrk.method = %(method)s
wrk.body = %(body)s
wrk.headers["Content-Type"] = "application/json"
local threads = {}
setup = function(thread) table.insert(threads, thread) end
wrong = 0
response = function(status, headers, body)
  if status ~= %(expect)d then wrong = wrong + 1 end
end
done = function(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + thread:get("wrong") end
  local e = summary.errors
  io.write(string.format('WRK {"requests": %%d, "wrong": %%d, "failed": %%d, "us": %%d, '
    .. '"p50": %%d, "p99": %%d, "mean": %%f}\\n',
    summary.requests, wrong, e.connect + e.read + e.write + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
"""


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def _lua_string(text: str) -> str:
    """``text`` as a Lua long string, at the first bracket level that does not occur in it."""
    level = "="
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


def run_wrk(method: str, url: str, json_body=None, concurrency: int = 8, seconds: float = 10,
            warmup: float = 2, expect: int = 200) -> LoadResult:
    """As ``run_load``, driven by ``wrk`` (one thread, ``concurrency`` connections): a warm-up
    run of ``warmup`` seconds (on at least 4 connections, so that every worker of the site is
    met), then the measured one. An answer whose status is not ``expect``,
    or a connection error, is an error; the percentiles are wrk's, over every answer (wrk cannot
    leave the wrong ones out, so a run with errors says so). ``FileNotFoundError`` without wrk."""
    body = json.dumps(json_body) if json_body is not None else ""
    script = _WRK_SCRIPT % {"method": _lua_string(method), "body": _lua_string(body), "expect": expect}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "load.lua"
        path.write_text(script, encoding="utf-8")

        def wrk(connections: int, duration: float) -> str:
            return subprocess.run(
                ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(duration))}s", "-s", str(path), url],
                check=True, capture_output=True, text=True, timeout=duration + 60).stdout

        if warmup > 0:
            wrk(max(4, concurrency), warmup)
        out = wrk(concurrency, seconds)
    found = json.loads(next(line for line in out.splitlines() if line.startswith("WRK "))[4:])
    errors = found["wrong"] + found["failed"]
    return LoadResult(found["requests"] - found["wrong"], errors, found["us"] / 1e6, [],
                      given_percentiles={50: found["p50"] / 1000, 99: found["p99"] / 1000},
                      given_mean=found["mean"] / 1000,
                      client="wrk")
