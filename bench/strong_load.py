"""``strong-load``: a person's move round trip while strong-bot-only matches play.

The site as ``make run`` starts it: one uvicorn process, the people's Celery worker (2
processes) and the bots' worker (``RUN_BOTS``: 2 processes at ``nice -n 5``; bot-only matches go to
its queue, ``config.queues``), on PostgreSQL (``DATABASE_URL``'s server, else 127.0.0.1:5432),
Redis for the channel layer (``REDIS_URL``, else 127.0.0.1:6379) and RabbitMQ as the broker
(``CELERY_BROKER_URL``, else 127.0.0.1:5672), a database and queues of the run's own.

A person's match is L.A.M.A. between two websocket clients (two guest sessions), each making a
random legal move on its turn after a think time (uniform between 0.5 and 1.5 times
``BENCH_THINK``, default 0.3 s); the **round trip** is from sending a move to receiving the view
that shows it applied (``bench.live_matches``). Windows of ``BENCH_SECONDS`` (default 60) in the
same run, each on a fresh person's match:

1. no bot match;
2. ``BENCH_STRONG_MATCHES`` (default 20) bot-only matches of strong bots (0.5 s a move, the
   default), the games in turn: L.A.M.A. (2 seats), Completto (2), Elements (4), Elements of Chaos
   (2, the sample deck each bot seat brings by default), started 10 s before the window so that
   the bots' queue is full (a window per layout of the bots' worker, below).

Per window: the round trip's p50, p99 and max, the moves the bot matches made, the CPU the site,
the bots' worker and this process used (share of one core), how late a 10 ms sleep of a process
at the site's priority was (``_PROBE``: the machine's other work, which a round trip meets at each
of its hops) and the load average. Target: p99 at most 50 ms with the bot matches.
``BENCH_BOTS_WORKERS`` lays out the bots' worker, ``processes@niceness`` (default ``2@5``, the
Makefile's ``RUN_BOTS``); several, comma-separated (``2@5,2@19``), measure a window each, the worker
started again with each layout while the bot matches go on. ``BENCH_BOTS_PGOPTIONS`` is given to the
bots' worker alone as ``PGOPTIONS`` (``-c synchronous_commit=off``: its moves' commits do not wait
for the disk).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import time
from urllib.parse import urlsplit

from config.queues import queue_names

from .live_matches import HANDSHAKES, Tally, Window, _reachable, _seat_client, percentile
from .server import BENCH_THROTTLE, REPO, CeleryWorker, Site, own_queue, site_database

#: The bot-only matches' games, in turn: (game, seats).
BOT_GAMES = (("lama", 2), ("completto", 2), ("elements", 4), ("eoc", 2))
WARMUP = 10.0

_PEOPLE = r"""
import json, django
django.setup()
from django.core.management import call_command
call_command('load_samples', verbosity=0)
from django.contrib.sessions.backends.db import SessionStore
from play.identity import Player
from play.services.create import create_match
from play.services.join import join_match
out = []
import sys
for i in range(int(sys.argv[1])):
    keys = []
    for seat in range(2):
        s = SessionStore(); s['guest_name'] = f'person{i}-{seat}'; s.create(); keys.append(s.session_key)
    m = create_match(Player(None, keys[0], f'person{i}-0'), 'lama', [{'kind': 'human'}, {'kind': 'human'}],
                     {'end_at': 1000}, None, seed=i)
    join_match(Player(None, keys[1], f'person{i}-1'), m.id, None)
    out.append([m.id, keys])
print(json.dumps(out))
"""

_BOTS = r"""
import json, sys, django
django.setup()
from play.services.create import create_match
games, count = json.loads(sys.argv[1])
ids = []
for i in range(count):
    game, seats = games[i % len(games)]
    ids.append(create_match(None, game, [{'kind': 'bot', 'bot': 'strong'}] * seats, {}, None, seed=100 + i).id)
print(json.dumps(ids))
"""

_VERSIONS = r"""
import json, sys, django
django.setup()
from play.models import Match
ids = json.loads(sys.argv[1])
print(json.dumps([sum(Match.objects.filter(pk__in=ids).values_list('version', flat=True)),
                  Match.objects.filter(pk__in=ids, status='running').count()]))
"""


_FINISH = r"""
import json, sys, django
django.setup()
from play.models import Match
print(Match.objects.filter(pk__in=json.loads(sys.argv[1])).update(status='finished'))
"""


_PROBE = r"""
import json, sys, time
ts, end = [], time.perf_counter() + float(sys.argv[1])
while time.perf_counter() < end:
    t = time.perf_counter(); time.sleep(0.01); sum(range(20000)); ts.append(time.perf_counter() - t - 0.01)
print(json.dumps(ts))
"""
"""A process at the site's priority that sleeps 10 ms and then works about half a millisecond, over
and over: how much later than asked it is done (``sys.argv[1]`` seconds of it) is what the
machine's other work adds to every step of a round trip."""


def settings() -> dict:
    env = os.environ
    layouts = env.get("BENCH_BOTS_WORKERS", "2@5")
    return {
        "seconds": float(env.get("BENCH_SECONDS", "60")),
        "think": float(env.get("BENCH_THINK", "0.3")),
        "matches": int(env.get("BENCH_STRONG_MATCHES", "20")),
        "layouts": [tuple(int(x) for x in layout.split("@")) for layout in layouts.split(",") if layout],
    }


