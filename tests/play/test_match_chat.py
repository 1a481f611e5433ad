"""The table chat over ``/ws/matches/<id>/``: a line reaches every seat and spectator in one
exact shape, the text as it was said, refused when too long, when it holds a character no text
shown to others may hold (``core.validators.check_shown_text``) or from a visitor without a name,
throttled past the client's chat budget, kept with the match (the table and the replay read it)."""
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from core import frame_budget
from play.errors import MatchError
from play.models import ChatMessage, Match
from play.selectors.history import chat_log
from play.services.chat import say
from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HUMAN, person
from tests.play.test_match_ws import SAME_ORIGIN, connect, guest_cookie, logged_in, receive, view_of

pytestmark = pytest.mark.usefixtures("transactional_db")
TIMEOUT = 5
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


@pytest.fixture(autouse=True)
def no_polling(settings):
    settings.PLAY_WS_POLL = 0


@pytest.fixture(autouse=True)
def fresh_budgets():
    """Every client starts with a full chat budget (client keys such as ``user:1`` come back)."""
    frame_budget.forget_clients()
    yield
    frame_budget.forget_clients()


@pytest.fixture
def duel(user, other_user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    return match.id


def _shape(frame: dict) -> dict:
    """The chat frame with its id and time checked, then left out."""
    message = frame["message"]
    assert isinstance(message["id"], int) and ISO.match(message["created"]), message
    return {**frame, "message": {k: v for k, v in message.items() if k not in ("id", "created")}}


def test_a_line_reaches_the_seats_and_the_spectators_as_it_was_said(duel, user, other_user):
    async_to_sync(_everyone_hears)(duel, logged_in(user), logged_in(other_user), guest_cookie("Carol")[0])


async def _everyone_hears(match_id, alice_cookie, bob_cookie, carol_cookie):
    alice, bob = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie)
    carol, anonymous = await connect(match_id, carol_cookie), await connect(match_id)
    everyone = (alice, bob, carol, anonymous)
    for sock in everyone:
        await view_of(sock)
    said = "  <b>gl</b> & <script>alert(1)</script>\n hf  "
    await bob.send_json_to({"type": "chat", "text": said})
    frames = [await receive(sock) for sock in everyone]
    expected = {"type": "chat", "message": {"seat": 1, "name": "bob", "guest": False,
                                            "text": "<b>gl</b> & <script>alert(1)</script> hf", "version": 0}}
    assert [_shape(frame) for frame in frames] == [expected] * 4
    assert len({frame["message"]["id"] for frame in frames}) == 1

    await carol.send_json_to({"type": "chat", "text": "watching 👀"})
    frames = [await receive(sock) for sock in everyone]
    assert [_shape(frame) for frame in frames] == [
        {"type": "chat", "message": {"seat": None, "name": "Carol", "guest": True, "text": "watching 👀",
                                     "version": 0}}] * 4
    assert [await sock.receive_nothing(timeout=0.2) for sock in everyone] == [True] * 4
    for sock in everyone:
        await sock.disconnect()
    lines = await database_sync_to_async(lambda: [(m["seat"], m["name"], m["text"]) for m in chat_log(
        Match.objects.get(pk=match_id))])()
    assert lines == [(1, "bob", "<b>gl</b> & <script>alert(1)</script> hf"), (None, "Carol", "watching 👀")]


def test_refused_lines_are_error_frames_about_the_chat_and_nothing_is_kept(duel, user):
    async_to_sync(_refusals)(duel, logged_in(user))


async def _refusals(match_id, alice_cookie):
    alice, anonymous = await connect(match_id, alice_cookie), await connect(match_id)
    for sock in (alice, anonymous):
        await view_of(sock)
    await alice.send_json_to({"type": "chat", "text": "x" * 301})
    assert await receive(alice) == {"type": "error", "about": "chat", "view": None, "error": {
        "code": "chat_too_long", "message": "The message is too long: at most 300 characters (it has 301).",
        "details": {"limit": 300, "length": 301}}}
    for text in ("   \n ", 5, None):
        await alice.send_json_to({"type": "chat", "text": text})
        assert await receive(alice) == {"type": "error", "about": "chat", "view": None, "error": {
            "code": "chat_empty", "message": 'A chat message is some text: {"type": "chat", "text": "…"}.'}}
    await anonymous.send_json_to({"type": "chat", "text": "hi"})
    assert await receive(anonymous) == {"type": "error", "about": "chat", "view": None, "error": {
        "code": "name_required", "message": "Choose a display name to chat, or log in."}}
    # exactly 300 characters pass
    await alice.send_json_to({"type": "chat", "text": "y" * 300})
    assert (await receive(alice))["message"]["text"] == "y" * 300
    assert (await receive(anonymous))["message"]["text"] == "y" * 300
    for sock in (alice, anonymous):
        assert await sock.receive_nothing(timeout=0.2)
        await sock.disconnect()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 1


@pytest.mark.parametrize("text, character", [("gg \u202etxt.exe", "U+202E"), ("\x1b[2Jhi", "U+001B"),
                                             ("a\u2066b", "U+2066"), ("a\u200fb", "U+200F")],
                         ids=["RLO", "ESC", "LRI", "RLM"])
def test_a_line_with_a_control_or_formatting_character_is_refused_and_not_kept(duel, user, other_user, text,
                                                                             character):
    """The rule of every text shown to others (``core.validators.check_shown_text``)."""
    async_to_sync(_bad_text)(duel, logged_in(user), logged_in(other_user), text, character)


