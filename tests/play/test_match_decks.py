"""Decks in matches: in a game played with one's own deck (Elements of Chaos), the creator, each
joiner and each bot seat bring a saved deck (their own, a public one or a sample deck), checked
with the deck validator; an invalid or unknown deck is refused with every problem and nothing is
saved; the game is set up when the last seat is taken (an open match has no state yet); the
decks are secret options. Through the service, the REST API and the pages."""
import pytest
from django.test import Client

from decks.models import Deck
from decks.selectors import check_text
from decks.services import create_deck
from play.errors import MatchError
from play.games import GAMES
from play.games.eoc.decklists import _deck
from play.models import Match, Seat
from play.services.create import create_match
from play.services.join import join_match
from play.services.leave import leave_match
from tests.play.matches import HEURISTIC, HUMAN, STACKED, person

EOC = GAMES["eoc"]
pytestmark = pytest.mark.usefixtures("sample_catalogue")


def codes(cards):
    return [c["code"] for c in cards]


@pytest.fixture
def short_deck(user):
    """alice's private deck that breaks two rules: 4 copies of 火炎部長カグラ (SMP-001) and 50
    cards in all (SMP-RED without its two 応援団長ゴウ, and one more カグラ)."""
    text = "4 SMP-001\n" + "\n".join(
        line for line in open("fixtures/decks/SMP-RED.txt", encoding="utf-8").read().splitlines()
        if line and not line.startswith("#") and "SMP-001" not in line and "SMP-005" not in line
    ) + "\n"
    report = check_text(text)
    assert [p["code"] for p in report.problems] == ["too_many_copies", "deck_size"]
    return create_deck(user, "Too many Kaguras", report)


def test_a_match_against_a_bot_starts_at_once_with_both_decks(user):
    match = create_match(person(user), "eoc", [HUMAN, {**HEURISTIC, "deck": "SMP-GREEN"}],
                         {"rows": 4}, seed=7, deck="SMP-RED")
    assert match.status == "running"
    assert codes(match.options["decks"][0]) == list(_deck("SMP-RED"))
    assert codes(match.options["decks"][1]) == list(_deck("SMP-GREEN"))
    assert match.options["rows"] == 4
    seats = list(match.seats.all())
    assert [(s.deck["id"], len(s.deck["cards"])) for s in seats] == [("SMP-RED", 51), ("SMP-GREEN", 51)]
    state = EOC.load(match.state, match.options)
    assert state == EOC.setup(2, 7, match.options)
    assert (state.phase, len(state.hands[0]), len(state.decks[0])) == ("mulligan", 7, 44)


def test_a_bot_seat_brings_the_default_sample_deck(user):
    match = create_match(person(user), "eoc", [HUMAN, HEURISTIC], seed=1, deck="SMP-WHITE")
    assert [s.deck["id"] for s in match.seats.all()] == ["SMP-WHITE", "SMP-RED"]


def test_an_open_match_has_no_state_until_the_last_seat_brings_its_deck(user, other_user, alice_api, bob_api, api):
    response = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HUMAN], "deck": "SMP-BLACK"},
                              format="json")
    assert response.status_code == 201, response.json()
    view = response.json()
    assert (view["status"], view["state"], view["legal_actions"], view["to_act"]) == ("open", None, [], [])
    assert view["options"] == {}
    match_id = view["id"]
    assert Match.objects.get(pk=match_id).state is None
    assert api.get(f"/api/matches/{match_id}/").json()["state"] is None
    assert [m["id"] for m in api.get("/api/matches/").json()["results"]] == [match_id]

    joined = bob_api.post(f"/api/matches/{match_id}/join/", {"deck": "SMP-WHITE"}, format="json")
    assert joined.status_code == 200, joined.json()
    view = joined.json()
    assert (view["status"], view["seat"], view["to_act"], view["options"]) == ("running", 1, [0, 1], {})
    assert view["state"]["phase"] == "mulligan" and len(view["state"]["hand"]) == 7
    assert view["legal_actions"] == [{"type": "mulligan", "take": False}, {"type": "mulligan", "take": True}]
    match = Match.objects.get(pk=match_id)
    assert [codes(d) for d in match.options["decks"]] == [list(_deck("SMP-BLACK")), list(_deck("SMP-WHITE"))]
    assert EOC.load(match.state, match.options) == EOC.setup(2, match.seed, match.options)


def test_leaving_gives_the_deck_back(user, other_user):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    join_match(person(other_user), match.id, deck="SMP-GREEN")
    assert Match.objects.get(pk=match.id).status == "running"
    open_match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    left = leave_match(person(user), open_match.id)
    # Nobody is left seated, so the match and its seats (with the deck) are removed.
    assert left.pk is None
    assert not Match.objects.filter(pk=open_match.id).exists()
    assert not Seat.objects.filter(match_id=open_match.id).exists()


