"""Cards as a reader sees them: a card list's problems without hidden entry numbers, the
builder's tips in the reader's language, the API's deck messages with card names in the
request's language, and sentence-case headings."""
import json
import re

import pytest

from cardsdb.models import Card
from decks import services
from decks.selectors import check_entries
from tests.conftest import EN, JA

pytestmark = pytest.mark.django_db

#: 4 Fireball and 2 Kagura: too many copies of Fireball, and not 51 cards.
TOO_MANY = [{"code": "SMP-007", "count": 4}, {"code": "SMP-001", "count": 2}]
COPIES_EN = "4 copies of Fireball; a deck may hold at most 3 of a card, counting every printing."
COPIES_JA = "「火炎弾」が4枚あります。同じカードは（別の版も合わせて）3枚までです。"


def panel(client, body, **headers):
    return client.post("/decks/builder/panel/", json.dumps(body), content_type="application/json", **headers)


def problems(body: str) -> list[str]:
    return re.findall(r'<li class="problem" data-code="[a-z_]+"(?: data-card="[A-Z0-9-]+")?>([^<]*)</li>', body)


def test_a_card_lists_problems_name_no_line(client, user, sample_catalogue):
    # The builder's list and a saved deck are lists of cards: no "line 0" nobody can see.
    assert problems(panel(client, {"cards": TOO_MANY}, **EN).content.decode()) == [
        COPIES_EN, "A deck has exactly 51 cards; this one has 6."]
    assert problems(panel(client, {"cards": TOO_MANY}, **JA).content.decode())[0] == COPIES_JA
    deck = services.create_deck(user, "Too many", check_entries(TOO_MANY), is_public=True)
    page = client.get(f"/decks/{deck.pk}/", **EN).content.decode()
    assert problems(page) == [COPIES_EN, "A deck has exactly 51 cards; this one has 6."]
    assert "(line" not in page
    assert problems(client.get(f"/decks/{deck.pk}/", **JA).content.decode())[0] == COPIES_JA
    # Pasted text keeps its real lines.
    pasted = client.post("/decks/validate/", {"text": "# mine\n4 Fireball\n"}, **EN).content.decode()
    assert "4 copies of Fireball (line 2); a deck may hold at most 3 of a card, counting every printing." in pasted


def tips(body: str) -> dict[str, list[tuple[str, str, str]]]:
    """``{code: [(label, lang, value)]}`` of the builder panel's card tips."""
    found = {}
    for code, fields in re.findall(
            r'<summary data-card="([A-Z0-9-]+)">.*?</summary>\s*<dl class="card-tip-fields">(.*?)</dl>', body, re.S):
        found[code] = re.findall(r'<div(?: class="wide")?><dt>([^<]*)</dt><dd(?: lang="([a-z]+)")?>([^<]*)</dd>', fields)
    return found


def test_the_builders_tips_say_the_ability_in_the_readers_language(client, sample_catalogue):
    cards = {"cards": [{"code": "SMP-001", "count": 1}, {"code": "SMP-007", "count": 1}, {"code": "SMP-015", "count": 1}]}
    en = panel(client, cards, **EN).content.decode()
    assert tips(en)["SMP-001"] == [
        ("Colour", "", "Red"), ("SIZE", "", "3 (red +1)"), ("STEP 1", "", "Move / Attack"), ("STEP 2", "", "Attack"),
        ("STEP 3", "", "Charge / Special"), ("HP", "", "6"), ("Movement power", "", "2 (orthogonal)"),
        ("Special ability", "", "1 damage to one adjacent enemy character."),
    ]
    assert tips(en)["SMP-007"][-1] == ("Effect", "", "1 damage to one adjacent enemy character.")
    assert tips(en)["SMP-015"][-1] == (
        "Special ability", "", "Put one card from your hand face down on an adjacent empty square as an area card.")
    # A "manual" effect (no sample card is: Flora marked so here) has no English text: the
    # card's own Japanese, marked as such.
    Card.objects.filter(code="SMP-015").update(effect="manual")
    assert tips(panel(client, cards, **EN).content.decode())["SMP-015"][-1] == (
        "Special ability", "ja", "隣接する空きマスに自分の手札1枚をエリアカードとして伏せて置く。")
    ja = panel(client, cards, **JA).content.decode()
    assert tips(ja)["SMP-001"][0] == ("色", "", "赤")
    assert tips(ja)["SMP-001"][-1] == ("特殊能力", "", "隣接する敵キャラクター1体に1ダメージ。")
    assert tips(ja)["SMP-007"][-1] == ("効果", "", "隣接する敵キャラクター1体に1ダメージ。")
    # The summary carries no tooltip of its own to compete with the card preview.
    assert re.findall(r"<summary[^>]*>", en) == ['<summary data-card="SMP-015">', '<summary data-card="SMP-001">',
                                                 '<summary data-card="SMP-007">']


