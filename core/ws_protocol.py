"""The websocket protocol the site is served with: uvicorn's own (websockets' Sans-I/O protocol,
uvicorn's default), compressing frames at zlib's default memory level.

uvicorn 0.54 compresses each socket's frames (permessage-deflate) with 12-bit windows and zlib's
``memLevel`` 5. Measured on the live benchmark, 500 L.A.M.A. matches (1,000 sockets, about 500
moves a second) on the embedded defaults, alternating runs: the round trip's p99 was at most
50 ms in 3 of 20 runs with ``memLevel`` 5 (35–119 ms) and in 8 of 8 with 8 (28–46 ms), at the
same CPU a move (1.4–1.5 ms). The cost is memory: about 60 KiB more per socket (the worker's
RSS 237 MB with 1,000 sockets, 296 MB with this protocol). README, "The site beside
boardgame.io".

Every launch of the site names it (``uvicorn --ws core.ws_protocol:WebSocketProtocol``, the
value of :data:`UVICORN_WS`): the Makefile's ``make run``, the ``Procfile``, ``docs/deploy.md``,
``bench.server.Site`` and the tests' servers (``tests/uvicorn_thread.py``);
``tests/core/test_ws_protocol.py`` checks each of them.
"""
from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

#: uvicorn's ``--ws`` value for this protocol.
UVICORN_WS = "core.ws_protocol:WebSocketProtocol"

#: zlib's default memory level (1–9): uvicorn's 5 made the slowest round trips two to three
#: times slower at 500 matches.
MEM_LEVEL = 8

#: The windows uvicorn negotiates (bits; a 4 KiB history each way), kept.
WINDOW_BITS = 12


#: The permessage-deflate extension the site offers: 12-bit windows both ways, ``memLevel`` 8.
#: A factory holds only these settings, so every connection shares this one (as websockets'
#: own server shares its list of extensions).
DEFLATE = ServerPerMessageDeflateFactory(
    server_max_window_bits=WINDOW_BITS,
    client_max_window_bits=WINDOW_BITS,
    compress_settings={"memLevel": MEM_LEVEL},
)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's Sans-I/O websocket protocol with :data:`DEFLATE` as its compression (none when
    uvicorn runs with ``--ws-per-message-deflate false``). Everything else is uvicorn's."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            # uvicorn builds its protocol object in __init__ with no hook for the extension; no
            # byte has been read yet, so this one replaces it whole.
            self.conn = ServerProtocol(
                extensions=[DEFLATE],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
