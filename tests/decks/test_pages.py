"""Deck pages: the validator, the deck list and a deck's page."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.messages import problem_message
from tests.conftest import EN, JA, load_case, page_in_both_languages

pytestmark = pytest.mark.django_db


def line_problems(body: str) -> dict[int, list[tuple[str, str]]]:
    """``{line: [(code, text), ...]}`` of the validator's per-line problems."""
    out = {}
    for number, inner in re.findall(r'<li class="deck-line[^"]*" data-line="(\d+)"[^>]*>(.*?)</li>', body, re.S):
        found = re.findall(r'<p class="problem" data-code="([a-z_]+)"(?: data-card="[A-Z0-9-]+")?>(.*?)</p>', inner, re.S)
        if found:
            out[int(number)] = found
    return out


def test_validator_get_in_both_languages(client, t_catalogue):
    en, ja = page_in_both_languages(client, "/decks/validate/", 200)
    for body in (en, ja):
        assert 'id="deck-text"' in body and 'id="validate-button"' in body
        assert 'id="deck-summary"' not in body
    assert "Validate" in en
    assert "検証する" in ja


def test_typo_shows_unknown_card_on_its_line_with_suggestion(client, t_catalogue):
    text = load_case("decklists/typo_suggests.json")["input"]["text"]
    response = client.post("/decks/validate/", {"text": text}, **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="deck-summary"' in body
    assert 'data-valid="false"' in body
    problems = line_problems(body)
    assert list(problems) == [2]
    [(code, message)] = problems[2]
    assert code == "unknown_card"
    assert "炎の剣士アリサ" in message
    assert message == "No card matches “炎の剣士アリス”. Did you mean 炎の剣士アリサ, 炎の剣?"
    assert 'data-code="too_many_copies"' not in body
    # the deck is short of one entry: the size problem is in the summary box, above the lines
    summary = body[body.index('id="deck-summary"'):body.index('id="deck-lines"')]
    assert 'data-code="deck_size"' in summary
    assert "A deck has exactly 51 cards; this one has 48." in summary


def test_typo_in_japanese(client, t_catalogue):
    text = load_case("decklists/typo_suggests.json")["input"]["text"]
    body = client.post("/decks/validate/", {"text": text}, **JA).content.decode()
    [(code, message)] = line_problems(body)[2]
    assert code == "unknown_card"
    assert message == "「炎の剣士アリス」に当てはまるカードがありません。もしかして: 炎の剣士アリサ、炎の剣？"
    assert "デッキはちょうど51枚です。このデッキは48枚です。" in body


def test_valid_mixed_formats(client, t_catalogue):
    text = load_case("decklists/valid_mixed_formats.json")["input"]["text"]
    response = client.post("/decks/validate/", {"text": text}, **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'data-valid="true"' in body
    assert '<strong id="deck-total">51</strong> / 51' in body
    assert line_problems(body) == {}
    assert 'class="problem"' not in body
    groups = response.context["groups"]
    assert [(g["type"], g["count"]) for g in groups] == [("character", 21), ("item", 12), ("event", 18)]
    assert 'href="/cards/T-001/"' in body and "Arisa, Flame Swordswoman" in body
    # every pasted line is listed, numbered over all lines
    assert len(re.findall(r'class="deck-line[ "]', body)) == len(text.splitlines())


def test_lines_keep_their_numbers_with_leading_blank_lines(client, t_catalogue):
    text = "\n\n3 炎の剣士アリス\r\n0 炎\n3\n"
    body = client.post("/decks/validate/", {"text": text}, **EN).content.decode()
    problems = line_problems(body)
    assert [(n, [c for c, _ in ps]) for n, ps in problems.items()] == [
        (3, ["unknown_card"]), (4, ["bad_line"]), (5, ["bad_line"])
    ]
    assert problems[4][0][1] == "The count must be a whole number from 1 to 999."
    assert problems[5][0][1] == "This line has a count but no card name."


def test_too_many_copies_in_summary(client, t_catalogue):
    text = "3 炎の剣士アリサ\n2 T-019\n"
    body = client.post("/decks/validate/", {"text": text}, **EN).content.decode()
    summary = body[body.index('id="deck-summary"'):body.index('id="deck-lines"')]
    assert (
        "5 copies of Arisa, Flame Swordswoman (lines 1, 2); a deck may hold at most 3 of a card, counting every printing."
        in summary
    )
    # and each of its lines is marked
    note = "Too many copies: 5 of Arisa, Flame Swordswoman in all, at most 3."
    assert line_problems(body) == {1: [("too_many_copies", note)], 2: [("too_many_copies", note)]}


@pytest.mark.parametrize(
    "text, error",
    [
        ("x" * 100_001, "at most 100000 characters"),
        ("1 炎\n" * 2001, "A deck list has at most 2000 lines; this one has 2001."),
        ("   \n\n", "Paste a deck list first."),
    ],
)
def test_oversized_or_empty_text_is_a_form_error(client, t_catalogue, text, error):
    response = client.post("/decks/validate/", {"text": text}, **EN)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'id="deck-text-errors"' in body
    assert error in body
    assert 'id="deck-summary"' not in body


def test_missing_field_is_a_form_error(client, db):
    assert client.post("/decks/validate/", {}).status_code == 400


def test_load_a_sample_deck(client, sample_catalogue):
    response = client.get("/decks/validate/", {"deck": "SMP-RED"}, **EN)
    assert response.status_code == 200
    text = response.context["form"].initial["text"]
    assert text.startswith("# 紅蓮速攻\n")
    # in English the list names its cards in English, sorted by English name within each type
    assert "3 Kagura, Flame Club Captain (SMP-001)" in text
    assert "3 Kagura, Flame Club Captain (SMP-001)" in response.content.decode()
    # the loaded text validates
    checked = client.post("/decks/validate/", {"text": text}, **EN).content.decode()
    assert 'data-valid="true"' in checked


@pytest.mark.parametrize("deck_id", ["NOPE", "../x", "a" * 40])
def test_load_unknown_deck(client, sample_catalogue, deck_id):
    response = client.get("/decks/validate/", {"deck": deck_id}, **EN)
    assert response.status_code == 404
    assert 'id="deck-text"' in response.content.decode()


def test_deck_list_in_both_languages(client, sample_catalogue):
    en, ja = page_in_both_languages(client, "/decks/", 200)
    assert "Public decks" in en and "公開デッキ" in ja
    response = client.get("/decks/", **EN)
    assert {d.id for d in response.context["page"].object_list} == {"SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE"}
    assert response.context["mine"] is None
    assert 'href="/api/docs/"' in en


@pytest.fixture
def decks_of_two_users(sample_catalogue, user, other_user):
    from decks.selectors import check_text
    from decks.services import create_deck

    report = check_text("3 SMP-001\n")
    mine = create_deck(user, "Alice private", report)
    shared = create_deck(user, "Alice public", report, is_public=True)
    theirs = create_deck(other_user, "Bob private", report)
    return mine, shared, theirs


def test_my_decks_when_logged_in(client, decks_of_two_users, user):
    mine, shared, theirs = decks_of_two_users
    client.force_login(user)
    response = client.get("/decks/", **EN)
    assert [d.id for d in response.context["mine"]] == [shared.id, mine.id]
    body = response.content.decode()
    assert "Alice private" in body and "Bob private" not in body
    assert shared.id in {d.id for d in response.context["page"].object_list}


def test_sample_deck_page(client, sample_catalogue):
    response = client.get("/decks/SMP-RED/", **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert "紅蓮速攻" in body and "Crimson Rush" in body
    assert 'data-valid="true"' in body
    assert '<strong id="deck-total">51</strong> / 51' in body
    assert '<pre id="deck-export" class="deck-export"># 紅蓮速攻\n' in body
    assert 'href="/decks/validate/?deck=SMP-RED"' in body
    assert 'data-copy-target="#deck-export"' in body
    assert [g["type"] for g in response.context["groups"]] == ["character", "item", "event"]
    assert sum(g["count"] for g in response.context["groups"]) == 51
    ja = client.get("/decks/SMP-RED/", **JA).content.decode()
    assert "公開" in ja and "有効なデッキ" in ja


def test_private_deck_of_another_user_is_404(client, decks_of_two_users, user):
    mine, shared, theirs = decks_of_two_users
    assert client.get(f"/decks/{mine.id}/").status_code == 404  # anonymous
    client.force_login(user)
    assert client.get(f"/decks/{theirs.id}/").status_code == 404
    response = client.get(f"/decks/{mine.id}/", **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert "private" in body and 'data-valid="false"' in body
    assert "A deck has exactly 51 cards; this one has 3." in body


@pytest.mark.parametrize("deck_id", ["nope", "x" * 100, "%00"])
def test_unknown_deck_is_404(client, db, deck_id):
    assert client.get(f"/decks/{deck_id}/").status_code == 404


def test_problem_messages_for_every_code():
    from django.utils import translation

    problems = [
        {"code": "bad_line", "line": 4, "text": "3"},
        {"code": "unknown_card", "line": 2, "text": "3 X-1", "suggestions": []},
        {"code": "ambiguous_card", "entry": 0, "text": "3 炎",
         "candidates": [{"code": "T-001", "name": "A"}, {"code": "T-002", "name": "B"}]},
        {"code": "name_mismatch", "line": 1, "card_code": "T-001", "name": "炎", "card_name": "炎の剣士アリサ"},
        {"code": "too_many_copies", "name": "炎", "count": 4, "max": 3, "codes": ["T-002"], "lines": [1]},
        {"code": "deck_size", "total": 3, "expected": 51},
        {"code": "something_new", "message": "As given."},
    ]
    with translation.override("en"):
        assert [problem_message(p) for p in problems] == [
            "Line 4: This line has a count but no card name.",
            "Line 2: No card matches “X-1”.",
            "Entry 0: “炎” could be several cards: A (T-001), B (T-002). Add the card's code, e.g. (T-001).",
            "Line 1: The code T-001 is 炎の剣士アリサ, not 炎.",
            "4 copies of 炎 (line 1); a deck may hold at most 3 of a card, counting every printing.",
            "A deck has exactly 51 cards; this one has 3.",
            "As given.",
        ]
    with translation.override("ja"):
        assert problem_message(problems[3]) == "1行目: コード T-001 のカードは「炎の剣士アリサ」で、「炎」ではありません。"
        assert problem_message({"code": "deck_size"}) == "デッキはちょうど51枚です。このデッキは0枚です。"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200), deck=st.text(max_size=12))
def test_any_text_is_answered_never_500(client, t_catalogue, text, deck):
    assert client.post("/decks/validate/", {"text": text}).status_code in (200, 400)
    # a NUL character (which no database text holds) is 400 before the view (core.middleware)
    assert client.get("/decks/validate/", {"deck": deck}).status_code in ((400,) if "\x00" in deck else (200, 404))
