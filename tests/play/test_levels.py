"""The bots' levels (``play.levels``): easy (the random bot), normal (the heuristic bot) and
strong (the bot that searches, ``play.bots.search``), each with a line saying how it
plays in English and Japanese; the new-match form and the API take the levels' names and the
bots' old names, refuse anything else naming the choices, offer a game only the levels whose bot
plays it, and take the strong bot's time to think per move (``think_seconds``).

The tests seat a small real bot under "strong" (the ``strong_bot`` fixture), so that a form's
match does not wait on searches: it thinks by no more than taking its time budget, and plays the
first legal action of L.A.M.A. and Completto only (so that Elements shows a game it does not
play); and they take the search bot out (``without_strong_bot``) to see a site without it."""
import re

import pytest
from django.utils import translation

from play import bots
from play.api import serializers as _schema_of_the_site  # noqa: F401  the API's level choices are read
# when it is first imported: here, at collection, with every bot of the site (not inside a test that
# takes the search bot out)
from play.bots.search import Strong
from play.bots import DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS, MIN_THINK_SECONDS, make_bot, thinks
from play.errors import MatchError
from play.forms import MatchForm
from play.games import GAMES
from play.labels.table import TABLE
from play.levels import LEVELS, find, levels_for, of_bot, offered
from play.models import Match
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.rematch import propose_rematch
from tests.conftest import EN, JA, page_in_both_languages
from tests.play.matches import HUMAN, person
from tests.play.test_match_api import create, error_of
from tests.play.test_pages import form_data, guest

pytestmark = pytest.mark.django_db

LINES = {
    "en": {
        "easy": ("Easy", "Easy bot", "Plays any legal move at random — for learning the rules."),
        "normal": ("Normal", "Normal bot", "Follows rules of thumb: goes for the win it can see."),
        "strong": ("Strong", "Strong bot",
                   "Thinks ahead by trying many possible games from what it can see (about half a second a move)."),
    },
    "ja": {
        "easy": ("かんたん", "ボット（かんたん）", "ルールで許される手からでたらめに選びます。ルールを覚えるのに向いています。"),
        "normal": ("ふつう", "ボット（ふつう）", "経験則に従って指し、見えている勝ち筋を狙います。"),
        "strong": ("つよい", "ボット（つよい）", "見えている情報からありうる展開を何通りも試して先を読みます（1手に約0.5秒）。"),
    },
}


class FirstLegal:
    """The stand-in for the search bot under "strong": a factory that thinks (it takes
    ``think_seconds``) and plays L.A.M.A. and Completto; ``made`` records each bot it made as
    ``(game slug, seed, think_seconds)``; its bots answer the first legal action."""

    thinks = True

    def __init__(self):
        self.made = []

    def __call__(self, game, seed, think_seconds):
        self.made.append((game.slug, seed, think_seconds))
        return self

    @staticmethod
    def plays(game) -> bool:
        return game.slug in ("lama", "completto")

    @staticmethod
    def choose(view, legal):
        return legal[0]


@pytest.fixture
def strong_bot(monkeypatch) -> FirstLegal:
    factory = FirstLegal()
    monkeypatch.setitem(bots.BOTS, "strong", factory)
    return factory


@pytest.fixture
def without_strong_bot(monkeypatch) -> None:
    monkeypatch.delitem(bots.BOTS, "strong")


# -- the levels --------------------------------------------------------------------------------------
def test_the_levels_and_their_bots():
    assert [(level.name, level.bot) for level in LEVELS] == [
        ("easy", "random"), ("normal", "heuristic"), ("strong", "strong")]
    assert [(name, find(name).name) for name in ("easy", "random", "normal", "heuristic", "strong")] == [
        ("easy", "easy"), ("random", "easy"), ("normal", "normal"), ("heuristic", "normal"), ("strong", "strong")]
    assert [find(value) for value in ("genius", "", None, 3, {"kind": "bot"}, "Easy")] == [None] * 6
    assert (of_bot("random").name, of_bot("heuristic").name, of_bot(""), of_bot("scripted")) == (
        "easy", "normal", None, None)