def test_an_invalid_deck_is_refused_with_every_problem_and_nothing_is_saved(alice_api, short_deck):
    before = Match.objects.count()
    response = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HEURISTIC], "deck": short_deck.id},
                              format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_deck"
    assert [p["code"] for p in error["details"]["problems"]] == ["too_many_copies", "deck_size"]
    assert (error["details"]["seat"], error["details"]["deck"]) == (0, short_deck.id)
    assert "4 copies of Kagura, Flame Club Captain" in error["message"]
    assert "A deck has exactly 51 cards; this one has 50." in error["message"]
    assert Match.objects.count() == before and Seat.objects.count() == 0


def test_a_joiner_with_an_invalid_deck_is_refused_and_the_seat_stays_free(user, other_user, bob_api):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    report = check_text("3 SMP-001\n")
    deck = create_deck(other_user, "Three cards", report)
    response = bob_api.post(f"/api/matches/{match.id}/join/", {"deck": deck.id}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], [p["code"] for p in error["details"]["problems"]]) == ("invalid_deck", ["deck_size"])
    match.refresh_from_db()
    assert (match.status, match.state, match.version) == ("open", None, 0)
    assert Seat.objects.get(match=match, index=1).is_free
    assert Seat.objects.get(match=match, index=1).deck is None


def test_other_peoples_private_decks_and_missing_decks_are_unknown(user, other_user, short_deck):
    public = create_deck(user, "Shared", check_text(open("fixtures/decks/SMP-RED.txt", encoding="utf-8").read()),
                         is_public=True)
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    for deck_id in (short_deck.id, "nope", ""):
        with pytest.raises(MatchError) as caught:
            join_match(person(other_user), match.id, deck=deck_id)
        assert caught.value.code == "unknown_deck"
    with pytest.raises(MatchError) as caught:
        join_match(person(other_user), match.id)
    assert (caught.value.code, caught.value.details) == ("deck_required", {"seat": 1})
    join_match(person(other_user), match.id, deck=public.id)
    assert Seat.objects.get(match=match, index=1).deck["id"] == public.id


@pytest.mark.parametrize("body, code", [
    ({"game": "eoc", "seats": [HUMAN, HEURISTIC]}, "deck_required"),
    ({"game": "lama", "seats": [HUMAN, HEURISTIC], "deck": "SMP-RED", "options": STACKED}, "deck_not_used"),
    ({"game": "lama", "seats": [HUMAN, {**HEURISTIC, "deck": "SMP-RED"}], "options": STACKED}, "deck_not_used"),
    ({"game": "eoc", "seats": [HUMAN, {**HEURISTIC, "deck": "nope"}], "deck": "SMP-RED"}, "unknown_deck"),
    ({"game": "eoc", "seats": [HUMAN, HUMAN], "deck": "SMP-RED", "options": {"rows": 6}}, "bad_options"),
    ({"game": "eoc", "seats": [HUMAN, HEURISTIC], "deck": 3}, "invalid_request"),
])
def test_bad_deck_requests_are_refused(alice_api, body, code):
    response = alice_api.post("/api/matches/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == code
    assert Match.objects.count() == 0


def test_a_stacked_deal_in_the_options_takes_no_decks(alice_api):
    from play.games.eoc.decklists import sample_deck

    options = {"decks": [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")], "stacked": True, "first_player": 0}
    response = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HEURISTIC], "options": options},
                              format="json")
    assert response.status_code == 201, response.json()
    view = response.json()
    assert view["options"] == {"stacked": True, "first_player": 0}
    assert view["state"]["hand"] == sorted(_deck("SMP-RED")[:7])
    refused = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HEURISTIC], "options": options,
                                               "deck": "SMP-RED"}, format="json")
    assert refused.json()["error"]["code"] == "deck_not_used"


