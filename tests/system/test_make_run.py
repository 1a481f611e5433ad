"""``make run`` as a developer runs it (its own database, the run's broker with a queue of its
own, a free port): the site answers ``/api/health/`` with every service ok, the Celery worker
included; a worker that hangs (SIGSTOP) is reported down (503, ``workers`` failing) while the
rest stays ok; killed (SIGKILL to its process group) it is started again by the supervisor and
health is ok again with the new worker. Then the whole thing is stopped as a developer would —
SIGTERM to make, or Ctrl-C (SIGINT to the foreground process group) — and every process it
started is gone, each stopped by its signal (nothing needed killing), with no traceback in the
output."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import httpx
import pytest

from bench.server import REPO, free_port, site_database
from tests.system.test_celery_worker_crash import own_queue, wait_until

STALE = 2.0  # WORKER_HEARTBEAT_STALE of the run, seconds (the heartbeat every 0.5 s)


def health(base: str) -> tuple[int, dict] | None:
    try:
        answer = httpx.get(f"{base}/api/health/", timeout=3)
    except httpx.HTTPError:
        return None
    return answer.status_code, {name: service["status"] for name, service in answer.json().items()}


def processes() -> dict[int, tuple[int, str, str]]:
    """Every process of this machine: ``{pid: (parent pid, state, command line)}``."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            except OSError:
                continue
            state, parent = stat.rsplit(")", 1)[1].split()[:2]
            found[int(entry.name)] = (int(parent), state, command)
    return found


def descendants(root: int) -> dict[int, str]:
    """``{pid: command line}`` of every living process under ``root``."""
    table, found, todo = processes(), {}, [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, state, command) in table.items():
            if ppid == parent and state != "Z":
                found[pid] = command
                todo.append(pid)
    return found


def alive(pid: int) -> bool:
    entry = processes().get(pid)
    return entry is not None and entry[1] != "Z"


def the_worker(make_pid: int) -> int:
    """The pid of the people's Celery worker's main process (the supervisor's child; the bots'
    and the simulations' workers are its siblings)."""
    tree = descendants(make_pid)
    [supervisor] = [pid for pid, command in tree.items() if "supervisord" in command]
    [worker] = [pid for pid, (ppid, _, command) in processes().items()
                if ppid == supervisor and "celery" in command and " worker" in command and "people@" in command]
    return worker


def _stop_all(make: subprocess.Popen) -> None:
    """SIGTERM to make and a wait for it; then SIGKILL to each process of its tree that is left
    (one by one: the supervisor's children have process groups of their own)."""
    tree = descendants(make.pid)
    make.send_signal(signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        make.wait(45)
    for pid in [make.pid, *tree]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    make.wait(10)


@pytest.mark.every_setup
@pytest.mark.parametrize("stop", ["SIGTERM to make", "Ctrl-C"])
def test_make_run_restarts_a_dead_worker_health_says_so_and_everything_stops(tmp_path, stop):
    with site_database() as database_url, own_queue("make-run") as queue:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, **queue, "DATABASE_URL": database_url, "PLAY_BOT_DELAY": "0",
               "WORKER_HEARTBEAT_INTERVAL": "0.5", "WORKER_HEARTBEAT_STALE": str(STALE),
               "CELERY_BEAT_SCHEDULE_FILENAME": str(tmp_path / "celerybeat-schedule")}
        make = subprocess.Popen(["make", "run", f"PORT={port}"], cwd=REPO, env=env, start_new_session=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        output: list[str] = []
        reader = threading.Thread(target=lambda: output.extend(make.stdout), daemon=True)
        reader.start()
        try:
            up = wait_until(lambda: (h := health(base)) and h[0] == 200 and h, 180, "make run to serve")
            assert up == (200, {"database": "ok", "channel_layer": "ok", "broker": "ok", "workers": "ok"}), up
            first = the_worker(make.pid)

            # A hung worker writes no heartbeat: health says so, the rest is fine.
            os.kill(first, signal.SIGSTOP)
            down = wait_until(lambda: (h := health(base)) and h[0] == 503 and h, STALE + 10, "health to see it")
            assert {name: status for name, status in down[1].items() if name != "workers"} == {
                "database": "ok", "channel_layer": "ok", "broker": "ok"}
            assert down[1]["workers"].startswith("error: NoWorker: no worker has consumed ")
            # Killed, it is started again, and health is ok again.
            os.killpg(os.getpgid(first), signal.SIGKILL)
            again = wait_until(lambda: (h := health(base)) and h[0] == 200 and h, 60, "health ok again")
            assert set(again[1].values()) == {"ok"}
            second = the_worker(make.pid)
            assert second != first and not alive(first)

            started = descendants(make.pid)
            assert len(started) >= 9, started  # the supervisor, the web, three workers with their pools, beat
            if stop == "Ctrl-C":
                os.killpg(make.pid, signal.SIGINT)  # what a terminal sends its foreground group
            else:
                os.kill(make.pid, signal.SIGTERM)
            stopping = time.monotonic()
            make.wait(60)
            took = time.monotonic() - stopping
        finally:
            if make.poll() is None:  # the test failed on the way: stop it all, its own way first
                _stop_all(make)
        reader.join(10)
    left = {pid: command for pid, command in started.items() if alive(pid)}
    assert left == {}
    text = "".join(output)
    for bad in ("Traceback", "RecursionError", "Segmentation fault", "Error", "with SIGKILL"):
        assert bad not in text, (bad, text[-3000:])
    assert text.count("exited: worker (terminated by SIGKILL; not expected)") == 1
    assert "worker: Warm shutdown (MainProcess)" in text
    assert f"received {'SIGINT' if stop == 'Ctrl-C' else 'SIGTERM'} indicating exit request" in text
    print(f"\nstopped by {stop} in {took:.1f} s; {len(started)} processes, none left")
