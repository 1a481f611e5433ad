"""Write operations that take no body refuse one (``core.api.bodies``), before they act: found by
walking the OpenAPI schema for every write without a request body, so a new one is covered too.
Before, ``leave`` with ``{"a":NaN`` left the seat and ``DELETE /api/decks/<id>/`` with a body
that was not JSON deleted the deck."""
import json

import pytest

from decks.models import Deck
from play.models import Seat
from tests.play.matches import HUMAN
from tests.play.test_match_api import create, duel  # noqa: F401  (a fixture)

BODYLESS = [
    ("delete", "/api/deck-drafts/{deck_id}/"),
    ("delete", "/api/decks/{deck_id}/"),
    ("post", "/api/matches/{match_id}/abandon/"),
    ("post", "/api/matches/{match_id}/dismiss/"),
    ("post", "/api/matches/{match_id}/leave/"),
    ("post", "/api/matches/{match_id}/rematch/"),
    ("post", "/api/matches/{match_id}/resign/"),
]


def refusal(response, status: int) -> tuple[str, list]:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    return error["code"], error["details"].get("problems", [])


def test_every_write_without_a_request_body_is_listed(api):
    schema = json.loads(api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    found = sorted((method, path) for path, operations in schema["paths"].items()
                   for method, operation in operations.items()
                   if method in ("post", "put", "patch", "delete") and "requestBody" not in operation)
    assert found == BODYLESS


@pytest.mark.parametrize("method,path", BODYLESS)
def test_a_body_sent_to_a_write_that_takes_none_is_refused(alice_api, method, path):
    url = path.format(deck_id="SMP-RED", match_id="m" * 12)
    send = getattr(alice_api, method)
    assert refusal(send(url, {"seat": 0}, format="json"), 400) == (
        "invalid_request", [{"field": "seat", "message": "unknown field"}])
    assert refusal(send(url, "[]", content_type="application/json"), 400) == (
        "invalid_request", [{"field": "", "message": "this operation takes no body"}])
    assert refusal(send(url, '{"a":NaN', content_type="application/json"), 400)[0] == "malformed_body"
    assert refusal(send(url, '{"x":"\\ud800"}', content_type="application/json"), 400)[0] == "invalid_text"
    assert refusal(send(url, "x=1", content_type="application/x-www-form-urlencoded"), 415)[0] == (
        "unsupported_media_type")


def test_a_refused_body_changes_nothing_and_an_empty_one_still_acts(alice_api, bob_api, sample_catalogue):
    waiting = create(alice_api, seats=[HUMAN, HUMAN, HUMAN]).json()["id"]
    bob_api.post(f"/api/matches/{waiting}/join/", {"seat": 1}, format="json")
    assert refusal(bob_api.post(f"/api/matches/{waiting}/leave/", '{"a":NaN', content_type="application/json"),
                   400)[0] == "malformed_body"
    assert [s.is_free for s in Seat.objects.filter(match_id=waiting).order_by("index")] == [False, False, True]
    assert bob_api.post(f"/api/matches/{waiting}/leave/", {}, format="json").json()["seat"] is None

    made = alice_api.post("/api/decks/", {"name": "Keep me", "cards": [{"code": "SMP-001", "count": 3}]},
                          format="json").json()["id"]
    assert refusal(alice_api.delete(f"/api/decks/{made}/", "not json", content_type="application/json"),
                   400)[0] == "malformed_body"
    assert Deck.objects.filter(pk=made).exists()
    assert alice_api.delete(f"/api/decks/{made}/").status_code == 204
    assert not Deck.objects.filter(pk=made).exists()
