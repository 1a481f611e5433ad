"""Cards in the reader's language and order on the pages: the deck page, the print view and the
text export (by reading in Japanese, by English name in English; by SIZE or code on request),
the validator (its messages, the lines with too many copies, English suggestions, a count
written as a word), the card page's heading and texts, the search results and the sample deck
links."""
import re

import pytest

from tests.conftest import EN, JA
from tests.decks.test_pages import line_problems

pytestmark = pytest.mark.django_db

RED_CHARACTERS_JA = ["応援団長ゴウ", "火炎部長カグラ", "紅蓮の魔導士レオン", "剣術部のサクヤ", "新入生",
                     "熱血の転校生ヒナタ", "爆破魔術のイグニス", "火の玉小僧ポポ", "留学生エミリオ"]
RED_CHARACTERS_EN = ["Emilio, Exchange Student", "Go, Cheer Squad Leader", "Hinata, Hot-Blooded Transfer Student",
                     "Ignis, Blast Sorcerer", "Kagura, Flame Club Captain", "Leon, Crimson Mage", "New Student",
                     "Popo, the Fireball Kid", "Sakuya of the Sword Club"]


def first_names(body: str, section: str = "type-character") -> list[str]:
    """The names shown first in a card group's table (``_card_groups.html``)."""
    group = body.split(f'card-group {section}"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<td class="card-names"><a href="/cards/SMP-\d+/" lang="\w+" data-card="SMP-\d+">(.*?)</a>', group)


def test_the_deck_page_lists_cards_in_the_readers_language_and_order(client, sample_catalogue):
    ja = client.get("/decks/SMP-RED/", **JA).content.decode()
    en = client.get("/decks/SMP-RED/", **EN).content.decode()
    assert first_names(ja) == RED_CHARACTERS_JA
    assert first_names(en) == RED_CHARACTERS_EN
    # the other language small beneath
    assert ('<a href="/cards/SMP-001/" lang="en" data-card="SMP-001">Kagura, Flame Club Captain</a><br>'
            '<span class="name-other" lang="ja">火炎部長カグラ</span>') in en
    assert ('<a href="/cards/SMP-001/" lang="ja" data-card="SMP-001">火炎部長カグラ</a><br>'
            '<span class="name-other" lang="en">Kagura, Flame Club Captain</span>') in ja
    # the sample deck's title in English, its Japanese title beneath
    assert '<h1 id="deck-name">Crimson Rush</h1>' in en and '<p class="deck-description">紅蓮速攻</p>' in en
    assert '<h1 id="deck-name">紅蓮速攻</h1>' in ja
    # the text export follows the page
    export = re.search(r'<pre id="deck-export" class="deck-export">(.*?)</pre>', en, re.S).group(1)
    assert export.splitlines()[1:4] == ["3 Emilio, Exchange Student (SMP-067)", "2 Go, Cheer Squad Leader (SMP-005)",
                                        "3 Hinata, Hot-Blooded Transfer Student (SMP-002)"]
    assert 'href="/api/decks/SMP-RED/export/?as=text&amp;lang=en"' in en
    assert 'href="/api/decks/SMP-RED/export/?as=text&amp;lang=ja"' in ja


def test_the_odds_name_cards_in_the_readers_language_and_order(client, sample_catalogue):
    en = client.get("/decks/SMP-RED/", **EN).content.decode()
    odds = en.split('id="odds-table"', 1)[1] if 'id="odds-table"' in en else en.split("odds", 1)[1]
    assert odds.index("Emilio, Exchange Student") < odds.index("Go, Cheer Squad Leader") < odds.index("Sakuya of the Sword Club")
    ja = client.get("/decks/SMP-RED/", **JA).content.decode()
    odds_ja = ja.split('id="odds-table"', 1)[1] if 'id="odds-table"' in ja else ja
    assert odds_ja.index("応援団長ゴウ") < odds_ja.index("火炎部長カグラ") < odds_ja.index("留学生エミリオ")


def test_the_deck_page_sorts_by_size_and_by_code(client, sample_catalogue):
    by_size = client.get("/decks/SMP-RED/", {"sort": "size"}, **EN).content.decode()
    assert first_names(by_size) == [
        "Popo, the Fireball Kid", "Go, Cheer Squad Leader", "New Student", "Emilio, Exchange Student",
        "Hinata, Hot-Blooded Transfer Student", "Sakuya of the Sword Club", "Kagura, Flame Club Captain",
        "Leon, Crimson Mage", "Ignis, Blast Sorcerer"]
    assert '<option value="size" selected>By SIZE</option>' in by_size
    assert 'href="/decks/SMP-RED/print/?sort=size"' in by_size
    by_code = client.get("/decks/SMP-RED/", {"sort": "code"}, **JA).content.decode()
    assert first_names(by_code) == ["火炎部長カグラ", "熱血の転校生ヒナタ", "紅蓮の魔導士レオン", "剣術部のサクヤ", "応援団長ゴウ",
                                    "火の玉小僧ポポ", "爆破魔術のイグニス", "新入生", "留学生エミリオ"]
    assert '<option value="code" selected>コード順</option>' in by_code
    # an unknown order is the name order
    assert first_names(client.get("/decks/SMP-RED/", {"sort": "nope"}, **JA).content.decode()) == RED_CHARACTERS_JA


