"""The live table over ``/ws/matches/<id>/`` through the real ASGI application (sessions,
authentication, routing) and the configured channel layer: the view on connect, actions over the
socket, every seat and spectator getting its own view, reconnecting, refusals."""
import channels.consumer
import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from play.games import GAMES
from play.identity import Player
from play.models import Match
from play.services.create import create_match
from play.services.join import join_match
from play.services.resign import resign
from tests.play.matches import HAND, HUMAN, OPENING_LEGAL, RANDOM, STACKED, person, stack

pytestmark = pytest.mark.usefixtures("transactional_db")
TIMEOUT = 5


@pytest.fixture(autouse=True)
def no_polling(settings):
    """Views come through the channel layer only, unless a test turns polling on."""
    settings.PLAY_WS_POLL = 0


def cookie_of(client: Client) -> bytes:
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


def logged_in(user) -> bytes:
    client = Client()
    client.force_login(user)
    return cookie_of(client)


def guest_cookie(name: str) -> tuple[bytes, str]:
    client = Client()
    session = client.session
    session["guest_name"] = name
    session.save()
    return cookie_of(client), session.session_key


#: The headers of a page of the site served at http://127.0.0.1 opening a socket (the origin
#: check compares the Origin with the Host: core.ws_origin).
SAME_ORIGIN = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]


async def connect(match_id: str, cookie: bytes | None = None) -> WebsocketCommunicator:
    headers = SAME_ORIGIN + ([(b"cookie", cookie)] if cookie else [])
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    return socket


async def receive(socket) -> dict:
    return await socket.receive_json_from(timeout=TIMEOUT)


async def view_of(socket) -> dict:
    frame = await receive(socket)
    assert frame["type"] == "view", frame
    return frame["view"]


@pytest.fixture
def duel(user, other_user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    stack(match.id, STACKED)
    return match.id


def test_seats_act_over_the_socket_and_everyone_gets_their_own_view(duel, user, other_user):
    async_to_sync(_play_over_sockets)(duel, logged_in(user), logged_in(other_user))


async def _play_over_sockets(match_id, alice_cookie, bob_cookie):
    alice, bob = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie)
    spectator = await connect(match_id)
    first = await view_of(alice)
    assert (first["seat"], first["version"], first["state"]["hand"]) == (0, 0, HAND)
    assert first["legal_actions"] == OPENING_LEGAL
    assert (await view_of(bob))["seat"] == 1
    watching = await view_of(spectator)
    assert (watching["seat"], watching["state"]["hand"]) == (None, None)

    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "play", "card": 1}})
    mine, theirs, public = await view_of(alice), await view_of(bob), await view_of(spectator)
    assert (mine["version"], mine["seat"], mine["state"]["hand"], mine["legal_actions"]) == (1, 0, [2, 3, 4, 5, 6], [])
    assert (theirs["version"], theirs["seat"], theirs["state"]["hand"]) == (1, 1, HAND)
    assert theirs["legal_actions"] == [{"type": "play", "card": 1}, {"type": "play", "card": 2}, {"type": "draw"},
                                       {"type": "quit"}]
    assert (public["version"], public["seat"], public["state"]["hand"], public["legal_actions"]) == (1, None, None, [])
    assert public["last_action"] == {"version": 1, "seat": 0, "action": {"type": "play", "card": 1}, "by": "player"}
    assert [await sock.receive_nothing(timeout=0.2) for sock in (alice, bob, spectator)] == [True] * 3

    # a reconnecting client is sent its view again
    await alice.disconnect()
    alice = await connect(match_id, alice_cookie)
    assert await view_of(alice) == mine
    for sock in (alice, bob, spectator):
        await sock.disconnect()


def test_a_move_reaches_the_sockets_without_a_thread_hop_per_message(duel, user, other_user, monkeypatch):
    """Channels' own ``dispatch`` awaits ``aclose_old_connections`` (a hop to a thread and back)
    before every message a socket handles; the table's sockets close stale connections only
    around their own database work (``database_sync_to_async``). A move's frame and its three
    broadcast views then take no such hop."""
    hops = []

    async def counted():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    async_to_sync(_one_move)(duel, logged_in(user), logged_in(other_user), hops)
    assert hops == []