def _services() -> dict | None:
    """The run's database server, Redis and broker, or ``None`` when one does not answer."""
    env = os.environ
    database = env.get("DATABASE_URL", "")
    if not database.startswith(("postgres://", "postgresql://")):
        database = "postgres://postgres@127.0.0.1:5432/postgres"
    redis = env.get("REDIS_URL") or "redis://127.0.0.1:6379/9"
    broker = env.get("CELERY_BROKER_URL") or "amqp://guest:guest@127.0.0.1:5672//"
    for url in (database, redis, broker):
        parts = urlsplit(url)
        if not _reachable(parts.hostname or "127.0.0.1", parts.port or 0):
            return None
    return {"DATABASE_URL": database, "REDIS_URL": redis, "CELERY_BROKER_URL": broker}


def _script(env: dict, script: str, *args: str):
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=REPO, env={**os.environ, **env},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


async def _window(base: str, match: tuple[str, list[str]], seconds: float, think: float,
                  cpu) -> tuple[Tally, list, list[float]]:
    """Both seats of ``match`` play for ``seconds`` (after 2 s once both are connected): the
    round trips, what ``cpu()`` grew by over the window and how late the ``_PROBE`` was each
    time, in ms."""
    tally, window = Tally(), Window()
    handshakes = asyncio.Semaphore(HANDSHAKES)
    match_id, keys = match
    ws = base.replace("http://", "ws://")
    events = [asyncio.Event() for _ in keys]
    clients = [asyncio.ensure_future(_seat_client(f"{ws}/ws/matches/{match_id}/", base, f"sessionid={key}", window,
                                                  think, tally, random.Random(seat), handshakes, events[seat]))
               for seat, key in enumerate(keys)]
    await asyncio.gather(*(e.wait() for e in events))
    window.start = time.perf_counter() + 2
    window.stop = window.start + seconds
    await asyncio.sleep(2)
    probe = await asyncio.create_subprocess_exec(sys.executable, "-c", _PROBE, str(seconds),
                                                 stdout=asyncio.subprocess.PIPE)
    first = cpu()
    await asyncio.sleep(seconds)
    used = [b - a for a, b in zip(first, cpu())]
    await asyncio.gather(*clients)
    late = json.loads((await probe.communicate())[0])
    return tally, used, [x * 1000 for x in late]


def _line(label: str, tally: Tally, used: list, late: list[float], seconds: float, load: float,
          extra: str = "") -> str:
    moves = tally.moves
    if not moves:
        return f"{label}: no move completed; {tally.errors} errors, {tally.dropped} dropped sockets"
    site, bots, bench = used
    return (f"{label}: round trip over {len(moves)} moves p50 {percentile(moves, 50):.1f} ms, "
            f"p99 {percentile(moves, 99):.1f} ms, max {max(moves):.1f} ms; CPU: site {site / seconds:.0%}, "
            f"bots' worker {bots / seconds:.0%}, clients {bench / seconds:.0%} of a core{extra}; "
            f"a 10 ms sleep late by p50 {percentile(late, 50):.1f} ms, p99 {percentile(late, 99):.1f} ms; "
            f"load average {load:.2f}; {tally.errors} errors, {tally.dropped} dropped sockets")


def main() -> list[str]:
    options = settings()
    services = _services()
    if services is None:
        return ["PostgreSQL, Redis and RabbitMQ must answer (DATABASE_URL, REDIS_URL, CELERY_BROKER_URL, "
                "else 127.0.0.1): not measured"]
    os.environ["CELERY_BROKER_URL"] = services["CELERY_BROKER_URL"]
    seconds, think, layouts = options["seconds"], options["think"], options["layouts"]
    lines = [f"the person thinks {think:g} s a move on average; {seconds:g} s a window; {os.cpu_count()} cores"]
    with site_database(services["DATABASE_URL"]) as url, own_queue("strong-load") as queue:
        env = {**services, **queue, **BENCH_THROTTLE, "DATABASE_URL": url, "PLAY_MAX_RUNNING_MATCHES": "0",
               "DJANGO_SETTINGS_MODULE": "config.settings"}
        names = queue_names(queue["CELERY_TASK_DEFAULT_QUEUE"])
        people = _script(env, _PEOPLE, str(len(layouts) + 1))

        def bots_worker(layout: tuple[int, int]) -> CeleryWorker:
            concurrency, nice = layout
            extra = {"PGOPTIONS": os.environ["BENCH_BOTS_PGOPTIONS"]} if os.environ.get("BENCH_BOTS_PGOPTIONS") else {}
            return CeleryWorker({**env, **extra}, concurrency=concurrency, queues=[names["bots"]], niceness=nice)

        site = Site(env, workers=1)
        with site, CeleryWorker(env, concurrency=2, queues=[names["people"]]):
            bots = bots_worker(layouts[0])

            def cpu():
                return site.cpu_seconds() or 0.0, bots.cpu_seconds() or 0.0, time.process_time()

            with bots:
                tally, used, late = asyncio.run(_window(site.base, people[0], seconds, think, cpu))
                lines.append(_line("no bot match", tally, used, late, seconds, os.getloadavg()[0]))
                ids = _script(env, _BOTS, json.dumps([BOT_GAMES, options["matches"]]))
            for index, layout in enumerate(layouts):
                bots = bots_worker(layout)
                with bots:
                    time.sleep(WARMUP)
                    before, _ = _script(env, _VERSIONS, json.dumps(ids))
                    tally, used, late = asyncio.run(_window(site.base, people[index + 1], seconds, think, cpu))
                    load = os.getloadavg()[0]
                    after, running = _script(env, _VERSIONS, json.dumps(ids))
                lines.append(_line(f"{options['matches']} strong-bot matches, bots' worker {layout[0]} processes at "
                                   f"nice {layout[1]}", tally, used, late, seconds, load,
                                   f"; the bot matches made {after - before} moves ({running} still running)"))
            _script(env, _FINISH, json.dumps(ids))
    return lines
