"""The site's processes started for real, for the benchmarks and the system tests: uvicorn
serving the site, a Celery worker, a database of their own, a private Redis.

Every process is started in a session of its own, so that ``kill()`` (SIGKILL to the whole
process group, uvicorn's worker processes included) is the same as a machine losing it.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

from core.ws_protocol import UVICORN_WS

REPO = Path(__file__).resolve().parent.parent
#: Rate limits for a benchmark's site (the defaults would throttle its one client address). Per
#: second: DRF keeps each client's request times over the rate's whole period and reads and
#: writes that list on every request, so a limit per hour made each request dearer than the last
#: (thousands of times in the list by the end of a run); over one second the list holds about
#: as many as the site's own limits let it (300 a minute).
#: Each guest of a benchmark is a client of its own (its session), but all of them share one
#: address, whose guests share a websocket frame budget and a chat budget (core.frame_budget,
#: play.consumers): those are raised too.
BENCH_THROTTLE = {"THROTTLE_ANON": "1000000/second", "THROTTLE_USER": "1000000/second",
                  "WS_GUESTS_RATE": "1000000", "WS_GUESTS_BURST": "1000000",
                  "PLAY_CHAT_ADDRESS_RATE": "1000000", "PLAY_CHAT_ADDRESS_BURST": "1000000",
                  "PAGE_RATE": "1000000", "PAGE_BURST": "1000000"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(ready, what: str, proc: subprocess.Popen | None, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{what} exited with code {proc.returncode} before it was ready")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} was not ready after {timeout:g} s")
        time.sleep(0.1)


def session_cpu_by_process(session: int) -> dict[int, float]:
    """CPU seconds (user + system) of each live process of session ``session``, by pid (Linux
    ``/proc/<pid>/stat``: session is field 6, utime and stime fields 14 and 15, in clock ticks)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:  # exited meanwhile
            continue
        if int(fields[3]) == session:
            found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def session_cpu_seconds(session: int) -> float:
    """CPU seconds (user + system) of the live processes of session ``session``, summed."""
    return sum(session_cpu_by_process(session).values())


def _kill_group(proc: subprocess.Popen | None, sig: int) -> None:
    if proc is None or proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


class Process:
    """A command run from the repository in its own process group, with ``env`` over this
    process's environment. ``start()`` waits until ``ready()`` holds (``RuntimeError`` if the
    process exits first or ``timeout`` seconds pass); ``kill()`` is SIGKILL to the group (a crash),
    ``stop()`` SIGTERM (a clean shutdown). ``quiet`` drops the process's standard output (its
    errors still show)."""

    def __init__(self, command: list[str], env: dict | None = None, name: str = "process",
                 ready=None, timeout: float = 60, quiet: bool = False):
        self.command, self.env, self.name = command, {**os.environ, **(env or {})}, name
        self.ready, self.timeout, self.quiet = ready, timeout, quiet
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Process":
        self.proc = subprocess.Popen(self.command, cwd=REPO, env=self.env, start_new_session=True,
                                     stdout=subprocess.DEVNULL if self.quiet else None)
        if self.ready is not None:
            try:
                _wait(self.ready, self.name, self.proc, self.timeout)
            except BaseException:
                self.kill()
                raise
        return self

    def kill(self) -> None:
        _kill_group(self.proc, signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM to the process itself (uvicorn and Celery then stop their own children
        cleanly); SIGKILL to the whole group if it has not exited within 20 seconds."""
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        _kill_group(self.proc, signal.SIGKILL)

    def cpu_seconds(self) -> float | None:
        """CPU seconds (user + system) used so far by the live processes of this process's
        session (the process and its children: uvicorn's workers, Celery's pool), read from
        ``/proc``; ``None`` where there is no ``/proc``. Processes that exited are not counted."""
        if self.proc is None or not os.path.isdir("/proc"):
            return None
        return session_cpu_seconds(self.proc.pid)

    def cpu_by_process(self) -> dict[int, float]:
        """As ``cpu_seconds``, for each live process of the session by pid (``{}`` without ``/proc``)."""
        if self.proc is None or not os.path.isdir("/proc"):
            return {}
        return session_cpu_by_process(self.proc.pid)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def __enter__(self) -> "Process":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def _answers_health(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health/", timeout=2).status_code in (200, 503)
    except httpx.HTTPError:
        return False


class Site(Process):
    """The site under uvicorn (``workers`` processes) on ``port`` (a free one by default);
    ready when ``/api/health/`` answers. ``base`` is its URL, ``ws_base`` the websocket one.
    After ``kill()``, ``start()`` serves again on the same port. Its websocket protocol is the
    site's (``core.ws_protocol``) unless ``BENCH_WS`` names another uvicorn ``--ws`` value, for
    measuring one against the other (``BENCH_WS=websockets-sansio``: uvicorn's default)."""

    def __init__(self, env: dict | None = None, workers: int = 1, port: int | None = None, timeout: float = 60):
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        super().__init__(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", str(workers), "--ws", os.environ.get("BENCH_WS") or UVICORN_WS, "--no-access-log",
             "--log-level", "warning"],
            env, name=f"the site on port {self.port}", ready=lambda: _answers_health(self.base), timeout=timeout,
        )


class CeleryWorker(Process):
    """A Celery worker of the site (``concurrency`` prefork processes) consuming the configured
    broker and every queue the default one names (``CELERY_BROKER_URL`` /
    ``CELERY_TASK_DEFAULT_QUEUE`` of ``env`` or of this process; ``config.queues``), or only
    ``queues``, at ``niceness`` (``nice -n``) when given; ready when it answers a ping."""

    def __init__(self, env: dict | None = None, concurrency: int = 1, timeout: float = 60,
                 queues: list[str] | None = None, niceness: int = 0):
        self.hostname = f"eoc-{uuid.uuid4().hex[:8]}@%h"
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=WARNING",
                   f"--concurrency={concurrency}", "--hostname", self.hostname, "--without-gossip", "--without-mingle"]
        if queues:  # only these queues (as the Procfile's workers), else every queue
            command += ["-Q", ",".join(queues)]
        if niceness:
            command = ["nice", "-n", str(niceness), *command]
        super().__init__(command, env, name="the Celery worker", ready=self._pings, timeout=timeout)

    def _pings(self) -> bool:
        result = subprocess.run(
            [sys.executable, "-m", "celery", "-A", "config", "inspect", "ping", "--timeout", "1",
             "-d", self.hostname.replace("%h", socket.gethostname())],
            cwd=REPO, env=self.env, capture_output=True, text=True,
        )
        return result.returncode == 0 and "pong" in result.stdout


