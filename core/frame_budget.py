"""How many websocket frames a client may send: token buckets (the ``token-bucket`` package)
for each socket and for each client, kept in the memory of the ASGI process.

A **client** is the logged-in user, else the guest's session (a session the store knows: a
made-up cookie counts as none), else the connection's address (``scope["client"]``, which
uvicorn takes from ``X-Forwarded-For`` only for the proxies of ``FORWARDED_ALLOW_IPS``). Every
socket of one client shares the client's bucket, and every new socket of a client takes a
token from it too; each socket also has a bucket of its own, so one busy tab cannot use up
the budget of the client's other tabs.

Settings (``config/settings.py``, environment variables of the same names):
``WS_SOCKET_RATE`` / ``WS_SOCKET_BURST`` (frames a second refilled, bucket size; default 10 and
30) and ``WS_CLIENT_RATE`` / ``WS_CLIENT_BURST`` (default 20 and 60).

The buckets live in the process that holds the socket (a check costs a few microseconds and
no round trip to anything): with several ASGI workers a client whose sockets land on W of them
gets W client budgets, each worker protecting itself. Client buckets that have filled up
again are forgotten (a full bucket and no bucket are the same), so memory follows the clients
of the last minute.

``ClientBudget`` is the same kind of bucket per client for something a consumer counts apart
from frames (the table chat's lines: ``play.consumers``), with its own rate and size.
"""
from __future__ import annotations

import math
import time

from django.conf import settings
from token_bucket import Limiter, MemoryStorage

from core.addresses import client_key, scope_address

#: Seconds between sweeps of the client buckets that have filled up again.
PRUNE_EVERY = 60.0

_SOCKET_KEY = "socket"


class _ClientBuckets(MemoryStorage):
    """``MemoryStorage`` of every client of the process, which can forget full buckets."""

    def __init__(self) -> None:
        super().__init__()
        self._pruned_at = time.monotonic()

    def prune(self, rate: float, capacity: int) -> None:
        """Forget every bucket that holds ``capacity`` tokens again, at most every
        ``PRUNE_EVERY`` seconds."""
        now = time.monotonic()
        if now - self._pruned_at < PRUNE_EVERY:
            return
        self._pruned_at = now
        for key, (tokens, at) in list(self._buckets.items()):
            if tokens + rate * (now - at) >= capacity:
                del self._buckets[key]


_CLIENTS = _ClientBuckets()
#: The buckets the guests of each address share (``guests_address``).
_GUEST_ADDRESSES = _ClientBuckets()
#: The buckets of each ``ClientBudget`` by its name.
_NAMED: dict[str, _ClientBuckets] = {}


def forget_clients() -> None:
    """Forget every client's bucket, as a restart of the process does (every client starts
    with a full budget)."""
    global _CLIENTS, _GUEST_ADDRESSES
    _CLIENTS = _ClientBuckets()
    _GUEST_ADDRESSES = _ClientBuckets()
    _NAMED.clear()


def socket_client(scope) -> str:
    """The key of the client behind a websocket's ``scope`` (after Channels'
    ``AuthMiddlewareStack``): ``user:<id>``, ``session:<key>`` or ``address:<ip>``. Reads
    nothing: the middleware has loaded the user and the session already."""
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    session = scope.get("session")
    key = getattr(session, "session_key", None) if session is not None else None
    if key:
        return f"session:{key}"
    return f"address:{client_key(scope_address(scope)) or '-'}"


def guests_address(scope) -> str | None:
    """``address:<ip>`` when the client behind ``scope`` is a guest's session (``socket_client``
    ``session:<key>``), else ``None``. A guest's session costs one form post, so a budget per
    session alone would give one address as much as it makes sessions: the guests of an address
    also share its bucket."""
    if not socket_client(scope).startswith("session:"):
        return None
    return f"address:{client_key(scope_address(scope)) or '-'}"


class FrameBudget:
    """The budget of one socket: its own bucket, its client's (``socket_client``) and, for a
    guest's session, the bucket the guests of its address share (``guests_address``;
    ``WS_GUESTS_RATE`` / ``WS_GUESTS_BURST``)."""

    def __init__(self, client: str, address: str | None = None):
        self.client = client
        self.address = address
        self._socket_rate = float(settings.WS_SOCKET_RATE)
        self._client_rate = float(settings.WS_CLIENT_RATE)
        self._client_burst = int(settings.WS_CLIENT_BURST)
        self._guests_rate = float(settings.WS_GUESTS_RATE)
        self._guests_burst = int(settings.WS_GUESTS_BURST)
        self._socket_storage = MemoryStorage()
        self._socket = Limiter(self._socket_rate, int(settings.WS_SOCKET_BURST), self._socket_storage)
        self._clients = _CLIENTS
        self._client = Limiter(self._client_rate, self._client_burst, self._clients)
        self._addresses = _GUEST_ADDRESSES
        self._guests = Limiter(self._guests_rate, self._guests_burst, self._addresses)

    def _take_address(self) -> int:
        if self.address is None or self._guests.consume(self.address):
            return 0
        return _wait(self._addresses, self.address, self._guests_rate)

    def connect(self) -> int:
        """Take the client's token (and its guests' address's) for a new socket: ``0`` when it
        may connect, else the whole seconds (at least 1) until it could."""
        self._clients.prune(self._client_rate, self._client_burst)
        self._addresses.prune(self._guests_rate, self._guests_burst)
        if not self._client.consume(self.client):
            return _wait(self._clients, self.client, self._client_rate)
        return self._take_address()

    def frame(self) -> int:
        """Take the tokens for one frame, the socket's, the client's then its guests' address's:
        ``0`` when the frame may be handled, else the whole seconds (at least 1) until one could.
        A frame the socket's bucket refuses takes nothing from the client's."""
        if not self._socket.consume(_SOCKET_KEY):
            return _wait(self._socket_storage, _SOCKET_KEY, self._socket_rate)
        if not self._client.consume(self.client):
            return _wait(self._clients, self.client, self._client_rate)
        return self._take_address()


def _wait(storage: MemoryStorage, key: str, rate: float) -> int:
    """Whole seconds until the bucket ``key`` (just replenished) holds a token again."""
    return max(1, math.ceil((1 - storage.get_token_count(key)) / rate))


class ClientBudget:
    """One client's budget of the things called ``name`` (e.g. ``"chat"``): a bucket of
    ``burst`` tokens refilled by ``rate`` a second, shared by every socket of the client
    (``socket_client``) in this process, apart from the frame budgets.

    A handle, not the state: the buckets are the process's table for ``name`` (made by the
    first handle of that name, until ``forget_clients``), so every handle of one name and client
    takes from the same bucket, and making one per request costs about a microsecond (the
    handle and its ``Limiter``; measured with ``timeit``, beside 0.9 µs for ``take``)."""

    def __init__(self, name: str, client: str, rate: float, burst: int):
        self.client = client
        self._rate = float(rate)
        self._burst = int(burst)
        storage = _NAMED.get(name)
        if storage is None:
            storage = _NAMED[name] = _ClientBuckets()
        self._storage = storage
        self._limiter = Limiter(self._rate, self._burst, self._storage)

    def take(self) -> int:
        """Take one token: ``0`` when there was one, else the whole seconds (at least 1) until
        there is one again."""
        self._storage.prune(self._rate, self._burst)
        if self._limiter.consume(self.client):
            return 0
        return _wait(self._storage, self.client, self._rate)