async def _bad_text(match_id, alice_cookie, bob_cookie, text, character):
    alice, bob = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie)
    for sock in (alice, bob):
        await view_of(sock)
    await alice.send_json_to({"type": "chat", "text": text})
    assert await receive(alice) == {"type": "error", "about": "chat", "view": None, "error": {
        "code": "chat_bad_text",
        "message": f"A text cannot hold control characters or bidirectional formatting characters ({character}).",
        "details": {"character": character}}}
    assert await bob.receive_nothing(timeout=0.2)
    headers = [*SAME_ORIGIN, (b"cookie", bob_cookie), (b"accept-language", b"ja")]
    japanese = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    assert (await japanese.connect(timeout=TIMEOUT))[0]
    await view_of(japanese)
    await japanese.send_json_to({"type": "chat", "text": text})
    assert (await receive(japanese))["error"] == {
        "code": "chat_bad_text", "message": f"テキストに制御文字や双方向書式文字（{character}）は使えません。",
        "details": {"character": character}}
    for sock in (alice, bob, japanese):
        await sock.disconnect()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0


def test_the_service_keeps_the_same_rule(duel, user):
    with pytest.raises(MatchError) as refused:
        say(person(user), duel, "hi \u202e")
    assert (refused.value.code, refused.value.status, refused.value.details) == (
        "chat_bad_text", 400, {"character": "U+202E"})
    assert say(person(user), duel, "tab\tand\nnew line").text == "tab and new line"
    assert ChatMessage.objects.count() == 1


def test_past_the_chat_budget_a_line_is_throttled(duel, user, settings):
    settings.PLAY_CHAT_BURST = 3
    settings.PLAY_CHAT_RATE = 0.01
    async_to_sync(_throttled)(duel, logged_in(user))


async def _throttled(match_id, alice_cookie):
    alice = await connect(match_id, alice_cookie)
    await view_of(alice)
    for n in range(3):
        await alice.send_json_to({"type": "chat", "text": f"line {n}"})
        assert (await receive(alice))["message"]["text"] == f"line {n}"
    await alice.send_json_to({"type": "chat", "text": "one too many"})
    assert await receive(alice) == {"type": "error", "about": "chat", "view": None, "error": {
        "code": "throttled", "message": "Too many messages: wait 100 seconds before sending the next one.",
        "details": {"retry_after": 100}}}
    # the budget is the client's: a second tab of the same person is throttled too
    second = await connect(match_id, alice_cookie)
    await view_of(second)
    await second.send_json_to({"type": "chat", "text": "from the other tab"})
    assert (await receive(second))["error"]["code"] == "throttled"
    # moves are not chat: they still go through
    await alice.send_json_to({"type": "ping"})
    assert await receive(alice) == {"type": "pong"}
    for sock in (alice, second):
        await sock.disconnect()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 3


def test_chat_is_said_in_the_language_the_socket_asked_for(duel, user):
    async_to_sync(_japanese)(duel, user)


async def _japanese(match_id, user):
    cookie = await database_sync_to_async(logged_in)(user)
    headers = [*SAME_ORIGIN, (b"cookie", cookie), (b"accept-language", b"ja")]
    alice = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    assert (await alice.connect(timeout=TIMEOUT))[0]
    await view_of(alice)
    await alice.send_json_to({"type": "chat", "text": "x" * 400})
    frame = await receive(alice)
    assert frame["error"]["code"] == "chat_too_long"
    assert frame["error"]["message"] == "メッセージが長すぎます。300文字までです（400文字あります）。"
    await alice.disconnect()


def test_the_guests_of_one_address_share_a_chat_budget(duel, user, settings):
    """A guest's display name costs one form post: with a budget per guest only, one address
    said as much as it made guests. Its guests also share the address's bucket
    (``PLAY_CHAT_ADDRESS_BURST``, ``PLAY_CHAT_ADDRESS_RATE``); a logged-in user keeps their own."""
    settings.PLAY_CHAT_BURST = 5
    settings.PLAY_CHAT_RATE = 0.01
    settings.PLAY_CHAT_ADDRESS_BURST = 3
    settings.PLAY_CHAT_ADDRESS_RATE = 0.01
    async_to_sync(_guests_share)(duel, guest_cookie("Mallory")[0], guest_cookie("Trudy")[0], logged_in(user))


async def _guests_share(match_id, first_cookie, second_cookie, alice_cookie):
    first, second, alice = [await connect(match_id, cookie) for cookie in (first_cookie, second_cookie, alice_cookie)]
    for sock in (first, second, alice):
        await view_of(sock)

    async def say_line(sock, text):
        await sock.send_json_to({"type": "chat", "text": text})
        frame = await receive(sock)
        for other in (first, second, alice):  # a line said reaches every socket at the table
            if other is not sock and frame["type"] == "chat":
                assert (await receive(other))["message"]["text"] == text
        return frame

    assert (await say_line(first, "one"))["message"]["text"] == "one"
    assert (await say_line(first, "two"))["message"]["text"] == "two"
    assert (await say_line(second, "three"))["message"]["text"] == "three"
    assert await say_line(second, "four") == {"type": "error", "about": "chat", "view": None, "error": {
        "code": "throttled", "message": "Too many messages: wait 100 seconds before sending the next one.",
        "details": {"retry_after": 100}}}
    assert (await say_line(first, "five"))["error"]["code"] == "throttled"
    assert (await say_line(alice, "six"))["message"]["text"] == "six"
    for sock in (first, second, alice):
        await sock.disconnect()
    texts = await database_sync_to_async(lambda: list(ChatMessage.objects.order_by("id").values_list("text", flat=True)))()
    assert texts == ["one", "two", "three", "six"]
