"""The in-memory channel layer of the embedded defaults (``core.channel_layer.MemoryChannelLayer``):
the contract of Channels' in-memory layer (the cases of Channels' own tests of it: send and
receive, order, capacity, groups, a full channel in a group, expiry of read and unread
messages, membership expiry), and a cost per message that does not grow with the number of
channels open."""
import asyncio
import re

import pytest
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

from core.channel_layer import MemoryChannelLayer, RedisPubSubChannelLayer


def run(coroutine):
    return asyncio.run(coroutine)


async def _receive_or_none(layer, channel, timeout=0.2):
    try:
        return await asyncio.wait_for(layer.receive(channel), timeout)
    except asyncio.TimeoutError:
        return None


def test_the_embedded_default_is_this_layer():
    layer = get_channel_layer()
    if settings.REDIS_URL:  # a run on Redis (CI runs the suite both ways): its layer is Redis's
        assert type(layer) is RedisPubSubChannelLayer
        return
    assert type(layer) is MemoryChannelLayer
    # The consumers' checks for "one process, no broadcasts from workers" still hold.
    assert isinstance(layer, InMemoryChannelLayer)


def test_send_receive():
    async def go():
        layer = MemoryChannelLayer(capacity=3)
        await layer.send("test-channel-1", {"type": "test.message", "text": "Ahoy-hoy!"})
        assert await layer.receive("test-channel-1") == {"type": "test.message", "text": "Ahoy-hoy!"}
        assert layer.channels == {}
    run(go())


def test_a_message_is_copied_on_send():
    async def go():
        layer = MemoryChannelLayer()
        message = {"type": "test.message", "items": [1]}
        await layer.send("test-channel-1", message)
        message["items"].append(2)
        assert await layer.receive("test-channel-1") == {"type": "test.message", "items": [1]}
    run(go())


def test_a_message_of_plain_values_is_copied_too():
    async def go():
        layer = MemoryChannelLayer()
        message = {"type": "match.view", "version": 3, "frame": "{}", "reseat": False, "ratio": 0.5, "none": None}
        await layer.group_add("g", "test-channel-1")
        layer.group_send_now("g", message)
        message["version"] = 4
        received = await layer.receive("test-channel-1")
        assert received == {"type": "match.view", "version": 3, "frame": "{}", "reseat": False, "ratio": 0.5,
                            "none": None}
        assert received is not message
    run(go())


def test_process_local_send_receive():
    async def go():
        layer = MemoryChannelLayer()
        name = await layer.new_channel()
        assert re.fullmatch(r"specific\.\.inmemory![A-Za-z]{12}", name)
        await layer.send(name, {"type": "test.message", "text": "Local only please"})
        assert await layer.receive(name) == {"type": "test.message", "text": "Local only please"}
    run(go())


def test_messages_come_in_order():
    async def go():
        layer = MemoryChannelLayer()
        for n in (1, 2, 3):
            await layer.send("test-channel-3", {"type": f"message.{n}"})
        assert [(await layer.receive("test-channel-3"))["type"] for _ in range(3)] == [
            "message.1", "message.2", "message.3"]
    run(go())


def test_a_waiting_receiver_gets_a_later_message():
    async def go():
        layer = MemoryChannelLayer()
        waiting = asyncio.ensure_future(layer.receive("test-channel-1"))
        await asyncio.sleep(0)
        await layer.group_add("g", "test-channel-1")
        await layer.group_send("g", {"type": "message.1"})
        assert await asyncio.wait_for(waiting, 1) == {"type": "message.1"}
    run(go())


def test_send_capacity():
    async def go():
        layer = MemoryChannelLayer(capacity=3)
        for _ in range(3):
            await layer.send("test-channel-1", {"type": "test.message"})
        with pytest.raises(ChannelFull):
            await layer.send("test-channel-1", {"type": "test.message"})
    run(go())


def test_channel_capacity_by_pattern():
    async def go():
        layer = MemoryChannelLayer(capacity=3, channel_capacity={"small.*": 1, re.compile(r"^big\."): 5})
        assert [layer.get_capacity(name) for name in ("small.a", "big.a", "other")] == [1, 5, 3]
        await layer.send("small.a", {"type": "m"})
        with pytest.raises(ChannelFull):
            await layer.send("small.a", {"type": "m"})
    run(go())


