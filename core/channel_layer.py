"""The Redis pub/sub channel layer the site runs on (the default backend with ``REDIS_URL``), made
to survive a Redis restart.

Why a layer of our own: channels_redis's pub/sub layer keeps one subscribing connection per
process. When Redis goes away, redis-py reconnects it and subscribes again once Redis is back,
but every message published in between is gone: a socket whose match moved on meanwhile stays
connected, never gets the move, and the match waits forever for a player who never learns it is
their turn. Nothing fails where a consumer could see it. So this layer tells every socket of the
process when its subscriptions can no longer be trusted — the subscribing connection failed, or
it came back after a failure — with the event ``LAYER_LOST`` (``{"type": "channel_layer.lost"}``)
on each channel. The site's consumers (``core.consumers``, ``play.consumers``) answer it by
closing with ``LAYER_LOST_CLOSE_CODE`` (1012, "service restart"); clients reconnect by themselves
and are sent the match as it is now.
"""
from __future__ import annotations

import asyncio
import logging

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

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            pubsub._wrap_close(self, loop)
            return layer
