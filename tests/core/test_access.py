"""Who may read and do what: the access rules of decks and matches, in one place.

1. A private deck is its owner's alone. To anyone else, signed in or not, every deck endpoint of
   the API and every deck page answers for it exactly as for a deck that does not exist (404
   ``not_found``; writes that need a login answer 401 ``not_authenticated`` first, for any deck),
   so not even its existence shows. (Listing and the play API's ``unknown_deck`` are in
   tests/decks/test_decks_api.py and tests/play/test_match_decks.py.)
2. Only a seat's holder acts for it: over REST and the websocket the seat is the caller's own,
   never one named in the request; anyone else is refused (``not_seated``, ``not_your_turn``,
   ``resigned``, or the engine's refusal of a move of another seat's cards) and the match is
   unchanged. (REST refusals of users and a ``seat`` field: tests/play/test_match_api.py.)
3. No view shows another seat's hidden cards (lama.md and elements-of-chaos.md, "Hidden
   information"): the view of a seat or a spectator over REST, the websocket and the table page
   is exactly the engine's ``view(state, seat)`` and stays the same when another seat's live
   hand is swapped for other cards; every frame of the replay of a finished match (API and page)
   is the engine's view of that moment and does not change either when another seat's live hand
   does; the log shows another seat's hidden choices without their cards. A card a sandbox
   move lays face down from a hand is named to its owner alone, in every channel that shows
   moves: the REST log and the table page's, a view's ``last_action`` (REST, the table page,
   the websocket frames) and the replay (API and page).
"""
from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from config.asgi import application
from decks.selectors import check_text
from decks.services import create_deck, start_goldfish, update_deck
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from play.models import Match, MatchAction
from play.services.act import act
from play.services.create import create_match
from play.services.join import join_match
from tests.conftest import token_client
from tests.play.matches import HUMAN, person
from tests.play.test_match_ws import SAME_ORIGIN, cookie_of, logged_in

LAMA, EOC = GAMES["lama"], GAMES["eoc"]
NOT_FOUND = {"error": {"code": "not_found", "message": "Not found.", "details": {}}}
MISSING = "NoSuchDeck"


# -- 1. private decks -------------------------------------------------------------------------------
@pytest.fixture
def private_deck(user, sample_catalogue):
    """alice's private deck (SMP-RED's list) with two versions and a goldfish run."""
    text = open("fixtures/decks/SMP-RED.txt", encoding="utf-8").read()
    deck = create_deck(user, "Secret red", check_text(text))
    update_deck(deck, user, check_text(text.replace("3 ", "2 ", 1) + "1 SMP-002\n"), note="again")
    run = start_goldfish(deck, user, runs=10, turns=2, seed=1)
    return deck, run


API_READS = ["", "stats/", "odds/", "versions/", "versions/1/", "diff/?from=1&to=2", "export/", "export/?as=json"]
API_WRITES = [("post", "copy/", {}), ("post", "goldfish/", {}), ("post", "versions/1/restore/", {}),
              ("put", "", {"name": "x", "text": "3 SMP-001\n"}), ("patch", "", {"name": "x"}), ("delete", "", None)]


def answer(response) -> tuple[int, object]:
    body = response.json() if response["Content-Type"].startswith("application/json") else response.content
    return response.status_code, body


def test_a_private_deck_is_to_others_through_the_api_a_deck_that_does_not_exist(private_deck, api, other_user):
    deck, run = private_deck
    bob = token_client(other_user)
    for client in (bob, api):
        for path in API_READS:
            seen = answer(client.get(f"/api/decks/{deck.pk}/{path}"))
            assert seen == answer(client.get(f"/api/decks/{MISSING}/{path}")) == (404, NOT_FOUND), path
        for method, path, body in API_WRITES:
            seen = answer(getattr(client, method)(f"/api/decks/{deck.pk}/{path}", body, format="json"))
            assert seen == answer(getattr(client, method)(f"/api/decks/{MISSING}/{path}", body, format="json")), path
            expected = 404 if client is bob else 401
            assert seen[0] == expected and seen[1]["error"]["code"] == {404: "not_found", 401: "not_authenticated"}[
                expected], (path, seen)
        assert answer(client.get(f"/api/goldfish/{run.pk}/")) == (404, NOT_FOUND)
    owner = token_client(deck.owner)
    assert [owner.get(f"/api/decks/{deck.pk}/{path}").status_code for path in API_READS] == [200] * len(API_READS)
    assert owner.get(f"/api/goldfish/{run.pk}/").status_code == 200
    deck.refresh_from_db()
    assert (deck.name, deck.versions.count(), deck.goldfish_runs.count()) == ("Secret red", 2, 1)


