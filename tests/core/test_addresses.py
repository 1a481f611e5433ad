"""The client address (``core.addresses``): one rule, DRF's ``NUM_PROXIES``, for the API
throttles, the pages and the websockets, and the key the table's limits count by."""
import pytest
from django.test import RequestFactory
from rest_framework.throttling import AnonRateThrottle as DrfAnonRateThrottle

from core.addresses import client_address, client_key, request_address, scope_address
from core.api.throttling import AnonRateThrottle


@pytest.fixture
def proxies(settings):
    def use(count):
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": count}
    return use


@pytest.mark.parametrize("count, remote, forwarded, expected", [
    (0, "203.0.113.7", None, "203.0.113.7"),
    (0, "203.0.113.7", "10.0.0.1", "203.0.113.7"),           # a made-up header changes nothing
    (1, "10.0.0.5", "198.51.100.4", "198.51.100.4"),          # the proxy appended the client
    (1, "10.0.0.5", "6.6.6.6, 198.51.100.4", "198.51.100.4"),  # what the client sent comes first
    (2, "10.0.0.5", "6.6.6.6, 198.51.100.4, 10.0.0.9", "198.51.100.4"),
    (2, "10.0.0.5", "198.51.100.4", "198.51.100.4"),          # fewer entries than proxies: the leftmost
    (1, "10.0.0.5", None, "10.0.0.5"),                        # no header: the connection
    (None, "10.0.0.5", "6.6.6.6, 198.51.100.4", "6.6.6.6,198.51.100.4"),  # DRF's default: the whole header
    (0, None, None, ""),
])
def test_the_num_proxies_rule(proxies, count, remote, forwarded, expected):
    proxies(count)
    assert client_address(remote, forwarded) == expected
    meta = {"REMOTE_ADDR": remote} if remote else {}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    request = RequestFactory().get("/", **meta)
    if remote is None:
        del request.META["REMOTE_ADDR"]
    assert request_address(request) == expected
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    assert scope_address({"type": "websocket", "client": (remote, 50000) if remote else None,
                          "headers": headers}) == expected


def test_a_sockets_several_forwarded_for_headers_read_as_one(proxies):
    proxies(1)
    scope = {"client": ("10.0.0.5", 1), "headers": [(b"x-forwarded-for", b"6.6.6.6"),
                                                    (b"x-forwarded-for", b"198.51.100.4")]}
    assert scope_address(scope) == "198.51.100.4"


def test_the_api_throttles_use_the_same_rule(proxies):
    for count in (0, 1):
        proxies(count)
        request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.4")
        assert AnonRateThrottle().get_ident(request) == request_address(request) \
            == DrfAnonRateThrottle().get_ident(request) == ("10.0.0.5", "198.51.100.4")[count]


@pytest.mark.parametrize("address, key", [
    ("203.0.113.7", "203.0.113.7"),
    (" 203.0.113.7 ", "203.0.113.7"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
    ("2001:DB8:1:2::9", "2001:db8:1:2::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"),
    ("not an address", "not an address"),
    ("x" * 300, "x" * 100),
    ("", ""),
])
def test_the_key_the_limits_count_by(address, key):
    assert client_key(address) == key
