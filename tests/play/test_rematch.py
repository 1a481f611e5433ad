"""A rematch with the same seats (``play.services.rematch`` and ``POST
/api/matches/<id>/rematch/``): the seats, options and clock copied, people's seats kept for
them, stacked deals dropped where another person sits, one rematch per match, and the refusals."""
import pytest
from django.utils import translation
from rest_framework.test import APIClient

from play.errors import MatchError
from play.models import Match
from play.services.create import create_match
from play.services.join import join_match
from play.services.rematch import propose_rematch
from tests.play.matches import HEURISTIC, HUMAN, RANDOM, SHORT, guest, person, stack

pytestmark = pytest.mark.usefixtures("db")

BOB = guest("bob-session", "Bob")
CAROL = guest("carol-session", "Carol")


@pytest.fixture
def english():
    with translation.override("en"):
        yield


def over(match: Match, status=Match.Status.FINISHED) -> Match:
    Match.objects.filter(pk=match.pk).update(status=status)
    match.refresh_from_db()
    return match


def seats(match: Match) -> list[tuple]:
    return [(s.index, s.user_id, s.session_key, s.name, s.bot, s.reserved_user_id, s.reserved_session)
            for s in match.seats.all()]


def three_seats(user) -> Match:
    """alice (a user) in seat 0, a heuristic bot in seat 1, the guest Bob in seat 2; finished."""
    match = create_match(person(user), "lama", [HUMAN, HEURISTIC, HUMAN], {"end_at": 3}, 60)
    join_match(BOB, match.id)
    return over(match)


def test_a_rematch_keeps_the_seats_options_and_clock_and_seats_the_proposer(user):
    old = three_seats(user)
    new, made = propose_rematch(BOB, old.id)
    assert made is True
    new.refresh_from_db()
    old.refresh_from_db()
    assert old.rematch_id == new.id
    assert (new.game, new.players, new.options, new.seconds_per_turn, new.status) == (
        "lama", 3, {"end_at": 3}, 60, "open")
    assert new.seed != old.seed and new.state is not None
    assert (new.created_by_id, new.created_session) == (None, "bob-session")
    assert seats(new) == [
        (0, None, "", "", "", user.pk, ""),
        (1, None, "", "", "heuristic", None, ""),
        (2, None, "bob-session", "Bob", "", None, "bob-session"),
    ]

    # A second proposal, by anyone of the match, answers the same rematch and changes nothing.
    assert propose_rematch(person(user), old.id) == (new, False)
    assert propose_rematch(BOB, old.id) == (new, False)
    assert Match.objects.count() == 2

    # Seat 0 is kept for alice: Carol may not take it; alice takes it and the rematch starts.
    with pytest.raises(MatchError) as refused:
        join_match(CAROL, new.id)
    assert (refused.value.code, refused.value.status) == ("seat_reserved", 409)
    assert str(refused.value.message) == "この再戦の空席は、前の対戦の参加者のために確保されています。"  # the site's default
    with pytest.raises(MatchError) as refused:
        join_match(CAROL, new.id, seat=0)
    assert (refused.value.code, refused.value.details) == ("seat_reserved", {"seat": 0})
    joined = join_match(person(user), new.id)
    assert joined.status == "running"
    assert seats(joined)[0] == (0, user.pk, "", "alice", "", user.pk, "")


def test_the_finished_views_show_the_rematch_to_each_seat(user, alice_api):
    old = three_seats(user)
    new, _ = propose_rematch(BOB, old.id)
    assert alice_api.get(f"/api/matches/{old.id}/").json()["rematch"] == {
        "id": new.id, "status": "open", "seat": 0, "taken": False}
    assert APIClient().get(f"/api/matches/{old.id}/").json()["rematch"] == {
        "id": new.id, "status": "open", "seat": None, "taken": False}
    join_match(person(user), new.id)
    assert alice_api.get(f"/api/matches/{old.id}/").json()["rematch"] == {
        "id": new.id, "status": "running", "seat": 0, "taken": True}
    assert alice_api.get(f"/api/matches/{new.id}/").json()["rematch"] is None


