"""The table's pages: the lobby, the guest name, the new-match form, the table, joining,
leaving, resigning and the replay (Django's test client; the browser tests are in tests/e2e)."""
import json
import re

import pytest

from play.forms import MatchForm, option_field_name
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from play.identity import Player
from play.models import Match, Seat
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.join import join_match
from tests.conftest import EN, page_in_both_languages

pytestmark = pytest.mark.django_db

HUMAN = {"kind": "human"}
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
RANDOM = {"kind": "bot", "bot": "random"}
LAMA = GAMES["lama"]


def json_block(body: str, element_id: str):
    """The parsed JSON of ``<script type="application/json" id="element_id">``."""
    attributes = rf'(?:type="application/json" id="{element_id}"|id="{element_id}" type="application/json")'
    found = re.search(rf"<script {attributes}>(.*?)</script>", body, re.S)
    assert found, f"no JSON block #{element_id}"
    return json.loads(found.group(1))


def guest(client, name: str) -> Player:
    """Give the client's session a guest name through the page; return that guest."""
    response = client.post("/play/name/", {"name": name, "next": "/play/"})
    assert response.status_code == 302
    return Player(None, client.session.session_key, name)


def finished_bot_match(end_at: int = 1) -> Match:
    """A 2-seat match of bots, played to its end (``end_at`` 1: one round) through the service."""
    match = create_match(None, "lama", [RANDOM, HEURISTIC], {"end_at": end_at}, None, seed=7)
    while match.status != Match.Status.FINISHED:
        assert play_bot_turn(match.id, match.version)
        match.refresh_from_db()
    return match


# -- lobby ------------------------------------------------------------------------------------------
def test_empty_lobby_in_both_languages(client):
    en, ja = page_in_both_languages(client, "/play/")
    assert 'id="new-match" href="/play/new/"' in en and 'id="new-match" href="/play/new/"' in ja
    assert "No match is waiting for players right now. Open one!" in en
    assert "参加者を待っている対戦は今ありません。" in ja
    assert 'href="/play/">Play</a>' in en and 'href="/play/">対戦</a>' in ja  # the site header's link
    assert 'id="my-matches"' not in en


def test_lobby_lists_open_matches_with_their_seats_and_a_join_button(client, user):
    host = Player(user.pk, None, "alice")
    match = create_match(host, "lama", [HUMAN, HUMAN, HEURISTIC], {}, None)
    running = create_match(host, "lama", [HUMAN, RANDOM], {}, None)  # running at once: to watch
    body = client.get("/play/", **EN).content.decode()
    rows = re.findall(r'<li class="match-row" data-match="(\w+)">', body)
    assert rows == [match.id, running.id]
    open_part = body[body.index('id="open-matches"'):body.index('id="running-matches"')]
    assert re.findall(r'data-match="(\w+)"', open_part) == [match.id]
    watching = body[body.index('id="running-matches"'):]
    assert re.findall(r'data-match="(\w+)"', watching) == [running.id]
    assert "Matches in play" in body and ">Watch</a>" in watching
    row = body[body.index(f'data-match="{match.id}"'):]
    row = row[:row.index("</li>")]
    assert "2 of 3 seats taken" in row
    assert "1 bot" in row
    assert '<span class="names"><a href="/players/alice/">alice</a></span>' in row  # a user's name links to their page
    assert f'action="/play/m/{match.id}/join/"' in row


def test_the_lobby_pages_open_matches(client, user):
    hosts = [Player(None, f"guest-session-{i}", f"guest {i}") for i in range(31)]
    made = [create_match(host, "lama", [HUMAN, HUMAN], {}, None).id for host in hosts]
    first = re.findall(r'<li class="match-row" data-match="(\w+)">', client.get("/play/", **EN).content.decode())
    second = client.get("/play/?page=2", **EN).content.decode()
    assert len(first) == 30
    assert sorted(first + re.findall(r'<li class="match-row" data-match="(\w+)">', second)) == sorted(made)
    assert "Page 2 of 2" in second


