"""The client address of a request or a websocket: one rule for the API throttles, the pages and
the sockets, DRF's ``NUM_PROXIES`` rule (``settings.REST_FRAMEWORK["NUM_PROXIES"]``, env
``NUM_PROXIES``, default 0):

- ``0``: the connection's own address (``REMOTE_ADDR``, a socket's ``scope["client"]``), whatever
  ``X-Forwarded-For`` says, so a client cannot pick a fresh address by sending a made-up one;
- ``N > 0``: the address the N-th proxy from the site appended to ``X-Forwarded-For`` (the
  N-th entry from the right; the leftmost when there are fewer), else the connection's;
- ``None``: the whole ``X-Forwarded-For`` without spaces when there is one (DRF's default).

``client_key`` turns an address into the key the table's limits count by (``play.services.limits``): an
IPv6 address stands for its /64 network, which one household or one host is given whole.
"""
from __future__ import annotations

import ipaddress

from rest_framework.settings import api_settings

#: Keys longer than this (a made-up header with NUM_PROXIES None) are cut to it.
MAX_KEY_LENGTH = 100


def client_address(remote_addr: str | None, forwarded_for: str | None) -> str:
    """The client's address from the connection's address and the ``X-Forwarded-For`` header
    (either may be None), by the ``NUM_PROXIES`` rule of the module docstring; ``""`` when
    neither is known."""
    num_proxies = api_settings.NUM_PROXIES
    remote = remote_addr or ""
    if num_proxies is not None:
        if num_proxies == 0 or forwarded_for is None:
            return remote
        addresses = forwarded_for.split(",")
        return addresses[-min(num_proxies, len(addresses))].strip()
    return "".join(forwarded_for.split()) if forwarded_for else remote


def request_address(request) -> str:
    """``client_address`` of a Django or DRF request."""
    return client_address(request.META.get("REMOTE_ADDR"), request.META.get("HTTP_X_FORWARDED_FOR"))


def scope_address(scope) -> str:
    """``client_address`` of an ASGI scope (a websocket's): ``scope["client"]`` and its
    ``X-Forwarded-For`` header (several are joined with commas, as HTTP reads them)."""
    client = scope.get("client") or (None,)
    forwarded = [value.decode("latin-1") for name, value in scope.get("headers") or [] if name == b"x-forwarded-for"]
    return client_address(client[0], ", ".join(forwarded) if forwarded else None)


def client_key(address: str) -> str:
    """The key of ``address`` for per-client limits: an IPv4 address as it is, an IPv6 address
    as its /64 network (``"2001:db8:1:2::/64"``; an IPv4-mapped one as the IPv4 address), any
    other text (a made-up header) as it is, at most ``MAX_KEY_LENGTH`` characters."""
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address[:MAX_KEY_LENGTH]
    if parsed.version == 6:
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
