"""The card API beyond search: cards by name (exact and fuzzy), name completion, a random card,
a collection of identifiers, the bulk export, and conditional GETs (ETag, Last-Modified, 304)."""
import json

import pytest
from asgiref.sync import async_to_sync

from cardsdb.api.bulk import bulk_parts
from cardsdb.models import Card
from cardsdb.services import add_synthetic_cards, parse_catalogue
from tests.conftest import load_case

CHARACTERS = {"T-001", "T-004", "T-007", "T-009", "T-011", "T-013", "T-016", "T-019"}


def error(response) -> dict:
    return response.json()["error"]


# --- /api/cards/named/ -----------------------------------------------------------------
@pytest.mark.parametrize(
    "params,code",
    [
        ({"exact": "炎の剣士アリサ"}, "T-001"),  # two printings: the first by code
        ({"exact": "ホノオノケンシアリサ"}, "T-001"),  # the reading, in katakana
        ({"exact": "ＦＬＡＭＥ  Sword"}, "T-003"),  # English, full width, case, spaces
        ({"exact": "炎の剣士アリサ", "set": "t"}, "T-001"),
        ({"fuzzy": "炎"}, "T-002"),  # an exact name wins over the names containing it
        ({"fuzzy": "炎の剣士アリ"}, "T-001"),  # a part of one name
        ({"fuzzy": "swordswoman"}, "T-001"),
        ({"fuzzy": "flame swrod"}, "T-003"),  # a typo
        ({"fuzzy": "森の番人ミドル"}, "T-004"),
    ],
)
def test_named_finds_one_card(api, t_catalogue, params, code):
    response = api.get("/api/cards/named/", params)
    assert response.status_code == 200, response.json()
    assert response.json()["code"] == code
    assert response["ETag"] and response["Last-Modified"]


def test_fuzzy_name_matching_several_cards_is_ambiguous(api, t_catalogue):
    response = api.get("/api/cards/named/", {"fuzzy": "炎の"})
    assert response.status_code == 404
    body = error(response)
    assert body["code"] == "ambiguous"
    assert body["details"] == {"candidates": ["炎の剣", "炎の剣士アリサ"]}
    assert body["message"] == "Several cards match “炎の”: 炎の剣, 炎の剣士アリサ. Give more of the name."
    reading = error(api.get("/api/cards/named/", {"fuzzy": "ほのおのけ"}))
    assert (reading["code"], reading["details"]["candidates"]) == ("ambiguous", ["炎の剣", "炎の剣士アリサ"])


@pytest.mark.parametrize(
    "params", [{"exact": "炎の"}, {"fuzzy": "zzzzzzzz"}, {"exact": "炎", "set": "SMP"}, {"fuzzy": "炎の剣士", "set": "X"}]
)
def test_named_unknown_is_404_not_found(api, t_catalogue, params):
    response = api.get("/api/cards/named/", params)
    assert response.status_code == 404
    assert error(response)["code"] == "not_found"


@pytest.mark.parametrize("params", [{}, {"exact": ""}, {"fuzzy": "  "}, {"exact": "炎", "fuzzy": "炎"}])
def test_named_needs_exactly_one_name(api, t_catalogue, params):
    response = api.get("/api/cards/named/", params)
    assert response.status_code == 400
    assert error(response)["code"] == "invalid_request"


def test_a_name_past_200_characters_is_a_bad_parameter(api, t_catalogue):
    response = api.get("/api/cards/named/", {"exact": "x" * 201})
    assert response.status_code == 400
    assert error(response)["code"] == "bad_parameter"
    assert error(response)["details"]["expected"] == "a text of at most 200 characters"


# --- /api/cards/autocomplete/ ----------------------------------------------------------
@pytest.mark.parametrize(
    "q,names",
    [
        ("", []),
        ("炎", []),  # one character: nothing yet
        ("ｘ", []),
        ("ほの", ["炎", "炎の剣", "炎の剣士アリサ"]),  # readings give the Japanese names
        ("ホノオノ", ["炎の剣", "炎の剣士アリサ"]),
        ("sh", ["Shadow Step", "Shield of Light", "Archer of the Green Shade", "Dash"]),  # prefixes first
        ("の剣", ["炎の剣", "炎の剣士アリサ"]),
        ("qq", []),
    ],
)
def test_autocomplete(api, t_catalogue, q, names):
    response = api.get("/api/cards/autocomplete/", {"q": q})
    assert response.status_code == 200
    assert response.json() == {"results": names}


def test_autocomplete_gives_at_most_20_names_prefix_matches_first(api, t_catalogue):
    add_synthetic_cards(300)
    names = api.get("/api/cards/autocomplete/", {"q": "ar"}).json()["results"]
    assert len(names) == 20 == len(set(names))
    starts = [name.lower().startswith("ar") for name in names]
    assert starts == sorted(starts, reverse=True) and starts[0] and not starts[-1]


