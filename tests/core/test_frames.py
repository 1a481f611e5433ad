"""Every websocket route reads its frames by the rules of ``core.frames``: a frame it cannot read
(binary, too long, not JSON, nested too deeply, a lone surrogate, the wrong shape) is answered
with the error frame and the socket stays open; frames and new sockets past the budgets of
``core.frame_budget`` are answered ``throttled``, costing no database work and no view.

Through the real ASGI application (origin check, sessions, authentication, routing) with
Channels' communicator, on the configured database and channel layer."""
import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from config.routing import websocket_urlpatterns
from core import frame_budget, jsonbody
from core.frames import JsonFrameConsumer
from play.models import Match
from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HUMAN, STACKED, person, stack
from tests.play.test_match_ws import SAME_ORIGIN, guest_cookie, logged_in

pytestmark = pytest.mark.usefixtures("transactional_db")
TIMEOUT = 5

MATCH_HELP = 'A message is {"type": "act", "version", "action"}, {"type": "chat", "text"} or {"type": "ping"}.'
HEALTH_HELP = 'The health socket reads {"type": "ping"} only.'
TOO_DEEP = "The message is nested too deeply: at most 32 levels of arrays and objects."
NOT_JSON = "The message is not JSON."
BINARY = "A message is JSON text; binary frames are not read."
TOO_LONG = "The message is too long: at most 65536 characters."
SURROGATE = "The message holds a NUL character or a lone surrogate (such as \\ud800), which is not text."


@pytest.fixture(autouse=True)
def no_polling(settings):
    settings.PLAY_WS_POLL = 0


@pytest.fixture
def fresh_budgets():
    """Every client starts with a full budget (the client keys, e.g. ``user:1``, come back in
    later tests)."""
    frame_budget.forget_clients()
    yield
    frame_budget.forget_clients()


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_every_websocket_route_reads_its_frames_through_core_frames():
    consumers = {route.pattern.describe(): route.callback.consumer_class.__name__ for route in websocket_urlpatterns}
    assert consumers == {"'ws/health/'": "HealthConsumer", "'ws/matches/<str:match_id>/'": "MatchConsumer"}
    assert all(issubclass(route.callback.consumer_class, JsonFrameConsumer) for route in websocket_urlpatterns)


def test_the_api_refuses_json_past_the_same_depth(api):
    """The API's parser and the frames share ``core.jsonbody.MAX_DEPTH``: 32 levels are read
    (and the body is then refused for its content), 33 are a malformed body."""
    assert jsonbody.MAX_DEPTH == 32
    for depth, code in ((32, "invalid_request"), (33, "malformed_body")):
        body = '{"cards": ' + nested(depth - 1) + "}"
        response = api.generic("POST", "/api/decks/validate/", body, content_type="application/json")
        assert (response.status_code, response.json()["error"]["code"]) == (400, code), depth
    assert response.json()["error"]["message"] == "JSON parse error - the body is nested too deeply (at most 32 levels)"


# -- frames that cannot be read ------------------------------------------------------------------
def padded_ping(length: int) -> str:
    """A ping frame of exactly ``length`` characters."""
    head, tail = '{"type": "ping", "pad": "', '"}'
    return head + "x" * (length - len(head) - len(tail)) + tail


UNREADABLE = [
    ({"text_data": "[" * 100_000}, TOO_LONG),
    ({"text_data": "[" * 60_000}, TOO_DEEP),
    ({"text_data": nested(33)}, TOO_DEEP),
    ({"text_data": '{"type": "act", "version": 0, "action": ' + nested(32) + "}"}, TOO_DEEP),
    ({"text_data": nested(32)}, "HELP"),
    ({"text_data": "not json"}, NOT_JSON),
    ({"text_data": '{"type": "act", "version": NaN, "action": {"type": "draw"}}'}, NOT_JSON),
    ({"text_data": '{"type": "ping"'}, NOT_JSON),
    ({"bytes_data": b"\x00\x01binary"}, BINARY),
    ({"bytes_data": b'{"type": "ping"}'}, BINARY),
    ({"text_data": padded_ping(65_537)}, TOO_LONG),
    ({"text_data": '{"type": "ping", "name": "\\ud800"}'}, SURROGATE),
    ({"text_data": '{"type": "ping", "name": "\\u0000"}'}, SURROGATE),
    ({"text_data": '{"type": "act", "version": 0, "action": {"\\udfff": 1}}'}, SURROGATE),
    ({"text_data": "[]"}, "HELP"),
    ({"text_data": '"ping"'}, "HELP"),
    ({"text_data": "{}"}, "HELP"),
    ({"text_data": '{"type": 5}'}, "HELP"),
    ({"text_data": '{"type": "dance"}'}, "HELP"),
]


