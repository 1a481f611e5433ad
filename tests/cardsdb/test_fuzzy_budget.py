"""Close names ("did you mean") are looked for at most ``tcg.decks.rules.MAX_SUGGESTED`` (20)
times a request, whichever door asks: the deck validator (the API's validate, analyse and saves,
the builder's import, the validator page) for the distinct names a list misses, and the search
page for the name terms of a query.

Each look scores every name of the catalogue: over 20,000 cards a list of 2,000 made-up names
(86 KB, no login) took 42 s of a worker, and a search of 200 made-up words 3 s. Past the budget
a miss is still ``unknown_card``, without suggestions; a name missed on many lines is looked for
once."""
import pytest

from cardsdb.selectors.search import did_you_mean
from tcg.decks.rules import MAX_SUGGESTED

KAGURA = "Kagura, Flame Club Captain"
#: 25 distinct misspellings of one English name: one letter of it made a "q".
MISSPELT = [KAGURA[:i] + "q" + KAGURA[i + 1:] for i in range(1, 26)]


def unknown(report: dict) -> list[dict]:
    return [p for p in report["problems"] if p["code"] == "unknown_card"]


def test_the_budget_is_20():
    assert MAX_SUGGESTED == 20 and len(set(MISSPELT)) == 25


@pytest.mark.parametrize("path", ["/api/decks/validate/", "/api/decks/analyse/"])
def test_the_validator_looks_for_close_names_of_the_first_20_distinct_misses(api, sample_catalogue, path):
    response = api.post(path, {"text": "\n".join(f"1 {name}" for name in MISSPELT)}, format="json",
                        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    report = response.json()["validation"] if path.endswith("analyse/") else response.json()
    problems = unknown(report)
    assert [p["line"] for p in problems] == list(range(1, 26))
    assert all(p["suggestions"][0] == KAGURA for p in problems[:20])
    assert [p["suggestions"] for p in problems[20:]] == [[]] * 5
    assert problems[20]["message"] == f"Line 21: no card is named {MISSPELT[20]}."
    assert problems[19]["message"].startswith(f"Line 20: no card is named {MISSPELT[19]}. Did you mean {KAGURA}")


def test_a_name_missed_on_many_lines_is_looked_for_once(api, sample_catalogue):
    text = "\n".join(["1 zzqx"] * 20 + ["1 kagra"] * 10)
    problems = unknown(api.post("/api/decks/validate/", {"text": text}, format="json", HTTP_ACCEPT_LANGUAGE="en").json())
    assert [p["suggestions"] for p in problems[:20]] == [[]] * 20
    assert [p["suggestions"] for p in problems[20:]] == [[KAGURA]] * 10


def test_a_save_refused_for_unknown_names_names_every_line(alice_api, sample_catalogue):
    from decks.models import Deck

    before = Deck.objects.count()
    response = alice_api.post("/api/decks/", {"name": "x", "text": "\n".join(f"1 {name}" for name in MISSPELT)},
                              format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_deck_list"
    problems = response.json()["error"]["details"]["problems"]
    assert len(problems) == 25 and [p["suggestions"] for p in problems[20:]] == [[]] * 5
    assert Deck.objects.count() == before


def test_the_search_looks_for_close_names_of_its_first_20_distinct_terms(client, sample_catalogue):
    junk = [f"zqxv{chr(97 + i)}" for i in range(19)]
    assert [c.code for c in did_you_mean(" ".join([*junk, "kagra"]))][:1] == ["SMP-001"]
    assert did_you_mean(" ".join([*junk, "zqxvz", "kagra"])) == []
    assert did_you_mean(" ".join([*junk, *junk, "kagra"]))[0].code == "SMP-001"  # a term given twice is one
    page = client.get("/cards/", {"q": " ".join([*junk, "zqxvz", "kagra"])}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    body = page.content.decode()
    assert "No cards found" in body and "Did you mean" not in body