PAGES = [("get", ""), ("get", "history/"), ("get", "print/"), ("get", "edit/"), ("post", "copy/"),
         ("post", "history/restore/")]


def test_a_private_deck_is_to_others_on_the_pages_a_deck_that_does_not_exist(private_deck, other_user):
    deck, _ = private_deck
    bob, anonymous = Client(), Client()
    bob.force_login(other_user)
    for client in (bob, anonymous):
        for method, path in PAGES:
            call = getattr(client, method)
            data = {"number": "1"} if method == "post" else None
            seen, missing = call(f"/decks/{deck.pk}/{path}", data), call(f"/decks/{MISSING}/{path}", data)
            assert seen.status_code == missing.status_code, path
            if client is bob:
                assert seen.status_code == 404, path
            elif seen.status_code == 302:  # a page that needs a login sends there first
                assert seen["Location"] == missing["Location"].replace(MISSING, deck.pk), path
            assert "Secret red" not in seen.content.decode(), path
    # The owner's own pages answer.
    owner = Client()
    owner.force_login(deck.owner)
    assert [owner.get(f"/decks/{deck.pk}/{p}").status_code for p in ("", "history/", "print/", "edit/")] == [200] * 4


# -- 2. acting for a seat -------------------------------------------------------------------------
def lama_duel(alice, bob, options: dict | None = None) -> str:
    """A running L.A.M.A. match dealt from seed 11: alice at seat 0 (to act), bob at seat 1."""
    match = create_match(person(alice), "lama", [HUMAN, HUMAN], options or {}, seed=11)
    join_match(person(bob), match.id)
    return match.id


def snapshot(match_id) -> tuple:
    match = Match.objects.get(pk=match_id)
    return match.version, match.state, match.status, MatchAction.objects.filter(match_id=match_id).count()


def guest_client(name: str) -> Client:
    client = Client()
    session = client.session
    session["guest_name"] = name
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client


def test_over_rest_a_guest_or_a_resigned_player_cannot_act_for_a_seat(user, other_user):
    match_id = lama_duel(user, other_user)
    alice_move = LAMA.legal_actions(LAMA.load(Match.objects.get(pk=match_id).state), 0)[0]
    before = snapshot(match_id)
    guest = guest_client("Gus").post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": alice_move},
                                     content_type="application/json")
    assert (guest.status_code, guest.json()["error"]["code"]) == (403, "not_seated")
    alice = token_client(user)
    assert alice.post(f"/api/matches/{match_id}/resign/").status_code == 200
    resigned = alice.post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": alice_move}, format="json")
    assert (resigned.status_code, resigned.json()["error"]) == (403, {
        "code": "resigned", "message": "You have resigned; a bot plays your seat.", "details": {}})
    assert snapshot(match_id)[:2] == before[:2]


def eoc_match(alice, bob, sandbox: bool = True) -> str:
    """A running Elements of Chaos match (SMP-RED for alice at seat 0, SMP-GREEN for bob,
    shuffled from seed 3; alice first, sandbox play on) past set-up: both kept their hands and
    arranged."""
    options = {"first_player": 0, "sandbox": sandbox}
    match = create_match(person(alice), "eoc", [HUMAN, HUMAN], options, seed=3, deck="SMP-RED")
    join_match(person(bob), match.id, deck="SMP-GREEN")
    players = [person(alice), person(bob)]
    for version, seat in enumerate((0, 1)):
        act(players[seat], match.id, version, {"type": "mulligan", "take": False})
    state = stored_state(match.id)
    for version, seat in enumerate((0, 1), start=2):
        act(players[seat], match.id, version, {"type": "arrange", "order": list(state.drawn[seat])})
    return match.id


