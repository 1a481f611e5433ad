"""The one domain error type: every code raised is in the registry (``core.errors``), answers
are entirely in the language asked for, and the OpenAPI schema lists the codes."""
import json
import re
from pathlib import Path

from core.errors import error_codes
from decks.selectors import check_text
from decks.services import create_deck

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "cardsdb", "core", "decks", "home", "play", "tcg")
#: ``MatchError("code"`` / ``illegal("code"`` / ``super().__init__("code"`` (a DomainError
#: subclass naming its code), the code possibly on the next line.
RAISED = re.compile(
    r"""(?:\b(?:MatchError|DomainError|IllegalAction|JsonRefused|illegal)|super\(\)\.__init__)\(\s*"([a-z_]+)\"""")
#: ``error_json(status, message, code="code"`` (the middleware's answers).
CODE_KEYWORD = re.compile(r"""error_json\([^()]*(?:\([^()]*\)[^()]*)*?\bcode="([a-z_]+)\"""")


def codes_raised() -> set[str]:
    found = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            found |= set(RAISED.findall(text)) | set(CODE_KEYWORD.findall(text))
    return found


def test_every_code_raised_is_registered():
    raised = codes_raised()
    # the scan sees every kind of refusal: the match services', the engines', the deck
    # services', the search language's, the API's own
    assert {"stale_version", "not_your_turn", "illegal_action", "malformed_action", "invalid_deck_list",
            "permission_denied", "not_found", "bad_query", "bad_parameter", "ambiguous", "malformed_body",
            "invalid_text", "length_required", "too_many_matches", "invalid_request"} <= raised
    assert sorted(raised - set(error_codes())) == []


def test_the_registry_gives_one_status_per_code():
    codes = error_codes()
    assert codes["stale_version"].status == 409
    assert codes["too_many_matches"].status == 429
    assert codes["match_not_found"].status == 404
    assert codes["invalid_deck_list"].status == 400
    assert codes["ambiguous"].status == 404
    assert codes["bad_query"].status == 400
    assert all(c.description.endswith(".") for c in codes.values())


def test_a_deck_problem_is_answered_in_japanese(api, sample_catalogue):
    response = api.post("/api/decks/validate/", {"text": "2 Zzqxwv\n3\n"}, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    problems = response.json()["problems"]
    assert [p["message"] for p in problems] == [
        "1行目: 「Zzqxwv」という名前のカードはありません。",
        "2行目: 枚数はありますが、カード名がありません。",
        "デッキはちょうど51枚です。このデッキは0枚です。",
    ]


def test_a_refused_deck_list_is_answered_in_japanese(alice_api, sample_catalogue):
    response = alice_api.post("/api/decks/", {"name": "X", "text": "2 Zzqxwv\n"}, format="json",
                              HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_deck_list"
    assert error["message"] == ("デッキリストのカードを特定できないため、何も保存しませんでした: "
                                "1行目: 「Zzqxwv」という名前のカードはありません。")
    assert error["details"]["problems"][0]["message"] == "1行目: 「Zzqxwv」という名前のカードはありません。"
    assert error["details"]["validation"]["problems"][-1]["message"] == "デッキはちょうど51枚です。このデッキは0枚です。"
    english = alice_api.post("/api/decks/", {"name": "X", "text": "2 Zzqxwv\n"}, format="json").json()["error"]
    assert english["message"] == "The deck list does not resolve, so nothing was saved: Line 1: no card is named Zzqxwv."


def test_a_deck_owners_refusal_is_answered_in_japanese(alice_api, bob_api, sample_catalogue):
    created = alice_api.post("/api/decks/", {"name": "X", "text": "", "public": True}, format="json")
    assert created.status_code == 201, created.content
    refused = bob_api.delete(f"/api/decks/{created.json()['id']}/", HTTP_ACCEPT_LANGUAGE="ja")
    assert refused.status_code == 403
    assert refused.json() == {"error": {"code": "permission_denied", "message": "このデッキを削除できるのは持ち主だけです。",
                                        "details": {}}}


def test_a_search_error_is_answered_in_japanese(api, sample_catalogue):
    response = api.get("/api/cards/", {"q": "order:zzz"}, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    assert response.json() == {"error": {
        "code": "bad_query",
        "message": "'order:zzz': order の値「zzz」は不明です。name, code, size, hp, mv, rarity, colour, color のどれかを使ってください",
        "details": {"term": "order:zzz", "position": 0, "query": "order:zzz"},
    }}


def test_the_schema_lists_the_codes_per_status_and_path(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    deck_post = schema["paths"]["/api/decks/"]["post"]["responses"]
    assert "- `invalid_deck_list` (400): The deck list does not resolve" in deck_post["400"]["description"]
    assert "`stale_version`" not in deck_post["400"]["description"]
    act = schema["paths"]["/api/matches/{match_id}/actions/"]["post"]["responses"]
    assert "- `stale_version` (409): " in act["409"]["description"]
    assert "- `not_your_turn` (400): " in act["400"]["description"]
    assert "`invalid_deck_list`" not in act["400"]["description"]
    cards = schema["paths"]["/api/cards/"]["get"]["responses"]
    assert "- `bad_query` (400): " in cards["400"]["description"]
    assert schema["components"]["schemas"]["ErrorBody"]["properties"]["code"]["enum"] == sorted(error_codes())
    for code in error_codes().values():
        assert f"- `{code.code}` ({code.status}): {code.description}" in schema["info"]["description"]


def test_a_domain_error_a_page_lets_through_is_the_error_page(client, user, sample_catalogue):
    deck = create_deck(user, "X", check_text("3 SMP-001\n"))
    client.force_login(user)
    response = client.post(f"/decks/{deck.pk}/history/restore/", {"number": "9"}, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 404  # VersionNotFound, answered by core.middleware.DomainErrorMiddleware
    assert 'class="error-page"' in response.content.decode()
