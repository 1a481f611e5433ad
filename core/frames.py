"""The frames websocket clients send, read the same way by every consumer of the site
(``JsonFrameConsumer``: ``/ws/health/`` in ``core.consumers``, ``/ws/matches/<id>/`` in
``play.consumers``).

A frame reaches the consumer's ``receive_frame`` only when all of these hold, checked in this
order; otherwise the consumer answers with the error frame
``{"type": "error", "error": {"code", "message"[, "details"]}, ...}`` (a consumer may add keys:
the match consumer adds ``"view"``) and the socket stays open:

1. the socket and its client are within their frame budgets (``core.frame_budget``), else code
   ``throttled`` with ``"details": {"retry_after": <whole seconds>}``. Nothing else is done
   for such a frame: it is not decoded, and it costs no database work and no view. The
   socket's next frame is then read ``THROTTLED_PAUSE`` (1) second later at the earliest:
   meanwhile the client's frames wait in the connection (the server reads a few dozen ahead,
   then TCP holds the rest), so a flood is answered about once a second per socket and costs
   the site next to nothing; group events for the socket (its views) wait the same second;
2. it is a text frame, else ``bad_message`` (binary frames are not read);
3. it has at most ``settings.WS_MAX_FRAME`` characters (default 65,536), else ``bad_message``;
4. it is JSON read by ``core.jsonbody.read_json``, the rule of every door (RFC 8259: no ``NaN``;
   nested at most ``core.jsonbody.MAX_DEPTH`` levels; no NUL or lone surrogate in any string),
   else ``bad_message``;
5. it is an object with a string ``"type"``, else ``bad_message`` with the consumer's sentence
   saying which frames it reads (``frame_help``); a consumer answers a type it does not know
   the same way (``refuse_frame``).

Every message is in the socket's language (``scope_language``). A new socket takes a token from
its client's budget: past it the socket is accepted, sent the ``throttled`` frame and closed
with ``THROTTLED_CLOSE_CODE`` (4429).
"""
from __future__ import annotations

import asyncio

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.jsonbody import MAX_DEPTH, JsonRefused, read_json
from core.jsonwrite import compact_json
from core.frame_budget import FrameBudget, guests_address, socket_client
from core.languages import client_language

#: Close code of a socket opened past its client's budget.
THROTTLED_CLOSE_CODE = 4429
#: Seconds during which a socket is not read after a frame was answered ``throttled``.
THROTTLED_PAUSE = 1.0


def scope_language(scope) -> str:
    """The language for a socket's messages: the language cookie, else the first supported
    language of ``Accept-Language``, else English (as the REST API; ``core.languages``)."""
    header = dict(scope.get("headers") or []).get(b"accept-language", b"").decode("latin-1")
    return client_language(header, (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME))


def _unreadable(refusal: JsonRefused) -> str:
    """The sentence for a frame ``core.jsonbody.read_json`` refused (translated)."""
    if refusal.code == "malformed_body" and "max_depth" in refusal.details:
        return _("The message is nested too deeply: at most %(limit)s levels of arrays and objects.") % {
            "limit": MAX_DEPTH}
    if refusal.code == "invalid_text":
        return _("The message holds a NUL character or a lone surrogate (such as \\ud800), which is not text.")
    return _("The message is not JSON.")


class JsonFrameConsumer(AsyncJsonWebsocketConsumer):
    """A consumer whose client frames are read by the rules of this module. Subclasses
    implement ``receive_frame(content)`` (a dict with a string ``"type"``) and ``frame_help()``,
    and may add keys to their error frames with ``error_fields``. ``self.language`` is the
    socket's language, set before ``connect`` runs."""

    language = "en"
    budget: FrameBudget | None = None
    over_budget = False

    async def dispatch(self, message):
        """Channels' ``dispatch`` without the ``aclose_old_connections`` it awaits before every
        message: that is a hop to a thread and back for each frame and each group message (every
        move's view, to every socket), and under 500 live matches it was about a fifteenth of the
        server's CPU. These consumers touch the database only on threads that close stale
        connections around each call (``core.database_threads``, Channels'
        ``database_sync_to_async``).
        ``ValueError`` for a message of a type without a handler, as Channels'."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    @classmethod
    async def encode_json(cls, content) -> str:
        """Every frame the consumer sends, as compact JSON (``core.jsonwrite``, as the views
        ``play.notify`` encodes)."""
        return compact_json(content)

    async def websocket_connect(self, message):
        self.language = scope_language(self.scope)
        self.budget = FrameBudget(socket_client(self.scope), guests_address(self.scope))
        wait = self.budget.connect()
        if wait:
            self.over_budget = True
            await self.accept()
            await self.send_error("throttled", self._throttled(wait), {"retry_after": wait}, cheap=True)
            await self.close(code=THROTTLED_CLOSE_CODE)
            return
        await super().websocket_connect(message)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.over_budget:
            return
        wait = self.budget.frame()
        if wait:
            await self.send_error("throttled", self._throttled(wait), {"retry_after": wait}, cheap=True)
            await asyncio.sleep(THROTTLED_PAUSE)
            return
        with translation.override(self.language):
            if text_data is None:
                problem = _("A message is JSON text; binary frames are not read.")
            elif len(text_data) > settings.WS_MAX_FRAME:
                problem = _("The message is too long: at most %(limit)s characters.") % {"limit": settings.WS_MAX_FRAME}
            else:
                try:
                    content = read_json(text_data)
                except JsonRefused as exc:
                    problem = _unreadable(exc)
                else:
                    if isinstance(content, dict) and isinstance(content.get("type"), str):
                        problem = None
                    else:
                        problem = self.frame_help()
        if problem is None:
            await self.receive_frame(content)
        else:
            await self.send_error("bad_message", problem)

    async def receive_frame(self, content: dict) -> None:
        """Handle a frame that passed every rule of the module."""
        raise NotImplementedError

    def frame_help(self) -> str:
        """The sentence (translated; called in the socket's language) that says which frames
        the consumer reads, for ``bad_message``."""
        raise NotImplementedError

    def error_fields(self, cheap: bool) -> dict:
        """Keys added to this consumer's error frames beside ``type`` and ``error``. ``cheap``:
        the frame must cost nothing more (``throttled``)."""
        return {}

    async def refuse_frame(self) -> None:
        """Answer a frame of a type this consumer does not read (``bad_message``)."""
        with translation.override(self.language):
            message = self.frame_help()
        await self.send_error("bad_message", message)

    async def send_error(self, code: str, message: str, details: dict | None = None, cheap: bool = False) -> None:
        """Send ``{"type": "error", "error": {"code", "message"[, "details"]}, **error_fields}``."""
        error = {"code": code, "message": message}
        if details:
            error["details"] = details
        await self.send_json({"type": "error", "error": error, **self.error_fields(cheap)})

    def _throttled(self, wait: int) -> str:
        with translation.override(self.language):
            return ngettext(
                "Too many messages: wait %(seconds)s second before sending the next one.",
                "Too many messages: wait %(seconds)s seconds before sending the next one.",
                wait,
            ) % {"seconds": wait}