@pytest.mark.usefixtures("sample_catalogue")
def test_over_rest_no_one_moves_another_seats_hidden_cards(user, other_user):
    match_id = eoc_match(user, other_user)
    state = stored_state(match_id)
    before = snapshot(match_id)
    steal = {"type": "sandbox_move", "from": {"zone": "hand", "seat": 0, "card": state.hands[0][0]},
             "to": {"zone": "hand", "seat": 1}}
    refused = token_client(other_user).post(f"/api/matches/{match_id}/actions/",
                                            {"version": before[0], "action": steal}, format="json")
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "illegal_action")
    assert refused.json()["error"]["message"] == "Only your own hand's cards can be named (Sandbox play)"
    assert snapshot(match_id) == before


TIMEOUT = 5


async def connect(match_id: str, cookie: bytes | None) -> WebsocketCommunicator:
    headers = SAME_ORIGIN + ([(b"cookie", cookie)] if cookie else [])
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    return socket


async def first_view(match_id: str, cookie: bytes | None) -> dict:
    socket = await connect(match_id, cookie)
    frame = await socket.receive_json_from(timeout=TIMEOUT)
    await socket.disconnect()
    assert frame["type"] == "view", frame
    return frame["view"]


async def refusals_over_socket(match_id: str, sends: list[tuple[bytes | None, dict]]) -> list[dict]:
    frames = []
    for cookie, message in sends:
        socket = await connect(match_id, cookie)
        await socket.receive_json_from(timeout=TIMEOUT)  # the view on connect
        await socket.send_json_to(message)
        frames.append(await socket.receive_json_from(timeout=TIMEOUT))
        assert await socket.receive_nothing(timeout=0.1)
        await socket.disconnect()
    return frames


@pytest.mark.usefixtures("transactional_db")
def test_over_the_socket_the_seat_is_the_callers_own(user, other_user, django_user_model):
    match_id = lama_duel(user, other_user)
    alice_move = LAMA.legal_actions(LAMA.load(Match.objects.get(pk=match_id).state), 0)[0]
    before = snapshot(match_id)
    carol = django_user_model.objects.create_user("carol")
    act = {"type": "act", "version": 0, "action": alice_move}
    frames = async_to_sync(refusals_over_socket)(match_id, [
        (logged_in(other_user), {**act, "seat": 0}),  # a seat named in the message is not taken
        (logged_in(carol), act),
        (cookie_of(guest_client("Gus")), act),
    ])
    assert [(f["type"], f["error"]["code"], f["view"]["seat"], f["view"]["version"]) for f in frames] == [
        ("error", "not_your_turn", 1, 0), ("error", "not_seated", None, 0), ("error", "not_seated", None, 0)]
    assert frames[0]["error"]["message"] == "It is not your turn."
    assert snapshot(match_id) == before


# -- 3. hidden cards ----------------------------------------------------------------------------
def other_hands_swapped(game, state, viewer: int | None):
    """``state`` with every live hand but ``viewer``'s replaced by as many other cards: the
    values of a L.A.M.A. hand shifted (1..6 up by one, a 7 down to 1), an Elements of Chaos hand
    turned into cards of its own deck that are not in it (the same card when the deck has no
    other). A laid-down L.A.M.A. hand (its player quit, or the round is over) is public, so it is
    kept."""
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == viewer:
            hands.append(hand)
        elif game is LAMA:
            live = state.active[seat] and not state.tally.over
            hands.append(tuple(sorted(c % 7 + 1 for c in hand)) if live else hand)
        else:
            others = [c for c in state.decks[seat] if c not in hand] or list(hand)
            hands.append(tuple(sorted(others[i % len(others)] for i in range(len(hand)))))
    return replace(state, hands=tuple(hands) if game is EOC else hands)


def stored_state(match_id: str):
    """The engine state of match ``match_id`` as stored."""
    match = Match.objects.get(pk=match_id)
    return GAMES[match.game].load(match.state, match.options)


def swap_in_database(match_id: str, viewer: int | None) -> None:
    match = Match.objects.get(pk=match_id)
    game = GAMES[match.game]
    swapped = other_hands_swapped(game, game.load(match.state, match.options), viewer)
    Match.objects.filter(pk=match_id).update(state=game.dump(swapped))


def page_json(client: Client, url: str, element_id: str):
    """The JSON a page embeds with ``json_script`` as ``element_id``."""
    response = client.get(url)
    assert response.status_code == 200, url
    found = re.search(f'<script id="{element_id}" type="application/json">(.*?)</script>',
                      response.content.decode(), re.S)
    assert found, (url, element_id)
    return json.loads(found.group(1))