def test_a_level_is_offered_only_where_its_bot_is(strong_bot):
    assert [level.name for level in offered()] == ["easy", "normal", "strong"]
    assert {slug: [level.name for level in levels_for(game)] for slug, game in GAMES.items()} == {
        "lama": ["easy", "normal", "strong"], "elements": ["easy", "normal"],
        "completto": ["easy", "normal", "strong"], "eoc": ["easy", "normal"]}
    assert find("strong").games() == ["lama", "completto"]


def test_the_search_bot_is_the_strong_level_for_every_game():
    assert isinstance(bots.BOTS["strong"], Strong)
    assert {slug: [level.name for level in levels_for(game)] for slug, game in GAMES.items()} == {
        slug: ["easy", "normal", "strong"] for slug in GAMES}


def test_without_the_search_bot_there_is_no_strong_level(without_strong_bot):
    assert "strong" not in bots.BOTS
    assert [level.name for level in offered()] == ["easy", "normal"]
    assert [level.name for level in levels_for(GAMES["lama"])] == ["easy", "normal"]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_level_says_how_it_plays_in_the_readers_language(language):
    with translation.override(language):
        assert {level.name: (str(level.label), str(level.seat_label), str(level.description))
                for level in LEVELS} == LINES[language]
        seats = {key: str(TABLE[key]) for key in ("bot_random", "bot_heuristic", "bot_strong")}
    assert seats == {"en": {"bot_random": "easy bot", "bot_heuristic": "normal bot", "bot_strong": "strong bot"},
                     "ja": {"bot_random": "ボット（かんたん）", "bot_heuristic": "ボット（ふつう）",
                            "bot_strong": "ボット（つよい）"}}[language]


def test_a_bot_that_thinks_gets_its_time_and_the_others_do_not(strong_bot):
    lama = GAMES["lama"]
    assert (thinks("strong"), thinks("heuristic"), thinks("random"), thinks("genius")) == (True, False, False, False)
    assert (MIN_THINK_SECONDS, DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS) == (0.1, 0.5, 2.0)
    make_bot("strong", lama, 7)
    make_bot("strong", lama, 8, think_seconds=2.0)
    make_bot("heuristic", lama, 9, think_seconds=1.0)
    assert strong_bot.made == [("lama", 7, 0.5), ("lama", 8, 2.0)]
    with pytest.raises(ValueError, match=r"^think_seconds must be from 0.1 to 2.0, not 2.5$"):
        make_bot("strong", lama, 7, think_seconds=2.5)
    with pytest.raises(ValueError, match=r"^'strong' is not a bot of elements; its bots: random, heuristic$"):
        make_bot("strong", GAMES["elements"], 7)


# -- the new-match form ------------------------------------------------------------------------------
def _levels_list(body: str) -> list[tuple[str, str, str]]:
    """The form's list of levels: ``(level, games, "label: line")`` per entry."""
    block = body[body.index('<div class="bot-levels" id="bot-levels">'):]
    block = block[:block.index("</dl>")]
    return [(name, games, f"{label}: {line}") for name, games, label, line in re.findall(
        r'<div class="bot-level" data-level="(\w+)" data-games="([\w ]*)">\s*<dt>(.*?)</dt>\s*<dd>(.*?)</dd>', block)]


def test_the_form_lists_the_levels_with_how_each_plays_in_both_languages(client, without_strong_bot):
    guest(client, "Ann")
    en, ja = page_in_both_languages(client, "/play/new/")
    every = "lama elements completto eoc"
    assert _levels_list(en) == [
        ("easy", every, "Easy bot: Plays any legal move at random — for learning the rules."),
        ("normal", every, "Normal bot: Follows rules of thumb: goes for the win it can see.")]
    assert _levels_list(ja) == [
        ("easy", every, "ボット（かんたん）: ルールで許される手からでたらめに選びます。ルールを覚えるのに向いています。"),
        ("normal", every, "ボット（ふつう）: 経験則に従って指し、見えている勝ち筋を狙います。")]
    assert "How each bot plays:" in en and "ボットの指し方:" in ja
    assert 'class="level-note"' not in en  # every level plays every game
    assert '<select name="seat_1" aria-describedby="bot-levels" id="id_seat_1">' in en
    assert 'value="strong"' not in en and 'name="think_seconds"' not in en


