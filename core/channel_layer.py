"""The channel layers the site runs on: the Redis pub/sub layer (the default backend with
``REDIS_URL``), made to survive a Redis restart, and the in-memory layer of the embedded
defaults (one process), whose cost per message does not grow with the number of sockets.

Why a Redis layer of our own: channels_redis's pub/sub layer keeps one subscribing connection per
process. When Redis goes away, redis-py reconnects it and subscribes again once Redis is back,
but every message published in between is gone: a socket whose match moved on meanwhile stays
connected, never gets the move, and the match waits forever for a player who never learns it is
their turn. Nothing fails where a consumer could see it. So this layer tells every socket of the
process when its subscriptions can no longer be trusted — the subscribing connection failed, or
it came back after a failure — with the event ``LAYER_LOST`` (``{"type": "channel_layer.lost"}``)
on each channel. The site's consumers (``core.consumers``, ``play.consumers``) answer it by
closing with ``LAYER_LOST_CLOSE_CODE`` (1012, "service restart"); clients reconnect by themselves
and are sent the match as it is now.

Why an in-memory layer of our own: Channels' ``InMemoryChannelLayer`` looks at every channel
and every group membership of the process on each ``receive()`` and ``group_send()`` to drop
what has expired, so with 2,000 sockets open each move costs thousands of steps (see
``MemoryChannelLayer``).
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from copy import deepcopy

from channels import layers
from channels.exceptions import ChannelFull
from channels_redis import pubsub
from redis.asyncio.client import PubSub

logger = logging.getLogger(__name__)

#: Close code of a socket whose channel-layer subscription failed: the client should reconnect.
LAYER_LOST_CLOSE_CODE = 1012
#: The event every channel of a process gets when its subscriptions may have missed messages.
LAYER_LOST = {"type": "channel_layer.lost"}


class _WatchedPubSub(PubSub):
    """redis-py's pub/sub connection, telling ``on_reconnect`` when it connects again after its
    first connection (redis-py subscribes it again to everything first)."""

    def __init__(self, *args, on_reconnect, **kwargs):
        super().__init__(*args, **kwargs)
        self._on_reconnect = on_reconnect
        self._connected_once = False

    async def connect(self):
        # The first connection comes from the pool already connected; ``on_connect`` is
        # registered on it afterwards and so runs only when it connects again.
        first = self.connection is None
        await super().connect()
        if first:
            self._connected_once = True

    async def on_connect(self, connection):
        await super().on_connect(connection)
        if self._connected_once:
            self._on_reconnect()


class _Shard(pubsub.RedisSingleShardConnection):
    """One Redis host of the layer; reports its subscribing connection's failures and
    reconnections to the layer (``subscriptions_lost``)."""

    def __init__(self, host, channel_layer):
        super().__init__(host, channel_layer)
        self._down = False

    def _ensure_redis(self):
        if self._redis is None:
            super()._ensure_redis()
            self._pubsub = _WatchedPubSub(self._redis.connection_pool, on_reconnect=self._reconnected)

    async def ping(self):
        """One round trip to this host (health checks); raises redis-py's error when it fails."""
        self._ensure_redis()
        await self._redis.ping()

    async def publish_many(self, pairs: list[tuple[str, bytes]]) -> None:
        """Publish each ``(channel, serialized message)`` pair, in order, in one round trip (a
        pipeline); raises redis-py's error when the host fails.

        The round trip is made holding the shard's lock, as channels_redis's own ``publish``
        makes its ``PUBLISH`` (4.3: ``_ensure_redis`` and the command under one ``async with
        self._lock``), since the lock guards more than making the connection: ``flush`` closes
        the shard's client and forgets it under the lock, so a publish outside it could be
        sent on a client being closed; and it lets one publish of this process to the host
        go at a time, in the order they were called."""
        async with self._lock:
            self._ensure_redis()
            async with self._redis.pipeline(transaction=False) as pipe:
                for channel, message in pairs:
                    pipe.publish(channel, message)
                await pipe.execute()

    def _reconnected(self):
        self._down = False
        logger.warning("the channel layer's subscriptions are back after a reconnection to Redis")
        self.channel_layer.subscriptions_lost()

    async def _do_receiving(self):
        # channels_redis's loop, which logs a failure and tries again a second later; the first
        # failure of a run of them also tells the layer.
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
                raise
            except BaseException:
                if not self._down:
                    self._down = True
                    logger.exception("the channel layer lost its connection to Redis")
                    self.channel_layer.subscriptions_lost()
                await asyncio.sleep(1)


