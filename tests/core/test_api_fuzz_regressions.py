"""Plain regression tests, one or more per class of fault the API fuzzing (test_api_fuzz.py) found.

1. ``OPTIONS`` on a view that reads its body with serializers of its own and declares no
   ``serializer_class`` (the match writes) answered 500: DRF's metadata asked the view for a
   serializer. ``core.api.metadata.ApiMetadata``, given to every API view, answers without
   ``actions`` instead.
2. Statuses the shared layers answer on any operation were missing from the OpenAPI schema: 401
   for a token that is not valid (on public reads too), 404 for a page past the last one or an
   unknown id in the path, 400/415/411/413 for bodies, 406, 429; refusals documented with a
   description only had no body schema. ``core.api.schema.ApiAutoSchema`` adds them to every
   operation, each with the error shape.
3. The match log was documented as a paginated page but answered a plain list: the match views
   are not paginated except the lobby.
4. A throttled request (429) is in the error shape, with ``Retry-After``.
"""
import json

import pytest
from django.core.cache import caches
from core.api.throttling import AnonRateThrottle

from tests.core.api_size import API_OPERATIONS, API_VIEWS
from tests.play.matches import HEURISTIC, HUMAN, STACKED

def error_code(response, status: int) -> str:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return body["error"]["code"]


@pytest.fixture
def schema(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return json.loads(response.content)


@pytest.fixture
def match_id(alice_api):
    response = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HEURISTIC], "options": STACKED},
                              format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


# 1. OPTIONS --------------------------------------------------------------------------------

