"""``bot-replies``: how long a person waits for a bot's reply while many bot-only matches run.

A site database of its own (PostgreSQL when ``DATABASE_URL`` names a server, else a SQLite file)
and the run's broker (``CELERY_BROKER_URL``, else the filesystem one) with a queue of its own;
``PLAY_BOT_DELAY`` at its default (0.6 s). ``BENCH_BOT_ONLY`` (default 150) bot-only L.A.M.A.
matches are started (long ones, ``end_at`` 500) and left to run for 10 s; then ``BENCH_REPLIES``
(default 30) times a person makes the first move of a match against a heuristic bot, and the
reply time is from the person's move to the bot's (the two log rows' times, both written by the
services at their commit). Two layouts of the Celery workers, on the same code:

- ``one worker``: a single worker (2 processes) consuming every queue, as every task shared
  one worker before the queues were split;
- ``a worker per queue``: as ``make run`` and the ``Procfile`` run them (``config.queues``): the
  people's worker (2 processes), the bots' (2 processes, ``nice -n 5``) and the simulations'
  (1 process, ``nice -n 10``).

Prints the reply's median and 90th percentile per layout, and how many moves the bot-only
matches made meanwhile.
"""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys

from .server import REPO, CeleryWorker, own_queue, site_database

BOT_ONLY = int(os.environ.get("BENCH_BOT_ONLY", "150"))
REPLIES = int(os.environ.get("BENCH_REPLIES", "30"))

_SCRIPT = r"""
import json, statistics, sys, time
import django
django.setup()
from play.selectors.match import match_view
from play.services.act import act
from play.services.create import create_match
from play.identity import Player
from play.models import Match, MatchAction

bot_only, replies = json.loads(sys.argv[1])
bots = [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]
ids = [create_match(None, "lama", bots, {"end_at": 500}, None, seed=seed).id for seed in range(bot_only)]
time.sleep(10)
moved_before = sum(Match.objects.filter(pk__in=ids).values_list("version", flat=True))
person = Player(None, "bench-person", "bench")
waits = []
for seed in range(replies):
    match = create_match(person, "lama", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                         {"end_at": 500}, None, seed=10_000 + seed)
    legal = match_view(match, person)["legal_actions"]
    act(person, match.id, 0, next(a for a in legal if a["type"] != "quit"))
    deadline = time.monotonic() + 60
    while not MatchAction.objects.filter(match_id=match.id, version=2).exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"no bot reply in 60 s in {match.id}")
        time.sleep(0.005)
    first, second = MatchAction.objects.filter(match_id=match.id).order_by("version").values_list("created", flat=True)
    waits.append((second - first).total_seconds())
    Match.objects.filter(pk=match.id).update(status="finished")  # one place at a time
moved = sum(Match.objects.filter(pk__in=ids).values_list("version", flat=True)) - moved_before
Match.objects.filter(pk__in=ids).update(status="finished")
print(json.dumps({"waits": waits, "moved": moved}))
"""


def _measure(layout: str) -> str:
    from config.queues import queue_names

    with site_database() as url, own_queue("replies") as queue:
        env = {"DATABASE_URL": url, "REDIS_URL": os.environ.get("REDIS_URL", ""), **queue,
               "PLAY_MAX_RUNNING_MATCHES": "0", "DJANGO_SETTINGS_MODULE": "config.settings"}
        names = queue_names(queue.get("CELERY_TASK_DEFAULT_QUEUE", "celery"))
        if layout == "one":
            workers = [CeleryWorker(env, concurrency=2)]
        else:
            workers = [CeleryWorker(env, concurrency=2, queues=[names["people"]]),
                       CeleryWorker(env, concurrency=2, queues=[names["bots"]], niceness=5),
                       CeleryWorker(env, concurrency=1, queues=[names["simulations"]], niceness=10)]
        with contextlib.ExitStack() as stack:
            for worker in workers:
                stack.enter_context(worker)
            done = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps([BOT_ONLY, REPLIES])], cwd=REPO,
                                  env={**os.environ, **env}, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    waits = sorted(result["waits"])
    median = waits[len(waits) // 2] if len(waits) % 2 else (waits[len(waits) // 2 - 1] + waits[len(waits) // 2]) / 2
    p90 = waits[min(len(waits) - 1, int(0.9 * len(waits)))]
    title = "one worker" if layout == "one" else "a worker per queue"
    return (f"{title}: a person's bot reply with {BOT_ONLY} bot-only matches running: median {median:.2f} s, "
            f"p90 {p90:.2f} s over {len(waits)} replies (PLAY_BOT_DELAY 0.6 s); the bot-only matches made "
            f"{result['moved']} moves meanwhile")


def main() -> list[str]:
    backend = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    broker = os.environ.get("CELERY_BROKER_URL", "filesystem://").split(":", 1)[0]
    return [f"{backend}, {broker} broker:"] + [_measure(layout) for layout in ("one", "split")]
