"""A goldfish plays a list of at most 999 cards (``tcg.decks.goldfish.MAX_CARDS``), whichever
door asks for it: the sample hand (``POST /decks/sample-hand/``, no login needed), the goldfish
run of a saved deck (``POST /api/decks/<id>/goldfish/``) and the engine itself.

Each game of a goldfish copies and shuffles the whole list, so its time follows the list's size.
A list may count 999 copies of each of its up to 500 cards: one sample hand of such a list took
2 to 3 s of a web worker, and a run of 20,000 games of a saved deck of 72 × 999 cards about 7
minutes of the simulation worker. Past the limit the answer names the limit and the list's size, and nothing is
queued."""
import pytest

from decks import selectors, services
from decks.models import GoldfishRun
from tcg.decks.goldfish import MAX_CARDS, goldfish, sample_game

#: 72 sample cards × 14 copies: 1,008 cards, just past the limit.
OVER = [{"code": f"SMP-{n:03d}", "count": 14} for n in range(1, 73)]
#: 999 cards exactly: 71 cards × 14 and one card × 5.
AT_LIMIT = [{"code": f"SMP-{n:03d}", "count": 14} for n in range(1, 72)] + [{"code": "SMP-072", "count": 5}]


def test_the_limit_is_a_deck_lists_count_of_one_card():
    assert MAX_CARDS == 999
    assert sum(e["count"] for e in OVER) == 1008 and sum(e["count"] for e in AT_LIMIT) == 999


def test_the_engine_refuses_a_list_past_the_limit(sample_catalogue):
    cards = selectors.stat_cards(OVER)
    with pytest.raises(ValueError) as hand:
        sample_game(cards)
    assert str(hand.value) == "a sample hand plays at most 999 cards; this deck has 1008"
    with pytest.raises(ValueError) as run:
        goldfish(cards, runs=1)
    assert str(run.value) == "a goldfish plays at most 999 cards; this deck has 1008"
    assert len(sample_game(selectors.stat_cards(AT_LIMIT), seed=3)["hand"]) == 7


@pytest.mark.parametrize("lang, message", [
    ("en", "A sample hand plays at most 999 cards; this list has 1008."),
    ("ja", "サンプル手札で使えるカードは999枚までです（このリストは1008枚）。"),
])
def test_the_sample_hand_refuses_a_list_past_the_limit(client, sample_catalogue, lang, message):
    response = client.post("/decks/sample-hand/", {"cards": OVER, "seed": 1}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == message


def test_the_sample_hand_of_a_list_at_the_limit_is_dealt(client, sample_catalogue):
    response = client.post("/decks/sample-hand/", {"cards": AT_LIMIT, "seed": 1}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.content.decode().count('data-part="turn"') == 4


@pytest.mark.parametrize("lang, message", [
    ("en", "a goldfish plays at most 999 cards; this deck has 1008"),
    ("ja", "一人回しで使えるカードは999枚までです(このデッキは1008枚)"),
])
def test_a_goldfish_run_of_a_saved_deck_past_the_limit_is_refused_and_nothing_is_queued(
        alice_api, user, sample_catalogue, lang, message):
    deck = services.create_deck(user, "big", selectors.check_entries(OVER))
    response = alice_api.post(f"/api/decks/{deck.pk}/goldfish/", {"runs": 20000}, format="json",
                              HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert response.json() == {"error": {"code": "invalid_request", "message": message, "details": {}}}
    assert GoldfishRun.objects.count() == 0


# --- goldfish runs per user -------------------------------------------------------------------
# One worker plays every goldfish run in turn: a user may have GOLDFISH_RUNS_PER_USER (3) queued or
# running at once. (No worker runs here, so a started run stays queued.)

@pytest.mark.parametrize("lang, message", [
    ("en", "You have 3 simulations waiting or running; one user may have at most 3. Start another once one is done."),
    ("ja", "待機中または実行中のシミュレーションが3件あります。1人が同時に持てるのは3件までです。どれかが終わってから始めてください。"),
])
def test_a_fourth_unfinished_goldfish_run_is_429_and_nothing_is_queued(alice_api, sample_catalogue, lang, message):
    for _ in range(3):
        assert alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json").status_code == 202
    refused = alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json", HTTP_ACCEPT_LANGUAGE=lang)
    assert refused.status_code == 429
    assert refused.json() == {"error": {"code": "too_many_runs", "message": message,
                                        "details": {"limit": 3, "count": 3}}}
    assert GoldfishRun.objects.count() == 3


def test_the_limit_is_per_user_and_counts_only_unfinished_runs(alice_api, bob_api, sample_catalogue):
    for _ in range(3):
        alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json")
    assert bob_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json").status_code == 202
    GoldfishRun.objects.filter(pk=GoldfishRun.objects.filter(requested_by__username="alice").first().pk).update(
        status="done")
    assert alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json").status_code == 202
    GoldfishRun.objects.filter(requested_by__username="alice", status="queued").update(status="failed")
    assert alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 10}, format="json").status_code == 202
    assert GoldfishRun.objects.filter(requested_by__username="alice").count() == 5
    assert GoldfishRun.objects.filter(requested_by__username="bob").count() == 1


def test_the_code_is_in_the_schema_of_the_goldfish_start(api, db):
    schema = api.get("/api/schema/?format=json").json()
    described = schema["paths"]["/api/decks/{deck_id}/goldfish/"]["post"]["responses"]["429"]["description"]
    assert "`too_many_runs` (429)" in described


# --- a code that names no card ------------------------------------------------------------------
# A sample hand left such a code out of the list and then said the list was too short.

@pytest.mark.parametrize("lang, message", [
    ("en", "Entry 1: no card has the code NOPE-1. Entry 3: no card has the code NOPE-2."),
    ("ja", "エントリー 1: コード NOPE-1 のカードはありません。 エントリー 3: コード NOPE-2 のカードはありません。"),
])
def test_the_sample_hand_names_each_code_that_names_no_card(client, sample_catalogue, lang, message):
    cards = [{"code": "SMP-001", "count": 3}, {"code": "NOPE-1", "count": 30}, {"code": "SMP-002", "count": 3},
             {"code": "NOPE-2", "count": 30}]
    response = client.post("/decks/sample-hand/", {"cards": cards}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert response.content.decode() == message
