"""The cards a stacked Elements of Chaos deal brings in its options (``decks``, whole cards in the
interchange format) follow the rule of every text shown to others (``tcg.shown_text``): a name
with a control or formatting character or nothing visible, another text with a control or
bidirectional formatting character, is refused ``400 bad_options`` naming the card and the field,
in the reader's language, and nothing is made."""
import pytest

from play.models import Match
from play.games.eoc.decklists import sample_deck
from tests.play.matches import HEURISTIC, HUMAN


def decks_with(field: str, value: str) -> list:
    red, green = sample_deck("SMP-RED"), sample_deck("SMP-GREEN")
    return [red, green[:5] + [{**green[5], field: value}] + green[6:]]


def refusal(client, language, options):
    response = client.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HEURISTIC], "options": options},
                           format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400, response.content
    return response.json()["error"]


@pytest.mark.parametrize("field, value, en, ja", [
    ("name", "Evil\u202eexe.txt", "'name' cannot hold control or formatting characters (U+202E)",
     "'name'に制御文字や書式文字（U+202E）は使えません"),
    ("name", "ding\x07", "'name' cannot hold control or formatting characters (U+0007)",
     "'name'に制御文字や書式文字（U+0007）は使えません"),
    ("name_en", "a\u200bb", "'name_en' cannot hold control or formatting characters (U+200B)",
     "'name_en'に制御文字や書式文字（U+200B）は使えません"),
    ("name", "\u115f\u3164", "'name' needs a visible character", "'name'には目に見える文字が必要です"),
    ("name_en", "\u2800", "'name_en' needs a visible character", "'name_en'には目に見える文字が必要です"),
    ("text", "gg \u202etxt", "'text' cannot hold control characters or bidirectional formatting characters (U+202E)",
     "'text'に制御文字や双方向書式文字（U+202E）は使えません"),
    ("flavour", "a\x1bb", "'flavour' cannot hold control characters or bidirectional formatting characters (U+001B)",
     "'flavour'に制御文字や双方向書式文字（U+001B）は使えません"),
    ("name", "Ka" + "\u0301" * 5, "'name' stacks more than 4 combining marks on one character (U+0301)",
     "'name'は1文字に4個を超える結合文字を重ねています（U+0301）"),
    ("text", "a" + "\u20dd" * 9, "'text' stacks more than 4 combining marks on one character (U+20DD)",
     "'text'は1文字に4個を超える結合文字を重ねています（U+20DD）"),
], ids=["RLO name", "BEL name", "ZWSP name_en", "filler name", "braille name_en", "RLO text", "ESC flavour",
        "accents name", "enclosing text"])
def test_a_stacked_card_with_a_text_no_one_may_be_shown_is_refused(alice_api, field, value, en, ja):
    options = {"decks": decks_with(field, value), "stacked": True}
    english, japanese = refusal(alice_api, "en", options), refusal(alice_api, "ja", options)
    reason = f"decks[1][5]: {en}"
    assert english == {"code": "bad_options", "message": f"The options are not valid: {reason}",
                       "details": {"reason": reason}}
    assert japanese == {"code": "bad_options", "message": f"オプションが正しくありません: decks[1][5]: {ja}",
                        "details": {"reason": reason}}
    assert not Match.objects.exists()


def test_a_stacked_card_with_markup_in_its_name_is_dealt_and_shown_as_text(alice_api):
    """Markup is text like any other (the table draws names as text, never as HTML), as in a deck's
    name; a name such as "Kagura <b>" is taken."""
    red, green = sample_deck("SMP-RED"), sample_deck("SMP-GREEN")
    code = green[5]["code"]
    green = [{**card, "name": "<b>Kagura</b>"} if card["code"] == code else card for card in green]
    options = {"decks": [red, green], "stacked": True}
    made = alice_api.post("/api/matches/", {"game": "eoc", "seats": [HUMAN, HEURISTIC], "options": options},
                          format="json")
    assert made.status_code == 201, made.content
    assert Match.objects.count() == 1
