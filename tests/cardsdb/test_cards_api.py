"""GET /api/cards/ and /api/cards/<code>/ over HTTP: the handed queries, ordering, paging,
the error shape."""
import pytest

from tests.conftest import load_case

QUERIES = load_case("search/queries.json")["cases"]


@pytest.mark.parametrize("case", QUERIES, ids=[c["q"] for c in QUERIES])
def test_handed_query_over_http(api, t_catalogue, case):
    response = api.get("/api/cards/", {"q": case["q"], "page_size": 200})
    body = response.json()
    if case.get("error"):
        assert response.status_code == 400
        assert body["error"]["code"] == case["error"]
        if case.get("error_mentions"):
            assert case["error_mentions"] in body["error"]["message"]
        return
    assert response.status_code == 200, body
    codes = [c["code"] for c in body["results"]]
    assert body["count"] == len(case["codes"])
    if case.get("ordered"):
        assert codes == case["codes"]
    else:
        assert sorted(codes) == sorted(case["codes"])


def test_bad_query_names_term_and_position(api, t_catalogue):
    error = api.get("/api/cards/", {"q": "t:character foo:bar"}).json()["error"]
    assert error["code"] == "bad_query"
    assert error["details"] == {"term": "foo:bar", "position": 12, "query": "t:character foo:bar"}


def test_order_and_dir_parameters_break_ties_by_code(api, t_catalogue):
    body = api.get("/api/cards/", {"q": "t:character", "order": "hp", "dir": "desc"}).json()
    assert [(c["code"], c["hp"]) for c in body["results"]] == [
        ("T-004", 6), ("T-001", 5), ("T-009", 5), ("T-019", 5), ("T-007", 4), ("T-011", 4), ("T-016", 4), ("T-013", 3),
    ]
    assert api.get("/api/cards/", {"order": "power"}).json()["error"]["code"] == "bad_parameter"
    assert api.get("/api/cards/", {"dir": "up"}).json()["error"]["code"] == "bad_parameter"


def test_pagination_shape(api, t_catalogue):
    body = api.get("/api/cards/", {"page_size": 7, "page": 2}).json()
    assert body["count"] == 20
    assert [c["code"] for c in body["results"]] == [f"T-{n:03}" for n in range(8, 15)]
    assert body["next"].endswith("page=3&page_size=7")
    assert body["previous"].endswith("page_size=7")
    assert body["warnings"] == []
    missing = api.get("/api/cards/", {"page": 99})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_card_detail_has_every_field(api, t_catalogue):
    body = api.get("/api/cards/t-001/").json()
    expected = load_case("catalogue.json")["cards"][0]
    assert {k: body[k] for k in expected} == expected
    assert body["ability"] == "" and body["flavour"] == "" and body["artist"] == ""
    assert (body["set_kind"], body["sample"], body["url"]) == ("printed", False, "http://testserver/api/cards/T-001/")


def test_sample_cards_are_labelled_sample(api, sample_catalogue):
    body = api.get("/api/cards/SMP-001/").json()
    assert (body["set"], body["set_kind"], body["sample"]) == ("SMP", "sample", True)


def test_unknown_card_and_method_in_error_shape(api, t_catalogue):
    missing = api.get("/api/cards/T-999/")
    assert missing.status_code == 404
    assert missing.json() == {"error": {"code": "not_found", "message": "Not found.", "details": {}}}
    refused = api.post("/api/cards/", {}, format="json")
    assert refused.status_code == 405
    assert refused.json()["error"]["code"] == "method_not_allowed"


def test_unknown_api_path_is_404_in_error_shape(api):
    response = api.get("/api/no/such/thing/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_schema_and_docs_are_served(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/cards/", "/api/cards/{code}/", "/api/decks/validate/", "/api/decks/", "/api/decks/{deck_id}/"):
        assert path in paths
    assert api.get("/api/docs/").status_code == 200


@pytest.mark.parametrize("q", ["cn:999999999999999999999", "cn>99999999999"])
def test_huge_collector_number_is_bad_query(api, t_catalogue, q):
    response = api.get("/api/cards/", {"q": q})
    assert response.status_code == 400
    assert "out of range" in response.json()["error"]["message"]


# --- page numbers past any catalogue ---------------------------------------------------------
@pytest.mark.parametrize(
    "params",
    [{"page": "999999999999999999"}, {"page": "999999999999999999", "page_size": "200", "q": "c:r"}],
)
def test_a_huge_page_number_is_not_found_like_any_page_past_the_end(api, t_catalogue, params):
    response = api.get("/api/cards/", params)
    assert response.status_code == 404
    assert response.json() == {"error": {"code": "not_found", "message": "Invalid page.", "details": {}}}
    assert response.json() == api.get("/api/cards/", {**params, "page": "99"}).json()


@pytest.mark.parametrize("page", ["9223372036854775808", "99999999999999999999"])
def test_a_page_number_of_more_than_18_digits_is_a_bad_parameter(api, t_catalogue, page):
    response = api.get("/api/cards/", {"page": page})
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {
        "parameter": "page", "value": page, "expected": "a whole number of at least 1",
        "problems": [{"parameter": "page", "value": page, "expected": "a whole number of at least 1"}]}
