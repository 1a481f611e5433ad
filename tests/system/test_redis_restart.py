"""Redis restarted under the site (the channel layer and the cache on a private Redis): once it
is back the site recovers by itself: sockets that were connected and sockets that connect anew
get their views, the moves of one seat reach the other seat's socket, ``/api/health/`` reports
ok again (the Celery worker's heartbeat, kept in that Redis, included) and nothing answers 500."""
from __future__ import annotations

import asyncio
import random
import time

import httpx
import pytest

from bench.server import CeleryWorker, Site, own_queue
from core.channel_layer import LAYER_LOST_CLOSE_CODE
from tests.system.conftest import SeatClient, create_matches, match_log, match_view, run_clients


def _state(client: SeatClient) -> dict:
    return {"seat": client.key.seat, "connections": client.connections, "failed": client.failed_attempts,
            "closes": client.closes, "views": client.views[-5:], "pending": client.pending,
            "acked": len(client.acked), "errors": client.errors[-3:]}


async def _until(condition, what: str, timeout: float, task=None, describe=lambda: None):
    deadline = time.monotonic() + timeout
    while not condition():
        if task is not None and task.done():
            task.result()  # a client failed: raise its error
        assert time.monotonic() < deadline, f"not within {timeout:g} s: {what}; {describe()}"
        await asyncio.sleep(0.1)


def _health(base: str) -> tuple[int, dict | None]:
    try:
        response = httpx.get(f"{base}/api/health/", timeout=10)
    except httpx.HTTPError:
        return 0, None
    return response.status_code, response.json() if response.status_code in (200, 503) else None


@pytest.mark.parametrize("down", [3.0, 0.0], ids=["down-3s", "blip"])
def test_the_site_recovers_when_redis_restarts(site_db_url, private_redis, down):
    """``down``: seconds Redis stays down (0: started again at once, so that redis-py
    reconnects the layer's subscriptions without an error reaching channels_redis)."""
    (old, new) = create_matches(site_db_url, 2, prefix="redis")
    env = {"DATABASE_URL": site_db_url, "REDIS_URL": private_redis.url, "PLAY_BOT_DELAY": "0"}
    with own_queue("redis") as queue, CeleryWorker({**env, **queue}) as worker:
        _recovers(old, new, private_redis, down, {**env, **queue}, worker)


def _recovers(old, new, private_redis, down, env, worker):
    """The test with a Celery worker of its own queue running (``worker``, killed at the end)."""
    site = Site(env, workers=1).start()
    try:
        status, health = _health(site.base)
        assert (status, health["channel_layer"]) == (200, {"backend": "RedisPubSubChannelLayer", "status": "ok"})
        players = [SeatClient(site.ws_base, site.base, key, rng=random.Random(key.seat), think=(0.05, 0.15))
                   for key in old]
        newcomers = [SeatClient(site.ws_base, site.base, key, rng=random.Random(10 + key.seat))
                     for key in new]
        outage: dict = {}

        async def scenario():
            stop = asyncio.Event()
            task = asyncio.ensure_future(run_clients(players, stop, seconds_max=120))
            await _until(lambda: sum(len(c.acked) for c in players) >= 6, "6 moves before the outage", 30, task)
            await asyncio.to_thread(private_redis.kill)
            if down:
                await asyncio.sleep(0.5)
                outage["health"] = await asyncio.to_thread(_health, site.base)
                await asyncio.sleep(down)
            await asyncio.to_thread(private_redis.start)
            # Health reports ok again.
            await _until(lambda: _health(site.base)[0] == 200, "health ok after the restart", 30, task)
            # The sockets connected before (or reconnected since) see every move from now on.
            recovered = (await asyncio.to_thread(match_view, site.base, old[0]))["version"]
            outage["recovered_at"] = recovered
            outage["failed"] = [p.failed_attempts for p in players]
            await _until(lambda: max(p.views[-1] if p.views else 0 for p in players) >= recovered + 10,
                         "10 more moves in the match that was being played", 60, task,
                         lambda: [_state(p) for p in players])
            # Sockets of a match nobody had opened yet: both connect and play 4 moves each.
            enough = asyncio.Event()
            second = asyncio.ensure_future(run_clients(newcomers, enough, seconds_max=60))
            await _until(lambda: sum(len(c.acked) for c in newcomers) >= 8, "8 moves in a new match", 60, second,
                         lambda: [_state(p) for p in newcomers])
            enough.set()
            await second
            stop.set()
            await task

        asyncio.run(asyncio.wait_for(scenario(), 180))

        recovered = outage["recovered_at"]
        # While Redis was down the sockets were closed with 1012 ("service restart") and could
        # not connect again; once it was back they could, and none failed since.
        for player in players:
            assert LAYER_LOST_CLOSE_CODE in player.closes
            assert player.connections >= 2 and player.errors == []
        if down:
            assert all(n > 0 for n in outage["failed"])
        assert [p.failed_attempts for p in players] == outage["failed"]
        status, health = _health(site.base)
        assert status == 200 and {k: v["status"] for k, v in health.items()} == {
            "database": "ok", "channel_layer": "ok", "broker": "ok", "workers": "ok"}
        log = match_log(site.base, old[0])
        assert [e["version"] for e in log] == list(range(1, len(log) + 1))
        for player in players:
            for version, action in player.acked.items():
                assert (log[version - 1]["seat"], log[version - 1]["action"]) == (player.key.seat, action)
            # Every move after the recovery reached this seat's socket, in order.
            later = [e for e in log if e["version"] > recovered]
            assert len(later) >= 10
            assert [(v, player.seen.get(v, {}).get("seat"), player.seen.get(v, {}).get("action")) for v in
                    (e["version"] for e in later)] == [(e["version"], e["seat"], e["action"]) for e in later]
        new_log = match_log(site.base, new[0])
        assert [e["version"] for e in new_log] == list(range(1, len(new_log) + 1))
        assert len(new_log) >= 8
        for client in newcomers:
            # Every move up to the last view this socket got reached it, in order.
            shown = [e for e in new_log if e["version"] <= client.views[-1]]
            assert [(v, client.seen.get(v, {}).get("seat"), client.seen.get(v, {}).get("action")) for v in
                    (e["version"] for e in shown)] == [(e["version"], e["seat"], e["action"]) for e in shown]
            assert client.views[-1] >= len(new_log) - 1
            assert (client.connections, client.errors) == (1, [])
        print(f"health while Redis was down: {outage.get('health')}; moves: {len(log)} "
              f"(recovered at version {recovered}); reconnections {[p.connections for p in players]}")
    finally:
        site.kill()
        worker.kill()
