"""Chosen targets and decisions of Elements of Chaos (docs/eoc-effects.md) through every door of
the site: the REST API, the websocket, the log, the replay, the turn clock and a resignation.
A match between two people is dealt again from stacked decks (``tests.play.matches.stack``) and
played through the API to a pending ``order`` decision; what each seat and a spectator are then
shown, what is refused and who answers are checked with exact values."""
from __future__ import annotations

import json

import pytest

from play.models import Match, MatchAction
from tests.conftest import EN, JA
from tests.play.matches import HUMAN, stack
from tests.play.test_eoc_choices import OMNI
from tests.play.test_eoc_rules import ALL, card, deck, options
from tests.play.test_match_api import error_of

pytestmark = pytest.mark.usefixtures("sample_catalogue")

#: An event that orders the 3 top cards of its user's deck, then hits an adjacent enemy.
SORT = card("212", "event", name="Sort", effect=[{"op": "order", "count": 3, "deck": "own", "to": "bottom"},
                                                 {"op": "damage", "amount": 1, "target": "adjacent_enemy"}])
#: The top of seat 0's deck once set-up is over: cards no one else is shown.
TOP = [card(f"30{i}", name=f"secret {i}") for i in range(3)]
TOP_CODES = ["X-300", "X-301", "X-302"]
BASE = [0, 3]


def post(client, match_id, version, action):
    return client.post(f"/api/matches/{match_id}/actions/", {"version": version, "action": action}, format="json")


def play(client, match_id, action) -> dict:
    version = client.get(f"/api/matches/{match_id}/").json()["version"]
    response = post(client, match_id, version, action)
    assert response.status_code == 200, response.json()
    return response.json()


def to_part(alice_api, bob_api, hand) -> str:
    """A match of alice (seat 0) and bob (seat 1) dealt again with ``hand`` (and Omni, and the
    action table All) in alice's hand and ``TOP`` on top of her deck, played to her part of
    STEP 1 of turn 1 (move chosen) with Omni on her base d1. Returns its id (at version 10)."""
    match_id = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HUMAN], "deck": "SMP-RED"},
                              format="json").json()["id"]
    assert bob_api.post(f"/api/matches/{match_id}/join/", {"deck": "SMP-GREEN"}, format="json").status_code == 200
    stack(match_id, options(deck([OMNI, *hand, ALL], then=TOP), deck()))
    for client in (alice_api, bob_api):
        play(client, match_id, {"type": "mulligan", "take": False})
    for client in (alice_api, bob_api):
        drawn = client.get(f"/api/matches/{match_id}/").json()["state"]["to_arrange"]
        play(client, match_id, {"type": "arrange", "order": drawn})
    play(alice_api, match_id, {"type": "place_character", "card": "X-201"})
    for client in (bob_api, alice_api, bob_api):
        play(client, match_id, {"type": "skip"})
    play(alice_api, match_id, {"type": "action_table", "card": "X-040"})
    assert play(alice_api, match_id, {"type": "choose", "action": "move"})["version"] == 10
    return match_id


@pytest.fixture
def asked(alice_api, bob_api):
    """A match where alice has used Sort from her base d1: the order of her deck's 3 top cards
    is asked of her (``to_part``). Returns its id (at version 11)."""
    match_id = to_part(alice_api, bob_api, [SORT])
    play(alice_api, match_id, {"type": "event", "card": "X-212", "by": BASE, "targets": [None]})
    return match_id


def secret_free(payload) -> bool:
    """Whether none of the cards of the decision is named anywhere in ``payload``."""
    text = json.dumps(payload)
    return not any(code in text for code in TOP_CODES)


def unchanged(match_id: str, version: int = 11) -> bool:
    match = Match.objects.get(pk=match_id)
    return match.version == version and MatchAction.objects.filter(match_id=match_id).count() == version


ANSWER = {"type": "order", "cards": ["X-302", "X-300", "X-301"]}
#: The heuristic bot's answer: the last of the legal answers.
BOTS_ANSWER = ["X-302", "X-301", "X-300"]


