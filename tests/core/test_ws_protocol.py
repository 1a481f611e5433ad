"""The site's websocket protocol (``core.ws_protocol``): a real uvicorn server in a thread of
this process, with that protocol, answering a real websocket client; and every launch of the
site naming it."""
import asyncio
import os
import re
import subprocess
from pathlib import Path

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.sync.client import connect

from bench.server import Site
from core.ws_protocol import MEM_LEVEL, UVICORN_WS, WebSocketProtocol
from tests.uvicorn_thread import serve_in_thread

REPO = Path(__file__).resolve().parents[2]


async def echo(scope, receive, send):
    """A websocket that sends back each text frame upper-cased."""
    assert scope["type"] == "websocket"
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        await send({"type": "websocket.send", "text": message["text"].upper()})


@pytest.fixture
def echo_server():
    with serve_in_thread(echo, name="uvicorn-echo") as port:
        yield f"ws://127.0.0.1:{port}/"


def test_a_client_gets_compressed_frames_with_12_bit_windows(echo_server):
    with connect(echo_server) as ws:
        assert ws.response.headers["Sec-WebSocket-Extensions"] == (
            "permessage-deflate; server_max_window_bits=12; client_max_window_bits=12")
        for text in ("a move", "トップは 3", "x" * 5000):
            ws.send(text)
            assert ws.recv(timeout=5) == text.upper()


def test_the_protocol_compresses_at_zlibs_default_memory_level():
    config = Config(echo, ws=UVICORN_WS)
    config.load()
    protocol = config.ws_protocol_class(config=config, server_state=ServerState(), app_state={},
                                        _loop=asyncio.new_event_loop())
    assert type(protocol) is WebSocketProtocol
    (factory,) = protocol.conn.available_extensions
    assert (factory.server_max_window_bits, factory.client_max_window_bits, factory.compress_settings) == (
        12, 12, {"memLevel": 8})
    assert MEM_LEVEL == 8


def test_without_compression_none_is_offered():
    config = Config(echo, ws=UVICORN_WS, ws_per_message_deflate=False)
    config.load()
    protocol = WebSocketProtocol(config=config, server_state=ServerState(), app_state={},
                                 _loop=asyncio.new_event_loop())
    assert protocol.conn.available_extensions == []


def test_every_launch_of_the_site_names_the_protocol():
    flag = f"--ws {UVICORN_WS}"
    makefile = (REPO / "Makefile").read_text()
    assert flag in re.search(r"^RUN_WEB = .*$", makefile, re.M).group(0)
    procfile = (REPO / "Procfile").read_text()
    assert flag in re.search(r"^web: .*$", procfile, re.M).group(0)
    deploy = (REPO / "docs" / "deploy.md").read_text()
    launches = re.findall(r"^.*uvicorn config\.asgi:application.*$", deploy, re.M)
    assert len(launches) == 2
    assert all(flag in line for line in launches)
    command = Site(workers=1, port=1).command
    assert command[command.index("--ws") + 1] == UVICORN_WS
    assert "ws=UVICORN_WS" in (REPO / "tests" / "uvicorn_thread.py").read_text()


@pytest.mark.parametrize("num_proxies, reads_forwarded", [(None, False), ("0", False), ("1", True)])
def test_uvicorn_reads_x_forwarded_for_only_with_proxies_in_front(num_proxies, reads_forwarded):
    """With ``NUM_PROXIES`` 0 the site counts a client by the connection's address; uvicorn by
    default takes ``X-Forwarded-For`` from a client on 127.0.0.1 as the address, so both
    launches turn that off then."""
    env = {k: v for k, v in os.environ.items() if k != "NUM_PROXIES"}
    if num_proxies is not None:
        env["NUM_PROXIES"] = num_proxies
    planned = subprocess.run(["make", "-s", "-n", "run"], cwd=REPO, env=env, capture_output=True, text=True,
                             timeout=60).stdout
    web = re.search(r"^web: (.*)$", (REPO / "Procfile").read_text(), re.M).group(1)
    procfile = subprocess.run(["sh", "-c", f"echo {web}"], env=env, capture_output=True, text=True,
                              timeout=10).stdout
    assert ("--no-proxy-headers" in planned, "--no-proxy-headers" in procfile) == (not reads_forwarded,) * 2
    assert "uvicorn config.asgi:application" in planned and "uvicorn config.asgi:application" in procfile
