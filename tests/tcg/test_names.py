"""A card's name in the reader's language and the order a reader expects (``tcg.cards.names``),
with the deck text export that follows it (``tcg.decks.format.export_deck_text``): the sample
decks in kana order in Japanese and by English name in English, each within its type, never by
code point."""
import json
import re

import pytest

from tcg.cards.names import card_order_key, display_name, kana_key, name_key, other_name, reading_of
from tcg.decks.diff import diff_entries
from tcg.decks.format import export_deck_text, parse_deck_text
from tests.conftest import FIXTURES_DIR

CATALOGUE = {c["code"]: c for c in json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text())["cards"]}


def deck_codes(deck_id: str) -> list[str]:
    text = (FIXTURES_DIR / "decks" / f"{deck_id}.txt").read_text()
    return re.findall(r"\((SMP-\d+)\)", text)


def ordered(deck_id: str, lang: str, by: str = "name") -> list[str]:
    return sorted(deck_codes(deck_id), key=lambda code: card_order_key(CATALOGUE[code], lang, by))


#: The sample decks as a reader expects them: characters, items, events; in Japanese by
#: reading (gojūon), in English by English name.
EXPECTED = {
    ("SMP-RED", "ja"): [
        "SMP-005", "SMP-001", "SMP-003", "SMP-004", "SMP-063", "SMP-002", "SMP-054", "SMP-006", "SMP-067",
        "SMP-071", "SMP-011", "SMP-061", "SMP-012", "SMP-013",
        "SMP-007", "SMP-010", "SMP-068", "SMP-008", "SMP-009",
    ],
    ("SMP-RED", "en"): [
        "SMP-067", "SMP-005", "SMP-002", "SMP-054", "SMP-001", "SMP-003", "SMP-063", "SMP-006", "SMP-004",
        "SMP-061", "SMP-071", "SMP-013", "SMP-011", "SMP-012",
        "SMP-010", "SMP-008", "SMP-007", "SMP-068", "SMP-009",
    ],
    ("SMP-GREEN", "ja"): [
        "SMP-015", "SMP-017", "SMP-064", "SMP-016", "SMP-063", "SMP-014", "SMP-018", "SMP-053", "SMP-057",
        "SMP-019",
        "SMP-025", "SMP-071", "SMP-026", "SMP-024",
        "SMP-022", "SMP-069", "SMP-070", "SMP-023", "SMP-021", "SMP-020",
    ],
    ("SMP-GREEN", "en"): [
        "SMP-015", "SMP-053", "SMP-019", "SMP-014", "SMP-016", "SMP-063", "SMP-018", "SMP-017", "SMP-057",
        "SMP-064",
        "SMP-071", "SMP-025", "SMP-024", "SMP-026",
        "SMP-022", "SMP-021", "SMP-020", "SMP-070", "SMP-069", "SMP-023",
    ],
    ("SMP-BLACK", "ja"): [
        "SMP-031", "SMP-027", "SMP-029", "SMP-032", "SMP-028", "SMP-059", "SMP-056", "SMP-065", "SMP-030",
        "SMP-071", "SMP-039", "SMP-072", "SMP-038", "SMP-037",
        "SMP-034", "SMP-036", "SMP-068", "SMP-069", "SMP-035", "SMP-060", "SMP-033",
    ],
    ("SMP-BLACK", "en"): [
        "SMP-028", "SMP-030", "SMP-065", "SMP-032", "SMP-056", "SMP-029", "SMP-031", "SMP-059", "SMP-027",
        "SMP-072", "SMP-071", "SMP-037", "SMP-038", "SMP-039",
        "SMP-033", "SMP-060", "SMP-035", "SMP-068", "SMP-034", "SMP-069", "SMP-036",
    ],
    ("SMP-WHITE", "ja"): [
        "SMP-058", "SMP-066", "SMP-044", "SMP-040", "SMP-055", "SMP-045", "SMP-043", "SMP-042", "SMP-041",
        "SMP-067",
        "SMP-071", "SMP-052", "SMP-050", "SMP-051", "SMP-062",
        "SMP-046", "SMP-047", "SMP-049", "SMP-048", "SMP-070",
    ],
    ("SMP-WHITE", "en"): [
        "SMP-055", "SMP-040", "SMP-067", "SMP-042", "SMP-066", "SMP-041", "SMP-058", "SMP-045", "SMP-044",
        "SMP-043",
        "SMP-071", "SMP-062", "SMP-050", "SMP-051", "SMP-052",
        "SMP-049", "SMP-070", "SMP-048", "SMP-046", "SMP-047",
    ],
}


