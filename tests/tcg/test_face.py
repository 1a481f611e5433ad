"""The card face renderer (``tcg.face``), plain Python: every sample card's SVG in both
languages, hostile card data, line breaking, determinism, PNG, and that it imports no Django."""
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tcg.effects.text import card_texts
from tcg.face import PNG_AVAILABLE, PNG_HEIGHT, PNG_WIDTH, RENDERER_VERSION, render_svg, svg_to_png
from tcg.face.text import clean, escape, fit, wrap
from tests.conftest import FIXTURES_DIR, REPO

SVG = "{http://www.w3.org/2000/svg}"
SAMPLE = json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text(encoding="utf-8"))["cards"]
ACTION_NAMES = {
    "ja": {"move": "移動", "attack": "攻撃", "defend": "防御", "charge": "チャージ", "special": "特殊"},
    "en": {"move": "Move", "attack": "Attack", "defend": "Defend", "charge": "Charge", "special": "Special"},
}
#: Every element and attribute a face may have: shapes, text and paint, nothing that runs or loads.
ELEMENTS = {"svg", "title", "defs", "linearGradient", "radialGradient", "stop", "clipPath", "g", "rect", "circle",
            "path", "polygon", "text"}
ATTRIBUTES = {
    "xmlns", "version", "viewBox", "width", "height", "role", "aria-labelledby", "lang", "font-family", "id", "class",
    "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "d", "points", "offset", "stop-color", "stop-opacity",
    "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
    "opacity", "transform", "clip-path", "font-size", "font-weight", "font-style", "text-anchor", "letter-spacing",
    "textLength", "lengthAdjust",
}


def face(card: dict, lang: str, sample: bool = True) -> str:
    return render_svg(card, lang, texts=card_texts(card.get("effect"), card["type"]), sample=sample,
                      set_name="サンプルセット" if lang == "ja" else "Sample Set")


