"""``/ws/health/``: proves the websocket path and the channel layer work end to end.

On connect it joins a group, sends a message through the channel layer to that group and, when
the message comes back, answers ``{"ok": true, "layer": "<layer class>"}``.
"""
import uuid

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class HealthConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        await self.accept()
        self.group = f"health-{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_send(self.group, {"type": "health.echo"})

    async def health_echo(self, event):
        await self.send_json({"ok": True, "layer": type(self.channel_layer).__name__})
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