async def _one_move(match_id, alice_cookie, bob_cookie, hops):
    sockets = [await connect(match_id, alice_cookie), await connect(match_id, bob_cookie), await connect(match_id)]
    assert [(await view_of(sock))["version"] for sock in sockets] == [0, 0, 0]
    await sockets[0].send_json_to({"type": "act", "version": 0, "action": {"type": "play", "card": 1}})
    assert [(await view_of(sock))["version"] for sock in sockets] == [1, 1, 1]
    for sock in sockets:
        await sock.disconnect()


def test_refusals_come_back_as_error_frames_with_the_view(duel, user, other_user):
    async_to_sync(_refusals)(duel, logged_in(user), logged_in(other_user))


async def _refusals(match_id, alice_cookie, bob_cookie):
    alice, bob = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie)
    spectator = await connect(match_id)
    for sock in (alice, bob, spectator):
        await view_of(sock)
    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    moved = await view_of(alice)
    await view_of(bob)
    await view_of(spectator)

    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "quit"}})
    stale = await receive(alice)
    assert (stale["type"], stale["error"]["code"], stale["view"]) == ("error", "stale_version", moved)
    assert stale["error"]["message"] == "The match has moved on to version 1; your action was based on version 0."
    await alice.send_json_to({"type": "act", "version": -1, "action": {"type": "quit"}})
    negative = await receive(alice)
    assert (negative["error"]["code"], negative["error"]["message"]) == (
        "bad_version", "The version must be a whole number from 0 up.")

    await bob.send_json_to({"type": "act", "version": 1, "action": {"type": "play", "card": 4}})
    illegal = await receive(bob)
    assert (illegal["error"]["code"], illegal["view"]["seat"], illegal["view"]["version"]) == ("illegal_action", 1, 1)
    assert illegal["error"]["message"].startswith("A 4 cannot be played on a 1")

    await alice.send_json_to({"type": "act", "version": 1, "action": {"type": "draw"}})
    assert (await receive(alice))["error"]["code"] == "not_your_turn"
    await spectator.send_json_to({"type": "act", "version": 1, "action": {"type": "draw"}})
    refused = await receive(spectator)
    assert (refused["error"]["code"], refused["view"]["seat"]) == ("not_seated", None)
    await bob.send_json_to({"type": "act", "version": 1, "action": "draw"})
    assert (await receive(bob))["error"]["code"] == "malformed_action"
    await bob.send_json_to({"type": "dance"})
    assert (await receive(bob))["error"]["code"] == "bad_message"
    await bob.send_to(text_data="not json")
    assert (await receive(bob))["error"]["code"] == "bad_message"
    await bob.send_json_to({"type": "ping"})
    assert await receive(bob) == {"type": "pong"}
    assert [await sock.receive_nothing(timeout=0.2) for sock in (alice, bob, spectator)] == [True] * 3
    for sock in (alice, bob, spectator):
        await sock.disconnect()
    assert (await database_sync_to_async(Match.objects.get)(pk=match_id)).version == 1


def test_standing_refusals_are_answered_from_memory_after_the_database_gave_them(user, other_user):
    """``not_seated`` (until seats change hands) and ``game_over`` (for ever) are asked of the
    database once: then the match is deleted behind the sockets' backs, and the next ``act``
    is still refused the same way with the last view (the database would say
    ``match_not_found``)."""
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=7)
    join_match(person(other_user), match.id)
    stack(match.id, STACKED)
    async_to_sync(_standing_refusals)(match.id, logged_in(user), logged_in(other_user))