def test_lobby_lists_your_own_matches(client):
    player = guest(client, "Ann")
    running = create_match(player, "lama", [HUMAN, HEURISTIC], {}, None)
    waiting = create_match(player, "lama", [HUMAN, HUMAN], {}, None)
    body = client.get("/play/", **EN).content.decode()
    mine = body[body.index('id="my-matches"'):body.index('id="open-matches"')]
    assert re.findall(r'data-match="(\w+)"', mine) == [waiting.id, running.id]
    assert "You play as <strong>Ann</strong>." in body
    # your own open match offers no join button: you already sit there
    assert f'action="/play/m/{waiting.id}/join/"' not in body


# -- guest name -------------------------------------------------------------------------------------
def test_new_match_asks_a_guest_for_a_name_first(client):
    response = client.get("/play/new/")
    assert response.status_code == 302
    assert response["Location"] == "/play/name/?next=%2Fplay%2Fnew%2F"


def test_guest_name_page_in_both_languages(client):
    en, ja = page_in_both_languages(client, "/play/name/?next=/play/new/")
    assert 'name="next" value="/play/new/"' in en
    assert "Display name" in en and "表示名" in ja


def test_guest_name_is_kept_in_the_session_and_leads_on(client):
    response = client.post("/play/name/", {"name": "  Ann   Lee ", "next": "/play/new/"})
    assert response.status_code == 302
    assert response["Location"] == "/play/new/"
    assert client.session["guest_name"] == "Ann Lee"
    assert client.get("/play/new/").status_code == 200


@pytest.mark.parametrize("name, message", [
    ("   ", "This field is required."),
    ("x" * 41, "Ensure this value has at most 40 characters (it has 41)."),
    ("Ann\x07", "A name cannot hold control characters."),
])
def test_a_bad_guest_name_is_refused(client, name, message):
    response = client.post("/play/name/", {"name": name, "next": "/play/new/"}, **EN)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert "guest_name" not in client.session


def test_guest_name_never_leads_off_the_site(client):
    response = client.post("/play/name/", {"name": "Ann", "next": "https://example.com/"})
    assert response["Location"] == "/play/"


# -- the new-match form ------------------------------------------------------------------------------
def test_new_match_form_offers_every_game_seat_kinds_and_options(client):
    guest(client, "Ann")
    en, ja = page_in_both_languages(client, "/play/new/")
    assert '<option value="lama" selected>L.A.M.A.</option>' in en
    assert '<option value="lama" selected>ラマ（L.A.M.A.）</option>' in ja
    assert len(re.findall(r'<select name="seat_\d"', en)) == 6
    assert '<option value="you" selected>You</option>' in en
    assert '<option value="normal" selected data-games="lama elements completto eoc">Normal bot</option>' in en
    assert '<option value="normal" selected data-games="lama elements completto eoc">ボット（ふつう）</option>' in ja
    assert 'name="lama-end_at"' in en
    assert "The game ends when a player reaches this many points" in en
    assert "L.A.M.A.: 2 to 6 players" in en


def test_a_game_for_one_number_of_players_shows_that_number_once(client):
    guest(client, "Ann")
    en, ja = page_in_both_languages(client, "/play/new/")
    assert "Elements of Chaos: 2 players" in en and "Elements of Chaos: 2 to 2 players" not in en
    assert "Elements: 3 to 5 players" in en
    assert "エレメンツ オブ カオス: 2人" in ja
    response = client.post("/play/new/", form_data(game="eoc", players="3"), **EN)
    assert response.status_code == 400
    assert "Elements of Chaos is played by 2 players." in response.content.decode()
    response = client.post("/play/new/", form_data(game="elements", players="2"), **EN)
    assert "Elements is played by 3 to 5 players." in response.content.decode()