def test_a_stacked_deal_is_copied_only_when_every_other_seat_is_a_bot(user):
    between_people = create_match(person(user), "lama", [HUMAN, HUMAN], {"end_at": 1}, None)
    join_match(BOB, between_people.id)
    over(stack(between_people.id, SHORT))
    new, _ = propose_rematch(BOB, between_people.id)
    assert (new.options, new.status) == ({"end_at": 1}, "open")

    against_a_bot = over(create_match(person(user), "lama", [HUMAN, RANDOM], SHORT, None))
    new, _ = propose_rematch(person(user), against_a_bot.id)
    new.refresh_from_db()
    assert (new.options, new.status) == (SHORT, "running")  # the only person is seated: it starts
    assert seats(new) == [(0, user.pk, "", "alice", "", user.pk, ""), (1, None, "", "", "random", None, "")]


@pytest.mark.parametrize(("status", "code", "http", "message"), [
    ("open", "not_finished", 409, "A rematch can be proposed once the match is over."),
    ("running", "not_finished", 409, "A rematch can be proposed once the match is over."),
    ("abandoned", "abandoned", 409, "The match was abandoned: nobody joined it in time, every person at it was "
                                    "away too long, or its maker stopped it. It is over."),
])
@pytest.mark.usefixtures("english")
def test_a_rematch_needs_a_finished_match(user, status, code, http, message):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, None)
    Match.objects.filter(pk=match.pk).update(status=status)
    with pytest.raises(MatchError) as refused:
        propose_rematch(person(user), match.id)
    assert (refused.value.code, refused.value.status, str(refused.value.message)) == (code, http, message)
    assert Match.objects.count() == 1


def test_only_a_person_of_the_match_proposes_a_rematch(user, other_user):
    match = three_seats(user)
    for player, code in ((CAROL, "not_seated"), (person(other_user), "not_seated"), (None, "name_required")):
        with pytest.raises(MatchError) as refused:
            propose_rematch(player, match.id)
        assert refused.value.code == code
    with pytest.raises(MatchError) as refused:
        propose_rematch(BOB, "nosuchmatch")
    assert refused.value.code == "match_not_found"
    match.refresh_from_db()
    assert (match.rematch_id, Match.objects.count()) == (None, 1)


def finish_by_quitting(clients: list[APIClient], match_id: str) -> None:
    """Each seat whose turn it is quits (SHORT: end_at 1) until the match is over."""
    view = clients[0].get(f"/api/matches/{match_id}/").json()
    while view["status"] == "running":
        client = clients[view["to_act"][0]]
        view = client.post(f"/api/matches/{match_id}/actions/",
                           {"version": view["version"], "action": {"type": "quit"}}, format="json").json()
    assert view["status"] == "finished"


def test_two_guests_rematch_over_the_api(alice_api):
    ann, bob = APIClient(), APIClient()
    made = ann.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "options": {"end_at": 1},
                                      "name": "Ann"}, format="json").json()
    assert bob.post(f"/api/matches/{made['id']}/join/", {"name": "Bob"}, format="json").status_code == 200
    finish_by_quitting([ann, bob], made["id"])

    response = bob.post(f"/api/matches/{made['id']}/rematch/")
    assert response.status_code == 201
    view = response.json()
    assert (view["game"], view["status"], view["seat"], view["options"]) == ("lama", "open", 1, {"end_at": 1})
    assert [(s["index"], s["name"], s["kind"]) for s in view["seats"]] == [(0, "", "human"), (1, "Bob", "human")]
    again = ann.post(f"/api/matches/{made['id']}/rematch/")
    assert (again.status_code, again.json()["id"], again.json()["seat"]) == (200, view["id"], None)
    assert ann.get(f"/api/matches/{made['id']}/").json()["rematch"] == {
        "id": view["id"], "status": "open", "seat": 0, "taken": False}

    stranger = APIClient()
    refused = stranger.post(f"/api/matches/{view['id']}/join/", {"name": "Cy"}, format="json")
    assert (refused.status_code, refused.json()["error"]) == (409, {
        "code": "seat_reserved", "details": {},
        "message": "The free seats of this rematch are kept for the people of the match before."})
    refused = stranger.post(f"/api/matches/{made['id']}/rematch/")
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "name_required")  # no name kept
    refused = alice_api.post(f"/api/matches/{made['id']}/rematch/")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "not_seated")
    refused = ann.post(f"/api/matches/{view['id']}/rematch/")
    assert (refused.status_code, refused.json()["error"]) == (409, {
        "code": "not_finished", "details": {"status": "open"},
        "message": "A rematch can be proposed once the match is over."})

    accepted = ann.post(f"/api/matches/{view['id']}/join/", {}, format="json")
    assert (accepted.status_code, accepted.json()["status"], accepted.json()["seat"]) == (200, "running", 0)


