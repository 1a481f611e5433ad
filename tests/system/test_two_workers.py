"""Two ASGI servers on different ports, one database and one Redis (this run's ``REDIS_URL``,
else a private Redis): a player on each sees every move of the other, in order, with the right
versions — live matches are shared through the Redis channel layer, not through a process."""
from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor

from bench.server import Site
from tests.system.conftest import SeatClient, create_matches, match_log, run_clients

MOVES = 24  # moves in each match, about half each way


def test_players_on_two_asgi_workers_see_each_others_moves(site_db_url, shared_redis_url):
    env = {"DATABASE_URL": site_db_url, "REDIS_URL": shared_redis_url, "PLAY_BOT_DELAY": "0",
           # No check of the database behind the layer's back: moves must come through Redis.
           "PLAY_WS_POLL": "0"}
    matches = create_matches(site_db_url, 2, prefix="workers")
    site_a, site_b = Site(env, workers=1), Site(env, workers=1)
    try:
        with ThreadPoolExecutor(2) as pool:  # both start at once
            list(pool.map(Site.start, (site_a, site_b)))
        assert site_a.port != site_b.port
        # In the first match seat 0 plays on A and seat 1 on B; in the second the other way round.
        clients = []
        for index, seats in enumerate(matches):
            for key in seats:
                site = (site_a, site_b)[(key.seat + index) % 2]
                clients.append(SeatClient(site.ws_base, site.base, key, rng=random.Random(index * 2 + key.seat),
                                          think=(0.01, 0.05)))

        async def scenario():
            stop, go = asyncio.Event(), asyncio.Event()
            for client in clients:
                client.hold = go
            task = asyncio.ensure_future(run_clients(clients, stop, seconds_max=60))
            while not all(c.connections for c in clients):  # every seat is at its table first
                assert not task.done(), task.exception()
                await asyncio.sleep(0.05)
            go.set()
            deadline = time.monotonic() + 60
            while not all(len(c.acked) + len(other.acked) >= MOVES for c, other in zip(clients[::2], clients[1::2])):
                assert not task.done(), task.exception()
                assert time.monotonic() < deadline, [(c.key.seat, c.views[-3:], c.pending) for c in clients]
                await asyncio.sleep(0.05)
            # No more moves; once the last ones are answered and both seats of each match show
            # the same version for a while, the run ends.
            go.clear()
            settled_since = None
            while settled_since is None or time.monotonic() - settled_since < 0.5:
                assert time.monotonic() < deadline, [(c.key.seat, c.views[-3:], c.pending) for c in clients]
                settled = all(c.pending is None for c in clients) and all(
                    c.views[-1] == other.views[-1] for c, other in zip(clients[::2], clients[1::2]))
                settled_since = (settled_since or time.monotonic()) if settled else None
                await asyncio.sleep(0.05)
            stop.set()
            await task

        asyncio.run(asyncio.wait_for(scenario(), 90))

        for seats in matches:
            pair = [c for c in clients if c.key.match_id == seats[0].match_id]
            assert {c.base_ws for c in pair} == {site_a.ws_base, site_b.ws_base}
            log = match_log(site_a.base, seats[0])
            assert match_log(site_b.base, seats[1]) == log
            assert [e["version"] for e in log] == list(range(1, len(log) + 1))
            assert len(log) >= MOVES
            # Every move in the log was acknowledged to the seat that made it.
            assert sorted([*pair[0].acked, *pair[1].acked]) == list(range(1, len(log) + 1))
            for client in pair:
                other = next(c for c in pair if c is not client)
                # One socket each, no refusal, no move lost or answered late.
                assert (client.connections, client.failed_attempts, client.errors, client.unconfirmed) == (1, 0, [], [])
                # This socket saw every version from 0 to the last, once each, in order...
                assert client.views == list(range(0, len(log) + 1))
                # ...each with the move the log holds, the other seat's moves included.
                assert [client.seen[e["version"]] for e in log] == [
                    {k: e[k] for k in ("version", "seat", "action", "by")} for e in log]
                theirs = sorted(other.acked)
                assert len(theirs) >= 3  # several moves each way
                assert [client.seen[v] for v in theirs] == [
                    {"version": v, "seat": other.key.seat, "action": other.acked[v], "by": "player"} for v in theirs]
        print(f"moves: {[len(match_log(site_a.base, s[0])) for s in matches]}")
    finally:
        site_a.kill()
        site_b.kill()