def test_the_form_creates_a_match_with_the_chosen_decks(user, client):
    client.force_login(user)
    page = client.get("/play/new/?game=eoc", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="deck"' in html and 'name="seat_1_deck"' in html and 'value="SMP-RED"' in html
    response = client.post("/play/new/", {
        "game": "eoc", "players": 2, "seat_0": "you", "seat_1": "heuristic", "deck": "SMP-GREEN",
        "seat_1_deck": "SMP-BLACK", "eoc-rows": "5",
    })
    assert response.status_code == 302
    match = Match.objects.get()
    assert response["Location"] == f"/play/m/{match.id}/"
    assert [s.deck["id"] for s in match.seats.all()] == ["SMP-GREEN", "SMP-BLACK"]
    assert (match.status, match.options["rows"], EOC.load(match.state, match.options).rows) == ("running", 5, 5)


def test_the_form_shows_every_problem_of_an_invalid_deck(user, short_deck, client):
    client.force_login(user)
    response = client.post("/play/new/", {
        "game": "eoc", "players": 2, "seat_0": "you", "seat_1": "heuristic", "deck": short_deck.id,
        "seat_1_deck": "SMP-BLACK",
    }, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert "This deck breaks the deck rules, so it cannot be played:" in html
    assert "4 copies of Kagura, Flame Club Captain" in html
    assert "A deck has exactly 51 cards; this one has 50." in html
    assert Match.objects.count() == 0


def test_an_open_match_shows_its_table_lobby_and_a_deck_to_join_with(user, other_user):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    bob = Client()
    bob.force_login(other_user)
    table = bob.get(f"/play/m/{match.id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert table.status_code == 200
    assert 'id="join-decks"' in table.content.decode() and "SMP-WHITE" in table.content.decode()
    lobby = bob.get("/play/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/play/m/{match.id}/">Join</a>' in lobby
    refused = bob.post(f"/play/m/{match.id}/join/", {"deck": "nope"})
    assert refused.status_code == 302 and Match.objects.get(pk=match.id).status == "open"
    joined = bob.post(f"/play/m/{match.id}/join/", {"deck": "SMP-WHITE"})
    assert joined.status_code == 302
    match.refresh_from_db()
    assert match.status == "running" and match.state is not None
    assert Client().get(f"/play/m/{match.id}/").status_code == 200


def test_a_private_deck_is_offered_to_its_owner_only(user, other_user, short_deck):
    from play.seat_decks import deck_choices

    assert short_deck.id in [d for d, _ in deck_choices(person(user))]
    assert short_deck.id not in [d for d, _ in deck_choices(person(other_user))]
    assert [d for d, _ in deck_choices(None)] == sorted(
        Deck.objects.filter(owner__isnull=True).values_list("id", flat=True),
        key=lambda i: Deck.objects.get(pk=i).name)


def test_a_bots_only_match_needs_no_player(db):
    match = create_match(None, "eoc", [HEURISTIC, {**HEURISTIC, "deck": "SMP-BLACK"}], seed=3)
    assert match.status == "running"
    assert [s.deck["id"] for s in match.seats.all()] == ["SMP-RED", "SMP-BLACK"]


def test_a_guest_without_a_name_joining_a_deck_match_lands_on_the_join_form_with_the_deck_picker(user):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    guest = Client()
    lobby = guest.get("/play/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<a class="button join-button" href="/play/m/{match.id}/">Join</a>' in lobby
    # A join posted before naming oneself, without a deck, is not completed: the deck is missing.
    asked = guest.post(f"/play/m/{match.id}/join/", {"seat": "1"})
    assert asked["Location"] == f"/play/name/?next=%2Fplay%2Fm%2F{match.id}%2F"
    named = guest.post("/play/name/", {"name": "Bob", "next": f"/play/m/{match.id}/"}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="en")
    assert named.redirect_chain == [(f"/play/m/{match.id}/", 302)]
    assert Seat.objects.get(match=match, index=1).is_free
    assert Match.objects.get(pk=match.id).status == "open"
    body = named.content.decode()
    assert '"seat": null' in body and 'id="join-decks"' in body and "SMP-WHITE" in body


def test_a_guest_who_posted_a_deck_before_naming_is_seated_with_it(user):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], deck="SMP-RED")
    guest = Client()
    guest.post(f"/play/m/{match.id}/join/", {"seat": "1", "deck": "SMP-WHITE"})
    named = guest.post("/play/name/", {"name": "Bob", "next": f"/play/m/{match.id}/"})
    assert named["Location"] == f"/play/m/{match.id}/"
    seat = Seat.objects.get(match=match, index=1)
    assert (seat.name, seat.deck["id"]) == ("Bob", "SMP-WHITE")
    assert Match.objects.get(pk=match.id).status == "running"


class Recorder:
    """A bot factory standing in for ``strong`` that records the ``private`` it is given (its
    bots answer the first legal action)."""

    thinks = True
    takes_private = True

    def __init__(self):
        self.given = []

    def __call__(self, game, seed, private=None, think_seconds=0.5):
        self.given.append(private)
        return self

    @staticmethod
    def plays(game) -> bool:
        return True

    @staticmethod
    def choose(view, legal):
        return legal[0]


def test_a_bot_that_takes_private_knowledge_gets_its_seats_deck(user, monkeypatch):
    from play import bots
    from play.services.bot_turns import play_bot_turn
    from play.services.bots import seat_private

    recorder = Recorder()
    monkeypatch.setitem(bots.BOTS, "strong", recorder)
    match = create_match(person(user), "eoc", [HUMAN, {"kind": "bot", "bot": "strong", "deck": "SMP-GREEN"}],
                         seed=3, deck="SMP-RED")
    assert play_bot_turn(match.id, match.version) is True
    assert len(recorder.given) == 1 and codes(recorder.given[0]["deck"]) == list(_deck("SMP-GREEN"))
    human, bot = match.seats.order_by("index")
    assert codes(seat_private(EOC, match, human)["deck"]) == list(_deck("SMP-RED"))
    # a stacked deal: the seats bring no deck, the options hold them
    stacked = Match(game="eoc", options={"decks": [["first"], ["second"]]})
    assert seat_private(EOC, stacked, Seat(index=1)) == {"deck": ["second"]}
    assert seat_private(GAMES["lama"], match, bot) is None
