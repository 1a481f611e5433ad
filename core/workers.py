"""Whether Celery workers are alive: each worker writes a heartbeat for every queue it consumes,
and the health check reads them.

A worker writes ``{"worker": hostname, "pid", "at": unix seconds}`` under
``worker-heartbeat:<queue>`` in the ``workers`` cache every ``WORKER_HEARTBEAT_INTERVAL`` seconds
while it is connected to the broker and consuming (``Heartbeat``, a step of the worker's
consumer, on its timer), each entry kept ``WORKER_HEARTBEAT_STALE`` seconds. The cache is Redis
with ``REDIS_URL`` (shared by every machine), else files beside the filesystem broker's queue
(one machine), see ``config.settings``. A worker that dies, hangs or loses the broker stops
writing, and its queues read as unattended once the last heartbeat is older than
``WORKER_HEARTBEAT_STALE``. Reading is one cache round trip, cheap enough for every health check.
"""
from __future__ import annotations

import os
import time

from celery import bootsteps
from django.conf import settings
from django.core.cache import caches

from core.cache_failures import cache_may_fail

CACHE = "workers"


class NoWorker(Exception):
    """No worker consumes a queue the site sends tasks to (the health check's failure)."""


def heartbeat_key(queue: str) -> str:
    """The cache key of the heartbeats for ``queue``."""
    return f"worker-heartbeat:{queue}"


def watched_queues(app) -> list[str]:
    """The queues the site sends tasks to, which some worker must consume: the default queue,
    those declared in ``task_queues`` and those named in a ``task_routes`` mapping; sorted."""
    conf = app.conf
    names = {conf.task_default_queue}
    names.update(queue.name for queue in conf.task_queues or ())
    routes = conf.task_routes
    for route in routes.values() if isinstance(routes, dict) else ():
        queue = route.get("queue") if isinstance(route, dict) else route
        if isinstance(queue, str):
            names.add(queue)
    return sorted(names)


def write_heartbeat(hostname: str, queues: list[str]) -> None:
    """Say that the worker ``hostname`` (this process) consumes ``queues``, now."""
    beat = {"worker": hostname, "pid": os.getpid(), "at": time.time()}
    caches[CACHE].set_many({heartbeat_key(queue): beat for queue in queues}, timeout=settings.WORKER_HEARTBEAT_STALE)


def unattended(queues: list[str]) -> dict[str, float | None]:
    """The queues of ``queues`` no worker has written a heartbeat for in the last
    ``WORKER_HEARTBEAT_STALE`` seconds: ``{queue: seconds since the last one, or None when there is
    none}``; ``{}`` when every queue has a live worker. Raises the cache's error when it fails."""
    beats = caches[CACHE].get_many([heartbeat_key(queue) for queue in queues])
    now, missing = time.time(), {}
    for queue in queues:
        beat = beats.get(heartbeat_key(queue))
        age = None if beat is None else now - beat["at"]
        if age is None or age > settings.WORKER_HEARTBEAT_STALE:
            missing[queue] = age
    return missing


class Heartbeat(bootsteps.StartStopStep):
    """The worker's heartbeat (a step of its consumer, started once it consumes its queues and
    stopped with them, as when the broker connection is lost): ``write_heartbeat`` at once, then
    every ``WORKER_HEARTBEAT_INTERVAL`` seconds. A failing cache is logged at WARNING; the worker
    goes on."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.timer_entry = None

    def start(self, consumer) -> None:
        queues = sorted(queue.name for queue in consumer.task_consumer.queues)
        args = (consumer.hostname, queues)
        self._beat(*args)
        self.timer_entry = consumer.timer.call_repeatedly(settings.WORKER_HEARTBEAT_INTERVAL, self._beat, args)

    def stop(self, consumer) -> None:
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None

    shutdown = stop

    @staticmethod
    def _beat(hostname: str, queues: list[str]) -> None:
        with cache_may_fail("worker heartbeat not written"):  # the next beat tries again
            write_heartbeat(hostname, queues)
