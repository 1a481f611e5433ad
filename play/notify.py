"""Sending every seat and the spectators their own view through the channel layer, after a
match changed (``play.scheduling`` calls it once the transaction has committed).

Groups: ``match.<id>.seat.<n>`` for the sockets of seat ``n`` and ``match.<id>.spectators``.
The event is ``{"type": "match.view", "version": int, "status": str, "frame": str, "reseat":
bool}``: ``frame`` is the websocket frame ``{"type": "view", "view": <payload for that group>}``
already encoded as JSON, once per group, so that each socket sends it as it is (no copy of the
view, no encoding per socket); ``version`` and ``status`` are the view's. ``reseat`` says seats
changed hands (join, leave, resign), so each socket looks up its seat again (see
``play.consumers``).
A chat line (``chat_said``) goes to every group as
``{"type": "match.chat", "message": <play.payloads.chat_entry>}``.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer

from core.channel_layer import MemoryChannelLayer, RedisPubSubChannelLayer
from core.database_threads import calling_loop, with_answer
from core.jsonwrite import compact_json

from .models import Match
from .payloads import MatchViews


def seat_group(match_id: str, seat: int) -> str:
    """The group of the sockets of seat ``seat``."""
    return f"match.{match_id}.seat.{seat}"


def spectator_group(match_id: str) -> str:
    """The group of the spectators' sockets."""
    return f"match.{match_id}.spectators"


logger = logging.getLogger(__name__)


async def _send_all(layer, messages: list[tuple[str, dict]]) -> None:
    if isinstance(layer, RedisPubSubChannelLayer):  # one round trip to Redis for them all
        await layer.group_send_many(messages)
    else:
        await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's running event loop when this synchronous code runs in one of its
    threads for database work (a socket's: ``core.database_threads``; an ASGI view's:
    ``sync_to_async``), else ``None`` (WSGI, a Celery worker, a management command)."""
    loop = calling_loop()
    if loop is not None:
        return loop if loop.is_running() else None
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


_sender_lock = threading.Lock()
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None


def _sender_loop() -> asyncio.AbstractEventLoop:
    """The event loop of this process's sending thread, started on first use (again after a
    fork): the sends of callers outside the ASGI server run there, so no thread or event loop is
    started per move."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="match-sends", daemon=True).start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def _hand_off(layer, messages: list[tuple[str, dict]]) -> None:
    """Send ``messages`` (``(group, event)`` pairs): inside the ASGI server handed to its event
    loop without waiting (on the embedded layer, from a socket's database call, with the call's
    answer: ``core.database_threads.with_answer``); elsewhere run on the sending thread's loop (``_sender_loop``) and
    waited for (a failure raises here)."""
    loop = _server_loop()
    if loop is not None and isinstance(layer, MemoryChannelLayer):
        # From a socket's database call: sent with its answer, in the same wake-up of the loop.
        if not with_answer(_send_now, layer, messages):
            loop.call_soon_threadsafe(_send_now, layer, messages)
    elif loop is not None:
        asyncio.run_coroutine_threadsafe(_send_all(layer, messages), loop).add_done_callback(_report_failure)
    else:
        asyncio.run_coroutine_threadsafe(_send_all(layer, messages), _sender_loop()).result()


def view_event(view: dict, reseat: bool) -> dict:
    """The ``match.view`` event of ``view`` (see the module's docstring)."""
    return {"type": "match.view", "version": view["version"], "status": view["status"],
            "frame": view_frame(view), "reseat": reseat}


def view_frame(view: dict) -> str:
    """The websocket frame of ``view``, encoded (``{"type": "view", "view": view}``, compact
    JSON: ``core.jsonwrite``)."""
    return compact_json({"type": "view", "view": view})


def _send_now(layer: MemoryChannelLayer, messages: list[tuple[str, dict]]) -> None:
    """Send ``messages`` through the in-memory layer on its event loop, in order, with no
    coroutine or task per group (the layer never waits); a failure is logged."""
    try:
        for group, message in messages:
            layer.group_send_now(group, message)
    except Exception:
        logger.exception("sending a match's views failed")


def _report_failure(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("sending a match's views failed", exc_info=future.exception())


def match_changed(match_id: str, reseat: bool = False, views: MatchViews | None = None) -> None:
    """Send each seat's group and the spectators' group their view of the match: from
    ``views`` when the caller has the committed match in hand (it saves reloading it), else as
    the match is in the database now. All groups are sent to in one hop to the event loop.

    Inside the ASGI server the sends are handed to its event loop without waiting for them: the
    thread that runs the site's database work (one per worker, shared by every socket) goes on
    to the next move at once instead of waiting for Redis. The loop runs the handed sends in
    order, so a group still gets a match's views in version order. Elsewhere (a Celery worker,
    WSGI) the call waits until every group has been sent to.

    With the in-memory layer (``core.channel_layer.MemoryChannelLayer``), only the groups a
    socket of this process is in are sent to (a match nobody watches, e.g. no spectator, or a
    process that serves no socket, a Celery worker's: no view is built for them), and the sends
    are handed to the loop as one plain callback (``_send_now``), without a coroutine or task
    per group."""
    layer = get_channel_layer()
    if layer is None:
        return
    if views is None:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return
        views = MatchViews(match)
    match = views.match
    audiences = [(seat_group(match.id, seat), seat) for seat in range(match.players)]
    audiences.append((spectator_group(match.id), None))
    if isinstance(layer, MemoryChannelLayer):
        # Only the groups a socket of this process is in (none: nobody here watches the match,
        # or the process serves no socket, a Celery worker's): no view built for nobody.
        audiences = [(group, seat) for group, seat in audiences if layer.listened((group,))]
        if not audiences:
            return
    _hand_off(layer, [(group, view_event(views.view(seat), reseat)) for group, seat in audiences])


def chat_said(match_id: str, players: int, entry: dict) -> None:
    """Send the chat line ``entry`` (``play.payloads.chat_entry``) to every seat's group and the
    spectators' of a match with ``players`` seats, as ``match_changed`` sends views (handed to
    the server's event loop inside the ASGI server, else waited for)."""
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "match.chat", "message": entry}
    messages = [(seat_group(match_id, seat), event) for seat in range(players)]
    messages.append((spectator_group(match_id), event))
    _hand_off(layer, messages)