class _LoopLayer(pubsub.RedisPubSubLoopLayer):
    def __init__(self, hosts=None, *args, **kwargs):
        super().__init__(hosts, *args, **kwargs)
        self._shards = [_Shard(host, self) for host in pubsub.decode_hosts(hosts)]
        self._subscribing: set[str] = set()

    async def _subscribe_to_channel(self, channel):
        self._subscribing.add(channel)
        try:
            await super()._subscribe_to_channel(channel)
        except BaseException:
            # channels_redis keeps the channel's queue even when subscribing failed: drop it.
            self.channels.pop(channel, None)
            raise
        finally:
            self._subscribing.discard(channel)

    def subscriptions_lost(self):
        """Put ``LAYER_LOST`` on every channel of this loop subscribed before now (a channel
        being subscribed at this moment is subscribed on the new connection: it misses
        nothing)."""
        event = self.channel_layer.serialize(LAYER_LOST)
        for name, queue in list(self.channels.items()):
            if name not in self._subscribing:
                queue.put_nowait(event)


class RedisPubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    """channels_redis's ``RedisPubSubChannelLayer`` (same configuration) that sends every
    channel of a process ``{"type": "channel_layer.lost"}`` when the process's subscribing
    connection to Redis fails and again when it is back, since messages published in between
    never arrive. A consumer on this layer needs a ``channel_layer_lost`` handler (the site's
    close their socket with ``LAYER_LOST_CLOSE_CODE``)."""

    async def ping(self):
        """A round trip to every Redis host of the layer, creating nothing in Redis (unlike a
        channel made and read for the purpose, which stays subscribed); raises redis-py's error
        when a host does not answer."""
        for shard in self._get_layer()._shards:
            await shard.ping()

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """``group_send`` of each ``(group, message)`` pair (a move's views: one per seat's
        group), with one round trip to each Redis host instead of one a group: the publishes of
        a host go in one pipeline, in the order given. Raises redis-py's error when a host
        fails."""
        layer = self._get_layer()
        by_shard: dict[_Shard, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            by_shard.setdefault(layer._get_shard(channel), []).append((channel, self.serialize(message)))
        await asyncio.gather(*(shard.publish_many(pairs) for shard, pairs in by_shard.items()))

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            pubsub._wrap_close(self, loop)
            return layer


#: Values a copy may share with the original: they cannot be changed.
_ATOMS = (str, int, float, bool, type(None), bytes)


def _copy(message: dict) -> dict:
    """A copy of ``message`` that shares nothing changeable with it, as ``deepcopy`` (what
    Channels' layer does), made as a plain ``dict`` when every value is a string, number,
    boolean, bytes or ``None`` (a view event: its frame is one string), which is several times
    cheaper."""
    if all(type(value) in _ATOMS for value in message.values()):
        return dict(message)
    return deepcopy(message)


class MemoryChannelLayer(layers.InMemoryChannelLayer):
    """Channels' ``InMemoryChannelLayer`` (same configuration: ``expiry`` seconds a message
    waits to be read, default 60; ``group_expiry`` seconds a group membership lasts, default
    86,400; ``capacity`` messages a channel holds, default 100; ``channel_capacity`` glob or
    regex → capacity) with the same behaviour — ``ChannelFull`` from ``send()`` on a full
    channel, ignored by ``group_send()``; an expired message dropped and its channel taken out
    of every group; expired memberships ended; expiry applied on ``receive()`` and
    ``group_send()``, not on ``send()`` — but expiry found without looking at every channel.

    Every message sent is also put at the end of a queue of deadlines, and every group
    membership at the end of a queue of joins; both are in time order (``time.monotonic()``
    plus a fixed expiry), so ``receive()`` and ``group_send()`` only pop the entries whose time
    has passed from their fronts and look at those channels and memberships: each entry is
    looked at once, O(1) per message amortised however many sockets are open. Which groups a
    channel is in is kept beside the groups, so taking an expired channel out of them costs its
    own memberships only. ``inspected`` counts the channels and memberships looked at (a test
    measure).

    Memory: a deadline stays queued until its time even when its message was read (at most the
    messages of the last ``expiry`` seconds); joins of memberships that were discarded are
    dropped whenever they outnumber the live memberships twice over.
    """

    def __init__(self, expiry=60, group_expiry=86400, capacity=100, channel_capacity=None, **kwargs):
        super().__init__(expiry=expiry, group_expiry=group_expiry, capacity=capacity, **kwargs)
        # (Channels' base class keeps the patterns uncompiled, which ``get_capacity`` cannot use.)
        self.channel_capacity = self.compile_capacities(channel_capacity or {})
        self._reset()

    def _reset(self):
        self.channels = {}
        self.groups = {}
        self._deadlines: deque[tuple[float, str]] = deque()
        self._joins: deque[tuple[float, str, str]] = deque()
        self._member_of: dict[str, set[str]] = {}
        self._memberships = 0
        self.inspected = 0

    async def send(self, channel, message):
        """Put a copy of ``message`` (a dict) on ``channel``; raises ``ChannelFull`` when the
        channel holds its capacity, ``TypeError`` for an invalid name."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message)

    def _put(self, channel, message):
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        expires = time.monotonic() + self.expiry
        try:
            queue.put_nowait((expires, _copy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None
        self._deadlines.append((expires, channel))

    async def receive(self, channel):
        """The first message of ``channel`` that has not expired, waiting for one."""
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            _, message = await queue.get()
        finally:
            if queue.empty() and self.channels.get(channel) is queue:
                del self.channels[channel]
        return message

    def _clean_expired(self):
        now = time.monotonic()
        deadlines = self._deadlines
        while deadlines and deadlines[0][0] < now:
            _, channel = deadlines.popleft()
            queue = self.channels.get(channel)
            if queue is None:
                continue
            self.inspected += 1
            expired = False
            while not queue.empty() and queue._queue[0][0] < now:
                queue.get_nowait()
                expired = True
            if expired:
                self._remove_from_groups(channel)
                if queue.empty():
                    del self.channels[channel]
        cutoff = now - self.group_expiry
        joins = self._joins
        while joins and joins[0][0] < cutoff:
            joined, group, channel = joins.popleft()
            self.inspected += 1
            if self.groups.get(group, {}).get(channel) == joined:
                self._leave(group, channel)

    def _leave(self, group, channel):
        members = self.groups.get(group)
        if members is None or members.pop(channel, None) is None:
            return
        self._memberships -= 1
        if not members:
            del self.groups[group]
        groups = self._member_of.get(channel)
        if groups is not None:
            groups.discard(group)
            if not groups:
                del self._member_of[channel]

    def _remove_from_groups(self, channel):
        for group in list(self._member_of.get(channel, ())):
            self._leave(group, channel)

    async def flush(self):
        """Drop every message, channel and group."""
        self._reset()

    async def group_add(self, group, channel):
        """Add ``channel`` to ``group`` (again: its membership lasts ``group_expiry`` from now)."""
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        members = self.groups.setdefault(group, {})
        if channel not in members:
            self._memberships += 1
            self._member_of.setdefault(channel, set()).add(group)
        joined = members[channel] = time.monotonic()
        self._joins.append((joined, group, channel))
        if len(self._joins) > 2 * self._memberships + 1024:
            self._joins = deque(entry for entry in self._joins
                                if self.groups.get(entry[1], {}).get(entry[2]) == entry[0])

    async def group_discard(self, group, channel):
        """Take ``channel`` out of ``group`` (nothing when it is not in it)."""
        self.require_valid_channel_name(channel)
        self.require_valid_group_name(group)
        self._leave(group, channel)

    def listened(self, groups) -> bool:
        """Whether any of ``groups`` (names) has a member now, so that a ``group_send`` to them
        would put a message anywhere. One look-up per group, safe from any thread (a socket that
        joins at the same moment may or may not count)."""
        return any(group in self.groups for group in groups)

    async def group_send(self, group, message):
        """Send a copy of ``message`` to every channel of ``group``, skipping full ones."""
        self.group_send_now(group, message)

    def group_send_now(self, group, message):
        """``group_send`` without a coroutine, for a caller on the layer's event loop that has
        nothing to wait for (the layer never waits). Not thread-safe: call it on that loop."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                self._put(channel, message)
            except ChannelFull:
                pass