def test_the_elements_deals_go_up_to_the_engines_limit(client):
    from play.games.elements.engine import MAX_DEALS

    assert MAX_DEALS == 50
    guest(client, "Ann")
    body = client.get("/play/new/", **EN).content.decode()
    assert re.search(r'<input type="number" name="elements-deals"[^>]* max="50"', body)
    response = client.post("/play/new/", form_data(game="elements", players="3", **{"elements-deals": "51"}), **EN)
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 50." in response.content.decode()
    response = client.post("/play/new/", form_data(game="elements", players="3", **{"elements-deals": "50"}))
    assert response.status_code == 302
    assert Match.objects.get().options == {"deals": 50}


def form_data(**changes) -> dict:
    data = {"game": "lama", "players": "4", "seat_0": "you", "seat_1": "normal", "seat_2": "easy",
            "seat_3": "normal", "seat_4": "normal", "seat_5": "normal",
            "lama-end_at": "", "seconds_per_turn": ""}
    data.update(changes)
    return data


def test_posting_the_form_creates_the_match_and_opens_its_table(client):
    player = guest(client, "Ann")
    response = client.post("/play/new/", form_data(**{"lama-end_at": "1", "seconds_per_turn": "30"}))
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/play/m/{match.id}/"
    assert (match.game, match.players, match.options, match.seconds_per_turn, match.status) == (
        "lama", 4, {"end_at": 1}, 30, "running")
    seats = [(s.index, s.name, s.bot, s.session_key) for s in match.seats.order_by("index")]
    assert seats == [
        (0, "Ann", "", player.session_key), (1, "", "heuristic", ""), (2, "", "random", ""), (3, "", "heuristic", "")]


def test_open_seats_make_an_open_match(client):
    guest(client, "Ann")
    client.post("/play/new/", form_data(players="2", seat_1="open"))
    match = Match.objects.get()
    assert match.status == "open"
    assert [(s.name, s.bot, s.is_free) for s in match.seats.order_by("index")] == [("Ann", "", False), ("", "", True)]


@pytest.mark.parametrize("changes, message", [
    ({"players": "7"}, "Ensure this value is less than or equal to 6."),
    ({"players": "1"}, "Ensure this value is greater than or equal to 2."),
    ({"seat_2": "you"}, "You can take only one seat."),
    ({"seat_0": "open", "seat_1": "you"}, "You sit at the first seat kept for a person: choose “You” for it."),
    ({"seat_3": ""}, "Choose who sits here."),
    ({"game": "chess"}, "Select a valid choice. chess is not one of the available choices."),
    ({"lama-end_at": "0"}, "Ensure this value is greater than or equal to 1."),
    ({"seconds_per_turn": "5"}, "Ensure this value is greater than or equal to 10."),
])
def test_bad_form_input_is_shown_and_creates_nothing(client, changes, message):
    guest(client, "Ann")
    response = client.post("/play/new/", form_data(**changes), **EN)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Match.objects.count() == 0


def test_the_form_takes_each_option_in_the_range_its_game_takes(client):
    # One range per option, the game's record's: the form offers what the engine takes, no more.
    guest(client, "Ann")
    form = MatchForm()
    checked = 0
    for slug, game in GAMES.items():
        players = game.min_players
        for option in game.spec.form_options:
            field = form.fields[option_field_name(slug, option.name)]
            assert field.initial == option.default, (slug, option.name)
            if option.type != "int":
                continue
            if option.choices:
                assert [value for value, _label in field.choices] == list(option.choices)
                continue
            assert (field.min_value, field.max_value) == (option.low, option.high), (slug, option.name)
            for value in (option.low, option.high):
                game.setup(players, 1, {**_stacked(slug), option.name: value})
            with pytest.raises(ValueError, match=f"^{option.name}: must be an integer from {option.low} to "):
                game.setup(players, 1, {**_stacked(slug), option.name: option.high + 1})
            checked += 1
    assert checked == 3  # end_at, games, deals
    response = client.post("/play/new/", form_data(**{"lama-end_at": "1001"}), **EN)
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 1000." in response.content.decode()
    assert Match.objects.count() == 0
    assert client.post("/play/new/", form_data(**{"lama-end_at": "1000"})).status_code == 302
    assert Match.objects.get().options == {"end_at": 1000}