def page_client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def rest_views(match_id: str, clients: list[APIClient]) -> list[dict]:
    return [client.get(f"/api/matches/{match_id}/").json() for client in clients]


def socket_views(match_id: str, cookies: list[bytes | None]) -> list[dict]:
    return [async_to_sync(first_view)(match_id, cookie) for cookie in cookies]


def check_live_views(match_id: str, user, other_user):
    """For alice, bob and a spectator: the REST, websocket and table page views are the engine's
    view, and they stay the same when the other seats' live hands are swapped in the database."""
    viewers = [(0, token_client(user), logged_in(user), page_client(user)),
               (1, token_client(other_user), logged_in(other_user), page_client(other_user)),
               (None, APIClient(), None, page_client(None))]
    match = Match.objects.get(pk=match_id)
    game, saved = GAMES[match.game], match.state
    state = game.load(saved, match.options)
    table = f"/play/m/{match_id}/"
    for seat, client, cookie, browser in viewers:
        [rest], [socket] = rest_views(match_id, [client]), socket_views(match_id, [cookie])
        page = page_json(browser, table, "match-view")
        assert rest == socket == page and (rest["seat"], rest["state"]) == (seat, game.view(state, seat))
        assert "decks" not in rest["options"]
        swap_in_database(match_id, seat)
        assert rest_views(match_id, [client]) == [rest] and socket_views(match_id, [cookie]) == [socket]
        assert page_json(browser, table, "match-view") == page
        # The swap is real: the seats whose hands changed see their new hands.
        changed = [s for s in (0, 1) if s != seat]
        assert all(rest_views(match_id, [viewers[s][1]])[0]["state"]["hand"] != game.view(state, s)["hand"]
                   for s in changed)
        Match.objects.filter(pk=match_id).update(state=saved)


@pytest.mark.usefixtures("transactional_db")
def test_live_lama_views_never_hold_another_seats_hand(user, other_user):
    match_id = lama_duel(user, other_user)
    act(person(user), match_id, 0, {"type": "draw"})
    check_live_views(match_id, user, other_user)


@pytest.mark.usefixtures("transactional_db", "sample_catalogue")
def test_live_elements_of_chaos_views_never_hold_another_seats_hand(user, other_user):
    check_live_views(eoc_match(user, other_user), user, other_user)


def check_replay_and_log(match_id: str, user, other_user, hidden_in_log: dict[int, dict]):
    """For alice, bob and a spectator: each replay frame is the engine's view of that moment for
    them and the same with the other seats' live hands swapped; the log shows the entries of
    ``hidden_in_log`` ({version: the action as the other seat and spectators see it}) hidden
    from all but the acting seat."""
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished"
    game = GAMES[match.game]
    log = list(MatchAction.objects.filter(match_id=match_id).order_by("version"))
    states = [game.setup(match.players, match.seed, match.options)]
    for entry in log:
        states.append(game.apply(states[-1], entry.seat, entry.action))
    viewers = ((0, token_client(user), page_client(user)), (1, token_client(other_user), page_client(other_user)),
               (None, APIClient(), page_client(None)))
    for seat, client, browser in viewers:
        replay = client.get(f"/api/matches/{match_id}/replay/").json()
        # The page holds the moves only; its frames come from the frames door, as the API's.
        outline = page_json(browser, f"/play/m/{match_id}/replay/", "replay-data")
        assert (outline["match"], outline["total"]) == (replay["match"], len(replay["frames"]))
        assert [m["action"] for m in outline["moves"]] == [f["action"] for f in replay["frames"][1:]]
        fetched = client.get(f"/api/matches/{match_id}/replay/frames/", {"start": 0, "count": 50}).json()
        assert fetched["frames"] == replay["frames"][:50]
        assert replay["match"]["seat"] == seat and "decks" not in replay["match"]["options"]
        assert [f["version"] for f in replay["frames"]] == list(range(len(log) + 1))
        for frame, state in zip(replay["frames"], states):
            assert frame["state"] == game.view(state, seat) == game.view(other_hands_swapped(game, state, seat), seat)
        shown = client.get(f"/api/matches/{match_id}/log/").json()
        for entry, seen in zip(log, shown):
            hidden = entry.version in hidden_in_log and seat != entry.seat
            assert seen["action"] == (hidden_in_log[entry.version] if hidden else entry.action), entry.version
        assert [f["action"] for f in replay["frames"][1:]] == [e["action"] for e in shown]


