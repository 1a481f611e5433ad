"""One slip in a short name (``tcg.fuzzy``) gets its card as "did you mean" at every door: the deck
validator (the API's validate and analyse, the validator page, the builder's import), the search
page and ``/api/cards/named/?fuzzy=``, in English and in Japanese; an unrelated short text gets
nothing. 闘士 is 闘志 (SMP-008) with one kanji changed, 闇討ぢ is 闇討ち (SMP-033) with one kana
changed, とうじ its reading とうし with one kana changed. By ratio alone they score 50, 67 and 67:
the validator (55) missed 闘士, the search and ``named`` (70) all three."""
import re

import pytest

from cardsdb.selectors.names import card_named_fuzzy, name_suggestions
from cardsdb.selectors.search import did_you_mean
from tests.cardsdb.test_search_as_scryfall import query_of
from tests.conftest import EN, JA
from tests.decks.test_pages import line_problems

pytestmark = pytest.mark.django_db

TEXT = "3 闘士\n3 闇討ぢ\n3 ぬわ\n"


def test_each_matcher_finds_the_card_of_a_slip_and_nothing_for_an_unrelated_text(sample_catalogue):
    assert [name_suggestions(text) for text in ("闘士", "闇討ぢ", "とうじ", "ぬわ", "qzx")] == [
        ["闘志"], ["闇討ち"], ["闘志"], [], []]
    assert [[card.code for card in did_you_mean(q)] for q in ("闘士", "闇討ぢ", "とうじ", "ぬわ", "qzx")] == [
        ["SMP-008"], ["SMP-033"], ["SMP-008"], [], []]
    assert [(m.card.code if m.card else None, m.candidates) for m in map(card_named_fuzzy, ("闇討ぢ", "ぬわ"))] == [
        ("SMP-033", []), (None, [])]


@pytest.mark.parametrize("path", ["/api/decks/validate/", "/api/decks/analyse/"])
def test_the_deck_api_suggests_the_card_in_both_languages(api, sample_catalogue, path):
    def unknown(lang: str) -> list[dict]:
        body = api.post(path, {"text": TEXT}, format="json", HTTP_ACCEPT_LANGUAGE=lang).json()
        report = body["validation"] if path.endswith("analyse/") else body
        return [p for p in report["problems"] if p["code"] == "unknown_card"]

    assert unknown("en") == [
        {"code": "unknown_card", "line": 1, "text": "3 闘士", "suggestions": ["闘志"],
         "message": "Line 1: no card is named 闘士. Did you mean 闘志?"},
        {"code": "unknown_card", "line": 2, "text": "3 闇討ぢ", "suggestions": ["闇討ち"],
         "message": "Line 2: no card is named 闇討ぢ. Did you mean 闇討ち?"},
        {"code": "unknown_card", "line": 3, "text": "3 ぬわ", "suggestions": [],
         "message": "Line 3: no card is named ぬわ."},
    ]
    assert [p["message"] for p in unknown("ja")] == [
        "1行目: 「闘士」という名前のカードはありません。もしかして: 闘志？",
        "2行目: 「闇討ぢ」という名前のカードはありません。もしかして: 闇討ち？",
        "3行目: 「ぬわ」という名前のカードはありません。",
    ]


def test_the_validator_page_suggests_the_card_in_both_languages(client, sample_catalogue):
    en = client.post("/decks/validate/", {"text": TEXT}, **EN).content.decode()
    assert line_problems(en) == {
        1: [("unknown_card", "No card matches “闘士”. Did you mean 闘志?")],
        2: [("unknown_card", "No card matches “闇討ぢ”. Did you mean 闇討ち?")],
        3: [("unknown_card", "No card matches “ぬわ”.")],
    }
    ja = client.post("/decks/validate/", {"text": TEXT}, **JA).content.decode()
    assert line_problems(ja) == {
        1: [("unknown_card", "「闘士」に当てはまるカードがありません。もしかして: 闘志？")],
        2: [("unknown_card", "「闇討ぢ」に当てはまるカードがありません。もしかして: 闇討ち？")],
        3: [("unknown_card", "「ぬわ」に当てはまるカードがありません。")],
    }


def test_the_builders_import_suggests_the_card_in_both_languages(client, sample_catalogue):
    def problems(lang: dict) -> list[str]:
        refused = client.post("/decks/builder/panel/", {"text": TEXT}, content_type="application/json", **lang)
        assert refused.status_code == 422
        return re.findall(r'<li class="problem" data-code="unknown_card">(.*?)</li>', refused.content.decode())

    assert problems(EN) == [
        "Line 1: No card matches “闘士”. Did you mean 闘志?",
        "Line 2: No card matches “闇討ぢ”. Did you mean 闇討ち?",
        "Line 3: No card matches “ぬわ”.",
    ]
    assert problems(JA) == [
        "1行目: 「闘士」に当てはまるカードがありません。もしかして: 闘志？",
        "2行目: 「闇討ぢ」に当てはまるカードがありません。もしかして: 闇討ち？",
        "3行目: 「ぬわ」に当てはまるカードがありません。",
    ]


def test_the_search_page_suggests_the_card_in_both_languages(client, sample_catalogue):
    en = client.get("/cards/", {"q": "闇討ぢ"}, **EN).content.decode()
    mean = re.search(r'<p class="did-you-mean" id="did-you-mean">(.*?)</p>', en, re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" data-card="([^"]+)">([^<]+)</a>', mean)
    assert [(query_of(url), code, name) for url, code, name in links] == [('!"闇討ち"', "SMP-033", "Ambush")]
    assert "(闇討ち)" in mean
    ja = client.get("/cards/", {"q": "闇討ぢ"}, **JA).content.decode()
    mean = re.search(r'<p class="did-you-mean" id="did-you-mean">(.*?)</p>', ja, re.S).group(1)
    assert "もしかして:" in mean and '>闇討ち</a>' in mean and "(Ambush)" in mean
    for lang in (EN, JA):
        nothing = client.get("/cards/", {"q": "ぬわ"}, **lang).content.decode()
        assert 'id="no-results"' in nothing and 'id="did-you-mean"' not in nothing


def test_the_named_api_finds_the_card_of_a_slip(api, sample_catalogue):
    assert [api.get("/api/cards/named/", {"fuzzy": text}).json()["code"] for text in ("闘士", "闇討ぢ", "とうじ")] == [
        "SMP-008", "SMP-033", "SMP-008"]
    for lang, message in (("en", "No card is named “ぬわ”."), ("ja", "「ぬわ」という名前のカードはありません。")):
        missed = api.get("/api/cards/named/", {"fuzzy": "ぬわ"}, HTTP_ACCEPT_LANGUAGE=lang)
        assert missed.status_code == 404
        assert missed.json()["error"] == {"code": "not_found", "message": message, "details": {"name": "ぬわ"}}