async def open_socket(path: str, cookie: bytes | None = None, extra=()) -> WebsocketCommunicator:
    headers = SAME_ORIGIN + ([(b"cookie", cookie)] if cookie else []) + list(extra)
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    return socket


async def first_frame(socket) -> dict:
    return await socket.receive_json_from(timeout=TIMEOUT)


def test_the_health_socket_answers_every_unreadable_frame_and_stays_open():
    async_to_sync(_unreadable_frames)("/ws/health/", HEALTH_HELP)


def test_the_match_socket_answers_every_unreadable_frame_and_stays_open(user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    async_to_sync(_unreadable_frames)(f"/ws/matches/{match.id}/", MATCH_HELP)


async def _unreadable_frames(path: str, help_sentence: str):
    socket = await open_socket(path)
    first = await first_frame(socket)
    view = {"view": first["view"]} if "view" in first else {}
    for frame, message in UNREADABLE:
        await socket.send_to(**frame)
        expected = {"type": "error", "error": {"code": "bad_message",
                                               "message": help_sentence if message == "HELP" else message}, **view}
        assert await socket.receive_json_from(timeout=TIMEOUT) == expected, str(frame)[:80]
    # the longest frame read, and the socket is still open and answering
    await socket.send_to(text_data=padded_ping(65_536))
    assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


def test_unreadable_frames_are_answered_in_the_sockets_language():
    async_to_sync(_in_japanese)()


async def _in_japanese():
    socket = await open_socket("/ws/health/", extra=[(b"accept-language", b"ja")])
    await first_frame(socket)
    for frame, message in (
        ("[" * 60_000, "メッセージの入れ子が深すぎます。配列とオブジェクトは32段までです。"),
        ("not json", "メッセージが JSON ではありません。"),
        ('{"type": "dance"}', "ヘルスソケットが読むのは {\"type\": \"ping\"} だけです。"),
    ):
        await socket.send_to(text_data=frame)
        assert await socket.receive_json_from(timeout=TIMEOUT) == {
            "type": "error", "error": {"code": "bad_message", "message": message}}
    await socket.send_to(bytes_data=b"\xff")
    assert (await socket.receive_json_from(timeout=TIMEOUT))["error"]["message"] == \
        "メッセージは JSON のテキストです。バイナリのフレームは読みません。"
    await socket.disconnect()


def test_a_frame_is_sent_as_compact_utf8_json():
    async_to_sync(_compact)()


async def _compact():
    socket = await open_socket("/ws/health/", extra=[(b"accept-language", b"ja")])
    await first_frame(socket)
    await socket.send_to(text_data="not json")
    assert await socket.receive_from(timeout=TIMEOUT) == (
        '{"type":"error","error":{"code":"bad_message","message":"メッセージが JSON ではありません。"}}')
    await socket.disconnect()


# -- budgets -----------------------------------------------------------------------------------
def throttled(seconds: int, **extra) -> dict:
    unit = "second" if seconds == 1 else "seconds"
    return {"type": "error", "error": {
        "code": "throttled", "message": f"Too many messages: wait {seconds} {unit} before sending the next one.",
        "details": {"retry_after": seconds}}, **extra}


def assert_throttled_later(frame: dict, **extra) -> None:
    """A ``throttled`` answer given after a pause of a second or so: the wait is a second less."""
    seconds = frame["error"]["details"]["retry_after"]
    assert frame == throttled(seconds, **extra) and seconds in (998, 999)


async def ping(socket) -> dict:
    await socket.send_json_to({"type": "ping"})
    return await socket.receive_json_from(timeout=TIMEOUT)


def test_each_socket_has_a_budget_of_its_own(settings, fresh_budgets):
    settings.WS_SOCKET_BURST, settings.WS_SOCKET_RATE = 3, 0.001
    async_to_sync(_socket_budget)()


async def _socket_budget():
    first = await open_socket("/ws/health/")
    await first_frame(first)
    assert [await ping(first) for _ in range(3)] == [{"type": "pong"}] * 3
    # 0.001 frames a second: the next token comes in 1,000 seconds (less the few milliseconds
    # since the bucket was last refilled, rounded up)
    assert await ping(first) == throttled(1000)
    # the socket is not read for a second after a throttled answer (THROTTLED_PAUSE): the next
    # frame waits in the connection, then is answered the same way, undecoded
    await first.send_to(text_data="[" * 100_000)
    assert await first.receive_nothing(timeout=0.6)
    assert_throttled_later(await first.receive_json_from(timeout=TIMEOUT))
    # the socket stays open, and another socket of the same client has a budget of its own
    assert await first.receive_nothing(timeout=0.2)
    second = await open_socket("/ws/health/")
    await first_frame(second)
    assert await ping(second) == {"type": "pong"}
    for socket in (first, second):
        await socket.disconnect()


def test_the_sockets_of_one_user_share_a_budget_and_other_users_have_theirs(user, other_user, settings,
                                                                            fresh_budgets):
    settings.WS_CLIENT_BURST, settings.WS_CLIENT_RATE = 5, 0.001
    async_to_sync(_client_budget)(logged_in(user), logged_in(other_user))


async def _client_budget(alice_cookie, bob_cookie):
    # a new socket takes a token of its client's too: 2 sockets leave alice 3 frames
    a1, a2 = await open_socket("/ws/health/", alice_cookie), await open_socket("/ws/health/", alice_cookie)
    for socket in (a1, a2):
        await first_frame(socket)
    assert [await ping(a1), await ping(a2), await ping(a1)] == [{"type": "pong"}] * 3
    assert await ping(a2) == throttled(1000)
    assert await ping(a1) == throttled(1000)
    bob = await open_socket("/ws/health/", bob_cookie)
    await first_frame(bob)
    assert await ping(bob) == {"type": "pong"}
    # a new socket past the client's budget: told, then closed with 4429
    a3 = await open_socket("/ws/health/", alice_cookie)
    assert await first_frame(a3) == throttled(1000)
    assert await a3.receive_output(timeout=TIMEOUT) == {"type": "websocket.close", "code": 4429}
    for socket in (a1, a2, bob):
        await socket.disconnect()


def test_a_match_socket_opened_past_the_budget_is_told_and_closed(user, settings, fresh_budgets):
    settings.WS_CLIENT_BURST, settings.WS_CLIENT_RATE = 1, 0.001
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    async_to_sync(_match_past_the_budget)(match.id, logged_in(user))


async def _match_past_the_budget(match_id, cookie):
    first = await open_socket(f"/ws/matches/{match_id}/", cookie)
    assert (await first_frame(first))["type"] == "view"
    second = await open_socket(f"/ws/matches/{match_id}/", cookie)
    assert await first_frame(second) == throttled(1000, view=None)
    assert await second.receive_output(timeout=TIMEOUT) == {"type": "websocket.close", "code": 4429}
    await second.disconnect()
    await first.disconnect()


def test_a_made_up_session_cookie_is_no_client_of_its_own(settings, fresh_budgets):
    """Sockets without a user or a real session are counted by their address (one address in
    the communicator): two made-up session cookies share one budget."""
    settings.WS_CLIENT_BURST, settings.WS_CLIENT_RATE = 3, 0.001
    async_to_sync(_made_up_sessions)()


async def _made_up_sessions():
    first = await open_socket("/ws/health/", b"sessionid=madeup1madeup1madeup1madeup1")
    second = await open_socket("/ws/health/", b"sessionid=madeup2madeup2madeup2madeup2")
    for socket in (first, second):
        await first_frame(socket)
    assert await ping(first) == {"type": "pong"}
    assert await ping(second) == throttled(1000)
    for socket in (first, second):
        await socket.disconnect()


def test_guests_are_counted_by_their_session(settings, fresh_budgets):
    settings.WS_CLIENT_BURST, settings.WS_CLIENT_RATE = 2, 0.001
    (gus, _), (gia, _) = guest_cookie("Gus"), guest_cookie("Gia")
    async_to_sync(_guest_budgets)(gus, gia)


async def _guest_budgets(gus_cookie, gia_cookie):
    gus, gia = await open_socket("/ws/health/", gus_cookie), await open_socket("/ws/health/", gia_cookie)
    for socket in (gus, gia):
        await first_frame(socket)
    assert [await ping(gus), await ping(gus)] == [{"type": "pong"}, throttled(1000)]
    assert await ping(gia) == {"type": "pong"}
    for socket in (gus, gia):
        await socket.disconnect()


def test_the_guests_of_one_address_share_a_budget_and_a_user_keeps_their_own(user, settings, fresh_budgets):
    """A guest's session costs one form post: with a budget per session only, one address had as
    many budgets as it made guests. The guests of an address also share its bucket
    (``WS_GUESTS_BURST`` / ``WS_GUESTS_RATE``; the communicator is one address)."""
    settings.WS_GUESTS_BURST, settings.WS_GUESTS_RATE = 4, 0.001
    (gus, _), (gia, _) = guest_cookie("Gus"), guest_cookie("Gia")
    async_to_sync(_guests_share)(gus, gia, logged_in(user))


async def _guests_share(gus_cookie, gia_cookie, alice_cookie):
    gus = await open_socket("/ws/health/", gus_cookie)  # each socket takes a token to open: 1 of 4
    gia = await open_socket("/ws/health/", gia_cookie)  # 2 of 4
    for socket in (gus, gia):
        await first_frame(socket)
    assert await ping(gus) == {"type": "pong"}  # 3 of 4
    assert await ping(gia) == {"type": "pong"}  # 4 of 4
    assert await ping(gia) == throttled(1000)
    assert await ping(gus) == throttled(1000)
    third = await open_socket("/ws/health/", gus_cookie)
    assert await first_frame(third) == throttled(1000)
    assert await third.receive_output(timeout=TIMEOUT) == {"type": "websocket.close", "code": 4429}
    alice = await open_socket("/ws/health/", alice_cookie)
    await first_frame(alice)
    assert await ping(alice) == {"type": "pong"}
    for socket in (gus, gia, alice):
        await socket.disconnect()


def test_a_frame_past_the_budget_touches_no_database_and_builds_no_view(user, other_user, settings, fresh_budgets):
    """Once the budget is spent the match is deleted behind the socket's back: an ``act`` that
    reached the database would be answered ``match_not_found``; it is answered ``throttled``,
    with no view."""
    settings.WS_SOCKET_BURST, settings.WS_SOCKET_RATE = 1, 0.001
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    stack(match.id, STACKED)
    async_to_sync(_past_the_budget)(match.id, logged_in(user))


async def _past_the_budget(match_id, cookie):
    alice = await open_socket(f"/ws/matches/{match_id}/", cookie)
    assert (await first_frame(alice))["view"]["seat"] == 0
    assert await ping(alice) == {"type": "pong"}
    await database_sync_to_async(lambda: Match.objects.filter(pk=match_id).delete())()
    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert await alice.receive_json_from(timeout=TIMEOUT) == throttled(1000, view=None)
    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert_throttled_later(await alice.receive_json_from(timeout=TIMEOUT), view=None)
    assert await alice.receive_nothing(timeout=0.2)
    await alice.disconnect()