# -- refusals while the decision is pending -----------------------------------------------------------
#: What the other seat may try while the decision is pending: each is ``not_your_turn``.
OTHER_SEAT = [
    ANSWER,
    {"type": "done"},
    {"type": "event", "card": "X-900", "by": [3, 0], "targets": [[0, 3]]},
    {"type": "order"},
    {"type": "order", "cards": None},
]
#: What the deciding seat may try instead of an answer, and the code of its refusal.
DECIDING_SEAT = [
    ({"type": "done"}, "illegal_action"),
    ({"type": "move", "from": BASE, "to": [1, 3]}, "illegal_action"),
    ({"type": "event", "card": "X-212", "by": BASE, "targets": [None]}, "illegal_action"),
    ({"type": "special", "by": BASE}, "illegal_action"),
    ({"type": "order", "cards": ["X-300", "X-300", "X-301"]}, "illegal_action"),   # a duplicate
    ({"type": "order", "cards": ["X-300", "X-301"]}, "illegal_action"),            # one short
    ({"type": "order", "cards": ["X-300", "X-301", "X-302", "X-300"]}, "illegal_action"),
    ({"type": "order", "cards": ["X-212", "X-300", "X-301"]}, "illegal_action"),   # a card not looked at
    ({"type": "order", "cards": ["X-300"] * 5000}, "illegal_action"),
    ({"type": "order", "cards": []}, "illegal_action"),
    ({"type": "order", "cards": "X-300,X-301,X-302"}, "malformed_action"),
    ({"type": "order", "cards": [["X-300", "X-301", "X-302"]]}, "malformed_action"),
    ({"type": "order", "cards": ["X-300", None, "X-302"]}, "malformed_action"),
    ({"type": "order", "cards": {"0": "X-300"}}, "malformed_action"),
    ({"type": "order", "cards": None}, "malformed_action"),
    ({"type": "order", "cards": ["X-300", "X-301", "X-302"], "targets": []}, "malformed_action"),
    ({"type": "order", "cards": [300, 301, 302]}, "malformed_action"),
    ({"type": "sandbox_hp", "square": BASE, "hp": 1}, "illegal_action"),
]
#: ``targets`` of every wrong shape: each a refusal (400), never a server error.
BAD_TARGETS = ["X-300", {"0": [0, 1]}, [[[0, 1]]], [[0, -1]], [[-1, -1]], [[0, 1, 2]], [[0.5, 1]], [[True, 1]],
               [["0", "1"]], [None] * 10000, [[2 ** 70, 0]], [{"row": 0}], None, []]


def test_while_a_decision_is_pending_only_its_answer_is_taken_and_a_refusal_changes_nothing(asked, alice_api,
                                                                                             bob_api):
    for action in OTHER_SEAT:
        assert error_of(post(bob_api, asked, 11, action), 400) == "not_your_turn", action
    for action, code in DECIDING_SEAT:
        assert error_of(post(alice_api, asked, 11, action), 400) == code, action
    for targets in BAD_TARGETS:
        response = post(alice_api, asked, 11, {"type": "event", "card": "X-212", "by": BASE, "targets": targets})
        assert response.status_code == 400, (targets, response.content)
    assert unchanged(asked)
    view = alice_api.get(f"/api/matches/{asked}/").json()
    assert view["state"]["decision"]["cards"] == TOP_CODES and len(view["legal_actions"]) == 6