class RedisServer(Process):
    """A private, unsaved Redis on a free port (the ``redis-server`` of this machine); its URL is
    ``url``. Killed and started again it comes back empty on the same port, as a restarted Redis."""

    def __init__(self, timeout: float = 20):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        binary = shutil.which("redis-server") or "redis-server"
        super().__init__([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"],
                         name=f"Redis on port {self.port}", ready=self._pings, timeout=timeout, quiet=True)

    def _pings(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False


def _postgres_admin_url(url: str) -> str:
    return url.rsplit("/", 1)[0] + "/postgres"


@contextlib.contextmanager
def site_database(database_url: str | None = None):
    """A fresh, migrated database for processes started here; yields its ``DATABASE_URL``.

    PostgreSQL when ``database_url`` (default: this process's ``DATABASE_URL``) is a postgres
    URL: a database ``eoc_site_<random>`` on that server, dropped after. Otherwise a SQLite file
    in a temporary folder. Raises ``subprocess.CalledProcessError`` if migrating fails."""
    database_url = database_url if database_url is not None else os.environ.get("DATABASE_URL", "")
    folder = None
    if database_url.startswith(("postgres://", "postgresql://")):
        import psycopg

        name = f"eoc_site_{uuid.uuid4().hex[:10]}"
        admin = _postgres_admin_url(database_url).replace("postgres://", "postgresql://", 1)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        url = database_url.rsplit("/", 1)[0] + "/" + name
    else:
        folder = tempfile.mkdtemp(prefix="eoc-site-db-")
        url = f"sqlite:///{folder}/site.sqlite3"
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=REPO,
                       env={**os.environ, "DATABASE_URL": url}, check=True)
        yield url
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            import psycopg

            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def own_queue(label: str):
    """Yield the environment of Celery queues of their own for the processes of one run or test
    (so that no task anyone else left behind, nor a worker they left running, meets these): a
    folder of its own with the filesystem broker (``{"CELERY_FS_DIR": folder}``), else a default
    queue ``<this process's default queue>-<label>-<random>`` on the broker of
    ``CELERY_BROKER_URL`` (``{"CELERY_TASK_DEFAULT_QUEUE": name}``), which names the others
    (``config.queues``); all are deleted after. A queue no worker consumes stands for a broker
    that lost the turns queued there."""
    if "CELERY_BROKER_URL" not in os.environ:
        with tempfile.TemporaryDirectory(prefix=f"eoc-{label}-queue-") as folder:
            yield {"CELERY_FS_DIR": folder}
        return
    from kombu import Connection

    from config.queues import queue_names

    name = f"{os.environ.get('CELERY_TASK_DEFAULT_QUEUE', 'celery')}-{label}-{uuid.uuid4().hex[:6]}"
    try:
        yield {"CELERY_TASK_DEFAULT_QUEUE": name}
    finally:
        with Connection(os.environ["CELERY_BROKER_URL"], connect_timeout=5) as connection:
            for queue in queue_names(name).values():
                if os.environ["CELERY_BROKER_URL"].startswith("redis"):
                    connection.default_channel.queue_purge(queue)  # Redis' queue_delete keeps the messages
                connection.default_channel.queue_delete(queue)
                connection.default_channel.exchange_delete(queue)  # each queue has an exchange of its name


@contextlib.contextmanager
def running_site(workers: int = 2, env: dict | None = None):
    """Yield the base URL of the site served by ``workers`` uvicorn processes; stop them after.
    The API's rate limits are raised out of the way: a benchmark is one client address."""
    with Site({**BENCH_THROTTLE, **(env or {})}, workers=workers) as site:
        yield site.base