def test_the_print_view_follows_the_readers_language_and_order(client, sample_catalogue):
    en = client.get("/decks/SMP-RED/print/", **EN).content.decode()
    items = re.findall(r'<li>(\d) × <span class="name-first" lang="(\w+)">(.*?)</span>', en)
    assert [name for _, _, name in items][:3] == ["Emilio, Exchange Student", "Go, Cheer Squad Leader",
                                                  "Hinata, Hot-Blooded Transfer Student"]
    assert '<span class="name-other" lang="ja">留学生エミリオ</span>' in en
    ja = client.get("/decks/SMP-RED/print/", {"sort": "size"}, **JA).content.decode()
    names = re.findall(r'<span class="name-first" lang="ja">(.*?)</span>', ja)
    assert names[:3] == ["火の玉小僧ポポ", "応援団長ゴウ", "新入生"]


def test_the_text_download_in_either_language(api, sample_catalogue):
    en = api.get("/api/decks/SMP-RED/export/", {"as": "text", "lang": "en"})
    assert en.status_code == 200
    assert en.content.decode().splitlines()[:3] == [
        "# 紅蓮速攻", "3 Emilio, Exchange Student (SMP-067)", "2 Go, Cheer Squad Leader (SMP-005)"]
    ja = api.get("/api/decks/SMP-RED/export/", {"as": "text"}).content.decode()
    assert ja.splitlines()[1:3] == ["2 応援団長ゴウ (SMP-005)", "3 火炎部長カグラ (SMP-001)"]
    by_code = api.get("/api/decks/SMP-RED/export/", {"as": "text", "sort": "code"}).content.decode()
    assert by_code.splitlines()[1] == "3 火炎部長カグラ (SMP-001)"
    bad = api.get("/api/decks/SMP-RED/export/", {"as": "text", "lang": "fr"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_parameter"
    assert bad.json()["error"]["details"]["parameter"] == "lang"


def test_the_validator_highlights_the_lines_with_too_many_copies(client, sample_catalogue):
    text = "2 火炎部長カグラ\n3 闘志\n2 Kagura, Flame Club Captain (SMP-001)\n"
    en = client.post("/decks/validate/", {"text": text}, **EN).content.decode()
    assert line_problems(en) == {
        1: [("too_many_copies", "Too many copies: 4 of Kagura, Flame Club Captain in all, at most 3.")],
        3: [("too_many_copies", "Too many copies: 4 of Kagura, Flame Club Captain in all, at most 3.")],
    }
    assert re.findall(r'<li class="deck-line( has-problem)?" data-line="(\d)"', en) == [
        (" has-problem", "1"), ("", "2"), (" has-problem", "3")]
    assert ("4 copies of Kagura, Flame Club Captain (lines 1, 3); a deck may hold at most 3 of a card, "
            "counting every printing.") in en
    ja = client.post("/decks/validate/", {"text": text}, **JA).content.decode()
    assert line_problems(ja)[1] == [("too_many_copies", "枚数超過: 火炎部長カグラが合計4枚（最大3枚）。")]
    one_line = client.post("/decks/validate/", {"text": "5 闘志\n"}, **EN).content.decode()
    assert "5 copies of Fighting Spirit (line 1); a deck may hold" in one_line


@pytest.mark.parametrize(("line", "en", "ja"), [
    ("three SMP-003", "“three” is not a count: write the count as a whole number from 1 to 999, e.g. “3 SMP-003”.",
     "「three」は枚数ではありません。枚数は1から999までの整数で書いてください（例:「3 SMP-003」）。"),
    ("three 火炎弾", "“three” is not a count: write the count as a whole number from 1 to 999, e.g. “3 火炎弾”.",
     "「three」は枚数ではありません。枚数は1から999までの整数で書いてください（例:「3 火炎弾」）。"),
    ("三 Fireball", "“三” is not a count: write the count as a whole number from 1 to 999, e.g. “3 Fireball”.",
     "「三」は枚数ではありません。枚数は1から999までの整数で書いてください（例:「3 Fireball」）。"),
])
def test_a_count_written_as_a_word_names_the_count(client, sample_catalogue, line, en, ja):
    assert line_problems(client.post("/decks/validate/", {"text": line}, **EN).content.decode()) == {1: [("bad_line", en)]}
    assert line_problems(client.post("/decks/validate/", {"text": line}, **JA).content.decode()) == {1: [("bad_line", ja)]}


def test_a_name_that_is_no_card_is_still_unknown(client, sample_catalogue):
    body = client.post("/decks/validate/", {"text": "three nothing at all"}, **EN).content.decode()
    assert line_problems(body) == {1: [("unknown_card", "No card matches “three nothing at all”.")]}


def test_english_names_are_suggested_for_english_text(client, api, sample_catalogue):
    body = api.post("/api/decks/validate/", {"text": "3 flame"}, format="json").json()
    assert body["problems"][0]["suggestions"] == ["Kagura, Flame Club Captain"]
    fire = api.post("/api/decks/validate/", {"text": "3 fire"}, format="json").json()
    assert fire["problems"][0]["suggestions"] == ["Fireball", "Fire Drake Cloak", "Popo, the Fireball Kid"]
    page = client.post("/decks/validate/", {"text": "3 flame"}, **EN).content.decode()
    assert line_problems(page) == {1: [("unknown_card", "No card matches “flame”. Did you mean Kagura, Flame Club Captain?")]}
    # a Japanese name is still suggested Japanese names
    kana = api.post("/api/decks/validate/", {"text": "3 火炎部長カグヤ"}, format="json").json()
    assert kana["problems"][0]["suggestions"][0] == "火炎部長カグラ"


def test_a_name_mismatch_names_the_card_in_the_readers_language(client, sample_catalogue):
    en = client.post("/decks/validate/", {"text": "3 闘志 (SMP-001)"}, **EN).content.decode()
    assert line_problems(en) == {1: [("name_mismatch", "The code SMP-001 is Kagura, Flame Club Captain, not 闘志.")]}


def test_the_sample_deck_links_in_the_readers_language(client, sample_catalogue):
    en = client.get("/decks/validate/", **EN).content.decode()
    assert '<a href="?deck=SMP-RED">Crimson Rush (SMP-RED)</a>' in en
    ja = client.get("/decks/validate/", **JA).content.decode()
    assert '<a href="?deck=SMP-RED">紅蓮速攻 (SMP-RED)</a>' in ja
    home = client.get("/", **EN).content.decode()
    assert '<a href="/decks/SMP-RED/">Crimson Rush</a> <span class="muted">(紅蓮速攻)</span>' in home


def test_the_card_page_heading_and_texts_in_english(client, sample_catalogue):
    en = client.get("/cards/SMP-001/", **EN).content.decode()
    assert '<span class="card-name" id="card-name" lang="en">Kagura, Flame Club Captain</span>' in en
    assert ('<p class="card-name-other" id="card-name-other" lang="ja">火炎部長カグラ '
            '<span class="card-reading">かえんぶちょうかぐら</span></p>') in en
    assert "<title>Kagura, Flame Club Captain (SMP-001)" in en
    # The text once (the special ability is not repeated among the fields), written from the effect.
    assert '<p id="card-text" lang="en">Special ability: 1 damage to one adjacent enemy character.</p>' in en
    assert en.count("1 damage to one adjacent enemy character") == 1 and 'id="card-ability"' not in en
    ja = client.get("/cards/SMP-001/", **JA).content.decode()
    assert '<span class="card-name" id="card-name" lang="ja">火炎部長カグラ</span>' in ja
    assert '<p class="card-name-other" id="card-name-other" lang="en">Kagura, Flame Club Captain</p>' in ja
    assert '<p id="card-text" lang="ja">特殊能力: 隣接する敵キャラクター1体に1ダメージ。</p>' in ja
    assert ja.count("隣接する敵キャラクター1体に1ダメージ") == 1


def test_search_results_name_cards_in_the_readers_language(client, sample_catalogue):
    # page=1: shown as a list even though the search finds one card (which alone opens its page).
    en = client.get("/cards/", {"q": "カグラ", "view": "grid", "page": "1"}, **EN).content.decode()
    assert ('<span class="tile-name" lang="en" data-card="SMP-001">Kagura, Flame Club Captain</span>\n'
            '            <span class="tile-name-other" lang="ja">火炎部長カグラ</span>') in en
    table = client.get("/cards/", {"q": "カグラ", "view": "table", "page": "1"}, **JA).content.decode()
    assert ('<a href="/cards/SMP-001/" lang="ja" data-card="SMP-001">火炎部長カグラ</a><br><span class="muted" lang="en">'
            'Kagura, Flame Club Captain</span>') in table