@pytest.mark.parametrize(("deck_id", "lang"), sorted(EXPECTED))
def test_sample_decks_in_the_readers_order(deck_id, lang):
    assert ordered(deck_id, lang) == EXPECTED[(deck_id, lang)]


def test_the_red_decks_characters_in_kana_order_not_code_point_order():
    characters = [CATALOGUE[c]["name"] for c in ordered("SMP-RED", "ja") if CATALOGUE[c]["type"] == "character"]
    # by code point this would be 剣, 応, 新, 火, 火, 熱, 爆, 留, 紅 (random to a reader)
    assert characters == [
        "応援団長ゴウ", "火炎部長カグラ", "紅蓮の魔導士レオン", "剣術部のサクヤ", "新入生", "熱血の転校生ヒナタ",
        "爆破魔術のイグニス", "火の玉小僧ポポ", "留学生エミリオ",
    ]
    assert sorted(characters) != characters


def test_orders_by_size_and_by_code():
    assert ordered("SMP-RED", "ja", "size")[:9] == [
        "SMP-006", "SMP-005", "SMP-063", "SMP-004", "SMP-002", "SMP-067", "SMP-001", "SMP-003", "SMP-054",
    ]  # SIZE 0, 1, 1, 2, 2, 2, 3, 4, 5; ties by reading
    assert ordered("SMP-RED", "en", "size")[:9] == [
        "SMP-006", "SMP-005", "SMP-063", "SMP-067", "SMP-002", "SMP-004", "SMP-001", "SMP-003", "SMP-054",
    ]  # ties by English name: Emilio, Hinata, Sakuya
    assert ordered("SMP-RED", "en", "code") == ordered("SMP-RED", "ja", "code") == [
        "SMP-001", "SMP-002", "SMP-003", "SMP-004", "SMP-005", "SMP-006", "SMP-054", "SMP-063", "SMP-067",
        "SMP-011", "SMP-012", "SMP-013", "SMP-061", "SMP-071",
        "SMP-007", "SMP-008", "SMP-009", "SMP-010", "SMP-068",
    ]


@pytest.mark.parametrize(("words", "expected"), [
    # voiced and half-voiced kana sort with the plain one; ties plain, voiced, half-voiced
    (["はな", "ばな", "ぱな", "はなび", "ばか"], ["ばか", "はな", "ばな", "ぱな", "はなび"]),
    # small kana with the large one, small first on a tie
    (["きやく", "きゃく", "きゆう", "きよう"], ["きゃく", "きやく", "きゆう", "きよう"]),
    # the long vowel mark is the vowel it lengthens: ルーチェ as るうちぇ
    (["るうちえ", "るーちぇ", "るいざ", "るおん"], ["るいざ", "るーちぇ", "るうちえ", "るおん"]),
    # katakana and hiragana alike, ゔ in the う row
    (["ヴォルフ", "うみ", "ウォーク"], ["ウォーク", "ヴォルフ", "うみ"]),
])
def test_kana_order(words, expected):
    assert sorted(words, key=kana_key) == expected


def test_readings_derived_when_the_catalogue_has_none():
    assert reading_of("剣術部のサクヤ", "") == "けんじゅつぶのさくや"
    assert reading_of("火炎部長カグラ", "カエンブチョウカグラ") == "かえんぶちょうかぐら"
    assert reading_of("", "") == ""
    without = {"code": "X-1", "type": "event", "name": "火炎弾"}
    assert name_key(without, "ja") == name_key(dict(without, reading="かえんだん"), "ja")


def test_names_in_the_readers_language():
    kagura = CATALOGUE["SMP-001"]
    assert (display_name(kagura, "ja"), other_name(kagura, "ja")) == ("火炎部長カグラ", "Kagura, Flame Club Captain")
    assert (display_name(kagura, "en"), other_name(kagura, "en")) == ("Kagura, Flame Club Captain", "火炎部長カグラ")
    assert (display_name(kagura, "en-gb"), display_name(kagura, None)) == ("Kagura, Flame Club Captain", "火炎部長カグラ")
    bare = {"name": "新カード", "name_en": ""}
    assert (display_name(bare, "en"), other_name(bare, "en")) == ("新カード", "")
    same = {"name": "HERO", "name_en": "HERO"}
    assert other_name(same, "ja") == other_name(same, "en") == ""


