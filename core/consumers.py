"""``/ws/health/``: proves the websocket path and the channel layer work end to end.

The health socket's frames (``HealthConsumer``):
- server → client, once on connect: ``{"ok": true, "layer": "<layer class>"}``, after the
  socket joined a group, sent a message through the channel layer to that group and got it
  back; when the layer fails the socket is closed with ``LAYER_LOST_CLOSE_CODE`` instead
  (``core.channel_layer``), as it is when the layer reports its subscriptions lost;
- client → server: ``{"type": "ping"}``, answered ``{"type": "pong"}``. Any other frame (not
  JSON, binary, too large, too deep, another type, past the frame budget) is answered with
  ``{"type": "error", "error": {"code", "message"[, "details"]}}`` and the socket stays open
  (codes ``bad_message`` and ``throttled``: ``core.frames``).
"""
from __future__ import annotations

import logging
import uuid

from django.utils.translation import gettext as _

from core.channel_layer import LAYER_LOST_CLOSE_CODE
from core.frames import JsonFrameConsumer

logger = logging.getLogger(__name__)


class HealthConsumer(JsonFrameConsumer):
    """The health socket (see the module's docstring for its frames)."""

    async def connect(self):
        await self.accept()
        self.group = f"health-{uuid.uuid4().hex}"
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.channel_layer.group_send(self.group, {"type": "health.echo"})
        except Exception:
            logger.warning("the channel layer failed; closing the health socket", exc_info=True)
            await self.close(code=LAYER_LOST_CLOSE_CODE)

    async def receive_frame(self, content):
        if content["type"] == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.refuse_frame()

    def frame_help(self) -> str:
        return _("The health socket reads {\"type\": \"ping\"} only.")

    async def health_echo(self, event):
        await self.send_json({"ok": True, "layer": type(self.channel_layer).__name__})
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def channel_layer_lost(self, event):
        await self.close(code=LAYER_LOST_CLOSE_CODE)

    async def disconnect(self, code):
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception:  # the layer is down: the subscription goes with the connection
                logger.debug("group_discard failed", exc_info=True)