def test_invalid_names_are_refused():
    async def go():
        layer = MemoryChannelLayer()
        with pytest.raises(TypeError):
            await layer.send("bad name", {"type": "m"})
        with pytest.raises(TypeError):
            await layer.group_add("bad group", "test-channel-1")
        with pytest.raises(TypeError):
            await layer.group_send("x" * 100, {"type": "m"})
    run(go())


def test_groups_basic():
    async def go():
        layer = MemoryChannelLayer()
        for n in (1, 2, 3):
            await layer.group_add("test-group", f"test-gr-chan-{n}")
        await layer.group_discard("test-group", "test-gr-chan-2")
        await layer.group_send("test-group", {"type": "message.1"})
        assert await _receive_or_none(layer, "test-gr-chan-1") == {"type": "message.1"}
        assert await _receive_or_none(layer, "test-gr-chan-3") == {"type": "message.1"}
        assert await _receive_or_none(layer, "test-gr-chan-2") is None
        # The last member leaving ends the group.
        await layer.group_discard("test-group", "test-gr-chan-1")
        await layer.group_discard("test-group", "test-gr-chan-3")
        await layer.group_discard("test-group", "never-joined")
        assert layer.groups == {}
    run(go())


def test_listened_says_whether_a_group_has_a_member():
    async def go():
        layer = MemoryChannelLayer()
        assert layer.listened(["test-a", "test-b"]) is False
        await layer.group_add("test-b", "test-chan-1")
        assert (layer.listened(["test-a", "test-b"]), layer.listened(["test-a"]), layer.listened([])) == (
            True, False, False)
        await layer.group_discard("test-b", "test-chan-1")
        assert layer.listened(["test-a", "test-b"]) is False
    run(go())


def test_groups_channel_full_is_ignored():
    async def go():
        layer = MemoryChannelLayer(capacity=3)
        await layer.group_add("test-group", "test-gr-chan-1")
        await layer.group_add("test-group", "test-gr-chan-2")
        await layer.send("test-gr-chan-2", {"type": "direct"})
        for n in range(5):
            await layer.group_send("test-group", {"type": f"message.{n}"})
        assert [(await layer.receive("test-gr-chan-1"))["type"] for _ in range(3)] == [
            "message.0", "message.1", "message.2"]
        assert [(await layer.receive("test-gr-chan-2"))["type"] for _ in range(3)] == [
            "direct", "message.0", "message.1"]
        assert await _receive_or_none(layer, "test-gr-chan-1") is None
    run(go())


def test_expiry_single():
    async def go():
        layer = MemoryChannelLayer(expiry=0.1)
        await layer.send("test-channel-1", {"type": "message.1"})
        assert len(layer.channels) == 1
        await asyncio.sleep(0.15)
        assert await _receive_or_none(layer, "test-channel-1", 0.3) is None
        assert layer.channels == {}
    run(go())


def test_expiry_unread():
    """An expired message goes even when nobody reads its channel again; ``send`` does not
    expire anything (as in Channels), ``receive`` on another channel does."""
    async def go():
        layer = MemoryChannelLayer(expiry=0.1)
        await layer.send("test-channel-1", {"type": "message.1"})
        await asyncio.sleep(0.15)
        await layer.send("test-channel-2", {"type": "message.2"})
        assert len(layer.channels) == 2
        assert await layer.receive("test-channel-2") == {"type": "message.2"}
        assert layer.channels == {}
    run(go())


def test_expiry_multi():
    async def go():
        layer = MemoryChannelLayer(expiry=0.1)
        for n in (1, 2, 3):
            await layer.send("test-channel-1", {"type": f"message.{n}"})
        assert (await layer.receive("test-channel-1"))["type"] == "message.1"
        await asyncio.sleep(0.15)
        await layer.send("test-channel-1", {"type": "message.4"})
        assert (await layer.receive("test-channel-1"))["type"] == "message.4"
        assert await _receive_or_none(layer, "test-channel-1", 0.3) is None
        assert layer.channels == {}
    run(go())


