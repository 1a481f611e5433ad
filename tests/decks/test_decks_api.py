"""Saved decks over the API: token users create, list, read, change and delete their decks;
public decks are readable by anyone; private ones by their owner only (404 for others)."""
import pytest

from decks.models import Deck, DeckCard
from tests.conftest import load_case

VALID_TEXT = load_case("decklists/valid_mixed_formats.json")["input"]["text"]


def create(client, **body):
    body.setdefault("name", "赤緑ビート")
    body.setdefault("text", VALID_TEXT)
    return client.post("/api/decks/", body, format="json")


def test_anonymous_cannot_create(api, t_catalogue):
    response = create(api)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert Deck.objects.count() == 0


def test_create_read_update_delete(alice_api, t_catalogue):
    response = create(alice_api, description="first try")
    assert response.status_code == 201, response.json()
    deck = response.json()
    assert (deck["name"], deck["description"], deck["public"], deck["owner"]) == ("赤緑ビート", "first try", False, "alice")
    assert deck["validation"]["valid"] is True and deck["validation"]["total"] == 51
    assert deck["cards"][0] == {"code": "T-001", "name": "炎の剣士アリサ", "name_en": "Arisa, Flame Swordswoman",
                                "type": "character", "count": 3}
    # kana order of the readings: こくいのれい, さんねんせいのせんぱい, …
    assert deck["text"].splitlines()[:3] == ["# 赤緑ビート", "3 黒衣のレイ (T-007)", "3 3年生の先輩 (T-013)"]

    url = f"/api/decks/{deck['id']}/"
    assert alice_api.get(url).json()["cards"] == deck["cards"]
    mine = alice_api.get("/api/decks/?mine=true").json()
    assert [d["id"] for d in mine["results"]] == [deck["id"]]

    changed = alice_api.patch(url, {"text": "3 炎\n", "public": True}, format="json")
    assert changed.status_code == 200
    body = changed.json()
    assert body["public"] is True and body["name"] == "赤緑ビート"
    assert body["cards"] == [{"code": "T-002", "name": "炎", "name_en": "Flame", "type": "event", "count": 3}]
    assert body["validation"]["valid"] is False
    assert [p["code"] for p in body["validation"]["problems"]] == ["deck_size"]

    assert alice_api.delete(url).status_code == 204
    assert alice_api.get(url).status_code == 404
    assert DeckCard.objects.count() == 0


def test_exported_text_reads_back_to_the_same_deck(alice_api, t_catalogue):
    deck = create(alice_api).json()
    again = create(alice_api, text=deck["text"]).json()
    assert sorted(map(str, again["cards"])) == sorted(map(str, deck["cards"]))


def test_unresolved_list_is_refused_whole(alice_api, t_catalogue):
    deck = create(alice_api).json()
    url = f"/api/decks/{deck['id']}/"
    response = alice_api.put(url, {"name": "renamed", "text": "3 炎の剣士アリス\n0 炎\n"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_deck_list"
    assert [(p["code"], p["line"]) for p in error["details"]["problems"]] == [("unknown_card", 1), ("bad_line", 2)]
    after = alice_api.get(url).json()
    assert after["name"] == "赤緑ビート" and after["cards"] == deck["cards"]
    assert create(alice_api, text="3 炎の剣士アリス").status_code == 400
    assert Deck.objects.count() == 1


def test_private_deck_is_404_for_others_and_public_is_read_only(alice_api, bob_api, api, t_catalogue):
    private = create(alice_api).json()
    public = create(alice_api, name="公開", public=True).json()
    for client in (bob_api, api):
        assert client.get(f"/api/decks/{private['id']}/").status_code == 404
        assert client.get(f"/api/decks/{public['id']}/").status_code == 200
        listed = {d["id"] for d in client.get("/api/decks/").json()["results"]}
        assert private["id"] not in listed and public["id"] in listed
    assert bob_api.patch(f"/api/decks/{private['id']}/", {"name": "mine"}, format="json").status_code == 404
    assert bob_api.delete(f"/api/decks/{private['id']}/").status_code == 404
    refused = bob_api.patch(f"/api/decks/{public['id']}/", {"name": "mine"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "permission_denied"
    assert bob_api.delete(f"/api/decks/{public['id']}/").status_code == 403
    assert api.delete(f"/api/decks/{public['id']}/").status_code == 401
    assert Deck.objects.get(pk=public["id"]).name == "公開"


def test_sample_decks_are_public_and_legal(api, sample_catalogue):
    listed = api.get("/api/decks/").json()
    assert sorted(d["id"] for d in listed["results"]) == ["SMP-BLACK", "SMP-GREEN", "SMP-RED", "SMP-WHITE"]
    for deck_id in ("SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE"):
        deck = api.get(f"/api/decks/{deck_id}/").json()
        assert deck["owner"] is None and deck["public"] is True
        assert deck["validation"] == {**deck["validation"], "valid": True, "total": 51, "problems": []}


def test_sample_deck_cannot_be_changed(alice_api, sample_catalogue):
    assert alice_api.delete("/api/decks/SMP-RED/").status_code == 403
    assert Deck.objects.filter(pk="SMP-RED").exists()


@pytest.mark.parametrize("body", [{"name": ""}, {"name": "x" * 201}, {"public": "maybe"}, {"text": None}])
def test_bad_deck_fields_are_400(alice_api, t_catalogue, body):
    deck = create(alice_api).json()
    response = alice_api.patch(f"/api/decks/{deck['id']}/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_request"


def test_cards_adding_up_past_999_are_not_saved(alice_api, t_catalogue):
    cards = [{"code": "T-001", "count": 999}, {"code": "T-001", "count": 999}]
    response = alice_api.post("/api/decks/", {"name": "dups", "cards": cards}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["problems"][0]["code"] == "count_too_large"
    assert Deck.objects.count() == 0


@pytest.mark.parametrize("public", ["yes", 1, None])
def test_public_must_be_a_json_boolean(alice_api, t_catalogue, public):
    response = create(alice_api, public=public)
    assert response.status_code == 400
    assert response.json()["error"]["details"]["problems"][0]["field"] == "public"
