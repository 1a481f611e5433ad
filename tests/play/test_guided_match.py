"""A guided first match (``play.services.guided``): the service, the bot that plays the script,
the hints in the view, and the buttons of the rules pages and the lobby in both languages."""
import pytest
from django.utils import translation

from play.errors import MatchError
from play.identity import Player
from play.models import Match, RatingChange
from play.selectors.live import lobby
from play.selectors.match import match_view
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.guided import start_guided_match
from play.services.resign import resign
from play.tutorials import TUTORIALS
from tests.conftest import EN, JA, page_in_both_languages
from tests.play.matches import person
from tests.play.test_pages import guest, json_block

pytestmark = pytest.mark.django_db

ANN = Player(None, "ann-session", "Ann")


def follow_the_hints(match: Match, player: Player) -> list[str]:
    """Play ``match`` to its end: the bot takes its turn through the bot service whenever a bot
    may act (first, where both may act at once), ``player`` makes the move each view's guide
    asks for. Returns the hints seen, in order."""
    seen = []
    while True:
        match.refresh_from_db()
        view = match_view(match, player)
        seen.append(view["guide"]["hint"])
        if match.status != Match.Status.RUNNING:
            return seen
        if view["to_act"] != [view["seat"]] and play_bot_turn(match.id, match.version):
            continue
        assert view["guide"]["action"] in view["legal_actions"]
        act(player, match.id, match.version, view["guide"]["action"])


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_a_guided_match_is_followed_to_the_learners_win(slug):
    tutorial = TUTORIALS[slug]
    match = start_guided_match(ANN, slug, address="10.0.0.1")
    assert (match.game, match.guide, match.status, match.seed, match.version) == (
        slug, slug, Match.Status.RUNNING, tutorial.seed, 0)
    assert match.options == tutorial.options and match.seconds_per_turn is None
    seats = list(match.seats.order_by("index"))
    assert [(s.session_key, s.name, s.bot) for s in seats] == [("ann-session", "Ann", "")] + [
        ("", "", "heuristic")] * (tutorial.players - 1)
    seen = follow_the_hints(match, ANN)
    assert seen[-1] == "done" and "off" not in seen
    # Each hint in turn (a hint stays up while a bot that may act at once goes first).
    assert list(dict.fromkeys(h for h in seen if h.startswith("step-"))) == [
        f"step-{k}" for k in range(tutorial.learner_steps)]
    match.refresh_from_db()
    assert match.version == len(tutorial.steps)
    assert match.outcome["winners"] == [tutorial.learner]


def test_the_view_carries_the_hint_and_the_move_it_asks_for():
    match = start_guided_match(ANN, "lama")
    view = match_view(match, ANN)
    assert view["guide"] == {"game": "lama", "hint": "step-0", "step": 0, "steps": 6,
                             "action": {"type": "play", "card": 3}}
    act(ANN, match.id, 0, {"type": "play", "card": 3})
    match.refresh_from_db()
    assert match_view(match, ANN)["guide"]["hint"] == "wait"
    assert match_view(match, None)["guide"]["hint"] == "wait"  # a spectator sees the same hint


def test_a_learner_who_strays_gets_the_heuristic_bot_and_the_off_hint():
    match = start_guided_match(ANN, "lama")
    act(ANN, match.id, 0, {"type": "draw"})
    match.refresh_from_db()
    assert match_view(match, ANN)["guide"] == {"game": "lama", "hint": "off", "step": None, "steps": 6, "action": None}
    assert play_bot_turn(match.id, 1)
    match.refresh_from_db()
    # The heuristic bot plays the lowest card it may: the 2 on the 2 (the script would play a 3 later).
    assert match.actions.get(version=2).action == {"type": "play", "card": 2}
    assert match_view(match, ANN)["guide"]["hint"] == "off"


def test_a_guided_match_is_unrated_and_not_in_the_lobby(user):
    alice = person(user)
    match = start_guided_match(alice, "lama")
    assert match.id not in {m.id for m in lobby()}
    follow_the_hints(match, alice)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert not RatingChange.objects.filter(match=match).exists()


def test_the_service_refuses_an_unknown_game_and_a_guest_without_a_name():
    with translation.override("en"), pytest.raises(MatchError) as refused:
        start_guided_match(ANN, "chess")
    assert (refused.value.code, refused.value.message) == ("unknown_game", "There is no guided match of “chess”.")
    with pytest.raises(MatchError) as refused:
        start_guided_match(None, "lama")
    assert refused.value.code == "name_required"
    assert not Match.objects.exists()


# -- pages --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_the_rules_page_has_the_guided_match_button_in_both_languages(client, slug):
    en, ja = page_in_both_languages(client, f"/play/rules/{slug}/")
    form = f'<form class="rules-guided" method="post" action="/play/guided/{slug}/">'
    assert form in en and form in ja
    assert '<button type="submit" id="rules-guided">Play a guided match</button>' in en
    assert '<button type="submit" id="rules-guided">ガイド付きマッチで遊ぶ</button>' in ja
    assert "with a hint at every step: what to do and why." in en
    assert "一手ごとに、何をするか、なぜそうするかのヒントが出ます。" in ja
    embedded = client.get(f"/play/rules/{slug}/?embed=1", **EN).content.decode()
    assert 'id="rules-guided"' not in embedded  # not inside a table's rules drawer