# -- what the other seat and the spectators are shown ------------------------------------------------------
def test_the_cards_of_a_decision_are_shown_to_the_deciding_seat_only(asked, alice_api, bob_api, api, client,
                                                                     other_user):
    mine = alice_api.get(f"/api/matches/{asked}/").json()
    decision = {"seat": 0, "kind": "order", "count": 3, "deck": 0, "to": "bottom", "cards": TOP_CODES}
    assert (mine["to_act"], mine["state"]["decision"]) == ([0], decision)
    assert mine["legal_actions"][0] == {"type": "order", "cards": TOP_CODES}
    for viewer in (bob_api, api):
        view = viewer.get(f"/api/matches/{asked}/").json()
        assert (view["to_act"], view["legal_actions"]) == ([0], [])
        assert view["state"]["decision"] == {**decision, "cards": None}
        assert secret_free(view) and secret_free(viewer.get(f"/api/matches/{asked}/log/").json())
        assert secret_free(viewer.get("/api/matches/?mine=1").json())

    answered = post(alice_api, asked, 11, ANSWER)
    assert answered.status_code == 200
    assert answered.json()["state"]["seen"] == ANSWER["cards"]
    assert answered.json()["last_action"]["action"] == ANSWER
    assert alice_api.get(f"/api/matches/{asked}/log/").json()[-1]["action"] == ANSWER
    for viewer in (bob_api, api):
        view = viewer.get(f"/api/matches/{asked}/").json()
        assert view["last_action"] == {"version": 12, "seat": 0, "action": {"type": "order"}, "by": "player"}
        assert view["state"]["decision"] is None and secret_free(view)
        assert viewer.get(f"/api/matches/{asked}/log/").json()[-1]["action"] == {"type": "order"}

    from tests.play.test_pages import json_block
    client.force_login(other_user)
    page = client.get(f"/play/m/{asked}/").content.decode()
    assert secret_free(json_block(page, "match-view")) and secret_free(json_block(page, "match-log"))


def test_a_finished_matchs_replay_shows_the_decision_to_its_seat_only(asked, alice_api, bob_api, api):
    assert post(alice_api, asked, 11, ANSWER).status_code == 200
    Match.objects.filter(pk=asked).update(status=Match.Status.FINISHED)
    frames = alice_api.get(f"/api/matches/{asked}/replay/").json()["frames"]
    assert frames[11]["state"]["decision"]["cards"] == TOP_CODES and frames[12]["action"] == ANSWER
    for viewer in (bob_api, api):
        replay = viewer.get(f"/api/matches/{asked}/replay/").json()
        assert len(replay["frames"]) == 13 and secret_free(replay)
        assert replay["frames"][11]["state"]["decision"]["cards"] is None
        assert replay["frames"][12]["action"] == {"type": "order"}
        assert secret_free(viewer.get(f"/api/matches/{asked}/replay/frames/?start=10&count=3").json())


#: An event that lays a card of its user's hand face down next to the user, and the card.
PLANT = card("216", "event", name="Plant", effect={"op": "set_from_hand"})
BULB = card("260", "item", name="Hidden bulb")


def test_a_hand_card_set_by_an_effect_is_named_to_its_seat_only(alice_api, bob_api, api):
    match_id = to_part(alice_api, bob_api, [PLANT, BULB])
    legal = alice_api.get(f"/api/matches/{match_id}/").json()["legal_actions"]
    used = {"type": "event", "card": "X-216", "by": BASE, "targets": [[1, 3], "X-260"]}
    assert used in legal
    mine = play(alice_api, match_id, used)
    assert mine["state"]["area"][1][3] == {"owner": 0, "face_up": False, "card": "X-260"}
    assert mine["last_action"]["action"] == used
    hidden = {**used, "targets": [[1, 3], None]}
    for viewer in (bob_api, api):
        view = viewer.get(f"/api/matches/{match_id}/").json()
        assert view["state"]["area"][1][3] == {"owner": 0, "face_up": False, "card": None}
        assert view["last_action"]["action"] == hidden
        assert viewer.get(f"/api/matches/{match_id}/log/").json()[-1]["action"] == hidden
        assert "X-260" not in json.dumps(view)
    Match.objects.filter(pk=match_id).update(status=Match.Status.FINISHED)
    assert alice_api.get(f"/api/matches/{match_id}/replay/").json()["frames"][11]["action"] == used
    for viewer in (bob_api, api):
        replay = viewer.get(f"/api/matches/{match_id}/replay/").json()
        assert replay["frames"][11]["action"] == hidden and "X-260" not in json.dumps(replay)


SPY = card("214", "event", name="Spy", effect={"op": "peek_hand", "count": 2})


