"""The process list of docs/deploy.md: the ``Procfile`` at the repository root, each of its
commands run as written (``sh -c``, the virtualenv first on ``PATH``) with a test environment —
a database of its own, the run's broker with a queue of the test's own, a free port in ``$PORT``.

- ``release`` migrates a new, empty database (exit 0, the apps' migrations applied);
- ``web`` answers ``/api/health/`` with every service ``ok``, the workers' heartbeats included;
- ``worker``, ``bots`` and ``simulations`` answer a Celery ping under the names
  ``$WORKER_NAME@<host>``, ``$WORKER_NAME-bots@<host>`` and ``$WORKER_NAME-simulations@<host>``,
  each consuming exactly its queue of ``config.queues`` (every queue has its worker);
- ``beat`` sends ``play.resume_stalled`` every ``PLAY_RESUME_INTERVAL`` seconds and the worker
  runs it: a match whose first bot turn went to a queue nobody consumes (a lost turn), made after
  the worker's own start-up run of the task, is resumed and played to its end;
- a bot match created through the web's API on that stack finishes, its log complete (its turns
  are the bot-only queue's, so the ``bots`` worker played them).
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import httpx

from bench.server import REPO, Process, free_port, own_queue
from config.queues import queue_names
from tests.system.test_celery_worker_crash import create_bot_matches, expected_playout, resumed_turns, versions, wait_until

PROCFILE = REPO / "Procfile"
RESUME_INTERVAL = 2  # PLAY_RESUME_INTERVAL of the stack, seconds


def procfile() -> dict[str, str]:
    """``{process name: command}`` of the Procfile (``name: command`` lines; blank lines and
    ``#`` comments skipped)."""
    processes = {}
    for line in PROCFILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, command = line.split(":", 1)
            processes[name.strip()] = command.strip()
    return processes


@contextlib.contextmanager
def empty_database():
    """Yield the ``DATABASE_URL`` of a new, empty database for the release line to migrate:
    ``eoc_site_<random>`` on the PostgreSQL server of this run's ``DATABASE_URL`` (dropped
    after), else a SQLite file in a temporary folder."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        folder = tempfile.mkdtemp(prefix="eoc-procfile-db-")
        try:
            yield f"sqlite:///{folder}/site.sqlite3"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    import psycopg

    name = f"eoc_site_{uuid.uuid4().hex[:10]}"
    admin = url.rsplit("/", 1)[0].replace("postgres://", "postgresql://", 1) + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def logged(command: str, log: Path, env: dict, name: str) -> Process:
    """``command`` run as a Procfile runner does (``sh -c``), its output to ``log``."""
    return Process(["sh", "-c", f"exec {command} >{log} 2>&1"], env, name=name)


def pings(env: dict, worker: str) -> bool:
    done = subprocess.run([sys.executable, "-m", "celery", "-A", "config", "inspect", "ping", "--timeout", "1",
                           "-d", worker], cwd=REPO, env={**os.environ, **env}, capture_output=True, text=True)
    return done.returncode == 0 and f"{worker}: OK" in done.stdout and "pong" in done.stdout


def consumed(env: dict, worker: str) -> list[str] | None:
    """The names of the queues ``worker`` consumes (``celery inspect active_queues``), sorted;
    None while it does not answer."""
    done = subprocess.run([sys.executable, "-m", "celery", "-A", "config", "inspect", "active_queues", "--json",
                           "--timeout", "1", "-d", worker], cwd=REPO, env={**os.environ, **env},
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return sorted(queue["name"] for queue in answer.get(worker, []))


def health(base: str) -> dict | None:
    try:
        answer = httpx.get(f"{base}/api/health/", timeout=3)
    except httpx.HTTPError:
        return None
    return answer.json() if answer.status_code == 200 else None


def test_the_procfile_runs_the_site(tmp_path):
    processes = procfile()
    assert list(processes) == ["release", "web", "worker", "bots", "simulations", "beat"]
    bin_dir = str(Path(sys.executable).parent)
    with empty_database() as database_url, own_queue("procfile") as queue, own_queue("lost") as lost:
        port, name = free_port(), f"eoc-procfile-{uuid.uuid4().hex[:8]}"
        env = {
            "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "DATABASE_URL": database_url,
            "PORT": str(port), "HOST": "127.0.0.1", **queue,
            "WORKER_NAME": name, "WORKER_LOG_LEVEL": "INFO", "WORKER_CONCURRENCY": "2",
            # one web process with the in-memory channel layer (it lives in one process)
            "WEB_CONCURRENCY": "2" if os.environ.get("REDIS_URL") else "1",
            "PLAY_BOT_DELAY": "0", "PLAY_STALL_AFTER": "1", "PLAY_RESUME_INTERVAL": str(RESUME_INTERVAL),
            "CELERY_BEAT_SCHEDULE_FILENAME": str(tmp_path / "celerybeat-schedule"),
            "THROTTLE_ANON": "100000/minute",  # this test polls the API; throttling is not its subject
        }
        release = subprocess.run(["sh", "-c", processes["release"]], cwd=REPO, env={**os.environ, **env},
                                 capture_output=True, text=True, timeout=120)
        assert release.returncode == 0, release.stderr
        applied = re.findall(r"Applying (\w+)\.\w+\.\.\. OK", release.stdout)
        assert {"play", "decks", "cardsdb", "auth"} <= set(applied), release.stdout

        names = ("web", "worker", "bots", "simulations", "beat")
        logs = {p: tmp_path / f"{p}.log" for p in names}
        started = [logged(processes[p], logs[p], env, p) for p in names]
        try:
            for process in started:  # all start at once
                process.start()
            base, worker_id = f"http://127.0.0.1:{port}", f"{name}@{socket.gethostname()}"
            body = wait_until(lambda: health(base), 60, "the web's health check")
            assert body["database"] == {"backend": "postgresql" if database_url.startswith("postgres") else "sqlite",
                                        "status": "ok"}
            assert {service: answer["status"] for service, answer in body.items()} == {
                "database": "ok", "channel_layer": "ok", "broker": "ok", "workers": "ok"}
            wait_until(lambda: pings(env, worker_id), 60, "the worker's pong", every=0.5)
            own = queue_names(queue.get("CELERY_TASK_DEFAULT_QUEUE", "celery"))
            for process, worker, queues in (("worker", worker_id, [own["people"]]),
                                            ("bots", f"{name}-bots@{socket.gethostname()}", [own["bots"]]),
                                            ("simulations", f"{name}-simulations@{socket.gethostname()}",
                                             [own["simulations"]])):
                assert wait_until(lambda: consumed(env, worker), 60, f"the {process} worker's queues", every=0.5) \
                    == queues
            # Each worker queued a resume_stalled when it started (the people's worker runs them);
            # from now on only beat queues the task.
            wait_until(lambda: len(re.findall(r"Task play\.resume_stalled\[\S+\] succeeded",
                                              logs["worker"].read_text())) >= 3, 30, "the workers' start-up resumes")
            lost_id, = create_bot_matches({**env, **lost}, [209])

            answer = httpx.post(f"{base}/api/matches/", json={
                "game": "lama", "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}],
                "options": {"end_at": 5}}, timeout=10)
            assert answer.status_code == 201, answer.text
            match_id = answer.json()["id"]

            def finished(match):
                view = httpx.get(f"{base}/api/matches/{match}/", timeout=10).json()
                return view if view["status"] == "finished" else None

            done = wait_until(lambda: finished(match_id), 40, "the API's bot match to finish", every=0.5)
            log = httpx.get(f"{base}/api/matches/{match_id}/log/", timeout=10).json()
            assert [entry["version"] for entry in log] == list(range(1, done["version"] + 1))
            assert {entry["by"] for entry in log} == {"bot"}

            wait_until(lambda: versions(database_url, [lost_id])[lost_id][0] == "finished", 30,
                       "the lost match to be resumed and finish")
            assert versions(database_url, [lost_id]) == {lost_id: ("finished", len(expected_playout(209)[0]))}
            # Beat's resume found the lost match (the API's match may show up too, had a busy
            # machine left it standing for PLAY_STALL_AFTER).
            resumed = resumed_turns(logs["worker"])
            assert (lost_id, 0, "bot") in resumed
            assert {match for match, _, _ in resumed} <= {lost_id, match_id}
            # Beat keeps queueing the resume every RESUME_INTERVAL seconds (on a fast machine the
            # lost match may finish after its first one, so wait for the second).
            def sent_twice():
                return logs["beat"].read_text().count("Sending due task play-resume-stalled (play.resume_stalled)") >= 2

            wait_until(sent_twice, 10 * RESUME_INTERVAL, "beat's second resume")
            assert all(p.running for p in started)
        finally:
            for process in started:
                process.kill()
