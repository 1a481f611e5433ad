"""The threads that run the sockets' database work (``core.database_threads``)."""
import asyncio
import threading
import time

import pytest

from core.database_threads import DatabaseThreads, calling_loop, with_answer


def test_a_call_runs_on_a_pool_thread_and_its_value_comes_back():
    pool = DatabaseThreads(1, "test-db")

    def where(x):
        return x * 2, threading.current_thread().name, calling_loop()

    async def go():
        value, name, loop = await pool.run(where, 21)
        return value, name, loop is asyncio.get_running_loop()

    assert asyncio.run(go()) == (42, "test-db-0", True)
    assert calling_loop() is None  # not a pool thread


def test_an_exception_is_raised_to_the_caller_and_the_thread_goes_on():
    pool = DatabaseThreads(1, "test-db")

    def fail():
        raise KeyError("gone")

    async def go():
        with pytest.raises(KeyError, match="gone"):
            await pool.run(fail)
        return await pool.run(calling_loop) is not None

    assert asyncio.run(go()) is True


def test_one_thread_runs_calls_one_at_a_time_in_the_order_handed():
    pool = DatabaseThreads(1, "test-db")
    seen, running = [], []

    def step(n):
        running.append(n)
        assert len(running) == 1, running
        time.sleep(0.002)
        seen.append(n)
        running.remove(n)

    async def go():
        await asyncio.gather(*(pool.run(step, n) for n in range(20)))

    asyncio.run(go())
    assert seen == list(range(20))


def test_several_threads_run_calls_at_once():
    pool = DatabaseThreads(3, "test-db")
    barrier = threading.Barrier(3, timeout=5)

    def meet():
        barrier.wait()  # only returns when three calls are running at the same time
        return threading.current_thread().name

    async def go():
        return await asyncio.gather(*(pool.run(meet) for _ in range(3)))

    assert sorted(asyncio.run(go())) == ["test-db-0", "test-db-1", "test-db-2"]


def test_a_wait_given_up_leaves_the_pool_working():
    pool = DatabaseThreads(1, "test-db")
    release = threading.Event()

    async def go():
        slow = asyncio.ensure_future(pool.run(release.wait, 5))
        await asyncio.sleep(0.05)
        slow.cancel()  # the socket closed while its call ran
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await slow
        return await pool.run(lambda: "next")

    assert asyncio.run(go()) == "next"


def test_a_pool_needs_a_thread():
    with pytest.raises(ValueError, match="at least one thread, not 0"):
        DatabaseThreads(0, "test-db")


def test_work_handed_back_with_the_answer_runs_on_the_loop_before_the_caller_resumes():
    """A move's views go to the loop with the move's answer: one wake-up, the views first, in the
    order given, and even when the call then fails; one that fails is logged and the rest run."""
    pool = DatabaseThreads(1, "test-db")
    seen = []

    def on_loop(tag):
        seen.append((tag, threading.current_thread() is threading.main_thread()))
        if tag == "bad":
            raise RuntimeError("a send failed")

    def call(fail):
        assert with_answer(on_loop, "first") and with_answer(on_loop, "bad") and with_answer(on_loop, "second")
        seen.append(("call", False))
        if fail:
            raise KeyError("after the commit")
        return "answer"

    async def go():
        value = await pool.run(call, False)
        seen.append((value, True))
        with pytest.raises(KeyError):
            await pool.run(call, True)
        seen.append(("raised", True))

    asyncio.run(go())
    assert seen == [("call", False), ("first", True), ("bad", True), ("second", True), ("answer", True)] + [
        ("call", False), ("first", True), ("bad", True), ("second", True), ("raised", True)]
    assert with_answer(on_loop, "outside") is False and seen[-1] == ("raised", True)  # not a pool thread