def test_what_a_look_at_the_opponents_hand_showed_is_in_the_users_view_only(alice_api, bob_api, api):
    match_id = to_part(alice_api, bob_api, [SPY])
    used = {"type": "event", "card": "X-214", "by": BASE}
    peeks = play(alice_api, match_id, used)["state"]["peeks"]
    bobs = bob_api.get(f"/api/matches/{match_id}/").json()
    assert [p["from"] for p in peeks] == ["hand", "hand"] and {p["card"] for p in peeks} <= set(bobs["state"]["hand"])
    assert (bobs["state"]["peeks"], bobs["last_action"]["action"]) == ([], used)
    watching = api.get(f"/api/matches/{match_id}/").json()
    assert (watching["state"]["peeks"], watching["state"]["hand"], watching["last_action"]["action"]) == (
        None, None, used)


# -- who answers when the person does not ---------------------------------------------------------------
def test_when_the_deciders_turn_clock_runs_out_the_bot_answers_and_the_effect_goes_on(asked, bob_api):
    from datetime import timedelta

    from django.utils import timezone

    from play.services.clocks import expire_clock

    Match.objects.filter(pk=asked).update(seconds_per_turn=30, turn_deadline=timezone.now() - timedelta(seconds=1))
    assert expire_clock(asked, 11) is True
    logged = MatchAction.objects.get(match_id=asked, version=12)
    assert (logged.seat, logged.by, logged.action) == (0, "clock", {"type": "order", "cards": BOTS_ANSWER})
    view = bob_api.get(f"/api/matches/{asked}/").json()
    assert (view["to_act"], view["state"]["decision"]) == ([0], None)
    assert view["last_action"]["action"] == {"type": "order"}


def test_a_person_who_resigns_while_deciding_has_the_bot_answer(asked, alice_api):
    from play.services.bot_turns import play_bot_turn

    resigned = alice_api.post(f"/api/matches/{asked}/resign/").json()
    assert (resigned["to_act"], resigned["legal_actions"]) == ([0], [])
    assert play_bot_turn(asked, 11) is True
    logged = MatchAction.objects.get(match_id=asked, version=12)
    assert (logged.seat, logged.by, logged.action) == (0, "bot", {"type": "order", "cards": BOTS_ANSWER})


# -- the websocket --------------------------------------------------------------------------------------
@pytest.mark.usefixtures("transactional_db")
def test_over_the_socket_the_decision_is_answered_and_only_its_seat_sees_its_cards(asked, user, other_user,
                                                                                   settings):
    from asgiref.sync import async_to_sync

    from tests.play.test_match_ws import logged_in

    settings.PLAY_WS_POLL = 0
    async_to_sync(_answer_over_sockets)(asked, logged_in(user), logged_in(other_user))


async def _answer_over_sockets(match_id, alice_cookie, bob_cookie):
    from tests.play.test_match_ws import connect, receive, view_of

    alice, bob, spectator = await connect(match_id, alice_cookie), await connect(match_id, bob_cookie), \
        await connect(match_id)
    assert (await view_of(alice))["state"]["decision"]["cards"] == TOP_CODES
    for sock in (bob, spectator):
        assert secret_free(await view_of(sock))
    await bob.send_json_to({"type": "act", "version": 11, "action": ANSWER})
    refused = await receive(bob)
    assert (refused["error"]["code"], secret_free(refused)) == ("not_your_turn", True)
    await alice.send_json_to({"type": "act", "version": 11, "action": {"type": "order", "cards": TOP_CODES[:2]}})
    assert (await receive(alice))["error"]["code"] == "illegal_action"
    await alice.send_json_to({"type": "act", "version": 11, "action": ANSWER})
    mine = await view_of(alice)
    assert (mine["version"], mine["state"]["decision"], mine["state"]["seen"]) == (12, None, ANSWER["cards"])
    for sock in (bob, spectator):
        frame = await receive(sock)
        assert frame["view"]["last_action"]["action"] == {"type": "order"} and secret_free(frame)
    for sock in (alice, bob, spectator):
        await sock.disconnect()


# -- effects whose legal actions could not be listed ----------------------------------------------------
#: An order of 20 cards would list 20! answers, and an effect of 20 chosen enemies 3^20
#: combinations: every view of the seat, the bot and the clock would list them.
HUGE_ORDER = card("250", "event", name="Huge order", effect={"op": "order", "count": 20, "deck": "own", "to": "top"})
MANY_CHOICES = card("251", "event", name="Many choices",
                    effect=[{"op": "damage", "amount": 1, "target": "enemy"}] * 20)