async def _standing_refusals(match_id, alice_cookie, bob_cookie):
    alice, bob = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie)
    spectator = await connect(match_id)
    watching = await view_of(spectator)
    for sock in (alice, bob):
        await view_of(sock)
    not_seated = {"type": "error", "view": watching,
                  "error": {"code": "not_seated", "message": "You do not have a seat at this match."}}
    await spectator.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert await receive(spectator) == not_seated
    for version, sock in enumerate((alice, bob)):
        await sock.send_json_to({"type": "act", "version": version, "action": {"type": "quit"}})
        for each in (alice, bob, spectator):
            await view_of(each)
    await alice.send_json_to({"type": "act", "version": 2, "action": {"type": "quit"}})
    over = await receive(alice)
    assert over["error"] == {"code": "game_over", "message": "The match is over."}
    assert over["view"]["status"] == "finished"
    await database_sync_to_async(lambda: Match.objects.filter(pk=match_id).delete())()
    await alice.send_json_to({"type": "act", "version": 2, "action": {"type": "quit"}})
    assert await receive(alice) == over
    await spectator.send_json_to({"type": "act", "version": 2, "action": {"type": "draw"}})
    finished = await receive(spectator)
    assert finished == {**not_seated, "view": finished["view"]} and finished["view"]["status"] == "finished"
    # a socket that has not been refused yet asks the database, which no longer has the match
    await bob.send_json_to({"type": "act", "version": 2, "action": {"type": "quit"}})
    assert (await receive(bob))["error"]["code"] == "match_not_found"
    for sock in (alice, bob, spectator):
        await sock.disconnect()