def test_the_replay_and_log_of_a_finished_lama_match_never_hold_another_seats_hand(db, user, other_user):
    match_id = lama_duel(user, other_user, {"end_at": 1})  # over at the end of its first round
    moves = [(0, {"type": "draw"}), (1, {"type": "draw"}), (0, {"type": "quit"}), (1, {"type": "quit"})]
    for version, (seat, action) in enumerate(moves):
        act(person([user, other_user][seat]), match_id, version, action)
    check_replay_and_log(match_id, user, other_user, {})


@pytest.mark.usefixtures("sample_catalogue")
def test_the_replay_and_log_of_a_finished_eoc_match_never_hold_another_seats_hand(user, other_user):
    match_id = eoc_match(user, other_user)
    state = stored_state(match_id)
    # In sandbox play a down pile of 4 loses at once: alice lays 4 of her hand cards down.
    for i, code in enumerate(state.hands[0][:4]):
        move = {"type": "sandbox_move", "from": {"zone": "hand", "seat": 0, "card": code},
                "to": {"zone": "down", "seat": 0}}
        act(person(user), match_id, 4 + i, move)
    assert Match.objects.get(pk=match_id).outcome["winners"] == [1]
    hidden = {1: {"type": "mulligan"}, 2: {"type": "mulligan"}, 3: {"type": "arrange"}, 4: {"type": "arrange"}}
    check_replay_and_log(match_id, user, other_user, hidden)


# -- 3b. a card laid face down by a sandbox move, channel by channel ------------------------------
def face_down_move(match_id: str) -> dict:
    """Alice's sandbox move of a card of her hand (one that bob's deck does not hold, so that
    its code shows nowhere to him) onto the first square without an area card, where it lies
    face down, hers (elements-of-chaos.md, "Sandbox play")."""
    state = stored_state(match_id)
    bobs = {card["code"] for card in sample_deck("SMP-GREEN")}
    code = next(c for c in state.hands[0] if c not in bobs)
    square = next([r, c] for r in range(state.rows) for c in range(4) if state.area[r * 4 + c] is None)
    return {"type": "sandbox_move", "from": {"zone": "hand", "seat": 0, "card": code},
            "to": {"zone": "area", "square": square}}


def unnamed(move: dict) -> dict:
    """The face-down move as bob and the spectators are shown it."""
    return {**move, "from": {"zone": "hand", "seat": 0}}


def face_down_after(view: dict, move: dict) -> dict:
    row, col = move["to"]["square"]
    return view["state"]["area"][row][col]


def hidden_from(payload, move: dict) -> bool:
    """Whether the card of ``move`` is named nowhere in ``payload`` (any JSON)."""
    return move["from"]["card"] not in json.dumps(payload)


@pytest.mark.usefixtures("sample_catalogue")
def test_a_card_laid_face_down_is_named_to_its_owner_alone_in_the_log(user, other_user):
    match_id = eoc_match(user, other_user)
    move = face_down_move(match_id)
    act(person(user), match_id, 4, move)
    alice, bob, spectator = token_client(user), token_client(other_user), APIClient()
    assert alice.get(f"/api/matches/{match_id}/log/").json()[-1]["action"] == move
    table = f"/play/m/{match_id}/"
    assert page_json(page_client(user), table, "match-log")[-1]["action"] == move
    for client, browser in ((bob, page_client(other_user)), (spectator, page_client(None))):
        log = client.get(f"/api/matches/{match_id}/log/").json()
        assert (log[-1]["version"], log[-1]["seat"], log[-1]["action"]) == (5, 0, unnamed(move))
        page_log = page_json(browser, table, "match-log")
        assert page_log[-1]["action"] == unnamed(move)
        assert hidden_from(log, move) and hidden_from(page_log, move)