def test_the_lobby_offers_each_guided_match_in_both_languages(client):
    en, ja = page_in_both_languages(client, "/play/")
    for slug in TUTORIALS:
        button = f'formaction="/play/guided/{slug}/" data-game="{slug}"'
        assert button in en and button in ja
    assert "Learn at the table: play a guided match of" in en
    assert "テーブルで覚える: ガイド付きマッチで遊ぶ" in ja


def test_the_button_starts_the_match_and_opens_its_table_with_the_hints(client):
    ann = guest(client, "Ann")
    response = client.post("/play/guided/lama/", **EN)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/m/{match.id}/"
    assert match.guide == "lama" and match.seats.get(index=0).name == "Ann"
    en, ja = page_in_both_languages(client, f"/play/m/{match.id}/")
    assert '<h2 id="guide-title">Guided match' in en and '<h2 id="guide-title">ガイド付きマッチ' in ja
    hints = json_block(en, "guide-hints")
    assert hints["step-0"].startswith("The aim is to get rid of your cards.")
    assert json_block(ja, "guide-hints")["step-0"].startswith("目的は手札をなくすことです。")
    assert json_block(en, "match-view")["guide"]["hint"] == "step-0"
    assert json_block(en, "play-labels")["guide_progress"] == "step %(step)s of %(steps)s"
    assert 'id="guided-again"' in en and 'id="rematch"' not in en
    assert match_view(match, ann)["guide"]["action"] == {"type": "play", "card": 3}


def test_an_ordinary_table_has_no_hint_panel(client):
    ann = guest(client, "Ann")
    match = create_match(ann, "lama", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    assert 'id="guide"' not in body and 'id="guide-hints"' not in body
    assert json_block(body, "match-view")["guide"] is None


def test_a_guest_without_a_name_is_asked_for_one_then_lands_at_the_guided_table(client):
    response = client.post("/play/guided/completto/", **JA)
    assert response.status_code == 302
    assert response["Location"] == "/play/name/?next=%2Fplay%2Frules%2Fcompletto%2F"
    assert not Match.objects.exists()
    # naming themselves starts the guided match they asked for: no second click
    named = client.post("/play/name/?next=%2Fplay%2Frules%2Fcompletto%2F", {"name": "Ann"}, **JA)
    match = Match.objects.get()
    assert (named.status_code, named["Location"], match.game, match.guide) == (
        302, f"/play/m/{match.id}/", "completto", "completto")
    assert [s.name for s in match.seats.order_by("index")][0] == "Ann"


def test_a_name_chosen_on_the_way_elsewhere_starts_no_guided_match(client):
    client.post("/play/guided/lama/", **EN)
    named = client.post("/play/name/?next=%2Fplay%2F", {"name": "Ann"}, **EN)
    assert (named.status_code, named["Location"]) == (302, "/play/")
    assert not Match.objects.exists()


def test_the_guided_button_is_post_only_and_names_a_refusal(client):
    guest(client, "Ann")
    assert client.get("/play/guided/lama/").status_code == 405
    response = client.post("/play/guided/chess/", follow=True, **EN)
    assert response.redirect_chain == [("/play/", 302)]
    assert "There is no guided match of “chess”." in response.content.decode()
    assert not Match.objects.exists()


# -- API ----------------------------------------------------------------------------------------------
def test_the_api_starts_a_guided_match_and_its_view_carries_the_hint(alice_api):
    response = alice_api.post("/api/matches/guided/", {"game": "completto"}, format="json")
    assert response.status_code == 201, response.json()
    view = response.json()
    assert (view["game"], view["status"], view["seat"], view["version"]) == ("completto", "running", 0, 0)
    assert view["guide"] == {"game": "completto", "hint": "step-0", "step": 0, "steps": 13,
                             "action": {"type": "insert", "position": 4, "value": 20}}
    assert view["options"] == {"max_turns": 5}  # the stacked pool stays secret
    assert Match.objects.get(pk=view["id"]).guide == "completto"
    moved = alice_api.post(f"/api/matches/{view['id']}/actions/",
                           {"version": 0, "action": view["guide"]["action"]}, format="json")
    assert moved.status_code == 200 and moved.json()["guide"]["hint"] == "wait"


def test_the_api_refuses_an_unknown_game_and_a_guest_without_a_name(alice_api, api):
    response = alice_api.post("/api/matches/guided/", {"game": "chess"}, format="json", **EN)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_game"
    assert api.post("/api/matches/guided/", {"game": "lama"}, format="json").json()["error"]["code"] == "name_required"
    named = api.post("/api/matches/guided/", {"game": "lama", "name": "Ann"}, format="json")
    assert named.status_code == 201 and named.json()["seats"][0]["name"] == "Ann"
    assert alice_api.post("/api/matches/guided/", {"game": "lama", "seats": []}, format="json").status_code == 400


def test_a_learner_who_resigns_is_played_by_the_heuristic_bot_not_the_script():
    match = start_guided_match(ANN, "completto")
    resign(ANN, match.id)
    assert play_bot_turn(match.id, 0)
    match.refresh_from_db()
    # The heuristic bot puts the 20 a gap further left than the script's (position 4): the match
    # has left the guided path, and the bot seat plays its own game from now on.
    assert match.actions.get(version=1).action == {"type": "insert", "position": 3, "value": 20}
    assert match_view(match, ANN)["guide"]["hint"] == "off"
