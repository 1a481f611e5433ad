"""Every handed deck list case (../shared/cases/decklists) through POST /api/decks/validate/."""
import pytest

from tests.conftest import case_files, load_case

CASES = [p.name for p in case_files("decklists")]


def _matches(problem: dict, expected: dict) -> bool:
    for key, value in expected.items():
        if key == "suggestions_include":
            if value not in problem.get("suggestions", []):
                return False
        elif problem.get(key) != value:
            return False
    return True


@pytest.mark.parametrize("name", CASES)
def test_decklist_case(name, api, t_catalogue):
    case = load_case(f"decklists/{name}")
    expect = case["expect"]
    response = api.post("/api/decks/validate/", case["input"], format="json")
    body = response.json()
    assert response.status_code == expect.get("http_status", 200), body
    if response.status_code != 200:
        assert set(body) == {"error"}
        assert set(body["error"]) == {"code", "message", "details"}
        return
    if "valid" in expect:
        assert body["valid"] is expect["valid"]
    if "total" in expect:
        assert body["total"] == expect["total"]
    for wanted in expect.get("must_include", []):
        assert any(_matches(p, wanted) for p in body["problems"]), (wanted, body["problems"])
    codes = {p["code"] for p in body["problems"]}
    for unwanted in expect.get("must_not_include", []):
        assert unwanted not in codes, body["problems"]
