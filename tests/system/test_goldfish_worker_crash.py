"""Kill a Celery worker (SIGKILL to its process group) in the middle of a goldfish run: the run
stands still, ``running``; a new worker's start-up sweep (``decks.sweep_goldfish``) finds it
standing still for ``GOLDFISH_STALL_AFTER`` seconds and queues it again (RabbitMQ also hands the
late-acknowledged message back at once), and the run finishes with the same report as the
simulation played here with its seed, started twice (three times when RabbitMQ's copy and the
sweep's both ran)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from bench.server import REPO, CeleryWorker, own_queue, site_database
from tests.system.test_celery_worker_crash import _json, _query, wait_until

RUNS, TURNS, SEED = 20_000, 20, 5  # the longest run the API allows: about 1.5 s of work here
STALL_AFTER = 1.0

_START = """
import json, django
django.setup()
from django.core.management import call_command
from tcg.decks.goldfish import goldfish
from decks.models import Deck
from decks.selectors import stat_cards
from decks.services import start_goldfish
call_command("load_samples", verbosity=0)
deck = Deck.objects.get(pk="SMP-RED")
run = start_goldfish(deck, None, runs=%d, turns=%d, seed=%d)
print(json.dumps({"id": run.pk, "expected": goldfish(stat_cards(run.entries), run.runs, run.turns, run.seed)}))
""" % (RUNS, TURNS, SEED)


def run_row(database_url: str, run_id: str) -> dict:
    [(status, done, attempts, failure, result)] = _query(
        database_url, "SELECT status, done, attempts, failure, result FROM decks_goldfishrun WHERE id = %s", (run_id,))
    return {"status": status, "done": done, "attempts": attempts, "failure": failure, "result": _json(result)}


def test_a_goldfish_run_whose_worker_was_killed_is_finished_by_the_next(tmp_path):
    with site_database() as database_url, own_queue("goldfish") as queue:
        env = {"DATABASE_URL": database_url, "GOLDFISH_STALL_AFTER": str(STALL_AFTER), **queue}
        made = subprocess.run([sys.executable, "-c", _START], cwd=REPO, capture_output=True, text=True, check=True,
                              env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env})
        started = json.loads(made.stdout.strip().splitlines()[-1])
        run_id = started["id"]
        assert run_row(database_url, run_id)["status"] == "queued"

        # The first worker's start-up sweep must not find the run itself, still queued when the
        # worker takes more than STALL_AFTER to start: it would queue it a second time, and the
        # second worker would play that copy before its own sweep saw the run stand still.
        first = CeleryWorker({**env, "GOLDFISH_STALL_AFTER": "60"}, concurrency=1)
        first.command += ["--logfile", str(tmp_path / "first.log")]
        first.ready = None
        with first:
            wait_until(lambda: run_row(database_url, run_id)["done"] >= RUNS // 10, 60, "a tenth of the games",
                       every=0.005)
            first.kill()
        at_kill = run_row(database_url, run_id)
        assert (at_kill["status"], at_kill["attempts"]) == ("running", 1)
        assert RUNS // 10 <= at_kill["done"] < RUNS, at_kill
        time.sleep(STALL_AFTER + 0.5)
        assert run_row(database_url, run_id) == at_kill  # nothing moves it any more

        second = CeleryWorker(env, concurrency=1)
        second.command += ["--logfile", str(tmp_path / "second.log")]
        second.ready = None
        with second:
            wait_until(lambda: run_row(database_url, run_id)["status"] in ("done", "failed"), 60, "the run to end")
        final = run_row(database_url, run_id)
    assert (final["status"], final["done"], final["failure"]) == ("done", RUNS, "")
    assert final["result"] == started["expected"]
    requeued_by_broker = os.environ.get("CELERY_BROKER_URL", "").startswith("amqp")
    assert final["attempts"] in ((2, 3) if requeued_by_broker else (2,))
    swept = (tmp_path / "second.log").read_text()
    assert f"decks.sweep_goldfish: 1 stalled runs: {run_id}:queued" in swept or requeued_by_broker
    print(f"\nkilled at {at_kill['done']}/{RUNS} games; finished after {final['attempts']} starts")