def _stacked(slug: str) -> dict:
    """The options a game's set-up needs besides the one under test (Elements of Chaos's decks)."""
    return {"decks": [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")]} if slug == "eoc" else {}


def test_the_form_never_offers_an_option_that_stacks_the_deal(client):
    # DESIGN.md, "The game engine protocol": a stacked deal only with bots in every other seat.
    for slug, game in GAMES.items():
        assert game.spec.stacked_options({option.name: None for option in game.spec.form_options}) == [], slug
    guest(client, "Ann")
    body = client.get("/play/new/").content.decode()
    names = {"deck", "decks", "pool", "stacked"}
    assert [name for name in re.findall(r'name="(\w+)-(\w+)"', body) if name[1] in names] == []
    # Fields posted beside the form's own are not taken as options, at an open match nor a practice.
    forged = {f"{slug}-{name}": "[1, 2]" for slug in GAMES for name in names}
    response = client.post("/play/new/", form_data(players="2", seat_1="open", **forged))
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.status, match.options) == ("open", {})
    client.post("/play/new/", form_data(players="2", **forged))
    assert Match.objects.exclude(pk=match.pk).get().options == {}


def test_seats_past_the_match_size_are_ignored(client):
    guest(client, "Ann")
    response = client.post("/play/new/", form_data(players="2", seat_2="", seat_3="you"))
    assert response.status_code == 302
    assert Match.objects.get().players == 2


# -- the table ----------------------------------------------------------------------------------------
def test_table_renders_the_shell_and_the_first_view_in_both_languages(client):
    player = guest(client, "Ann")
    match = create_match(player, "lama", [HUMAN, HEURISTIC, RANDOM], {"end_at": 10}, None, seed=3)
    en, ja = page_in_both_languages(client, f"/play/m/{match.id}/")
    for body in (en, ja):
        view = json_block(body, "match-view")
        assert (view["id"], view["seat"], view["status"], view["version"]) == (match.id, 0, "running", 0)
        assert view["state"]["hand"] == LAMA.view(LAMA.load(match.state), 0)["hand"]
        assert {"type": "quit"} in view["legal_actions"]
        assert f'data-ws-path="/ws/matches/{match.id}/"' in body
        assert f'data-actions-url="/api/matches/{match.id}/actions/"' in body
        assert 'data-board-module="/static/play/boards/lama.js"' in body
        assert 'src="/static/play/table.js"' in body
    en_labels = {**json_block(en, "play-labels"), **json_block(en, "board-labels")}
    ja_labels = {**json_block(ja, "play-labels"), **json_block(ja, "board-labels")}
    assert en_labels.keys() == ja_labels.keys()
    assert en_labels["your_turn"] == "Your turn" and ja_labels["your_turn"] == "あなたの番です"
    assert en_labels["played"] == "%(name)s played %(card)s" and ja_labels["played"] == "%(name)sが%(card)sを出しました"
    assert en_labels["draw"] == "Draw a card" and ja_labels["draw"] == "山札から引く"
    assert all(ja_labels[k] != en_labels[k] for k in ("your_turn", "join", "quit", "round_over"))
    assert "Keys: <kbd>1</kbd>–<kbd>6</kbd> play that card" in en


def test_a_spectator_sees_no_hand_and_no_actions(client, user):
    match = create_match(Player(user.pk, None, "alice"), "lama", [HUMAN, HEURISTIC], {}, None)
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    view = json_block(body, "match-view")
    assert (view["seat"], view["legal_actions"], view["state"]["hand"]) == (None, [], None)
    assert [s["name"] for s in view["seats"]] == ["alice", ""]


def test_unknown_match_is_the_sites_404_page(client):
    en, ja = page_in_both_languages(client, "/play/m/nope123456/", 404)
    assert "Not found" in en and 'class="error-page"' in en and 'class="error-page"' in ja
    assert "There is nothing at /play/m/nope123456/." in en
    assert client.get("/play/m/nope123456/replay/").status_code == 404
    for action in ("join", "leave", "resign"):
        assert client.post(f"/play/m/nope123456/{action}/").status_code == 404


# -- joining, leaving, resigning ------------------------------------------------------------------------
@pytest.fixture
def open_match(user):
    return create_match(Player(user.pk, None, "alice"), "lama", [HUMAN, HUMAN, HEURISTIC], {}, None)


def test_a_guest_joins_a_free_seat_and_the_match_starts(client, open_match):
    guest(client, "Bob")
    response = client.post(f"/play/m/{open_match.id}/join/", {"seat": "1"})
    assert response.status_code == 302 and response["Location"] == f"/play/m/{open_match.id}/"
    open_match.refresh_from_db()
    assert open_match.status == "running"
    assert Seat.objects.get(match=open_match, index=1).name == "Bob"
    view = json_block(client.get(response["Location"]).content.decode(), "match-view")
    assert view["seat"] == 1


def test_joining_without_a_seat_takes_the_first_free_one(client, open_match):
    guest(client, "Bob")
    client.post(f"/play/m/{open_match.id}/join/")
    assert Seat.objects.get(match=open_match, index=1).name == "Bob"


def test_joining_without_a_name_asks_for_one(client, open_match):
    response = client.post(f"/play/m/{open_match.id}/join/", {"seat": "1"})
    assert response["Location"] == f"/play/name/?next=%2Fplay%2Fm%2F{open_match.id}%2F"
    assert Seat.objects.get(match=open_match, index=1).is_free


@pytest.mark.parametrize("seat, message", [
    ("0", "Seat 0 is taken."),
    ("2", "Seat 2 is not a seat for a person at this match; free seats: 1."),
    ("x", "There is no free seat like that at this match."),
])
def test_a_refused_join_shows_why_and_changes_nothing(client, open_match, seat, message):
    guest(client, "Bob")
    response = client.post(f"/play/m/{open_match.id}/join/", {"seat": seat}, follow=True, **EN)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert [s.name for s in open_match.seats.order_by("index")] == ["alice", "", ""]


def test_join_is_post_only(client, open_match):
    assert client.get(f"/play/m/{open_match.id}/join/").status_code == 405


def test_leaving_an_open_match_frees_the_seat(client, user):
    match = create_match(Player(user.pk, None, "alice"), "lama", [HUMAN, HUMAN, HUMAN], {}, None)
    guest(client, "Bob")
    client.post(f"/play/m/{match.id}/join/", {"seat": "1"})
    response = client.post(f"/play/m/{match.id}/leave/")
    assert response.status_code == 302 and response["Location"] == f"/play/m/{match.id}/"
    assert [s.is_free for s in match.seats.order_by("index")] == [False, True, True]
    response = client.post(f"/play/m/{match.id}/leave/", follow=True, **EN)
    assert "You do not have a seat at this match." in response.content.decode()


def test_the_last_person_leaving_an_open_match_removes_it_from_the_lobby(client):
    player = guest(client, "Bob")
    match = create_match(player, "lama", [HUMAN, HUMAN, HEURISTIC], {}, None)
    assert f'data-match="{match.id}"' in client.get("/play/").content.decode()
    response = client.post(f"/play/m/{match.id}/leave/", follow=True, **EN)
    assert response.redirect_chain == [("/play/", 302)]
    body = response.content.decode()
    assert "You left the match; nobody else was seated, so it was removed." in body
    assert f'data-match="{match.id}"' not in body
    assert "0 of 3 seats taken" not in body and "1 of 3 seats taken" not in body
    assert not Match.objects.filter(pk=match.id).exists()
    assert client.get(f"/play/m/{match.id}/").status_code == 404
    assert client.get("/api/matches/").json()["results"] == []


def test_leaving_a_finished_match_says_the_match_is_over(client):
    player = guest(client, "Ann")
    match = create_match(player, "lama", [HUMAN, HUMAN], {"end_at": 1}, None, seed=7)
    join_match(Player(None, "b" * 32, "Bob"), match.id)
    for seat in (0, 1):
        actor = player if seat == 0 else Player(None, "b" * 32, "Bob")
        act(actor, match.id, seat, {"type": "quit"})
    assert Match.objects.get(pk=match.id).status == "finished"
    response = client.post(f"/play/m/{match.id}/leave/", follow=True, **EN)
    body = response.content.decode()
    assert "The match is over, so there is no seat to leave." in body
    assert "you can resign" not in body


def test_a_guest_who_joins_from_the_lobby_without_a_name_is_seated_after_naming(client, open_match):
    lobby = client.get("/play/", **EN).content.decode()
    assert f'action="/play/m/{open_match.id}/join/"' in lobby
    response = client.post(f"/play/m/{open_match.id}/join/")
    assert response["Location"] == f"/play/name/?next=%2Fplay%2Fm%2F{open_match.id}%2F"
    assert Seat.objects.get(match=open_match, index=1).is_free
    response = client.post("/play/name/", {"name": "Bob", "next": f"/play/m/{open_match.id}/"})
    assert response.status_code == 302 and response["Location"] == f"/play/m/{open_match.id}/"
    seat = Seat.objects.get(match=open_match, index=1)
    assert (seat.name, seat.session_key) == ("Bob", client.session.session_key)
    open_match.refresh_from_db()
    assert open_match.status == "running"
    view = json_block(client.get(f"/play/m/{open_match.id}/").content.decode(), "match-view")
    assert (view["seat"], view["seats"][1]["name"], view["seats"][1]["you"]) == (1, "Bob", True)
    # The pending join is used once: naming oneself again seats nobody twice.
    assert "play_pending_join" not in client.session


def test_naming_oneself_for_another_page_completes_no_join(client, open_match):
    client.post(f"/play/m/{open_match.id}/join/", {"seat": "1"})
    client.post("/play/name/", {"name": "Bob", "next": "/play/"})
    assert Seat.objects.get(match=open_match, index=1).is_free


def test_resigning_hands_the_seat_to_a_bot(client):
    player = guest(client, "Ann")
    match = create_match(player, "lama", [HUMAN, HEURISTIC], {}, None)
    response = client.post(f"/play/m/{match.id}/resign/")
    assert response.status_code == 302
    seat = match.seats.get(index=0)
    assert (seat.resigned, seat.bot) == (True, "heuristic")
    response = client.post(f"/play/m/{match.id}/resign/", follow=True, **EN)
    assert "You have already resigned; a bot plays your seat." in response.content.decode()


# -- replay ----------------------------------------------------------------------------------------
def test_the_replay_of_an_unfinished_match_says_so(client, open_match):
    en, ja = page_in_both_languages(client, f"/play/m/{open_match.id}/replay/", 409)
    assert 'id="replay-not-finished"' in en
    assert "This match is not finished yet" in en
    assert "replay-data" not in en


def test_the_replay_page_holds_the_moves_and_fetches_the_frames(client):
    match = finished_bot_match()
    en, ja = page_in_both_languages(client, f"/play/m/{match.id}/replay/")
    whole = client.get(f"/api/matches/{match.id}/replay/").json()["frames"]
    for body in (en, ja):
        data = json_block(body, "replay-data")
        assert data["total"] == match.version + 1
        assert [m["version"] for m in data["moves"]] == list(range(1, match.version + 1))
        assert data["moves"] == [{k: f[k] for k in ("version", "seat", "action", "by")} for f in whole[1:]]
        assert "frames" not in data and '"state"' not in body
        assert f'max="{match.version}"' in body
        assert f'data-frames-url="/api/matches/{match.id}/replay/frames/"' in body
        assert f'data-chat-url="/api/matches/{match.id}/chat/"' in body
        assert 'id="replay-moves"' in body and 'id="chat-panel"' in body and 'id="chat-form"' not in body
        assert 'src="/static/play/replay.js"' in body
    # each frame names the seats to act in it (replay.js marks them): in L.A.M.A. the one seat
    # whose move is the next frame's, and nobody once the game is over
    frames = client.get(f"/api/matches/{match.id}/replay/frames/?start=0&count=50").json()["frames"]
    assert frames == whole[:50]
    assert frames[-1]["state"]["over"] is (match.version < 50)
    assert [f["to_act"] for f in whole] == [[f["seat"]] for f in whole[1:]] + [[]]
    assert "Replay of L.A.M.A." in en and "ラマ（L.A.M.A.）のリプレイ" in ja


def test_the_finished_match_page_links_its_replay(client):
    match = finished_bot_match(end_at=20)
    assert match.version > 12
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    assert f'href="/play/m/{match.id}/replay/"' in body
    view = json_block(body, "match-view")
    assert view["status"] == "finished" and view["outcome"] == match.outcome
    # the table's log holds the whole match, oldest first
    log = json_block(body, "match-log")
    assert [entry["version"] for entry in log] == list(range(1, match.version + 1))
    assert log[-1] == {**view["last_action"], "created": log[-1]["created"]}


def test_an_eoc_table_embeds_the_texts_of_the_cards_its_view_shows_in_the_readers_language(client):
    player = guest(client, "Ann")
    options = _stacked("eoc")
    # the Splinter Trap marked manual here (no sample card is)
    options["decks"][0] = [dict(c, effect="manual") if c["code"] == "SMP-012" else c for c in options["decks"][0]]
    match = create_match(player, "eoc", [HUMAN, HEURISTIC], options, None, seed=3)
    en, ja = page_in_both_languages(client, f"/play/m/{match.id}/")
    en_texts, ja_texts = json_block(en, "card-texts"), json_block(ja, "card-texts")
    # the cards of Ann's first view (her hand), not the 37 of both decks: the rest is asked for
    # as it comes into view, so the other deck's list is never handed out
    shown = sorted(json_block(en, "match-view")["state"]["cards"])
    assert list(en_texts) == list(ja_texts) == shown == ["SMP-006", "SMP-007", "SMP-012", "SMP-063", "SMP-067"]
    assert en_texts["SMP-006"] == ("Special ability: 1 damage to one adjacent enemy character. "
                                   "1 damage to this character.")
    assert ja_texts["SMP-006"] == "特殊能力: 隣接する敵キャラクター1体に1ダメージ。このキャラクターに1ダメージ。"
    assert (en_texts["SMP-007"], ja_texts["SMP-007"]) == (
        "1 damage to one adjacent enemy character.", "隣接する敵キャラクター1体に1ダメージ。")
    assert en_texts["SMP-063"] == "No special ability." and ja_texts["SMP-063"] == "特殊能力なし。"
    # a "manual" card keeps its written text
    assert en_texts["SMP-012"] == ja_texts["SMP-012"] == "このマスのキャラクターが受けるダメージ+1。"
    # the view itself does not carry them
    assert all("text" not in card for card in json_block(en, "match-view")["state"]["cards"].values())
    assert f'data-card-texts-url="/api/matches/{match.id}/card-texts/"' in en


def test_a_game_without_card_texts_embeds_none(client):
    player = guest(client, "Ann")
    match = create_match(player, "lama", [HUMAN, HEURISTIC], {"end_at": 10}, None, seed=3)
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    assert 'id="card-texts"' not in body and 'id="match-log"' in body


def test_every_page_has_the_sites_favicon(client):
    for url in ("/play/", "/play/name/"):
        body = client.get(url, **EN).content.decode()
        assert body.count('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">') == 1, url
        assert body.count('<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">') == 1, url