def test_an_open_match_refuses_acts_from_memory_after_the_first(user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    async_to_sync(_open_refusals)(match.id, logged_in(user))


async def _open_refusals(match_id, alice_cookie):
    alice = await connect(match_id, alice_cookie)
    waiting = await view_of(alice)
    not_started = {"type": "error", "view": waiting, "error": {
        "code": "not_started", "message": "The match has not started yet: seats are still free."}}
    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert await receive(alice) == not_started
    await database_sync_to_async(lambda: Match.objects.filter(pk=match_id).delete())()
    await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert await receive(alice) == not_started
    await alice.disconnect()


def test_an_unknown_match_is_an_error_then_close_4404():
    async_to_sync(_unknown_match)()


async def _unknown_match():
    socket = await connect("nosuchmatch")
    frame = await receive(socket)
    assert frame == {"type": "error", "error": {"code": "match_not_found", "message": "There is no match “nosuchmatch”."},
                     "view": None}
    assert await socket.receive_output(timeout=TIMEOUT) == {"type": "websocket.close", "code": 4404}


def test_a_guest_who_joins_while_watching_moves_to_the_seat(user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, seed=7)
    cookie, key = guest_cookie("Gus")
    async_to_sync(_join_while_watching)(match.id, cookie, key, logged_in(user))


async def _join_while_watching(match_id, cookie, key, alice_cookie):
    gus, alice = await connect(match_id, cookie), await connect(match_id, alice_cookie)
    watching = await view_of(gus)
    assert (watching["seat"], watching["status"], watching["state"]) == (None, "open", None)
    assert (await view_of(alice))["state"] is None  # nobody sees the deal before the match starts
    # refused while the match is open, the second time from memory
    # (test_standing_refusals_...), until the reseat event of the join below
    for _ in range(2):
        await gus.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
        assert await receive(gus) == {"type": "error", "view": watching, "error": {
            "code": "not_started", "message": "The match has not started yet: seats are still free."}}
    player = Player(None, key, "Gus")
    await database_sync_to_async(join_match)(player, match_id, 1)
    seated = await view_of(gus)
    assert (seated["seat"], seated["status"]) == (1, "running")
    assert seated["state"] == GAMES["lama"].view(GAMES["lama"].setup(2, 7, {}), 1)
    assert seated["seats"][1] == {"index": 1, "name": "Gus", "kind": "human", "guest": True, "bot": "", "resigned": False, "timed_out": False, "you": True}
    assert (await view_of(alice))["seats"][1]["name"] == "Gus"
    await gus.send_json_to({"type": "act", "version": 0, "action": {"type": "draw"}})
    assert (await receive(gus))["error"]["code"] == "not_your_turn"
    await gus.disconnect()
    await alice.disconnect()


def test_polling_brings_changes_made_where_the_channel_layer_does_not_reach(user, settings):
    """With the in-memory layer a Celery worker's broadcast stays in the worker's process; the
    socket of a match a worker may change (here: one with a bot seat) then finds the change by
    checking the match's version. The change is written straight to the database, as another
    process would commit it, without any broadcast."""
    settings.PLAY_WS_POLL = 0.1
    match = create_match(person(user), "lama", [HUMAN, RANDOM], STACKED, seed=1)
    async_to_sync(_poll)(match.id, logged_in(user), expect_change=True)


def test_a_match_only_people_play_is_not_polled(duel, user, settings):
    """Without a bot or a clock only the site's own process changes the match, and its
    broadcasts reach every socket: the socket does not check the database."""
    settings.PLAY_WS_POLL = 0.1
    async_to_sync(_poll)(duel, logged_in(user), expect_change=False)


def test_a_match_is_polled_from_when_a_seat_resigns(duel, user, other_user, settings):
    """A resigned seat is played by a bot that a Celery worker runs: from the resignation on the
    socket of a match only people played checks the match's version too."""
    settings.PLAY_WS_POLL = 0.1
    async_to_sync(_poll_after_resigning)(duel, logged_in(user), person(other_user))


async def _ready(match_id, cookie) -> WebsocketCommunicator:
    """A socket at the match, sent its view at version 0, done with its connect (including its
    check that the match did not move while it subscribed): a pong says it is."""
    socket = await connect(match_id, cookie)
    assert (await view_of(socket))["version"] == 0
    await socket.send_json_to({"type": "ping"})
    assert (await receive(socket))["type"] == "pong"
    return socket


async def _moved_elsewhere(match_id, version: int) -> None:
    """The match's version set straight in the database, as another process would commit a move,
    without any broadcast."""
    await database_sync_to_async(lambda: Match.objects.filter(pk=match_id).update(version=version))()


async def _poll_after_resigning(match_id, cookie, resigning):
    alice = await _ready(match_id, cookie)
    await _moved_elsewhere(match_id, 1)
    assert await alice.receive_nothing(timeout=0.3)  # not polled yet: nobody but people play it
    await database_sync_to_async(resign)(resigning, match_id)
    seen = await view_of(alice)  # the resignation's broadcast, read at version 1
    assert (seen["version"], seen["seats"][1]["resigned"]) == (1, True)
    await _moved_elsewhere(match_id, 2)
    assert (await view_of(alice))["version"] == 2
    await alice.disconnect()


async def _poll(match_id, cookie, expect_change):
    alice = await _ready(match_id, cookie)
    await _moved_elsewhere(match_id, 1)
    if expect_change:
        assert (await view_of(alice))["version"] == 1
    assert await alice.receive_nothing(timeout=0.3)
    await alice.disconnect()


def test_socket_messages_are_english_unless_the_client_asks_otherwise(duel):
    async_to_sync(_language_of_refusals)(duel)


async def _language_of_refusals(match_id):
    for extra, expected in (
        ([], "A message is"),
        ([(b"accept-language", b"fr")], "A message is"),
        ([(b"accept-language", b"ja")], "メッセージは"),
        ([(b"cookie", b"django_language=ja")], "メッセージは"),
    ):
        headers = [*SAME_ORIGIN, *extra]
        socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
        connected, _ = await socket.connect(timeout=TIMEOUT)
        assert connected
        await view_of(socket)
        await socket.send_json_to({"type": "hello"})
        frame = await receive(socket)
        assert frame["error"]["code"] == "bad_message" and frame["error"]["message"].startswith(expected), extra
        await socket.disconnect()


def test_an_engine_refusal_is_said_in_the_language_the_socket_asked_for(duel, user):
    async_to_sync(_engine_refusal_in_japanese)(duel, logged_in(user))


async def _engine_refusal_in_japanese(match_id, alice_cookie):
    for language, expected in (
        (b"en", "A 4 cannot be played on a 1: play the same value or one higher; on a 6 a 6 or a llama, on a "
                "llama a llama or a 1 (lama.md, A round)."),
        (b"ja", "1の上に4は出せません。出せるのは同じ数か1つ大きい数で、6の次は6かラマ、ラマの次はラマか1です"
                "（lama.md「ラウンドの進行」）。"),
    ):
        headers = [*SAME_ORIGIN, (b"cookie", alice_cookie), (b"accept-language", language)]
        alice = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
        assert (await alice.connect(timeout=TIMEOUT))[0]
        await view_of(alice)
        await alice.send_json_to({"type": "act", "version": 0, "action": {"type": "play", "card": 4}})
        refusal = await receive(alice)
        assert (refusal["error"]["code"], refusal["error"]["message"]) == ("illegal_action", expected), language
        await alice.disconnect()
