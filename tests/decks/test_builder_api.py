"""The deck builder over the API: statistics and odds of saved and unsaved lists, versions with
diffs and restore, copying and exporting, permissions, and the goldfish through a real worker."""
import pytest

from decks.models import Deck, DeckCard, DeckVersion, GoldfishRun
from tests.e2e.conftest import threads_share_the_test_db  # noqa: F401  (a fixture)

SMALL = [{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}, {"code": "SMP-008", "count": 1}]


def create(client, **body):
    body.setdefault("name", "テスト")
    body.setdefault("cards", SMALL)
    response = client.post("/api/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_stats_of_a_saved_deck_are_exact(alice_api, sample_catalogue):
    deck = create(alice_api)
    stats = alice_api.get(f"/api/decks/{deck['id']}/stats/").json()
    assert stats["total"] == 6
    assert stats["types"] == {"character": 3, "item": 2, "event": 1}
    assert stats["colours"] == {"red": 6, "green": 0, "black": 0, "white": 0, "colourless": 0}
    assert stats["size_curve"] == [{"value": 0, "count": 2}, {"value": 1, "count": 1}, {"value": 3, "count": 3}]
    assert stats["average_size"]["exact"] == "5/3"
    assert stats["characters"]["hp"] == [{"value": 6, "count": 3}]
    assert stats["actions"]["step1"] == {"move": 5, "attack": 3, "defend": 0, "charge": 1, "special": 0}
    red = stats["damage"]["red"]
    assert [(d["damage"], d["exact"]) for d in red["distribution"]] == [(0, "1/3"), (1, "1/6"), (4, "1/2")]
    assert red["mean"]["exact"] == "13/6"
    assert stats["damage"]["colourless"]["mean"]["exact"] == "5/3"


def test_odds_of_a_sample_deck(api, sample_catalogue):
    odds = api.get("/api/decks/SMP-RED/odds/?turns=2&played=3&cards=SMP-001,SMP-002").json()
    assert odds["deck_size"] == 51
    assert [(p["key"], p["cards"]) for p in odds["points"]] == [("opening", 7), ("turn1", 7), ("turn2", 10)]
    kagura = next(g for g in odds["groups"] if g["codes"] == ["SMP-001"])
    assert kagura["copies"] == 3
    assert kagura["at_least"]["1"][0]["exact"] == "1083/2975"
    assert kagura["at_least"]["3"][0]["exact"] == "1/595"
    custom = next(g for g in odds["groups"] if g["key"] == "custom")
    assert custom["copies"] == 6
    bad = api.get("/api/decks/SMP-RED/odds/?turns=0&played=x")
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "bad_parameter"
    assert bad.json()["error"]["details"]["problems"] == [
        {"parameter": "turns", "value": "0", "expected": "a whole number from 1 to 20"},
        {"parameter": "played", "value": "x", "expected": "a whole number from 0 to 7"},
    ]



def test_odds_of_a_group_name_every_code_the_deck_does_not_hold(api, sample_catalogue):
    """A code outside the deck made a group of no cards (``{"codes": []}``, 200), and codes past
    the 100th were dropped without a word."""
    same = api.get("/api/decks/SMP-RED/odds/?cards=smp-001, SMP-002,SMP-001,").json()
    assert next(g for g in same["groups"] if g["key"] == "custom")["codes"] == ["SMP-001", "SMP-002"]
    missing = api.get("/api/decks/SMP-RED/odds/?cards=SMP-001,NOPE,SMP-072")
    assert missing.status_code == 400
    assert missing.json()["error"] == {
        "code": "bad_parameter",
        "message": "The query parameter cards names cards this deck does not hold: NOPE, SMP-072.",
        "details": {"parameter": "cards", "value": "SMP-001,NOPE,SMP-072", "expected": "codes of cards in this deck",
                    "missing": ["NOPE", "SMP-072"],
                    "problems": [{"parameter": "cards", "value": "SMP-001,NOPE,SMP-072",
                                  "expected": "codes of cards in this deck"}]},
    }
    many = ",".join(f"X-{i}" for i in range(101))
    too_many = api.get(f"/api/decks/SMP-RED/odds/?cards={many}")
    assert too_many.status_code == 400
    assert too_many.json()["error"]["details"]["problems"] == [
        {"parameter": "cards", "value": many, "expected": "at most 100 comma-separated card codes"}]
    ja = api.get("/api/decks/SMP-RED/odds/?cards=NOPE", HTTP_ACCEPT_LANGUAGE="ja")
    assert ja.json()["error"]["message"] == "クエリパラメータ cards に、このデッキにないカードがあります: NOPE。"


def test_analyse_an_unsaved_list(api, sample_catalogue):
    response = api.post("/api/decks/analyse/", {"text": "3 SMP-001\n2 焦げた教科書\n1 闘志\n2 ないカード\n"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["validation"]["valid"] is False
    assert [p["code"] for p in body["validation"]["problems"]] == ["unknown_card", "deck_size"]
    assert body["stats"]["total"] == 6
    assert body["cards"]["SMP-001"]["hp"] == 6 and body["cards"]["SMP-001"]["step1"] == "move attack"
    assert body["odds"]["deck_size"] == 6
    assert api.post("/api/decks/analyse/", {"cards": SMALL, "turns": 99}, format="json").status_code == 400


def test_every_save_is_a_version_and_diffs_show_changes(alice_api, sample_catalogue):
    deck = create(alice_api, note="first")
    url = f"/api/decks/{deck['id']}/"
    assert deck["version"] == 1
    changed = alice_api.patch(url, {"cards": [{"code": "SMP-001", "count": 2}, {"code": "SMP-012", "count": 2},
                                              {"code": "SMP-013", "count": 3}], "note": "more swords"}, format="json")
    assert changed.json()["version"] == 2
    alice_api.patch(url, {"name": "改名"}, format="json")  # no cards: no new version
    versions = alice_api.get(url + "versions/").json()
    assert [(v["number"], v["total"], v["kind"], v["note"], v["created_by"]) for v in versions["results"]] == [
        (2, 7, "saved", "more swords", "alice"), (1, 6, "created", "first", "alice")]
    diff = alice_api.get(url + "diff/?from=1&to=2").json()
    assert diff["changes"] == [
        {"code": "SMP-001", "name": "火炎部長カグラ", "type": "character", "before": 3, "after": 2, "change": -1},
        {"code": "SMP-013", "name": "部室の竹刀", "type": "item", "before": 0, "after": 3, "change": 3},
        {"code": "SMP-008", "name": "闘志", "type": "event", "before": 1, "after": 0, "change": -1},
    ]
    assert (diff["added"], diff["removed"], diff["total_before"], diff["total_after"]) == (3, 2, 6, 7)
    assert alice_api.get(url + "diff/").json()["changes"] == diff["changes"]  # defaults: latest vs the one before
    one = alice_api.get(url + "versions/1/").json()
    assert one["cards"][0] == {"code": "SMP-001", "name": "火炎部長カグラ", "type": "character", "count": 3}
    assert one["text"].splitlines()[0] == "# テスト"

    restored = alice_api.post(url + "versions/1/restore/", {}, format="json")
    assert restored.status_code == 200
    body = restored.json()
    assert body["version"] == 3 and body["name"] == "改名"
    assert [(c["code"], c["count"]) for c in body["cards"]] == [("SMP-001", 3), ("SMP-012", 2), ("SMP-008", 1)]
    restore = alice_api.get(url + "versions/").json()["results"][0]
    assert (restore["number"], restore["kind"], restore["restored_from"], restore["note"]) == (3, "restored", 1, "")
    assert alice_api.get(url + "diff/?from=1&to=3").json()["changes"] == []


def test_version_errors_are_clear(alice_api, sample_catalogue):
    deck = create(alice_api)
    url = f"/api/decks/{deck['id']}/"
    missing = alice_api.get(url + "versions/9/")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert alice_api.post(url + "versions/9/restore/", {}, format="json").status_code == 404
    bad = alice_api.get(url + "diff/?from=zero&to=-1")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_parameter"
    assert [p["parameter"] for p in bad.json()["error"]["details"]["problems"]] == ["from", "to"]


def test_a_refused_edit_writes_nothing(alice_api, sample_catalogue):
    deck = create(alice_api)
    url = f"/api/decks/{deck['id']}/"
    response = alice_api.put(url, {"name": "x", "text": "3 SMP-001\n3 ないカード\n0 SMP-012\n"}, format="json")
    assert response.status_code == 400
    assert [p["code"] for p in response.json()["error"]["details"]["problems"]] == ["unknown_card", "bad_line"]
    assert DeckVersion.objects.filter(deck_id=deck["id"]).count() == 1
    assert Deck.objects.get(pk=deck["id"]).name == "テスト"
    assert DeckCard.objects.filter(deck_id=deck["id"]).count() == 3


def test_others_cannot_see_a_private_deck_nor_change_a_public_one(alice_api, bob_api, api, sample_catalogue):
    private = create(alice_api)
    public = create(alice_api, name="公開", public=True)
    for client in (bob_api, api):
        for path in ("", "stats/", "odds/", "versions/", "versions/1/", "diff/", "export/"):
            assert client.get(f"/api/decks/{private['id']}/{path}").status_code == 404, path
            assert client.get(f"/api/decks/{public['id']}/{path}").status_code == 200, path
    assert bob_api.post(f"/api/decks/{private['id']}/versions/1/restore/", {}, format="json").status_code == 404
    assert bob_api.post(f"/api/decks/{private['id']}/copy/", {}, format="json").status_code == 404
    refused = bob_api.post(f"/api/decks/{public['id']}/versions/1/restore/", {}, format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "permission_denied"
    assert bob_api.patch(f"/api/decks/{public['id']}/", {"name": "mine"}, format="json").status_code == 403
    assert api.post(f"/api/decks/{public['id']}/versions/1/restore/", {}, format="json").status_code == 401
    assert DeckVersion.objects.filter(deck_id=public["id"]).count() == 1


def test_copy_a_public_deck_into_your_own(alice_api, bob_api, api, sample_catalogue):
    copied = bob_api.post("/api/decks/SMP-RED/copy/", {"name": "僕の赤"}, format="json")
    assert copied.status_code == 201
    body = copied.json()
    assert (body["owner"], body["public"], body["name"], body["copied_from"], body["version"]) == (
        "bob", False, "僕の赤", "SMP-RED", 1)
    assert bob_api.get(f"/api/decks/{body['id']}/versions/").json()["results"][0]["kind"] == "copied"
    assert body["validation"]["valid"] is True
    assert api.post("/api/decks/SMP-RED/copy/", {}, format="json").status_code == 401
    assert bob_api.post("/api/decks/SMP-RED/copy/", {"colour": "red"}, format="json").status_code == 400


def test_export_as_text_and_json(api, sample_catalogue):
    text = api.get("/api/decks/SMP-RED/export/")
    assert text.status_code == 200 and text["Content-Type"].startswith("text/plain")
    # named by the deck's name (紅蓮速攻), with the id as the plain-ASCII name
    assert text["Content-Disposition"] == (
        "attachment; filename=\"deck-SMP-RED.txt\"; filename*=utf-8''%E7%B4%85%E8%93%AE%E9%80%9F%E6%94%BB.txt")
    lines = text.content.decode().splitlines()
    assert lines[0] == "# 紅蓮速攻" and lines[1] == "2 応援団長ゴウ (SMP-005)"  # kana order: お before か, け…
    data = api.get("/api/decks/SMP-RED/export/?as=json").json()
    assert data["id"] == "SMP-RED" and data["total"] == 51 and len(data["cards"]) == 19
    bad = api.get("/api/decks/SMP-RED/export/?as=pdf")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_parameter"
    assert bad.json()["error"]["details"]["expected"] == "one of text, json"


def test_goldfish_input_is_checked(alice_api, api, sample_catalogue):
    assert api.post("/api/decks/SMP-RED/goldfish/", {}, format="json").status_code == 401
    bad = alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 0, "turns": "5"}, format="json")
    assert bad.status_code == 400
    assert sorted(p["field"] for p in bad.json()["error"]["details"]["problems"]) == ["runs", "turns"]
    small = create(alice_api)
    refused = alice_api.post(f"/api/decks/{small['id']}/goldfish/", {}, format="json")
    assert refused.status_code == 400 and "11 cards" in refused.json()["error"]["message"]
    assert GoldfishRun.objects.count() == 0


@pytest.fixture
def deck_worker(threads_share_the_test_db):  # noqa: F811
    """A real Celery worker in a thread, on the configured broker. It and this thread read the
    test database while the other writes (on the in-memory SQLite database a reader would
    otherwise make the writer fail at once with "database table is locked")."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.control.purge()  # the run's own queue: drop what earlier tests left in it
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=20) as worker:
        yield worker


def test_goldfish_runs_in_a_worker_and_reports_progress(deck_worker, sample_catalogue, alice_api, api):
    import time

    started = alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 3000, "turns": 3, "seed": 11}, format="json")
    assert started.status_code == 202, started.json()
    run = started.json()
    assert (run["status"], run["runs"], run["seed"]) == ("queued", 3000, 11)
    seen = set()
    deadline = time.monotonic() + 60
    while True:
        state = api.get(f"/api/goldfish/{run['id']}/").json()
        seen.add(state["status"])
        if state["status"] in ("done", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert state["status"] == "done", state
    assert state["done"] == 3000
    result = state["result"]
    assert [t["turn"] for t in result["by_turn"]] == [1, 2, 3]
    # SMP-RED holds 24 characters of 51: almost every kept hand has one.
    assert result["opening"]["kept_hand_character"] > 0.99
    assert assert_same_as_in_process(result)


def assert_same_as_in_process(result) -> bool:
    """The worker's report is the same as the simulation run here with the same seed."""
    from tcg.decks.goldfish import goldfish
    from decks.models import Deck
    from decks.selectors import stat_cards

    deck = Deck.objects.get(pk="SMP-RED")
    cards = stat_cards([{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")])
    return goldfish(cards, runs=3000, turns=3, seed=11) == result


def test_every_deck_builder_endpoint_is_in_the_openapi_schema(api, db):
    schema = api.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    for path, method in [
        ("/api/decks/analyse/", "post"), ("/api/decks/{deck_id}/stats/", "get"), ("/api/decks/{deck_id}/odds/", "get"),
        ("/api/decks/{deck_id}/versions/", "get"), ("/api/decks/{deck_id}/versions/{number}/", "get"),
        ("/api/decks/{deck_id}/versions/{number}/restore/", "post"), ("/api/decks/{deck_id}/diff/", "get"),
        ("/api/decks/{deck_id}/copy/", "post"), ("/api/decks/{deck_id}/export/", "get"),
        ("/api/decks/{deck_id}/goldfish/", "post"), ("/api/goldfish/{run_id}/", "get"),
    ]:
        assert method in paths[path], path
    odds_params = {p["name"] for p in paths["/api/decks/{deck_id}/odds/"]["get"]["parameters"]}
    assert {"turns", "played", "cards"} <= odds_params


def test_restoring_a_version_whose_card_left_the_catalogue_is_refused_whole(alice_api, sample_catalogue):
    from cardsdb.models import Card

    deck = create(alice_api, cards=[{"code": "SMP-013", "count": 3}])
    url = f"/api/decks/{deck['id']}/"
    alice_api.put(url, {"name": "テスト", "cards": [{"code": "SMP-001", "count": 2}]}, format="json")
    Deck.objects.filter(owner__isnull=True).delete()  # the sample decks hold SMP-013 too
    Card.objects.filter(code="SMP-013").delete()
    response = alice_api.post(url + "versions/1/restore/", {}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_deck_list"
    assert [(p["code"], p["entry"]) for p in error["details"]["problems"]] == [("unknown_card", 0)]
    assert DeckVersion.objects.filter(deck_id=deck["id"]).count() == 2
    assert [(c["code"], c["count"]) for c in alice_api.get(url).json()["cards"]] == [("SMP-001", 2)]