def test_the_apis_deck_messages_name_cards_in_the_requests_language(api, alice_api, sample_catalogue):
    text = {"text": "4 火炎弾\n1 Fireball (SMP-001)\n"}
    mismatch_en = "Line 2: the code SMP-001 is Kagura, Flame Club Captain, not Fireball."
    mismatch_ja = "2行目: コード SMP-001 のカードは「火炎部長カグラ」で、「Fireball」ではありません。"
    answers = {
        lang: [p["message"] for p in api.post("/api/decks/validate/", text, format="json", **headers).json()["problems"]]
        for lang, headers in (("en", EN), ("ja", JA))
    }
    assert answers["en"][0] == mismatch_en
    assert answers["en"][1:] == [COPIES_EN, "A deck has exactly 51 cards; this one has 5."]
    assert answers["ja"][0] == mismatch_ja and answers["ja"][1] == COPIES_JA

    def messages(answer):
        return [p["message"] for p in answer["problems"]]

    # A card list, as the API's JSON form, the analysis, a saved deck and a deck read back.
    for headers, copies in ((EN, COPIES_EN), (JA, COPIES_JA)):
        listed = api.post("/api/decks/validate/", {"cards": TOO_MANY}, format="json", **headers).json()
        assert messages(listed)[0] == copies
        analysed = api.post("/api/decks/analyse/", {"cards": TOO_MANY}, format="json", **headers).json()
        assert messages(analysed["validation"])[0] == copies
        saved = alice_api.post("/api/decks/", {"name": "Too many", "cards": TOO_MANY}, format="json", **headers)
        assert saved.status_code == 201, saved.json()
        assert messages(saved.json()["validation"])[0] == copies
        read = alice_api.get(f"/api/decks/{saved.json()['id']}/", **headers).json()
        assert messages(read["validation"])[0] == copies
    # A list that does not resolve is refused with every problem, in the request's language.
    refused = alice_api.post("/api/decks/", {"name": "Bad", **text}, format="json", **EN).json()["error"]
    assert refused["code"] == "invalid_deck_list"
    assert refused["message"] == f"The deck list does not resolve, so nothing was saved: {mismatch_en}"
    assert [p["message"] for p in refused["details"]["problems"]] == [mismatch_en]
    refused_ja = alice_api.post("/api/decks/", {"name": "Bad", **text}, format="json", **JA).json()["error"]
    assert [p["message"] for p in refused_ja["details"]["problems"]] == [mismatch_ja]


def test_headings_are_in_sentence_case(client, user, sample_catalogue):
    headings = r'<th scope="col"(?: class="[a-z-]+")?>([^<]*)</th>'
    deck = client.get("/decks/SMP-RED/", **EN).content.decode()
    assert re.findall(headings, deck)[:4] == ["Count", "Code", "Name", "Type"]
    # the list's groups, then the Cards view's stacks, each headed alike
    assert re.findall(r'<h3>([^<]*) <span class="group-count">', deck) == ["Character", "Item", "Event"] * 2
    bars = re.findall(r'class="bar-label">([^<]*)</text>', deck)
    assert bars[:9] == ["Character", "Item", "Event", "Red", "Green", "Black", "White", "Colourless", "SIZE 0"]
    assert "Movement 1" in bars and "Move" in bars and "move" not in bars
    damage = re.search(r'<table class="damage-table" id="damage-table">\s*<thead>(.*?)</thead>', deck, re.S).group(1)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", damage) == ["Damage", "Colourless", "Red", "Green", "Black", "White"]
    assert re.findall(headings, client.get("/decks/SMP-RED/", **JA).content.decode())[:4] == ["枚数", "コード", "名前", "種類"]
    validated = client.post("/decks/validate/", {"text": "3 Fireball\n"}, **EN).content.decode()
    assert re.findall(headings, validated)[:4] == ["Count", "Code", "Name", "Type"]
    assert '<h3>Event <span class="group-count">(3)</span></h3>' in validated
    card = client.get("/cards/SMP-001/", **EN).content.decode()
    assert re.findall(r"<dt>([^<]*)</dt>", card) == [
        "Code", "Set", "Name", "Reading", "English name", "Type", "Colours", "SIZE", "SIZE bonus", "HP",
        "Movement directions", "Movement power", "Rarity", "Artist"]
    assert '<h2 id="card-text-title">Text</h2>' in card and "<h2>Flavour text</h2>" in card
    # Values standing alone in a field or a cell start with a capital too; Japanese is as it was.
    assert '<dd id="card-directions">Orthogonal</dd>' in card and "<td>Move · Attack</td>" in card
    assert re.search(r'<dt>Type</dt><dd><a href="[^"]+">Character</a></dd>', card)
    assert '<dd id="card-directions">縦横</dd>' in client.get("/cards/SMP-001/", **JA).content.decode()
    assert "‹ Previous" not in card and "Next ›" in card  # SMP-001 is the first card
    assert "‹ Previous" in client.get("/cards/SMP-002/", **EN).content.decode()
