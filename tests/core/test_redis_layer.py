"""The Redis layer of the site (``core.channel_layer.RedisPubSubChannelLayer``) against a real
Redis: this run's ``REDIS_URL`` when set, else a private ``redis-server`` (the test fails when
it cannot start one)."""
from __future__ import annotations

import asyncio
import os

import pytest
from redis.asyncio.client import Pipeline

from core.channel_layer import RedisPubSubChannelLayer


def test_group_send_many_publishes_every_groups_message_in_order_in_one_round_trip(shared_redis_url, monkeypatch):
    """A move's views, one per seat's group, go to Redis as one pipeline: each socket of a
    group gets its group's messages in the order given, a socket of no group gets nothing."""
    async def go():
        layer = RedisPubSubChannelLayer(hosts=[{"address": shared_redis_url, "socket_timeout": None}],
                                        prefix=f"test-many-{os.getpid()}")
        seat0, seat0_again, seat1, other = [await layer.new_channel() for _ in range(4)]
        for group, channel in [("g0", seat0), ("g0", seat0_again), ("g1", seat1)]:
            await layer.group_add(group, channel)
        await layer.group_send_many([("g0", {"type": "v", "n": 1}), ("g1", {"type": "v", "n": 2}),
                                     ("g0", {"type": "v", "n": 3}), ("nobody", {"type": "v", "n": 4})])
        got = {name: [(await asyncio.wait_for(layer.receive(ch), 5))["n"] for _ in range(count)]
               for name, ch, count in [("seat0", seat0, 2), ("seat0_again", seat0_again, 2), ("seat1", seat1, 1)]}
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(other), 0.3)
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(seat1), 0.3)
        await layer.flush()
        return got

    sent = []
    execute = Pipeline.execute

    async def counted(pipe, *args, **kwargs):  # what each round trip carried
        sent.append([command[0][0] for command in pipe.command_stack])
        return await execute(pipe, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "execute", counted)
    got = asyncio.run(go())
    assert got == {"seat0": [1, 3], "seat0_again": [1, 3], "seat1": [2]}
    assert sent == [["PUBLISH"] * 4]  # one round trip