def test_the_form_offers_the_strong_level_and_its_time_to_think_once_the_bot_is_there(client, strong_bot):
    guest(client, "Ann")
    en, ja = page_in_both_languages(client, "/play/new/")
    assert _levels_list(en)[2] == (
        "strong", "lama completto",
        "Strong bot: Thinks ahead by trying many possible games from what it can see (about half a second a move).")
    assert _levels_list(ja)[2] == (
        "strong", "lama completto",
        "ボット（つよい）: 見えている情報からありうる展開を何通りも試して先を読みます（1手に約0.5秒）。")
    assert '<option value="strong" data-games="lama completto">Strong bot</option>' in en
    assert '<div class="think-field" data-levels="strong">' in en
    assert ('<input type="number" name="think_seconds" value="0.5" step="0.1" inputmode="decimal" min="0.1" max="2" '
            'aria-describedby="id_think_seconds_helptext" id="id_think_seconds">') in en
    assert "The strong bot&#x27;s time to think" in en and "ボット（つよい）の思考時間" in ja
    assert "Seconds per move, from 0.1 to 2: the longer it thinks, the better it plays." in en
    assert "1手ごとに考える秒数（0.1〜2秒）。長く考えるほど強く指します。" in ja
    # The games it does not play say so where their seats no longer offer it.
    assert re.findall(r'<p class="level-note" data-game="(\w+)">(.*?)</p>', en) == [
        ("elements", "Not for Elements: Strong bot."), ("eoc", "Not for Elements of Chaos: Strong bot.")]
    assert re.findall(r'<p class="level-note" data-game="(\w+)">(.*?)</p>', ja) == [
        ("elements", "エレメンツでは選べません: ボット（つよい）。"),
        ("eoc", "エレメンツ オブ カオスでは選べません: ボット（つよい）。")]


@pytest.mark.parametrize("posted, bot", [
    ("easy", "random"), ("normal", "heuristic"), ("strong", "strong"),
    # the bots' own names, as the form took them before the levels
    ("random", "random"), ("heuristic", "heuristic"),
])
def test_the_form_takes_each_level_and_the_old_names(client, strong_bot, posted, bot):
    guest(client, "Ann")
    response = client.post("/play/new/", form_data(players="2", seat_1=posted))
    assert response.status_code == 302
    match = Match.objects.get()
    assert [s.bot for s in match.seats.order_by("index")] == ["", bot]
    assert match.think_seconds == 0.5


@pytest.mark.parametrize("language, headers, message", [
    ("en", EN, "“genius” is not a choice for a seat. Choose one of: You, Open for a person, Easy bot, Normal bot."),
    ("ja", JA, "「genius」は席の選択肢にありません。次から選んでください: あなた, 参加者を待つ, ボット（かんたん）, "
               "ボット（ふつう）。"),
])
def test_the_form_refuses_an_unknown_level_naming_the_choices(client, language, headers, message, without_strong_bot):
    guest(client, "Ann")
    response = client.post("/play/new/", form_data(players="2", seat_1="genius"), **headers)
    assert response.status_code == 400
    assert message in response.content.decode()
    # Without the search bot, "strong" is no choice either.
    response = client.post("/play/new/", form_data(players="2", seat_1="strong"), **headers)
    assert message.replace("genius", "strong") in response.content.decode()
    assert Match.objects.count() == 0


def test_the_form_refuses_a_level_whose_bot_does_not_play_the_game(client, strong_bot):
    guest(client, "Ann")
    response = client.post("/play/new/", form_data(game="elements", players="3", seat_2="strong"), **EN)
    assert response.status_code == 400
    assert ("“Strong bot” does not play Elements. Choose one of: You, Open for a person, Easy bot, Normal bot."
            in response.content.decode())
    response = client.post("/play/new/", form_data(game="elements", players="3", seat_2="strong"), **JA)
    assert ("「ボット（つよい）」はエレメンツをプレイできません。次から選んでください: あなた, 参加者を待つ, "
            "ボット（かんたん）, ボット（ふつう）。" in response.content.decode())
    assert Match.objects.count() == 0


