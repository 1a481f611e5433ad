"""Synchronous database work handed from an event loop to threads kept for it.

``DatabaseThreads.run(func, *args)`` awaits ``func(*args)`` run on one of the pool's threads,
as Channels' ``database_sync_to_async`` does (``close_old_connections`` before and after each
call, so a connection past its age or broken is replaced), with less machinery per call: no
context copied into the thread and back, no executor future chained to an asyncio one. Each
call is one entry in a queue and one ``call_soon_threadsafe`` back to the loop. Under a live
load of 200 matches the hop through ``database_sync_to_async`` was about a tenth of the web
process's CPU (README, "The site beside boardgame.io").

What such a call does not get, that ``sync_to_async`` would give it: the caller's context
variables (Django's active language among them: the call sets what it needs, as the match
consumer does with ``translation.override``). Code that needs to know which event loop handed
it the work (to send to that loop's channel layer) asks ``calling_loop``; work for that loop
that can wait until the call is done (a move's views, sent once it has committed) goes with
the call's answer (``with_answer``): one wake-up of the loop instead of two.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import threading
from collections.abc import Callable

from django.db import close_old_connections

_here = threading.local()
logger = logging.getLogger(__name__)


def calling_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that handed the running call to this thread, when this thread is one of a
    ``DatabaseThreads`` pool's and runs a call; else ``None``."""
    return getattr(_here, "loop", None)


def with_answer(callback: Callable, *args) -> bool:
    """Run ``callback(*args)`` on the calling loop just before the running call's answer reaches
    its caller (in the order given), when this thread is one of a ``DatabaseThreads`` pool's and
    runs a call: ``True``. Else nothing is done: ``False`` (the caller sends it its own way).
    A callback runs even when the call then raises; one that raises is logged."""
    pending = getattr(_here, "pending", None)
    if pending is None:
        return False
    pending.append((callback, args))
    return True


def _settle(future: asyncio.Future, ok: bool, value, pending: list) -> None:
    for callback, args in pending:
        try:
            callback(*args)
        except Exception:
            logger.exception("a callback handed back with a database call's answer failed")
    if future.cancelled():  # the caller stopped waiting (its socket closed)
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


class DatabaseThreads:
    """A pool of ``count`` threads named ``name-<n>``, started on first use (again in a forked
    process). Calls are taken in the order they were handed; with one thread they also run in
    that order, one at a time (what SQLite, with its one writer, wants)."""

    def __init__(self, count: int, name: str):
        if count < 1:
            raise ValueError(f"a pool of database threads needs at least one thread, not {count}")
        self.count = count
        self.name = name
        self._jobs: queue.SimpleQueue | None = None
        self._pid: int | None = None
        self._lock = threading.Lock()

    def _queue(self) -> queue.SimpleQueue:
        pid = os.getpid()
        if self._pid != pid:
            with self._lock:
                if self._pid != pid:
                    jobs = queue.SimpleQueue()
                    for n in range(self.count):
                        threading.Thread(target=_work, args=(jobs,), name=f"{self.name}-{n}", daemon=True).start()
                    self._jobs, self._pid = jobs, pid
        return self._jobs

    async def run(self, func: Callable, *args):
        """``func(*args)`` run on one of the threads: its value, or its exception raised here.
        A call handed over runs even when the wait is cancelled (a socket that closes after
        sending a move has still made it), as ``sync_to_async`` shields its calls."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue().put((loop, future, func, args))
        return await future


def _work(jobs: queue.SimpleQueue) -> None:
    while True:
        loop, future, func, args = jobs.get()
        pending: list = []
        _here.loop, _here.pending = loop, pending
        try:
            close_old_connections()
            value, ok = func(*args), True
        except BaseException as exc:  # handed back to the caller, as sync_to_async does
            value, ok = exc, False
        finally:
            _here.loop = _here.pending = None
        try:
            close_old_connections()
        except Exception:  # the call's answer stands; the next call tries again
            pass
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
            loop.call_soon_threadsafe(_settle, future, ok, value, pending)
        del loop, future, func, args, value, pending