# --- /api/cards/random/ ----------------------------------------------------------------
def test_random_card_matches_the_query(api, t_catalogue):
    seen = set()
    for _ in range(30):
        response = api.get("/api/cards/random/", {"q": "t:character"})
        assert response.status_code == 200
        assert response["Cache-Control"] == "no-store"
        seen.add(response.json()["code"])
    assert seen <= CHARACTERS and len(seen) > 1
    assert api.get("/api/cards/random/", {"q": "t:item c:r"}).json()["code"] == "T-003"
    assert api.get("/api/cards/random/").status_code == 200


def test_random_card_errors(api, t_catalogue):
    none = api.get("/api/cards/random/", {"q": "s:nothing"})
    assert none.status_code == 404 and error(none)["code"] == "not_found"
    bad = api.get("/api/cards/random/", {"q": "foo:bar"})
    assert bad.status_code == 400
    assert error(bad)["code"] == "bad_query" and error(bad)["details"]["term"] == "foo:bar"


# --- /api/cards/collection/ ------------------------------------------------------------
def test_collection_by_code_and_name(api, t_catalogue):
    identifiers = [
        {"code": "t-002"}, {"name": "ＦＬＡＭＥ ＳＷＯＲＤ"}, {"name": "炎の剣士アリサ", "set": "T"}, {"code": "T-999"},
        {"name": "Nope"}, {"name": "ダッシュ", "set": "SMP"}, {"code": "T-002"},
    ]
    response = api.post("/api/cards/collection/", {"identifiers": identifiers}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert [c["code"] for c in body["cards"]] == ["T-002", "T-003", "T-001", "T-002"]
    assert body["not_found"] == [{"code": "T-999"}, {"name": "Nope"}, {"name": "ダッシュ", "set": "SMP"}]
    assert body["cards"][1]["name_en"] == "Flame Sword"


@pytest.mark.parametrize(
    "payload,fields",
    [
        ({"identifiers": []}, ["identifiers"]),
        ({"identifiers": [{"code": "T-001"}] * 76}, ["identifiers"]),
        ({}, ["identifiers"]),
        ({"identifiers": [{"code": 1}, {"foo": "x"}, {"code": "T-001", "name": "炎"}, {"name": ""}, {"code": "T-001"}]},
         ["identifiers[0]", "identifiers[1]", "identifiers[2]", "identifiers[3]"]),
    ],
)
def test_collection_refuses_bad_bodies(api, t_catalogue, payload, fields):
    response = api.post("/api/cards/collection/", payload, format="json")
    assert response.status_code == 400
    body = error(response)
    assert body["code"] == "invalid_request"
    assert [p["field"] for p in body["details"]["problems"]] == fields


def test_collection_takes_75(api, t_catalogue):
    identifiers = [{"code": f"T-{n % 20 + 1:03d}"} for n in range(75)]
    body = api.post("/api/cards/collection/", {"identifiers": identifiers}, format="json").json()
    assert len(body["cards"]) == 75 and body["not_found"] == []


# --- /api/cards/bulk/ ------------------------------------------------------------------
@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume asynchronous iterators")
def test_bulk_export_is_the_whole_catalogue_and_reads_back(api, t_catalogue):
    response = api.get("/api/cards/bulk/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    text = b"".join(response).decode()  # the test client reads the streamed parts in turn
    data = json.loads(text)
    handed = load_case("catalogue.json")["cards"]
    assert [{k: v for k, v in c.items() if k != "image_uris"} for c in data["cards"]] == handed
    assert data["cards"][0]["image_uris"]["svg"] == "http://testserver/cards/T-001/face.svg?lang=en"
    assert data["sets"] == [{"code": "T", "name": "T", "name_en": "", "kind": "printed"}]
    assert [r.code for r in parse_catalogue(text, "json").cards] == [c["code"] for c in handed]
    again = api.get("/api/cards/bulk/", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_bulk_parts_come_a_batch_at_a_time(t_catalogue):
    async def read(batch):
        return [part async for part in bulk_parts(batch)]

    parts = async_to_sync(read)(7)
    assert len(parts) == 5  # the sets, 7 + 7 + 6 cards, the end
    assert json.loads("".join(parts))["cards"] == load_case("catalogue.json")["cards"]
    assert "".join(async_to_sync(read)(1000)) == "".join(parts)


# --- conditional GETs ------------------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    ["/api/cards/?q=c:r", "/api/cards/T-001/", "/api/cards/named/?exact=炎", "/api/cards/autocomplete/?q=ほの",
     "/api/cards/"],
)
def test_etag_answers_304_without_running_the_search(api, t_catalogue, path, django_assert_max_num_queries):
    first = api.get(path)
    assert first.status_code == 200
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('"') and etag.endswith('"')
    with django_assert_max_num_queries(1):  # the catalogue's version, nothing else
        again = api.get(path, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert api.get(path, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    assert api.get(path, HTTP_IF_NONE_MATCH='"something else"').status_code == 200


def test_etag_differs_by_query_language_and_changes_with_the_catalogue(api, t_catalogue):
    red = api.get("/api/cards/", {"q": "c:r"})
    assert api.get("/api/cards/", {"q": "c:w"})["ETag"] != red["ETag"]
    assert api.get("/api/cards/", {"q": "c:r"}, HTTP_ACCEPT_LANGUAGE="ja")["ETag"] != red["ETag"]
    card = Card.objects.get(code="T-003")
    card.name_en = "Flaming Sword"
    card.save()
    changed = api.get("/api/cards/", {"q": "c:r"}, HTTP_IF_NONE_MATCH=red["ETag"])
    assert changed.status_code == 200
    assert changed["ETag"] != red["ETag"]
    assert "Flaming Sword" in [c["name_en"] for c in changed.json()["results"]]


def test_errors_and_random_answers_carry_no_etag(api, t_catalogue):
    assert "ETag" not in api.get("/api/cards/", {"q": "foo:bar"})
    assert "ETag" not in api.get("/api/cards/T-999/")
    assert "ETag" not in api.get("/api/cards/random/")


def test_bad_query_message_in_the_requested_language(api, t_catalogue):
    english = error(api.get("/api/cards/", {"q": "size>"}))["message"]
    japanese = error(api.get("/api/cards/", {"q": "size>"}, HTTP_ACCEPT_LANGUAGE="ja"))["message"]
    assert english == "'size>': missing value after '>'"
    assert japanese == "'size>': 「>」の後に値がありません"
    warnings = api.get("/api/cards/", {"q": "t:event hp>3"}, HTTP_ACCEPT_LANGUAGE="ja").json()["warnings"]
    assert warnings == ["hp>3 はイベントやアイテムには当てはまりません（HPがないため）"]


def test_new_endpoints_are_in_the_schema(api, db):
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator(patterns=__import__("cardsdb.api.urls", fromlist=["urlpatterns"]).urlpatterns).get_schema(
        request=None, public=True
    )["paths"]
    for path in ("/cards/named/", "/cards/autocomplete/", "/cards/random/", "/cards/collection/", "/cards/bulk/"):
        assert path in paths, sorted(paths)
    assert "post" in paths["/cards/collection/"]
    assert {p["name"] for p in paths["/cards/named/"]["get"]["parameters"]} == {"exact", "fuzzy", "set"}


# --- preconditions only for answers that would be 200 -----------------------------------
_ERRORS = [
    ("/api/cards/NOPE/", 404, {"code": "not_found", "message": "Not found.", "details": {}}),
    ("/api/cards/named/?exact=NOPE", 404,
     {"code": "not_found", "message": "No card is named “NOPE”.", "details": {"name": "NOPE"}}),
    ("/api/cards/?page=999", 404, {"code": "not_found", "message": "Invalid page.", "details": {}}),
    ("/api/cards/?q=(", 400, {"code": "bad_query", "message": "unbalanced parentheses: '(' is never closed",
                              "details": {"term": "(", "position": 0, "query": "("}}),
]


@pytest.mark.parametrize("path,status,body", _ERRORS, ids=[e[0] for e in _ERRORS])
def test_conditional_headers_never_turn_an_error_into_304(api, t_catalogue, path, status, body):
    import time

    from django.utils.http import http_date

    later = http_date(time.time() + 3600)
    for headers in ({}, {"HTTP_IF_NONE_MATCH": "*"}, {"HTTP_IF_MODIFIED_SINCE": later},
                    {"HTTP_IF_NONE_MATCH": "*", "HTTP_IF_MODIFIED_SINCE": later}):
        response = api.get(path, **headers)
        assert (response.status_code, response.json()) == (status, {"error": body}), headers
        assert "ETag" not in response and "Last-Modified" not in response


@pytest.mark.parametrize(
    "path", ["/api/cards/T-001/", "/api/cards/?q=c:r", "/api/cards/named/?exact=炎", "/api/cards/autocomplete/?q=ほの"]
)
def test_if_none_match_star_is_304_for_an_answer_that_exists(api, t_catalogue, path, django_assert_max_num_queries):
    first = api.get(path)
    assert first.status_code == 200
    again = api.get(path, HTTP_IF_NONE_MATCH="*")
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", first["ETag"])
    assert again["Last-Modified"] == first["Last-Modified"]
    with django_assert_max_num_queries(1):  # a weak form of the real tag: still no search
        weak = api.get(path, HTTP_IF_NONE_MATCH=f'"other", W/{first["ETag"]}')
    assert (weak.status_code, weak.content) == (304, b"")
