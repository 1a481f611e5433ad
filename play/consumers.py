"""``/ws/matches/<id>/``: a match's live table. The consumer only translates frames: views
come from ``play.payloads``, actions go through ``play.services.act.act``; no match state is kept
here, so a client that reconnects is simply sent its view again.

Server → client: ``{"type": "view", "view": <payload>}`` on connect and after every change;
``{"type": "error", "error": {"code", "message"[, "details"]}, "view": <payload> | None}`` for a
refused frame (an unknown match: then the socket is closed with code 4404); ``{"type": "pong"}``.
Client → server: ``{"type": "act", "version": int, "action": {...}}``, ``{"type": "ping"}``,
``{"type": "chat", "text": str}``.

Table chat: a person at the table (a seat's holder, or a spectator with a name) says a line
with ``{"type": "chat", "text": ...}`` (``play.services.chat.say``: whitespace runs made one
space, at most 300 characters); every socket at the table, the sender's included, is sent
``{"type": "chat", "message": {"id", "seat", "name", "guest", "text", "version", "created"}}``. The text
is sent as it was said: clients show it as text, never as HTML. A refused line is answered
``{"type": "error", "error": {"code", "message"[, "details"]}, "view": null, "about": "chat"}``:
``chat_empty``, ``chat_bad_text`` (a control or bidirectional formatting character, refused as in
every text shown to others; details ``{"character"}``), ``chat_too_long`` (details ``{"limit",
"length"}``), ``name_required`` (a visitor without a display name), or ``throttled`` (details
``{"retry_after"}``) past the client's chat budget: ``settings.PLAY_CHAT_BURST`` lines at once,
then ``PLAY_CHAT_RATE`` a second (a token bucket per client, ``core.frame_budget.ClientBudget``,
on top of the frame budgets every frame takes from); the guests (display names chosen in a
session) of one address share a second bucket, ``PLAY_CHAT_ADDRESS_BURST`` lines at once, then
``PLAY_CHAT_ADDRESS_RATE`` a second.

Frames are read by ``core.frames``: one past the socket's or its client's budget is answered
``throttled`` (with ``"view": null``: it costs no database work and no view), one that cannot
be read or is of another type ``bad_message`` (with the last view sent); the socket stays open.
Refusals that stay true are answered from memory once the database has given them: after an
``act`` was refused ``not_seated`` or ``not_started``, the socket's next ones are too, without
the database, until seats change hands (a join, which is also what starts an open match, a
leave or a resign: the ``reseat`` event, on which the socket looks its seat up again, so that
a guest who names themselves and joins may act); after ``game_over``, every later ``act``.

Each socket joins its seat's group (``match.<id>.seat.<n>``) or the spectators' group and is
sent what ``play.notify`` broadcasts there. When seats change hands (join, leave, resign) it
looks its seat up again. With the in-memory channel layer, which does not reach across
processes (a Celery worker's bot moves), the socket of a match that a worker may change (one
with a bot, a resigned seat or a turn clock) also checks the match's version every
``settings.PLAY_WS_POLL`` seconds (default 1; 0 turns it off; off by default with other layers).

A socket that cannot trust its channel-layer subscription closes with code 1012 ("service
restart", ``core.channel_layer.LAYER_LOST_CLOSE_CODE``), so that the client reconnects and is sent
the match as it is then, rather than staying connected and missing moves: when joining its
group fails (Redis is down), and when the layer reports ``{"type": "channel_layer.lost"}`` (its
connection to Redis failed or came back; see ``core.channel_layer``).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from functools import partial

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer
from django.conf import settings
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext as _

from core.channel_layer import LAYER_LOST_CLOSE_CODE
from core.database_threads import DatabaseThreads
from core.errors import answer, error_message
from core.frame_budget import ClientBudget, guests_address, socket_client
from core.frames import JsonFrameConsumer
from tcg.errors import DomainError

from .identity import player_from_scope
from .models import Match
from .notify import seat_group, spectator_group, view_frame
from .payloads import MatchViews
from .services.act import act
from .services.chat import clean_text, say

NOT_FOUND_CLOSE_CODE = 4404
#: Refusals of ``act`` that stay true until seats change hands (a join, which also starts an
#: open match; a leave; a resign: the ``reseat`` events) ...
UNTIL_RESEAT = ("not_seated", "not_started")
#: ... and for ever: answered from memory once the database has said so.
STANDING_REFUSALS = (*UNTIL_RESEAT, "game_over")

logger = logging.getLogger(__name__)


def poll_interval(layer) -> float:
    """Seconds between checks of the match for changes broadcast elsewhere; 0 for none."""
    value = getattr(settings, "PLAY_WS_POLL", None)
    if value is None:
        return 1.0 if isinstance(layer, InMemoryChannelLayer) else 0.0
    return float(value)


#: The threads that run the sockets' database work: on PostgreSQL ``PLAY_DB_THREADS`` per process,
#: each taking a pooled connection per call, so that the moves of different matches wait on the
#: database at the same time (the match row lock keeps each match's moves in order); on SQLite,
#: which has one writer, one thread, so that moves are written one after another.
_DB_THREADS = DatabaseThreads(1 if connections["default"].vendor == "sqlite" else settings.PLAY_DB_THREADS, "match-db")


def _db(func):
    """``func`` as a coroutine function run on one of ``_DB_THREADS`` (with a database
    connection, ``core.database_threads``). On an in-memory SQLite database (the tests'), which
    threads share through SQLite's shared cache, whose table locks fail at once where a database
    file's wait, the call runs on the one thread of Django's other async-to-sync work instead
    (Channels' ``database_sync_to_async``), so that it never meets a write from there."""
    connection = connections["default"]
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        return database_sync_to_async(func)
    return partial(_DB_THREADS.run, func)


class MatchConsumer(JsonFrameConsumer):
    """One socket at one match table (see the module's docstring for the frames)."""

    group = None
    poller = None
    #: The last view frame sent (encoded), its version and status, and the view decoded from it
    #: when an error frame needs it.
    _last_frame = None
    _last_version = -1
    _last_status = None
    _last_view = None
    #: The error of the last ``act`` refused with one of ``STANDING_REFUSALS``, or ``None``.
    standing_refusal = None

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.group = None
        self.seat = None
        self._last_frame, self._last_version, self._last_status, self._last_view = None, -1, None, None
        self.worker_moves = False
        self.player = None
        self.poller = None
        self.closing = False
        self.chat_budget = ClientBudget("chat", socket_client(self.scope), settings.PLAY_CHAT_RATE,
                                        settings.PLAY_CHAT_BURST)
        # A guest's display name costs one form post, so a guest's own budget alone would let one
        # address say as much as it makes guests: every guest of an address also takes from its
        # address's bucket.
        address = guests_address(self.scope)
        self.address_chat_budget = None if address is None else ClientBudget(
            "chat-address", address, settings.PLAY_CHAT_ADDRESS_RATE, settings.PLAY_CHAT_ADDRESS_BURST)
        await self.accept()
        found = await _db(self._lookup)()
        if found is None:
            with translation.override(self.language):
                message = _("There is no match “%(id)s”.") % {"id": self.match_id}
            error = {"code": "match_not_found", "message": message}
            await self.send_json({"type": "error", "error": error, "view": None})
            await self.close(code=NOT_FOUND_CLOSE_CODE)
            return
        await self._take_place(*found)

    async def disconnect(self, code):
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.poller
        if self.group is not None:
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception:  # the layer is down: the subscription went with its connection
                logger.debug("group_discard failed", exc_info=True)

    async def _lost(self, reason: str):
        """Close the socket so that the client reconnects (see the module's docstring)."""
        if self.closing:
            return
        self.closing = True
        logger.warning("closing a match socket: %s", reason)
        if self.poller is not None:
            self.poller.cancel()
        await self.close(code=LAYER_LOST_CLOSE_CODE)

    # -- client frames (read by core.frames) ----------------------------------------------------
    async def receive_frame(self, content):
        kind = content["type"]
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "act":
            if self.standing_refusal is not None:
                await self.send_json({"type": "error", "error": self.standing_refusal, "view": self.last_view})
                return
            error = await _db(self._act)(content.get("version"), content.get("action"))
            if error is not None:
                if error["error"]["code"] in STANDING_REFUSALS:
                    self.standing_refusal = error["error"]
                await self.send_json(error)
        elif kind == "chat":
            await self._chat(content.get("text"))
        else:
            await self.refuse_frame()

    def frame_help(self) -> str:
        return _("A message is {\"type\": \"act\", \"version\", \"action\"}, {\"type\": \"chat\", \"text\"} "
                 "or {\"type\": \"ping\"}.")

    def error_fields(self, cheap: bool) -> dict:
        return {"view": None if cheap else self.last_view}

    async def _chat(self, text) -> None:
        """Say ``text`` at the table (see the module's docstring); the line comes back through
        the groups, the refusals as error frames ``about`` the chat."""
        with translation.override(self.language):
            try:
                clean_text(text)
            except DomainError as exc:
                await self._chat_error(exc.code, error_message(exc), exc.details)
                return
        wait = self.chat_budget.take() or (self.address_chat_budget.take() if self.address_chat_budget else 0)
        if wait:
            await self._chat_error("throttled", self._throttled(wait), {"retry_after": wait})
            return
        refusal = await _db(self._say)(text)
        if refusal is not None:
            await self._chat_error(refusal.code, error_message(refusal), refusal.details)

    def _say(self, text) -> DomainError | None:
        with translation.override(self.language):
            try:
                say(self.player or player_from_scope(self.scope), self.match_id, text)
            except DomainError as exc:
                return exc
        return None

    async def _chat_error(self, code: str, message: str, details: dict | None) -> None:
        error = {"code": code, "message": message}
        if details:
            error["details"] = details
        await self.send_json({"type": "error", "error": error, "view": None, "about": "chat"})

    # -- group events -------------------------------------------------------------------------
    async def channel_layer_lost(self, event):
        """The channel layer may have missed messages for this socket (``core.channel_layer``)."""
        await self._lost("the channel layer's subscriptions were lost")

    async def match_view(self, event):
        """A view broadcast by ``play.notify`` to this socket's group."""
        if self.closing:
            return
        if event.get("reseat"):
            self._seats_changed()
            found = await _db(self._lookup)()
            if found is not None and found[0] != self.seat:
                await self._take_place(*found)
                return
            if found is not None:  # the same seat; a resigned seat's bot may now move the match
                self._workers_may_move(found[2])
        await self._send_frame(event["version"], event["status"], event["frame"])

    async def match_chat(self, event):
        """A chat line broadcast by ``play.notify.chat_said``."""
        if not self.closing:
            await self.send_json({"type": "chat", "message": event["message"]})

    # -- work -----------------------------------------------------------------------------------
    def _lookup(self):
        """``(seat, view, worker_moves)`` of this socket's person (``worker_moves``: a Celery
        worker may change the match — a bot, a resigned seat or a clock), or ``None`` when the
        match does not exist."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        views = MatchViews(match)
        self.player = player_from_scope(self.scope)
        seat = views.seat_of(self.player)
        worker_moves = bool(match.seconds_per_turn) or any(s.bot or s.resigned for s in views.seats)
        with translation.override(self.language):
            return seat, views.view(seat), worker_moves

    def _act(self, version, action) -> dict | None:
        """Apply an action through the service; ``None`` on success (the view comes through the
        group), else the error frame with the current view."""
        with translation.override(self.language):
            try:
                # The person was looked up on connect and whenever seats changed hands (a guest
                # who names themselves joins, which changes seats); a spectator is looked up again.
                player = self.player or player_from_scope(self.scope)
                act(player, self.match_id, version, action)
            except DomainError as exc:
                # The API's answer (core.errors.answer), without details; a stale version
                # carries the caller's view, any other refusal the view looked up afresh.
                _status, body = answer(exc)
                if "view" not in body:
                    found = self._lookup()
                    body["view"] = None if found is None else found[1]
                return {"type": "error", "error": {"code": exc.code, "message": body["error"]["message"]},
                        "view": body["view"]}
        return None

    def _version(self):
        return Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()

    def _seats_changed(self) -> None:
        """Seats may have changed hands: the refusals in ``UNTIL_RESEAT`` no longer stand."""
        if self.standing_refusal is not None and self.standing_refusal["code"] in UNTIL_RESEAT:
            self.standing_refusal = None

    def _workers_may_move(self, worker_moves: bool) -> None:
        """Note whether a worker may change the match, and start checking it for changes
        broadcast elsewhere (``poll_interval``) once one may; a match only people play is never
        checked."""
        self.worker_moves = worker_moves
        if worker_moves and self.poller is None and not self.closing:
            interval = poll_interval(self.channel_layer)
            if interval > 0:
                self.poller = asyncio.create_task(self._poll(interval))

    async def _take_place(self, seat, view, worker_moves):
        self._seats_changed()
        self._workers_may_move(worker_moves)
        group = spectator_group(self.match_id) if seat is None else seat_group(self.match_id, seat)
        if group != self.group:
            try:
                await self.channel_layer.group_add(group, self.channel_name)
                if self.group is not None:
                    await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception as exc:  # e.g. Redis is down: a socket in no group would be deaf
                with contextlib.suppress(Exception):
                    await self.channel_layer.group_discard(group, self.channel_name)
                await self._lost(f"joining {group} failed: {type(exc).__name__}: {exc}")
                return
            self.group = group
            self.seat = seat
            await self._send_view(view)
            # The view was read before the subscription took effect: a move committed in between
            # was broadcast to no socket of this person, so read the match again if it moved on.
            if await _db(self._version)() != view["version"]:
                found = await _db(self._lookup)()
                if found is not None:
                    await self._take_place(*found)
            return
        self.seat = seat
        await self._send_view(view)

    @property
    def last_view(self) -> dict | None:
        """The view this socket was sent last (``None`` before the first)."""
        if self._last_view is None and self._last_frame is not None:
            self._last_view = json.loads(self._last_frame)["view"]
        return self._last_view

    async def _send_view(self, view):
        await self._send_frame(view["version"], view["status"], view_frame(view), view)

    async def _send_frame(self, version: int, status: str, frame: str, view: dict | None = None):
        """Send the encoded view frame ``frame`` (of a view at ``version``) unless it is the one
        this socket was sent last or older than it (a broadcast and a check of the match may
        bring the same change)."""
        if self._last_frame is not None and (frame == self._last_frame or version < self._last_version):
            return
        self._last_frame, self._last_version, self._last_status, self._last_view = frame, version, status, view
        await self.send(text_data=frame)

    async def _poll(self, interval: float):
        while True:
            await asyncio.sleep(interval)
            if not self.worker_moves or self._last_frame is None or self._last_status == "finished":
                continue
            if await _db(self._version)() == self._last_version:
                continue
            found = await _db(self._lookup)()
            if found is not None:
                await self._take_place(*found)