@pytest.mark.parametrize("action, name", [
    ("join", "Match Join"), ("leave", "Match Leave"), ("resign", "Match Resign"), ("actions", "Match Actions"),
])
def test_options_on_a_match_write_describes_the_view(api, match_id, action, name):
    response = api.options(f"/api/matches/{match_id}/{action}/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["name"] == name
    assert body["renders"] == ["application/json"]
    assert body["parses"] == ["application/json"]
    assert "actions" not in body


def test_every_api_view_answers_options_with_the_shared_metadata():
    from django.urls import get_resolver

    from core.api.metadata import ApiMetadata

    views = [
        pattern.callback.cls
        for included in get_resolver().url_patterns if str(included.pattern) == "api/"
        for pattern in getattr(included, "url_patterns", []) if hasattr(pattern.callback, "cls")
    ]
    assert len(views) == API_VIEWS
    assert all(issubclass(view.metadata_class, ApiMetadata) for view in views)


def test_options_of_a_view_with_a_serializer_still_lists_its_fields(alice_api):
    response = alice_api.options("/api/matches/")
    assert response.status_code == 200
    assert "game" in response.json()["actions"]["POST"]


def test_a_method_a_view_lacks_is_405_in_the_error_shape(api, match_id):
    assert error_code(api.generic("TRACE", f"/api/matches/{match_id}/join/"), 405) == "method_not_allowed"


# 2. statuses every operation can answer are documented -------------------------------------

def test_an_invalid_token_is_401_on_a_public_read(api, db):
    response = api.get("/api/cards/", HTTP_AUTHORIZATION="Token not-a-token")
    assert error_code(response, 401) == "not_authenticated"


@pytest.mark.parametrize("path", ["/api/cards/?page=99", "/api/decks/?page=99", "/api/matches/?page=99"])
def test_a_page_that_does_not_exist_is_404(api, db, path):
    assert error_code(api.get(path), 404) == "not_found"


def test_an_unknown_card_code_is_404(api, db):
    assert error_code(api.get("/api/cards/NOPE-999/"), 404) == "not_found"


def error_shaped(schema: dict, body_schema: dict) -> bool:
    """Whether ``body_schema`` (a ``$ref``) is an object with just the required ``error`` property
    holding ``code``, ``message`` and ``details``."""
    components = schema["components"]["schemas"]
    component = components[body_schema["$ref"].rsplit("/", 1)[1]]
    if set(component["properties"]) != {"error"} or component["required"] != ["error"]:
        return False
    inner = components[component["properties"]["error"]["$ref"].rsplit("/", 1)[1]]
    return set(inner["properties"]) == {"code", "message", "details"}


def test_every_operation_documents_the_shared_errors_in_the_error_shape(schema):
    operations = [
        (f"{method.upper()} {path}", operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
        if method in ("get", "post", "put", "patch", "delete")
    ]
    assert len(operations) == API_OPERATIONS
    for name, operation in operations:
        responses = operation["responses"]
        for status in ("401", "406"):
            assert status in responses, (name, status)
        # every operation is rate-limited but the health check, which must answer while the
        # cache that counts requests is down
        assert ("429" in responses) == (name != "GET /api/health/"), name
        if "{" in name:
            assert "404" in responses, name
        if name.split()[0] in ("POST", "PUT", "PATCH", "DELETE"):
            assert {"411", "413"} <= set(responses), name
        for status, response in responses.items():
            if "400" <= status < "500" and status != "409":
                assert error_shaped(schema, response["content"]["application/json"]["schema"]), (name, status)


def test_paginated_lists_document_404_and_bodies_document_400_and_415(schema):
    for path in ("/api/cards/", "/api/decks/", "/api/matches/"):
        assert "404" in schema["paths"][path]["get"]["responses"], path
    for path in ("/api/decks/validate/", "/api/matches/", "/api/cards/collection/"):
        assert {"400", "415"} <= set(schema["paths"][path]["post"]["responses"]), path
    assert "415" not in schema["paths"]["/api/matches/{match_id}/leave/"]["post"]["responses"]


def test_the_error_component_is_the_error_shape(schema):
    components = schema["components"]["schemas"]
    assert components["Error"]["properties"] == {"error": {"$ref": "#/components/schemas/ErrorBody"}}
    assert components["Error"]["required"] == ["error"]
    assert set(components["ErrorBody"]["properties"]) == {"code", "message", "details"}
    assert components["ErrorBody"]["required"] == ["code", "details", "message"]


# 3. the match log is a list -----------------------------------------------------------------

def test_the_match_log_is_documented_and_answered_as_a_list(schema, api, match_id):
    documented = schema["paths"]["/api/matches/{match_id}/log/"]["get"]["responses"]["200"]
    assert documented["content"]["application/json"]["schema"] == {
        "type": "array", "items": {"$ref": "#/components/schemas/LogEntry"}}
    response = api.get(f"/api/matches/{match_id}/log/")
    assert response.status_code == 200
    assert response.json() == []


# 4. throttling ------------------------------------------------------------------------------

@pytest.fixture
def one_request_a_day(monkeypatch):
    """Anonymous callers may make one request a day; their throttle history is empty before and after."""
    monkeypatch.setattr(AnonRateThrottle, "rate", "1/day", raising=False)
    key = AnonRateThrottle().cache_format % {"scope": "anon", "ident": "127.0.0.1"}
    caches["default"].delete(key)
    yield
    caches["default"].delete(key)


def test_a_throttled_request_is_429_in_the_error_shape(api, db, one_request_a_day):
    assert api.get("/api/games/").status_code == 200
    response = api.get("/api/games/")
    assert error_code(response, 429) == "throttled"
    assert int(response["Retry-After"]) > 0


@pytest.mark.parametrize("token", [b"\xff", b"\xe9t\xe9", b"abc\x80def"])
def test_a_token_that_is_not_utf8_is_an_invalid_token_not_a_server_error(api, sample_catalogue, token):
    """5. ``Authorization: Token <bytes that are not UTF-8>`` answered 500 (knox decoded the token
    as UTF-8); now 401 like any other token that is not valid, on every operation."""
    response = api.get("/api/cards/", HTTP_AUTHORIZATION=b"Token " + token)
    assert error_code(response, 401) == "not_authenticated"
    assert response.json()["error"]["message"] == "Invalid token."
    wrong = api.get("/api/cards/", HTTP_AUTHORIZATION="Token nope")
    assert (error_code(wrong, 401), wrong.json()["error"]["message"]) == ("not_authenticated", "Invalid token.")


def test_the_schema_documents_both_ways_to_authenticate(schema):
    """The site's own token authentication (5.) keeps knox's security scheme in the schema."""
    assert schema["components"]["securitySchemes"] == {
        "cookieAuth": {"type": "apiKey", "in": "cookie", "name": "sessionid"},
        "knoxApiToken": {"type": "apiKey", "in": "header", "name": "Authorization",
                         "description": 'Token-based authentication with required prefix "Token"'},
    }