def test_the_form_takes_the_strong_bots_time_to_think_in_its_range(client, strong_bot):
    guest(client, "Ann")
    for value, message in (("2.5", "Ensure this value is less than or equal to 2."),
                           ("0", "Ensure this value is greater than or equal to 0.1."),
                           ("0.25", "Ensure that there are no more than 1 decimal place."),
                           ("fast", "Enter a number.")):
        response = client.post("/play/new/", form_data(players="2", seat_1="strong", think_seconds=value), **EN)
        assert response.status_code == 400, value
        assert message in response.content.decode(), value
    assert Match.objects.count() == 0
    assert client.post("/play/new/", form_data(players="2", seat_1="strong", think_seconds="1.5")).status_code == 302
    assert Match.objects.get().think_seconds == 1.5
    Match.objects.all().delete()
    assert client.post("/play/new/", form_data(players="2", seat_1="strong", think_seconds="")).status_code == 302
    assert Match.objects.get().think_seconds == 0.5


def test_the_form_without_the_search_bot_has_no_time_to_think(without_strong_bot):
    form = MatchForm({"game": "lama", "players": "2", "seat_0": "you", "seat_1": "easy", "think_seconds": "9"})
    assert "think_seconds" not in form.fields
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["seats"], form.cleaned_data["think_seconds"]) == (
        [HUMAN, {"kind": "bot", "bot": "easy"}], 0.5)


# -- the API -----------------------------------------------------------------------------------------
def test_the_games_list_their_levels_with_how_each_plays(api, strong_bot):
    def levels(headers):
        return {game["slug"]: [(lv["name"], lv["label"], lv["description"], lv["bot"]) for lv in game["levels"]]
                for game in api.get("/api/games/", **headers).json()}

    en, ja = levels(EN), levels(JA)
    assert en["lama"] == en["completto"] == [
        ("easy", *LINES["en"]["easy"][::2], "random"), ("normal", *LINES["en"]["normal"][::2], "heuristic"),
        ("strong", *LINES["en"]["strong"][::2], "strong")]
    assert en["elements"] == en["eoc"] == en["lama"][:2]
    assert ja["lama"] == [
        ("easy", "かんたん", LINES["ja"]["easy"][2], "random"), ("normal", "ふつう", LINES["ja"]["normal"][2], "heuristic"),
        ("strong", "つよい", LINES["ja"]["strong"][2], "strong")]
    assert ja["eoc"] == ja["lama"][:2]


def test_the_games_list_no_strong_level_without_the_search_bot(api, without_strong_bot):
    lama = next(game for game in api.get("/api/games/").json() if game["slug"] == "lama")
    assert [level["name"] for level in lama["levels"]] == ["easy", "normal"]


@pytest.mark.parametrize("posted, bot", [
    ("easy", "random"), ("normal", "heuristic"), ("strong", "strong"), ("random", "random"), ("heuristic", "heuristic"),
])
def test_the_api_takes_each_level_and_the_old_names(alice_api, strong_bot, posted, bot):
    response = create(alice_api, seats=[HUMAN, {"kind": "bot", "bot": posted}])
    assert response.status_code == 201, response.json()
    assert [(s["kind"], s["bot"]) for s in response.json()["seats"]] == [("human", ""), ("bot", bot)]


@pytest.mark.parametrize("headers, message", [
    (EN, 'Seat 1 must be {"kind": "human"} or {"kind": "bot", "bot": one of "easy", "normal"}.'),
    (JA, '席1は {"kind": "human"} か {"kind": "bot", "bot": "easy", "normal" のいずれか} にしてください。'),
])
def test_the_api_refuses_an_unknown_level_naming_the_choices(alice_api, headers, message, without_strong_bot):
    for name in ("genius", "strong", "Easy", ""):
        response = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, {"kind": "bot", "bot": name}]},
                                  format="json", **headers)
        assert error_of(response, 400) == "bad_seats", name
        error = response.json()["error"]
        assert error["message"] == message, name
        assert error["details"] == {"problems": [{"seat": 1, "message": message}], "levels": ["easy", "normal"]}
    assert Match.objects.count() == 0


def test_the_api_refuses_a_level_whose_bot_does_not_play_the_game(alice_api, strong_bot):
    seats = [HUMAN, {"kind": "bot", "bot": "strong"}, {"kind": "bot", "bot": "genius"}]
    response = create(alice_api, game="elements", seats=seats)
    assert error_of(response, 400) == "bad_seats"
    assert response.json()["error"]["message"] == (
        'Seat 1: the level “strong” does not play Elements; its levels: "easy", "normal". '
        'Seat 2 must be {"kind": "human"} or {"kind": "bot", "bot": one of "easy", "normal"}.')
    japanese = alice_api.post("/api/matches/", {"game": "elements", "seats": seats[:2] + [HUMAN]}, format="json", **JA)
    assert japanese.json()["error"]["message"] == (
        '席1: レベル「strong」はエレメンツをプレイできません。このゲームのレベル: "easy", "normal"。')
    assert Match.objects.count() == 0