@pytest.mark.usefixtures("sample_catalogue")
def test_a_card_laid_face_down_is_named_to_its_owner_alone_in_the_last_action(user, other_user):
    match_id = eoc_match(user, other_user)
    move = face_down_move(match_id)
    answer = token_client(user).post(f"/api/matches/{match_id}/actions/", {"version": 4, "action": move},
                                     format="json").json()
    assert answer["last_action"] == {"version": 5, "seat": 0, "action": move, "by": "player"}
    assert face_down_after(answer, move) == {"owner": 0, "face_up": False, "card": move["from"]["card"]}
    table = f"/play/m/{match_id}/"
    for client, browser in ((token_client(other_user), page_client(other_user)), (APIClient(), page_client(None))):
        view = client.get(f"/api/matches/{match_id}/").json()
        assert view["last_action"] == {"version": 5, "seat": 0, "action": unnamed(move), "by": "player"}
        assert face_down_after(view, move) == {"owner": 0, "face_up": False, "card": None}
        assert page_json(browser, table, "match-view") == view
        assert hidden_from(view, move)


async def frames_of_a_move(match_id: str, cookies: list[bytes | None], make_move) -> list[dict]:
    """The view frame each socket (one per cookie) is sent after ``make_move()`` runs."""
    sockets = [await connect(match_id, cookie) for cookie in cookies]
    for socket in sockets:
        assert (await socket.receive_json_from(timeout=TIMEOUT))["type"] == "view"
    await database_sync_to_async(make_move)()
    frames = [await socket.receive_json_from(timeout=TIMEOUT) for socket in sockets]
    for socket in sockets:
        await socket.disconnect()
    return frames


@pytest.mark.usefixtures("transactional_db", "sample_catalogue")
def test_a_card_laid_face_down_is_named_to_its_owner_alone_in_the_websocket_frames(user, other_user):
    match_id = eoc_match(user, other_user)
    move = face_down_move(match_id)
    mine, theirs, watching = async_to_sync(frames_of_a_move)(
        match_id, [logged_in(user), logged_in(other_user), None],
        lambda: act(person(user), match_id, 4, move))
    assert [f["type"] for f in (mine, theirs, watching)] == ["view"] * 3
    assert mine["view"]["last_action"]["action"] == move
    for frame, seat in ((theirs, 1), (watching, None)):
        view = frame["view"]
        assert (view["seat"], view["version"], view["last_action"]) == (
            seat, 5, {"version": 5, "seat": 0, "action": unnamed(move), "by": "player"})
        assert face_down_after(view, move) == {"owner": 0, "face_up": False, "card": None}
        assert hidden_from(frame, move)
    # a socket that connects afterwards is sent the same
    assert async_to_sync(first_view)(match_id, logged_in(other_user)) == theirs["view"]


@pytest.mark.usefixtures("sample_catalogue")
def test_a_card_laid_face_down_is_named_to_its_owner_alone_in_the_replay(user, other_user):
    match_id = eoc_match(user, other_user)
    move = face_down_move(match_id)
    act(person(user), match_id, 4, move)
    # In sandbox play a down pile of 4 loses at once: alice lays 4 other hand cards down.
    state = stored_state(match_id)
    others = [c for c in state.hands[0] if c != move["from"]["card"]][:4]
    for version, code in enumerate(others, start=5):
        act(person(user), match_id, version, {"type": "sandbox_move", "to": {"zone": "down", "seat": 0},
                                              "from": {"zone": "hand", "seat": 0, "card": code}})
    assert Match.objects.get(pk=match_id).status == "finished"
    replay = f"/play/m/{match_id}/replay/"
    alice = token_client(user).get(f"/api/matches/{match_id}/replay/").json()
    assert alice["frames"][5]["action"] == move
    for client, browser in ((token_client(other_user), page_client(other_user)), (APIClient(), page_client(None))):
        frames = client.get(f"/api/matches/{match_id}/replay/").json()["frames"]
        assert [m["action"] for m in page_json(browser, replay, "replay-data")["moves"]] == [
            f["action"] for f in frames[1:]]
        assert client.get(f"/api/matches/{match_id}/replay/frames/", {"start": 0, "count": 50}).json()["frames"] == frames
        assert (frames[5]["version"], frames[5]["seat"], frames[5]["action"]) == (5, 0, unnamed(move))
        assert all(face_down_after(frame, move) == {"owner": 0, "face_up": False, "card": None}
                   for frame in frames[5:])
        assert hidden_from(frames, move)