def test_an_open_rematch_stays_out_of_the_lobby_until_it_starts(user, api):
    old = three_seats(user)
    new, _ = propose_rematch(BOB, old.id)
    assert [m["id"] for m in api.get("/api/matches/").json()["results"]] == []
    join_match(person(user), new.id)
    assert [m["id"] for m in api.get("/api/matches/").json()["results"]] == [new.id]  # running: to watch


def test_the_finished_table_offers_the_rematch_to_its_people(client, user):
    old = three_seats(user)
    client.force_login(user)
    page = client.get(f"/play/m/{old.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="rematch-button"' in page and f'action="/play/m/{old.id}/rematch/"' in page
    response = client.post(f"/play/m/{old.id}/rematch/")
    new = Match.objects.get(pk=old.id).rematch
    assert (response.status_code, response["Location"]) == (302, f"/play/m/{new.id}/")
    assert seats(new)[0] == (0, user.pk, "", "alice", "", user.pk, "")
    assert client.post(f"/play/m/{old.id}/rematch/")["Location"] == f"/play/m/{new.id}/"  # the same one
    page = client.get(f"/play/m/{old.id}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<a class="button" id="rematch-link" href="/play/m/%s/">再戦の卓へ</a>' % new.id in page
    watcher = APIClient().get(f"/play/m/{old.id}/").content.decode()
    assert 'id="rematch"' not in watcher  # a spectator has no rematch to propose or accept


def test_the_rematch_offer_says_what_happens_with_people_or_with_bots_only(client, user):
    """With other people the rematch waits for them to accept it on their table; with bots in every
    other seat it starts at once, and the offer says so (no "others" to accept it)."""
    client.force_login(user)
    with_people = client.get(f"/play/m/{three_seats(user).id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the others accept on their table." in with_people
    assert "starts at once" not in with_people
    alone = over(create_match(person(user), "lama", [HUMAN, HEURISTIC, RANDOM], {"end_at": 3}))
    page = client.get(f"/play/m/{alone.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The same game, options and bots: the new match starts at once." in page
    assert "accept on their table" not in page
    page = client.get(f"/play/m/{alone.id}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "同じゲーム・同じオプション・同じボットで、すぐに新しい対戦が始まります。" in page
    # ... and so it does.
    response = client.post(f"/play/m/{alone.id}/rematch/")
    new = Match.objects.get(pk=alone.id).rematch
    assert (response["Location"], new.status) == (f"/play/m/{new.id}/", "running")


@pytest.mark.usefixtures("sample_catalogue")
def test_a_rematch_of_a_game_played_with_ones_own_deck_keeps_each_seats_deck(user, other_user):
    old = create_match(person(user), "eoc", [HUMAN, HUMAN], {"rows": 4}, seed=7, deck="SMP-RED")
    join_match(person(other_user), old.id, deck="SMP-GREEN")
    old = over(old)
    assert sorted(old.options) == ["decks", "rows"]  # the seats' decks became an option at the start
    new, _ = propose_rematch(person(other_user), old.id)
    new.refresh_from_db()
    assert (new.options, new.status, new.state) == ({"rows": 4}, "open", None)
    assert [s.deck["id"] for s in new.seats.all()] == ["SMP-RED", "SMP-GREEN"]
    joined = join_match(person(user), new.id)  # no deck named: the one brought before
    assert joined.status == "running"
    assert joined.options["decks"] == old.options["decks"] and joined.options["rows"] == 4


def test_the_rematch_table_offers_no_invite_link_to_a_kept_seat(client, user):
    old = three_seats(user)
    client.force_login(user)
    new_url = client.post(f"/play/m/{old.id}/rematch/")["Location"]
    page = client.get(new_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="invite"' not in page  # seat 2 is kept for Bob
    fresh = create_match(person(user), "lama", [HUMAN, HUMAN], {}, None)
    assert 'id="invite"' in client.get(f"/play/m/{fresh.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