def test_an_expired_message_takes_its_channel_out_of_every_group():
    async def go():
        layer = MemoryChannelLayer(expiry=0.1)
        await layer.group_add("g1", "dead")
        await layer.group_add("g2", "dead")
        await layer.group_add("g1", "alive")
        await layer.group_send("g1", {"type": "message.1"})
        assert await layer.receive("alive") == {"type": "message.1"}
        await asyncio.sleep(0.15)
        await layer.group_send("g2", {"type": "message.2"})
        assert layer.groups == {"g1": {"alive": layer.groups["g1"]["alive"]}}
        assert layer.channels == {}
    run(go())


def test_group_membership_expiry():
    async def go():
        layer = MemoryChannelLayer(group_expiry=0.1)
        await layer.group_add("g", "old")
        await layer.group_add("g", "renewed")
        await asyncio.sleep(0.15)
        await layer.group_add("g", "renewed")
        await layer.group_add("g", "new")
        await layer.group_send("g", {"type": "message.1"})
        assert sorted(layer.groups["g"]) == ["new", "renewed"]
        assert await _receive_or_none(layer, "old") is None
        assert await layer.receive("renewed") == {"type": "message.1"}
        assert await layer.receive("new") == {"type": "message.1"}
    run(go())


def test_flush():
    async def go():
        layer = MemoryChannelLayer()
        await layer.group_add("g", "c")
        await layer.send("c", {"type": "m"})
        await layer.flush()
        assert (layer.channels, layer.groups) == ({}, {})
        await layer.group_send("g", {"type": "m"})
        assert layer.channels == {}
    run(go())


def test_discarded_memberships_do_not_pile_up():
    """Sockets that join and leave all day leave no joins behind beyond a bounded number."""
    async def go():
        layer = MemoryChannelLayer()
        await layer.group_add("lobby", "stays")
        for n in range(10_000):
            await layer.group_add(f"match.{n}", f"socket.{n}")
            await layer.group_discard(f"match.{n}", f"socket.{n}")
        assert len(layer._joins) <= 2 * 1 + 1024
        assert layer.groups == {"lobby": {"stays": layer.groups["lobby"]["stays"]}}
    run(go())


async def _moves(layer, moves: int) -> None:
    """``moves`` moves of a two-seat match: a view to each seat's group, each socket reads it."""
    await layer.group_add("match.x.seat.0", "socket.x0")
    await layer.group_add("match.x.seat.1", "socket.x1")
    for n in range(moves):
        for seat in (0, 1):
            await layer.group_send(f"match.x.seat.{seat}", {"type": "match.view", "n": n})
        for seat in (0, 1):
            assert (await layer.receive(f"socket.x{seat}"))["n"] == n


@pytest.mark.parametrize("idle_sockets", [10, 2_000])
def test_the_cost_of_a_message_does_not_grow_with_the_sockets_open(idle_sockets, monkeypatch):
    """Channels' full scan is never called, and each channel or membership is looked at no
    more than once after its time has passed: 200 moves look at no channel at all whether 10 or
    2,000 other sockets are open, each in a group with an unread message waiting."""
    def full_scan(self):
        raise AssertionError("the full scan of every channel ran")
    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", full_scan)
    monkeypatch.setattr(InMemoryChannelLayer, "_remove_from_groups", full_scan)

    async def go():
        layer = MemoryChannelLayer(expiry=3600)
        for n in range(idle_sockets):
            await layer.group_add(f"match.{n}.seat.0", f"socket.{n}")
            await layer.send(f"socket.{n}", {"type": "match.view"})
        await _moves(layer, 200)
        assert layer.inspected == 0
        assert len(layer.channels) == idle_sockets
    run(go())


def test_expired_channels_are_looked_at_once_each():
    """2,000 sockets whose messages expired: the next move looks at each of them once (to drop
    them), and the moves after it at none."""
    async def go():
        layer = MemoryChannelLayer(expiry=0.1)
        for n in range(2_000):
            await layer.group_add(f"match.{n}.seat.0", f"socket.{n}")
            await layer.send(f"socket.{n}", {"type": "match.view"})
        await asyncio.sleep(0.15)
        layer.expiry = 3600
        await _moves(layer, 1)
        assert layer.inspected == 2_000
        assert (len(layer.channels), sorted(layer.groups)) == (0, ["match.x.seat.0", "match.x.seat.1"])
        await _moves(layer, 100)
        assert layer.inspected == 2_000
    run(go())