def test_a_card_without_an_english_name_sorts_after_the_english_names():
    cards = [
        {"code": "X-1", "type": "event", "name": "火炎弾", "reading": "かえんだん", "name_en": ""},
        {"code": "X-2", "type": "event", "name": "闘志", "reading": "とうし", "name_en": "Fighting Spirit"},
        {"code": "X-3", "type": "event", "name": "あめ", "reading": "あめ", "name_en": ""},
        {"code": "X-4", "type": "event", "name": "突撃命令", "reading": "とつげきめいれい", "name_en": "order to Charge"},
    ]
    assert [c["code"] for c in sorted(cards, key=lambda c: card_order_key(c, "en"))] == ["X-2", "X-4", "X-3", "X-1"]


def test_the_export_follows_the_readers_order_and_reads_back():
    cards = [dict(CATALOGUE[code], count=n) for code, n in (("SMP-003", 2), ("SMP-005", 2), ("SMP-007", 3),
                                                             ("SMP-011", 3), ("SMP-001", 3))]
    assert export_deck_text(cards, title="紅蓮") == (
        "# 紅蓮\n2 応援団長ゴウ (SMP-005)\n3 火炎部長カグラ (SMP-001)\n2 紅蓮の魔導士レオン (SMP-003)\n"
        "3 火竜のマント (SMP-011)\n3 火炎弾 (SMP-007)\n"
    )
    english = export_deck_text(cards, lang="en")
    assert english == (
        "2 Go, Cheer Squad Leader (SMP-005)\n3 Kagura, Flame Club Captain (SMP-001)\n2 Leon, Crimson Mage (SMP-003)\n"
        "3 Fire Drake Cloak (SMP-011)\n3 Fireball (SMP-007)\n"
    )
    entries, problems = parse_deck_text(english)
    assert problems == []
    assert [(e.count, e.name, e.code) for e in entries][:1] == [(2, "Go, Cheer Squad Leader", "SMP-005")]
    assert export_deck_text(cards, lang="ja", by="size").splitlines()[:3] == [
        "2 応援団長ゴウ (SMP-005)", "3 火炎部長カグラ (SMP-001)", "2 紅蓮の魔導士レオン (SMP-003)"]


def test_history_changes_in_kana_order():
    before = [{"code": "SMP-004", "name": "剣術部のサクヤ", "type": "character", "count": 3}]
    after = [{"code": "SMP-005", "name": "応援団長ゴウ", "type": "character", "count": 2},
             {"code": "SMP-054", "name": "爆破魔術のイグニス", "type": "character", "count": 1}]
    assert [c["code"] for c in diff_entries(before, after)["changes"]] == ["SMP-005", "SMP-004", "SMP-054"]


def test_a_card_name_in_a_message_is_said_in_each_readers_language():
    import pickle

    from django.utils import translation

    from core.messages import localize
    from tcg.cards.names import CardName
    from tcg.effects.text import reader_effect_text
    from tcg.message import Message

    name = CardName("火炎弾", "Fireball")
    message = Message("%(count)s copies of %(name)s.", count=4, name=name)
    assert (str(name), name.in_language("ja"), name.in_language("en")) == ("Fireball", "火炎弾", "Fireball")
    assert str(CardName("新カード")) == "新カード" and CardName("新カード").in_language("en") == "新カード"
    assert message == "4 copies of Fireball."
    copy = pickle.loads(pickle.dumps(message))
    assert copy == message and copy.params["name"].in_language("ja") == "火炎弾"
    with translation.override("ja"):
        assert localize(message) == "4 copies of 火炎弾."  # no catalogue entry: the template, the Japanese name
    # An effect's text in the reader's language, or the written (Japanese) text when it has none.
    damage = {"op": "damage", "amount": 1, "target": "adjacent_enemy"}
    assert reader_effect_text(damage, "event", "隣接する敵キャラクター1体に1ダメージ。", "en") == (
        "1 damage to one adjacent enemy character.", "en")
    assert reader_effect_text(damage, "event", "", "ja") == ("隣接する敵キャラクター1体に1ダメージ。", "ja")
    assert reader_effect_text("manual", "item", "手で解決する。", "en") == ("手で解決する。", "ja")
    assert reader_effect_text(None, "character", "", "en") == ("", "en")