def parts(svg: str) -> dict:
    """The face's elements with an ``id``, by id; fails on text that is not XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return {el.get("id"): el for el in root.iter() if el.get("id")}


def text_of(element) -> str:
    """The text an element shows: its lines joined (titles left out), without the spaces a line
    break may have taken."""
    lines = ["".join(t.itertext()) for t in ([element] if element.tag == f"{SVG}text" else element.iter(f"{SVG}text"))]
    return "".join(lines).replace(" ", "")


def title_of(element) -> str:
    return element.find(f"{SVG}title").text


def squashed(text: str) -> str:
    return text.replace(" ", "")


def effect_body(card: dict, lang: str) -> str:
    text = card["text"] if lang == "ja" else card_texts(card.get("effect"), card["type"])
    if lang == "en":
        text = text["en"] if text else card["text"]
    for prefix in ("特殊能力:", "Special ability:"):
        text = text.removeprefix(prefix)
    return squashed(text)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("card", SAMPLE, ids=[c["code"] for c in SAMPLE])
def test_every_sample_face_parses_and_shows_the_card(card, lang):
    svg = face(card, lang)
    ids = parts(svg)
    first, other = (card["name"], card["name_en"]) if lang == "ja" else (card["name_en"], card["name"])
    assert text_of(ids["name"]) == squashed(first)
    assert text_of(ids["name-other"]) == squashed(other)
    assert ids["face-title"].text.startswith(f"{first} — {other} — ")  # the reader's language first
    assert text_of(ids["code"]) == card["code"]
    assert text_of(ids["set"]) == ("サンプルセット" if lang == "ja" else "SampleSet")
    assert text_of(ids["size"]) == str(card["size"])
    bonus = card.get("size_bonus")
    if bonus:
        assert text_of(ids["size-bonus"]) == f"{bonus['value']:+d}"
        assert ids["size-bonus"].get("class") == f"bonus bonus-{bonus['colour']}"
    else:
        assert "size-bonus" not in ids
    assert text_of(ids["rarity"]) == card["rarity"]
    if card["type"] == "character":
        assert text_of(ids["hp-value"]) == str(card["hp"])
        assert text_of(ids["movement-value"]) == str(card["movement"])
        assert ids["directions"].get("class") == f"directions directions-{card['directions']}"
    else:
        assert not {"hp", "movement", "directions"} & set(ids)
    for n, step in enumerate(("step1", "step2", "step3"), start=1):
        assert text_of(ids[step]).startswith(f"STEP{n}")
        icons = [el for el in ids[step] if el.get("class", "").startswith("action ")]
        assert [el.get("id") for el in icons] == [f"{step}-{a}" for a in card["action_table"][step]]
        assert [title_of(el) for el in icons] == [ACTION_NAMES[lang][a] for a in card["action_table"][step]]
    assert text_of(ids["text"]) == effect_body(card, lang)  # whole: every sample card's text fits
    if card.get("flavour"):
        assert text_of(ids["flavour"]) == squashed(card["flavour"])
    assert text_of(ids["sample"]) == ("見本SAMPLE" if lang == "ja" else "SAMPLE")


def test_the_english_face_of_a_manual_card_says_its_text_is_japanese():
    # Flora's card marked manual (no sample card is): a manual effect has no English text
    card = dict(next(c for c in SAMPLE if c["code"] == "SMP-015"), effect="manual")
    ids = parts(face(card, "en"))
    assert text_of(ids["text-heading"]) == "Specialability·Japanesetext"
    assert text_of(ids["text"]) == squashed(card["ability"])
    assert ids["text"][0].get("lang") == "ja"


def test_a_card_without_effect_data_keeps_its_japanese_text_in_english_unless_it_is_vanilla():
    vanilla = card_texts(None, "event")  # {"ja": "効果なし。", "en": "No effect."}
    card = {"code": "X-001", "set": "X", "name": "罠", "type": "event", "colours": [], "size": 1,
            "action_table": {"step1": ["move"], "step2": ["move"], "step3": ["move"]}, "text": "敵を1マス動かす。"}
    ids = parts(render_svg(card, "en", texts=vanilla))
    assert (text_of(ids["text-heading"]), text_of(ids["text"])) == ("Japanesetext", "敵を1マス動かす。")
    ids = parts(render_svg(dict(card, text="効果なし。"), "en", texts=vanilla))
    assert text_of(ids["text"]) == "Noeffect." and "text-heading" not in ids


def test_a_printed_card_has_no_sample_mark_and_a_card_without_english_name_no_second_name():
    card = {k: v for k, v in SAMPLE[0].items() if k != "name_en"}
    ids = parts(render_svg(card, "en", sample=False))
    assert "sample" not in ids and "name-other" not in ids
    assert text_of(ids["name"]) == card["name"]
    assert text_of(ids["set"]) == "SMP"


def test_colourless_and_multicolour_frames():
    colourless = next(c for c in SAMPLE if c["code"] == "SMP-063")
    two = next(c for c in SAMPLE if c["code"] == "SMP-053")  # red and green
    stops = lambda svg: [s.get("stop-color") for s in parts(svg)["frame"]]  # noqa: E731
    assert stops(face(colourless, "ja")) == ["#a8adb2", "#a8adb2"]  # grey
    assert stops(face(two, "ja")) == ["#cf5848", "#cf5848", "#539a65", "#539a65"]  # a red band, then a green one
    offsets = [s.get("offset") for s in parts(face(two, "ja"))["frame"]]
    assert offsets == ["0", "0.46", "0.54", "1"]  # split on the diagonal
    assert text_of(parts(face(two, "ja"))["type"]) == "キャラクター—赤・緑"
    assert text_of(parts(face(colourless, "en"))["type"]) == "Character—Colourless"


HOSTILE = {
    "code": "H-001", "set": "H", "type": "character", "colours": ["red", "black"], "size": 12,
    "name": "<script>alert(1)</script>&\"'\x00\x07\ufffe名前",
    "name_en": "]]><svg onload=alert(1)> &amp; \"q\" 'x'",
    "size_bonus": {"colour": "black", "value": -12},
    "action_table": {"step1": ["move", "<img src=x>"], "step2": ["defend"], "step3": ["special"]},
    "hp": 99, "directions": "<queen>", "movement": 9,
    "text": "特殊能力: <b onclick='x'>&lt;</b>\x1b[31m" + "長い文" * 400,
    "flavour": "</text><script>x</script>", "rarity": "<UR>", "effect": {"op": "<op>"},
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_hostile_card_data_is_text_and_nothing_else(lang):
    svg = render_svg(HOSTILE, lang, texts={"ja": "<i>", "en": "<img src=x onerror=alert(1)> & more"}, sample=True,
                     set_name="<set>&")
    root = ET.fromstring(svg)
    for el in root.iter():
        assert el.tag.removeprefix(SVG) in ELEMENTS, el.tag
        assert set(el.attrib) <= ATTRIBUTES, el.attrib
        for value in el.attrib.values():
            assert "url(" not in value or value.startswith("url(#"), value
    ids = parts(svg)
    names = {"ja": "<script>alert(1)</script>&\"'名前", "en": "]]><svg onload=alert(1)> &amp; \"q\" 'x'"}
    first, other = (names["ja"], names["en"]) if lang == "ja" else (names["en"], names["ja"])
    assert text_of(ids["name"]) == squashed(first)  # control characters and U+FFFE dropped
    assert text_of(ids["name-other"]) == squashed(other)[:len(text_of(ids["name-other"]))]
    assert text_of(ids["rarity"]) == "<UR>" and text_of(ids["set"]) == "<set>&"
    assert text_of(ids["flavour"]) == "</text><script>x</script>"
    body = text_of(ids["text"])
    if lang == "ja":  # 1,200 characters do not fit: cut, not overflowing
        assert body.startswith("<bonclick='x'>&lt;</b>[31m長い文") and body.endswith("…")
    else:
        assert body == "<imgsrc=xonerror=alert(1)>&more"
    assert [el.get("id") for el in ids["step1"] if el.tag == f"{SVG}g"] == ["step1-move", "step1-action2"]
    assert ids["directions"].get("class") == "directions directions-unknown"
    assert "<script" not in svg and "<img" not in svg and "\x00" not in svg and "\x1b" not in svg


def test_missing_and_wrong_fields_draw_as_empty_never_fail():
    svg = render_svg({"code": "X-1", "type": "nonsense", "colours": "red", "size": None, "action_table": None},
                     "ja")
    ids = parts(svg)
    assert text_of(ids["code"]) == "X-1" and text_of(ids["size"]) == ""
    assert [el.get("id") for el in ids["step1"] if el.tag == f"{SVG}g"] == []


def test_a_face_is_deterministic_and_the_language_is_checked():
    card = SAMPLE[0]
    assert face(card, "ja") == face(dict(reversed(list(card.items()))), "ja")
    assert face(card, "ja") != face(card, "en")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        render_svg(card, "fr")
    assert len(RENDERER_VERSION) == 12


def test_text_is_cleaned_and_escaped():
    assert clean("a\x00b\x08c\td\ne\x7f\x85\ud800\ufffef") == "abc\td\nef"
    assert escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"


def test_lines_break_per_character_in_japanese_and_per_word_in_latin():
    # 10 em a line: CJK breaks anywhere, but ー and 。 never begin a line
    assert wrap("隣接する敵キャラクター1体に1ダメージ。", 100, 10) == ["隣接する敵キャラク", "ター1体に1ダメー", "ジ。"]
    assert wrap("「燃えろ、わが部員たち！」", 60, 10) == ["「燃えろ、わ", "が部員た", "ち！」"]
    assert wrap("このSTEP、味方キャラクター1体の移動力+1。", 80, 10) == ["このSTEP、味方", "キャラクター1体", "の移動力+1。"]
    assert wrap("1 damage to one adjacent enemy character.", 90, 10) == ["1 damage to one", "adjacent enemy",
                                                                          "character."]
    assert wrap("Supercalifragilistic", 50, 10) == ["Supercalif", "ragilistic"]  # a word longer than a line
    assert wrap("one\n\ntwo", 100, 10) == ["one", "two"]
    assert fit("あいうえおかきくけこさしすせそ", 50, 2, (12, 10)) == (10, ["あいうえお", "かきくけ…"])


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_png_of_a_face(lang):
    assert PNG_AVAILABLE, "the cairo library (Debian: libcairo2) is needed for PNG faces"
    png = svg_to_png(face(SAMPLE[0], lang))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (PNG_WIDTH, PNG_HEIGHT) == (488, 680)


def test_the_face_package_imports_no_django():
    code = "import sys, tcg, tcg.face; print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'cardsdb')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