@pytest.mark.parametrize("event, message", [
    (HUGE_ORDER, "decks[0][1]: X-250: effect[0]: bad count 20: an order puts at most 5 cards in order"),
    (MANY_CHOICES, "decks[0][1]: X-251: effect: at most 2 choices in an effect, not 20"),
])
def test_an_effect_whose_answers_could_not_be_listed_is_refused_when_the_match_is_made(alice_api, event, message):
    body = {"game": "eoc", "seats": [HUMAN, {"kind": "bot", "bot": "heuristic"}],
            "options": options(deck([OMNI, event, ALL]), deck())}
    response = alice_api.post("/api/matches/", body, format="json")
    assert error_of(response, 400) == "bad_options"
    assert message in response.json()["error"]["message"]
    assert not Match.objects.exists()


# -- the card texts: only those of cards shown ------------------------------------------------------
def texts_api(client, match_id, codes=None):
    query = "" if codes is None else "?codes=" + ",".join(codes)
    response = client.get(f"/api/matches/{match_id}/card-texts/{query}", **EN)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_table_and_the_api_give_the_texts_of_the_cards_a_viewer_is_shown_and_no_other(
        alice_api, bob_api, client, user, other_user):
    """Each card's text goes only to whom the card is shown ("Hidden information"): the page
    embedded the text of every card of both decks once, which handed every viewer the other
    player's deck list. The page embeds those of its first view; the API answers only codes the
    caller's view names, in code order."""
    from tests.play.test_pages import json_block

    match_id = to_part(alice_api, bob_api, [SORT])
    shown = {seat: set(api.get(f"/api/matches/{match_id}/").json()["state"]["cards"])
             for seat, api in ((0, alice_api), (1, bob_api))}
    spectator_shown = set(client.get(f"/api/matches/{match_id}/").json()["state"]["cards"])
    # Sort is in alice's hand: shown to her, not to bob or a spectator
    assert "X-212" in shown[0] and "X-212" not in shown[1] | spectator_shown
    for viewer, api, codes in ((user, alice_api, shown[0]), (other_user, bob_api, shown[1]), (None, client, spectator_shown)):
        page = client if viewer is None else type(client)()
        if viewer is not None:
            page.force_login(viewer)
        embedded = json_block(page.get(f"/play/m/{match_id}/", **EN).content.decode(), "card-texts")
        assert set(embedded) == codes and list(embedded) == sorted(embedded)
        assert texts_api(api, match_id) == embedded
        # asking for the hidden cards by name gives nothing of them
        assert texts_api(api, match_id, ["X-212", *TOP_CODES]) == (
            {"X-212": embedded["X-212"]} if "X-212" in codes else {})
    assert texts_api(alice_api, match_id, ["X-212"]) == {
        "X-212": ("Look at the top 3 cards of your deck and put them on the bottom in any order. "
                  "1 damage to one adjacent enemy character.")}
    assert texts_api(alice_api, match_id, ["X-212"])["X-212"] != alice_api.get(
        f"/api/matches/{match_id}/card-texts/?codes=X-212", **JA).json()["X-212"]
    assert texts_api(alice_api, match_id, ["nothing", ""]) == {}


def test_a_replay_brings_the_texts_of_the_cards_its_frames_show(alice_api, bob_api, client):
    """A replay chunk carries the text of each card its frames show as that viewer saw them, and
    no other (the replay page embeds none)."""
    match_id = to_part(alice_api, bob_api, [SORT])
    Match.objects.filter(pk=match_id).update(status=Match.Status.FINISHED)
    for api in (alice_api, bob_api, client):
        body = api.get(f"/api/matches/{match_id}/replay/frames/?start=0&count=11").json()
        named = set().union(*(frame["state"]["cards"] for frame in body["frames"]))
        assert set(body["texts"]) == named and not set(TOP_CODES) & named
        assert ("X-212" in named) is (api is alice_api)
        assert api.get(f"/api/matches/{match_id}/replay/").json()["texts"] == body["texts"]
    assert 'id="card-texts"' not in client.get(f"/play/m/{match_id}/replay/").content.decode()
