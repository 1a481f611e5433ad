"""POST /api/decks/validate/: exact answers, and bad input answered in the error shape."""
import json

import pytest

from tests.conftest import load_case

VALID_TEXT = load_case("decklists/valid_mixed_formats.json")["input"]["text"]


def post(api, body, **kwargs):
    return api.post("/api/decks/validate/", body, format="json", **kwargs)


def test_valid_deck_resolves_every_card(api, t_catalogue):
    body = post(api, {"text": VALID_TEXT}).json()
    assert body["valid"] is True
    assert body["total"] == 51
    assert body["problems"] == []
    assert [c["code"] for c in body["cards"]] == [f"T-{n:03}" for n in range(1, 18)]
    first = body["cards"][0]
    assert first == {
        "code": "T-001", "name": "炎の剣士アリサ", "name_en": "Arisa, Flame Swordswoman",
        "type": "character", "count": 3, "lines": [2],
    }


def test_a_byte_order_mark_before_the_first_line_is_ignored(api, t_catalogue):
    body = post(api, {"text": "\ufeff" + VALID_TEXT.replace("\n", "\r\n")}).json()
    assert (body["valid"], body["total"], body["problems"]) == (True, 51, [])


def test_problem_shapes_are_exact(api, t_catalogue):
    text = "3 炎の剣士アリス\n0 炎\n2 炎の剣士アリサ (T-001)\n2 炎の剣士アリサ (T-019)\n1 炎の剣 (T-002)\n"
    body = post(api, {"text": text}).json()
    assert body["valid"] is False
    assert body["total"] == 5
    unknown, bad, mismatch, copies, size = body["problems"]
    assert unknown["code"] == "unknown_card" and unknown["line"] == 1
    assert unknown["suggestions"][0] == "炎の剣士アリサ"
    assert bad == {
        "code": "bad_line", "line": 2, "text": "0 炎",
        "message": "Line 2: the count must be a whole number from 1 to 999, not 0.",
    }
    assert mismatch["code"] == "name_mismatch" and mismatch["line"] == 5 and mismatch["card_code"] == "T-002"
    assert copies == {
        "code": "too_many_copies", "name": "炎の剣士アリサ", "name_en": "Arisa, Flame Swordswoman", "count": 4, "max": 3,
        "codes": ["T-001", "T-019"], "lines": [3, 4],
        "message": "4 copies of Arisa, Flame Swordswoman; a deck may hold at most 3 of a card, counting every printing.",
    }
    assert size == {
        "code": "deck_size", "total": 5, "expected": 51,
        "message": "A deck has exactly 51 cards; this one has 5.",
    }


def test_json_form_unknown_code_names_its_entry(api, t_catalogue):
    body = post(api, {"cards": [{"code": "t-001", "count": 3}, {"code": "T-999", "count": 1}]}).json()
    assert body["total"] == 3
    assert body["cards"][0]["code"] == "T-001"
    assert [p["code"] for p in body["problems"]] == ["unknown_card", "deck_size"]
    assert body["problems"][0]["entry"] == 1


@pytest.mark.parametrize(
    "body, fields",
    [
        ({"cards": [{"code": "T-001", "count": "three"}, {"code": None, "count": 3}]}, ["cards[0].count", "cards[1].code"]),
        ({"cards": [{"code": "T-001", "count": True}]}, ["cards[0].count"]),
        ({"cards": [{"code": "T-001", "count": 0}]}, ["cards[0].count"]),
        ({"cards": "T-001"}, ["cards"]),
        ({}, [""]),
        ({"text": "3 炎", "cards": []}, [""]),
        ({"text": 3}, ["text"]),
        ({"text": "3 炎", "extra": 1}, ["extra"]),
        ([1, 2], [""]),
    ],
)
def test_wrong_types_are_400_with_every_problem(api, t_catalogue, body, fields):
    response = post(api, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_request"
    assert [p["field"] for p in error["details"]["problems"]] == fields


def test_malformed_json_is_400(api, t_catalogue):
    response = api.generic("POST", "/api/decks/validate/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_body"


def test_two_megabyte_body_is_413(api, t_catalogue):
    body = json.dumps({"text": "3 炎\n" * 400_000})
    assert len(body.encode()) > 2_000_000
    response = api.generic("POST", "/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "request_too_large"


def test_too_many_lines_is_400(api, t_catalogue):
    response = post(api, {"text": "\n" * 2001})
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "A deck list has at most 2000 lines; this one has 2001."


def test_get_is_405_in_error_shape(api):
    response = api.get("/api/decks/validate/")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_deeply_nested_json_is_400(api, t_catalogue):
    body = "[" * 100_000 + "]" * 100_000
    response = api.generic("POST", "/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "malformed_body", "message": "JSON parse error - the body is nested too deeply (at most 32 levels)",
        "details": {"max_depth": 32},
    }


def test_chunked_body_is_refused_with_411(api, t_catalogue):
    response = api.generic(
        "POST", "/api/decks/validate/", b"", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert response.status_code == 411
    assert response.json()["error"]["code"] == "length_required"


def test_one_card_over_999_in_all_is_refused(api, t_catalogue):
    body = post(api, {"cards": [{"code": "T-001", "count": 999}, {"code": "T-001", "count": 999}]}).json()
    assert body["problems"][0] == {
        "code": "count_too_large", "card_code": "T-001", "count": 1998, "max": 999, "lines": [0, 1],
        "message": "1998 copies of T-001 in all; a deck list holds at most 999 of a card.",
    }


def test_only_ascii_digits_are_counts(api, t_catalogue):
    body = post(api, {"text": "٣ 炎"}).json()
    assert [p["code"] for p in body["problems"]] == ["bad_line", "deck_size"]
    assert body["problems"][0] == {
        "code": "bad_line", "line": 1, "text": "٣ 炎", "count_text": "٣", "card_text": "炎",
        "message": "Line 1: the count must be a whole number from 1 to 999, not ٣.",
    }