def test_the_api_takes_the_strong_bots_time_to_think_in_its_range(alice_api, strong_bot):
    strong = [HUMAN, {"kind": "bot", "bot": "strong"}]
    for seconds in (0.1, 2, 1.25):
        view = create(alice_api, seats=strong, think_seconds=seconds).json()
        assert Match.objects.get(pk=view["id"]).think_seconds == seconds
    assert Match.objects.get(pk=create(alice_api, seats=strong).json()["id"]).think_seconds == 0.5
    Match.objects.all().delete()
    for seconds in (0.05, 2.5, 0, -1, 1e308):
        response = create(alice_api, seats=strong, think_seconds=seconds)
        assert error_of(response, 400) == "bad_think_time", seconds
        assert response.json()["error"] == {
            "code": "bad_think_time",
            "message": "The strong bot's time to think must be a number of seconds from 0.1 to 2.",
            "details": {"think_seconds": seconds, "min": 0.1, "max": 2.0}}
    japanese = alice_api.post("/api/matches/", {"game": "lama", "seats": strong, "think_seconds": 3}, format="json",
                              **JA)
    assert japanese.json()["error"]["message"] == "ボット（つよい）の思考時間は0.1〜2秒の数で指定してください。"
    for value, problem in (("1", "must be a number (a JSON number), not a string"),
                           (True, "must be a number (a JSON number), not a boolean"),
                           (None, "This field may not be null.")):
        response = create(alice_api, seats=strong, think_seconds=value)
        assert error_of(response, 400) == "invalid_request", value
        assert response.json()["error"]["details"]["problems"] == [{"field": "think_seconds", "message": problem}]
    assert Match.objects.count() == 0


def test_the_schema_documents_the_levels_and_the_time_to_think(api):
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    assert components["CreateMatchInput"]["properties"]["think_seconds"] == {
        "type": "number", "minimum": 0.1, "maximum": 2.0, "default": 0.5,
        "description": "the seconds the strong level's bot thinks per move, 0.1 to 2 (default 0.5); out of range: "
                       "400 bad_think_time"}
    assert components["Game"]["properties"]["levels"]["items"] == {"$ref": "#/components/schemas/Level"}
    assert components["Level"]["required"] == ["bot", "description", "label", "name"]
    assert components["NameEnum"]["enum"] == ["easy", "normal", "strong"]
    assert components["SeatInput"]["properties"]["bot"]["description"] == (
        'the bot\'s level, one of the game\'s (GET /api/games/): "easy" (the random bot), "normal" (the heuristic '
        'bot), "strong" (the strong bot); the bot\'s name "random" is taken as "easy"; the bot\'s name "heuristic" '
        'is taken as "normal"')


# -- the match -----------------------------------------------------------------------------------------
def test_a_strong_seat_thinks_for_the_matchs_time_and_a_rematch_keeps_it(user, strong_bot):
    alice, lama = person(user), GAMES["lama"]
    match = create_match(alice, "lama", [HUMAN, {"kind": "bot", "bot": "strong"}], {"end_at": 1}, seed=5,
                         think_seconds=1.5)
    assert match.think_seconds == 1.5
    while match.status != Match.Status.FINISHED:
        if 0 in lama.to_act(lama.load(match.state, match.options)):
            act(alice, match.id, match.version, {"type": "quit"})
        else:
            assert play_bot_turn(match.id, match.version)
        match.refresh_from_db()
    assert strong_bot.made and {(slug, seconds) for slug, _seed, seconds in strong_bot.made} == {("lama", 1.5)}
    rematch, made = propose_rematch(alice, match.id)
    assert made and rematch.think_seconds == 1.5


def test_the_services_refuse_a_time_to_think_out_of_range(user):
    for seconds in (0.09, 2.01, "1", True, None):
        with pytest.raises(MatchError) as refusal:
            create_match(person(user), "lama", [HUMAN, HUMAN], think_seconds=seconds)
        assert refusal.value.code == "bad_think_time", seconds
    assert Match.objects.count() == 0
