"""What every API endpoint does the same way (``core.api.base``), one test per class of fault:

- query parameters (``core.api.params``): a bad one is 400 ``bad_parameter`` naming it, on
  every operation of the schema, documented there; whole numbers read with one rule
  (``core.params``: ``²``, ``١`` and 4,301 digits are refused, never a 500);
- JSON only: answers (``Accept: text/html`` was DRF's browsable page, a 500 on the match views
  after a join had committed) and bodies (multipart skipped the JSON shape rules);
- a write is rolled back when its answer is an error, including an error while rendering it.
"""
from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import RequestFactory
from django.urls import get_resolver
from rest_framework.response import Response
from rest_framework.test import APIClient

from core.api.base import ApiView, ApiViewMixin
from core.api.params import Choice, query_parameters
from decks.models import Deck
from play.models import Match, Seat
from tests.core.api_size import API_OPERATIONS, API_VIEWS
from tests.play.matches import HUMAN

BAD_INTEGERS = ["²", "١", "9" * 4301, "1.0", " 7", "0x10"]


def error(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    return body["error"]


@pytest.fixture
def schema(api):
    return json.loads(api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content)


@pytest.fixture
def deck_id(alice_api, sample_catalogue):
    text = alice_api.get("/api/decks/SMP-RED/export/").content.decode()
    deck = alice_api.post("/api/decks/", {"name": "Mine", "text": text, "public": True}, format="json").json()
    assert alice_api.patch(f"/api/decks/{deck['id']}/", {"text": text + "1 SMP-002\n"}, format="json").status_code == 200
    return deck["id"]


def api_views() -> list[type]:
    return [
        pattern.callback.cls
        for included in get_resolver().url_patterns if str(included.pattern) == "api/"
        for pattern in getattr(included, "url_patterns", []) if hasattr(pattern.callback, "cls")
    ]


def test_every_api_view_has_the_shared_base():
    views = api_views()
    assert len(views) == API_VIEWS
    assert [view.__name__ for view in views if not issubclass(view, ApiViewMixin)] == []


# -- query parameters ---------------------------------------------------------------------------
@pytest.mark.parametrize("path, name, value, expected", [
    ("/api/decks/", "page_size", "abc", "a whole number from 1 to 200"),
    ("/api/decks/", "mine", "maybe", "true or false (also 1 or 0, yes or no)"),
    ("/api/decks/", "page", "abc", "a whole number of at least 1"),
    ("/api/decks/", "page", "0", "a whole number of at least 1"),
    ("/api/matches/", "mine", "maybe", "true or false (also 1 or 0, yes or no)"),
    ("/api/matches/", "page_size", "0", "a whole number from 1 to 200"),
    ("/api/cards/", "page_size", "201", "a whole number from 1 to 200"),
    ("/api/cards/", "order", "power", "one of code, color, colour, hp, mv, name, rarity, size"),
    ("/api/cards/", "dir", "up", "one of asc, desc"),
    ("/api/cards/", "q", "x" * 1001, "a text of at most 1000 characters"),
    ("/api/decks/SMP-RED/export/", "as", "pdf", "one of text, json"),
    ("/api/decks/SMP-RED/odds/", "turns", "21", "a whole number from 1 to 20"),
])
def test_a_bad_query_parameter_is_400_naming_it(api, sample_catalogue, path, name, value, expected):
    body = error(api.get(path, {name: value}, HTTP_ACCEPT_LANGUAGE="en"), 400)
    problem = {"parameter": name, "value": value, "expected": expected}
    assert body["code"] == "bad_parameter"
    assert body["details"] == {**problem, "problems": [problem]}
    assert body["message"] == f"The query parameter {name} cannot be “{value[:100]}”: it must be {expected}."


@pytest.mark.parametrize("value", BAD_INTEGERS, ids=["superscript", "arabic-indic", "4301 digits", "fraction",
                                                     "space", "hex"])
@pytest.mark.parametrize("name", ["from", "to"])
def test_a_version_number_of_the_diff_is_read_with_the_one_rule(alice_api, deck_id, name, value):
    body = error(alice_api.get(f"/api/decks/{deck_id}/diff/", {name: value}), 400)
    assert body["code"] == "bad_parameter"
    assert (body["details"]["parameter"], body["details"]["value"]) == (name, value)
    assert body["details"]["expected"] == "a whole number of at least 1"


@pytest.mark.parametrize("value", BAD_INTEGERS[:3])
@pytest.mark.parametrize("path, name", [("/api/decks/SMP-RED/odds/", "played"), ("/api/cards/", "page"),
                                        ("/api/matches/", "page_size")])
def test_whole_numbers_are_refused_unless_ascii_digits(api, sample_catalogue, path, name, value):
    assert error(api.get(path, {name: value}), 400)["code"] == "bad_parameter"


def test_an_unknown_or_repeated_parameter_is_400(api, db):
    body = error(api.get("/api/matches/?mien=1", HTTP_ACCEPT_LANGUAGE="en"), 400)
    assert body["message"] == ("The query parameter mien is not one this operation takes "
                               "(it takes: mine, page, page_size).")
    assert body["details"]["expected"] == "no such parameter: this operation takes mine, page, page_size"
    body = error(api.get("/api/matches/?page=1&page=2", HTTP_ACCEPT_LANGUAGE="en"), 400)
    assert body["message"] == "The query parameter page is given 2 times; give it once."
    both = error(api.get("/api/decks/?page=x&mine=maybe"), 400)["details"]["problems"]
    assert [p["parameter"] for p in both] == ["page", "mine"]


def test_the_message_is_in_the_language_asked_for(api, db):
    body = error(api.get("/api/decks/?page_size=abc", HTTP_ACCEPT_LANGUAGE="ja"), 400)
    assert body["message"] == "クエリパラメーター page_size に「abc」は指定できません。1 から 200 までの整数 を指定してください。"


def test_an_empty_value_is_the_default(api, db):
    assert api.get("/api/decks/?page=&page_size=&mine=").status_code == 200


def path_ids() -> dict:
    return {"deck_id": "SMP-RED", "number": "1", "code": "SMP-001", "match_id": "nope", "run_id": "nope", "slug": "lama"}


def test_every_operation_refuses_a_parameter_it_does_not_take_and_documents_it(api, sample_catalogue, schema):
    operations = [(path, method, op) for path, methods in schema["paths"].items() for method, op in methods.items()
                  if method in ("get", "post", "put", "patch", "delete")]
    assert len(operations) == API_OPERATIONS
    answered = set()
    for path, method, operation in operations:
        assert "400" in operation["responses"], (method, path)
        url = path.format(**path_ids()) + "?surely_not_a_parameter=1"
        response = getattr(api, method)(url, {}, format="json") if method != "get" else api.get(url)
        answered.add((method, path, response.status_code))
        if response.status_code != 401:  # writes that need a user stop at the authentication
            assert error(response, 400)["code"] == "bad_parameter", (method, path)
    assert {status for _, _, status in answered} == {400, 401}


def test_the_schema_gives_each_parameter_its_kind_and_bounds(schema):
    params = {p["name"]: p["schema"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert params["page"] == {"type": "integer", "minimum": 1}
    assert params["page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert params["dir"] == {"type": "string", "enum": ["asc", "desc"]}
    assert params["q"] == {"type": "string", "maxLength": 1000, "default": ""}
    odds = {p["name"]: p["schema"] for p in schema["paths"]["/api/decks/{deck_id}/odds/"]["get"]["parameters"]
            if p["in"] == "query"}
    assert odds["turns"] == {"type": "integer", "minimum": 1, "maximum": 20, "default": 5}
    lobby = {p["name"]: p["schema"] for p in schema["paths"]["/api/matches/"]["get"]["parameters"]}
    assert lobby["mine"] == {"type": "boolean", "default": False}


# -- JSON only ------------------------------------------------------------------------------------
@pytest.fixture
def waiting_match(alice_api, db):
    response = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json")
    assert response.status_code == 201
    return response.json()["id"]


@pytest.mark.parametrize("method, path", [
    ("get", "/api/matches/"), ("get", "/api/matches/?mine=1"), ("get", "/api/matches/{id}/log/"),
    ("get", "/api/matches/{id}/"), ("post", "/api/matches/{id}/join/"), ("post", "/api/matches/{id}/actions/"),
    ("post", "/api/matches/{id}/leave/"), ("post", "/api/matches/{id}/resign/"), ("get", "/api/cards/"),
])
def test_asking_for_html_is_406_in_json_and_changes_nothing(alice_api, bob_api, waiting_match, method, path):
    client = bob_api if path.endswith("join/") else alice_api
    url = path.format(id=waiting_match)
    response = getattr(client, method)(url, HTTP_ACCEPT="text/html") if method == "get" else \
        client.post(url, {}, format="json", HTTP_ACCEPT="text/html")
    assert response["Content-Type"] == "application/json"
    assert error(response, 406)["code"] == "not_acceptable"
    assert [s.name for s in Seat.objects.filter(match_id=waiting_match).order_by("index")] == ["alice", ""]
    assert Match.objects.get(pk=waiting_match).status == Match.Status.OPEN


def test_a_browser_accept_header_gets_json(api, db):
    response = api.get("/api/matches/", HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"


@pytest.mark.parametrize("content_type", ["multipart", "form"])
def test_a_body_that_is_not_json_is_415(api, sample_catalogue, content_type):
    body = {"text": "1 SMP-001", "cards": "x"}
    if content_type == "multipart":
        response = api.post("/api/decks/validate/", body, format="multipart")
    else:
        response = api.post("/api/decks/validate/", "text=1+SMP-001&cards=x",
                            content_type="application/x-www-form-urlencoded")
    body = error(response, 415)
    assert body["code"] == "unsupported_media_type"
    # over JSON the same body breaks the shape rule: exactly one of text and cards
    assert error(api.post("/api/decks/validate/", {"text": "1 SMP-001", "cards": []}, format="json"),
                 400)["code"] == "invalid_request"


def test_every_write_that_reads_a_body_takes_json_only(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if "requestBody" in operation:
                assert list(operation["requestBody"]["content"]) == ["application/json"], (method, path)
                assert "415" in operation["responses"], (method, path)


# -- a write is rolled back with an error answer ---------------------------------------------------
class WritesThenRefuses(ApiView):
    """A write that saves a deck, then answers 400 (or, with ``?render=bad``, an answer that
    cannot be written as JSON)."""

    @query_parameters(Choice("render", choices=("bad",)))
    def post(self, request):
        Deck.objects.create(id="written", name="half-written", is_public=True)
        if request.parameters["render"] == "bad":
            return Response({"not json": object()})
        return Response({"error": {"code": "refused", "message": "no", "details": {}}}, status=400)


def test_a_write_whose_answer_is_an_error_commits_nothing(transactional_db):
    view = WritesThenRefuses.as_view()
    assert view(RequestFactory().post("/api/written/", "{}", content_type="application/json")).status_code == 400
    assert not Deck.objects.filter(pk="written").exists()
    with pytest.raises(TypeError):  # rendering fails inside the write's transaction
        view(RequestFactory().post("/api/written/?render=bad", "{}", content_type="application/json"))
    assert not Deck.objects.filter(pk="written").exists()
    assert connection.in_atomic_block is False


def test_a_guest_whose_first_write_is_refused_keeps_no_name(db):
    guest = APIClient()
    refused = guest.post("/api/matches/", {"game": "lama", "seats": [HUMAN], "name": "Gus"}, format="json")
    assert error(refused, 400)["code"] == "bad_seats"
    assert guest.get("/api/matches/?mine=1").json()["count"] == 0
    assert guest.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["error"][
        "code"] == "name_required"


def _depths_and_writes(client, path: str, body: dict) -> tuple[set[int], list[str], int]:
    """The transaction depths (atomic blocks beyond the test's own) at which the request's
    queries ran, the statements that changed a row (with the depth each ran at), and the
    answer's status."""
    base, depths, writes = len(connection.atomic_blocks), set(), []

    def record(execute, sql, params, many, context):
        depths.add(len(connection.atomic_blocks) - base)
        if sql.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append((len(connection.atomic_blocks) - base, sql.split(None, 1)[0].upper()))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        status = client.post(path, body, format="json").status_code
    return depths, writes, status


TEXT_51 = "3 SMP-001\n" * 17


@pytest.mark.parametrize("path, body", [
    ("/api/decks/validate/", {"text": TEXT_51}),
    ("/api/decks/analyse/", {"text": TEXT_51}),
    ("/api/cards/collection/", {"identifiers": [{"code": "SMP-001"}, {"name": "Nope"}]}),
])
def test_a_post_that_only_reads_runs_no_transaction_and_writes_nothing(api, sample_catalogue, path, body):
    """On SQLite a transaction takes the write lock, so a deck check in one would queue behind
    every other request's (measured: 420 checks a second with stalls of 0.5 s, against 1,100)."""
    depths, writes, status = _depths_and_writes(api, path, body)
    assert (status, depths, writes) == (200, {0}, [])


def test_a_post_that_writes_runs_in_its_transaction(alice_api, sample_catalogue):
    depths, writes, status = _depths_and_writes(alice_api, "/api/decks/", {"name": "Mine", "text": TEXT_51})
    assert status == 201 and ("INSERT" in {kind for _, kind in writes})
    assert 1 in depths and min(depth for depth, _ in writes) >= 1  # the services' own atomic blocks nest in it


def test_only_views_that_never_write_say_so():
    assert sorted(view.__name__ for view in api_views() if not view.writes) == [
        "AnalyseDeck", "CardCollection", "ValidateDeck"]
