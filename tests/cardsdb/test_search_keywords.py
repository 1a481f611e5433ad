"""Every keyword of the search language with every operator it takes, every alias, names of one
and two characters, regexes, and combinations, over the T catalogue plus two cards with flavour
text and artists (T-021, T-022). Expected sets are worked out by hand from the cards' fields;
the same table runs on SQLite and on PostgreSQL.

Also: which terms warn, the required-literal extraction that lets the database look a regex up in
an index, and the PostgreSQL-only indexes.
"""
import json

import pytest
from django.db import connection

from tcg.search import Compare, parse_query
from tcg.search.ast import children
from tcg.search.keywords import ALIASES, EQUALITY, OPERATORS
from tcg.search.regex import required_literal
from cardsdb.selectors.search import search_cards
from cardsdb.services import import_catalogue, parse_catalogue

ALL = set(range(1, 23))
CHARACTERS = {1, 4, 7, 9, 11, 13, 16, 19}
ITEMS = {3, 6, 10, 12, 18, 22}
EVENTS = {2, 5, 8, 14, 15, 17, 20, 21}
COLOURLESS = {12, 13, 14, 18, 21}

EXTRA = [
    {"code": "T-021", "name": "風の便り", "reading": "かぜのたより", "name_en": "Word on the Wind", "type": "event",
     "colours": [], "size": 0, "action_table": {"step1": ["move"], "step2": ["move"], "step3": ["move"]},
     "text": "カードを1枚引く。", "flavour": "「ハシレ！」The Wind carries news.", "artist": "Hana Sato",
     "rarity": "C", "set": "T"},
    {"code": "T-022", "name": "ＡＢＣ眼鏡", "reading": "えーびーしーめがね", "name_en": "ABC Glasses", "type": "item",
     "colours": ["black"], "size": 1, "size_bonus": {"colour": "black", "value": 1},
     "action_table": {"step1": ["defend"], "step2": ["attack"], "step3": ["move", "charge"]},
     "flavour": "ｽﾃｯﾌﾟ・バイ・ステップ", "artist": "佐藤 ハナ", "rarity": "U", "set": "T"},
]


@pytest.fixture
def catalogue(t_catalogue):
    import_catalogue(parse_catalogue(json.dumps({"cards": EXTRA}, ensure_ascii=False), "json"))


def found(query: str) -> set[int]:
    return {int(card.code.split("-")[1]) for card in search_cards(query).cards}


# (query, expected T numbers): every keyword alias, every operator each keyword takes.
TABLE = [
    # type
    ("t:item", ITEMS), ("type=event", EVENTS), ("t!=character", ITEMS | EVENTS), ("type:CHAR", CHARACTERS),
    # colours (masks: red 1, green 2, black 4, white 8)
    ("c:b", {7, 8, 11, 17, 22}), ("color=b", {7, 8, 17, 22}), ("colour!=b", ALL - {7, 8, 17, 22}),
    ("c<b", COLOURLESS), ("c<=b", {7, 8, 17, 22} | COLOURLESS), ("c>b", {11}), ("c>=b", {7, 8, 11, 17, 22}),
    ("c:c", COLOURLESS), ("c>=wb", {11}), ("c=black", {7, 8, 17, 22}),
    # size
    ("size:1", {3, 4, 9, 12, 14, 18, 22}), ("size=0", {5, 6, 10, 17, 21}), ("size!=2", ALL - {1, 8, 11, 13, 16, 19}),
    ("size<1", {5, 6, 10, 17, 21}), ("size<=1", {3, 4, 5, 6, 9, 10, 12, 14, 17, 18, 21, 22}), ("size>3", {15, 20}),
    ("size>=3", {2, 7, 15, 20}),
    # SIZE bonus value: cards without a bonus never match
    ("bonus:2", {3, 16}), ("bonus=1", {1, 4, 8, 9, 11, 18, 19, 22}), ("bonus!=1", {3, 6, 15, 16}),
    ("bonus<0", {6, 15}), ("bonus<=-1", {6, 15}), ("bonus>1", {3, 16}),
    ("bonus>=-1", {1, 3, 4, 6, 8, 9, 11, 16, 18, 19, 22}),
    # SIZE bonus colour
    ("bonuscolor:b", {8, 11, 22}), ("bonuscolour=w", {9, 18}), ("bonuscolor!=r", {4, 8, 9, 11, 16, 18, 22}),
    # HP, characters only
    ("hp:4", {7, 11, 16}), ("hp=3", {13}), ("hp!=4", {1, 4, 9, 13, 19}), ("hp<5", {7, 11, 13, 16}),
    ("hp<=3", {13}), ("hp>5", {4}), ("hp>=5", {1, 4, 9, 19}),
    # movement power
    ("mv:2", {1, 11, 16, 19}), ("mv=3", {13}), ("mv!=2", {4, 7, 9, 13}), ("mv<2", {4, 7, 9}),
    ("mv<=2", CHARACTERS - {13}), ("mv>1", {1, 11, 13, 16, 19}), ("mv>=3", {13}),
    # movement directions
    ("dir:any", {7, 11}), ("dir=orthogonal", {1, 9, 13, 19}), ("dir!=diagonal", {1, 7, 9, 11, 13, 19}),
    # STEPs and any STEP
    ("step1:defend", {4, 5, 9, 10, 18, 20, 22}), ("step1=attack", {1, 2, 13, 16, 19}),
    ("step1!=move", {2, 4, 5, 7, 10, 13, 15, 16, 17, 18, 20, 22}),
    ("step2:special", {4, 9, 11, 16}), ("step2=charge", {3, 15}),
    ("step2!=attack", {2, 4, 5, 6, 8, 9, 10, 13, 14, 15, 16, 18, 21}),
    ("step3:charge", {2, 11, 17, 22}), ("step3=move", {4, 5, 14, 18, 21, 22}),
    ("step3!=defend", ALL - {1, 3, 10, 12, 13, 19}),
    ("act:charge", {2, 3, 7, 8, 11, 15, 17, 22}), ("act=special", {1, 4, 7, 9, 11, 16, 17, 19, 20}),
    ("act!=defend", {2, 6, 7, 8, 11, 14, 15, 16, 17, 21}),
    # rules text (folded), one and two characters included
    ("o:回復", {5, 9, 20}), ("oracle=ダメージ", {1, 2, 3, 10, 16, 19}), ("text!=特殊能力", ALL - CHARACTERS),
    ("o:/^特殊能力:/", CHARACTERS - {13}), ("o:カ", {4, 12, 15, 17, 21}), ("o:1体", {1, 5, 8, 9, 14, 16, 19}),
    ("o:/[0-9]マス/", {8, 16}), ("o!=/ダメージ/", ALL - {1, 2, 3, 10, 16, 19}),
    # flavour text: folded (case, width, kana)
    ("ft:はしれ", {21}), ("flavor:ステップ", {22}), ('flavour:"WIND CARRIES"', {21}), ("ft!=wind", ALL - {21}),
    ("ft:/^すてっぷ/", {22}), ("ft:/ｽﾃｯﾌﾟ・ﾊﾞｲ/", {22}), ("ft=ｽﾃｯﾌﾟ", {22}),
    # artist: folded
    ("a:sato", {21}), ("artist:ＳＡＴＯ", {21}), ("a:はな", {22}), ("a=ハナ", {22}), ("a!=sato", ALL - {21}),
    ("artist:/^hana/", {21}),
    # rarity and set (case ignored), collector number
    ("r:u", {3, 6, 10, 15, 20, 22}), ("rarity=SR", {7, 11}), ("r!=c", ALL - {2, 5, 8, 12, 13, 14, 17, 18, 21}),
    ("s:t", ALL), ("set=T", ALL), ("e!=t", set()),
    ("cn:21", {21}), ("cn=002", {2}), ("cn!=1", ALL - {1}), ("cn<3", {1, 2}), ("cn<=2", {1, 2}), ("cn>20", {21, 22}),
    ("cn>=21", {21, 22}),
    # is:manual / is:vanilla (no card of this catalogue has an effect)
    ("is:manual", set()), ("is=manual", set()), ("is:vanilla", ALL),
    # names: one or two characters, full width, regex, exact
    ("風", {5, 21}), ("便り", {21}), ("ab", {22}), ("ＡＢＣ", {22}), ("/眼鏡$/", {12, 22}), ("!abc眼鏡", {22}),
    ("!エービーシーメガネ", {22}), ("/^(ほのお|かぜ)/", {1, 2, 3, 19, 21}),
    # combinations: colour-only and type-only groups, negations
    ("c:r or c:w", {1, 2, 3, 9, 10, 11, 15, 16, 19, 20}),
    ("-(c:r or c:g)", {7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 20, 21, 22}),
    ("c:r c:g", {16}), ("t:item or t:event", ITEMS | EVENTS), ("-t:item -t:event", CHARACTERS),
    ("(t:item c:b) or t:character", CHARACTERS | {22}), ("-(t:event or c:colorless) size<=1", {3, 4, 6, 9, 10, 22}),
]


@pytest.mark.parametrize("query,expected", TABLE, ids=[q for q, _ in TABLE])
def test_keyword_and_operator(catalogue, query, expected):
    assert found(query) == expected
    assert found(f"-({query})") == ALL - expected


def _compares(node):
    if isinstance(node, Compare):
        yield node
    for child in children(node):
        yield from _compares(child)


def test_the_table_covers_every_keyword_alias_and_operator():
    used_keys, used = set(), set()
    for query, _ in TABLE:
        for compare in _compares(parse_query(query).node):
            used.add((compare.field, compare.op))
            used_keys.add(compare.raw.split(compare.op)[0].lstrip("-(").lower())
    every = {(field, op) for field in set(ALIASES.values()) - {"order"} for op in OPERATORS.get(field, EQUALITY)}
    assert every - used == set()
    assert set(ALIASES) - {"order"} - used_keys == set()


@pytest.mark.parametrize(
    "query,warnings",
    [
        ("t:item hp>3", ["hp>3 never matches events or items, which have no HP"]),
        ("size<0", ["size<0 never matches: SIZE is never below 0"]),
        ("hp<=0 or c:r", ["hp<=0 never matches: HP is never below 1"]),
        ("-(mv=-1)", ["mv=-1 never matches: movement power is never below 0"]),
        ("size<1 hp<2 mv<=0", []),
        ("order:name order:hp", ["order: is given more than once; 'hp' is used"]),
    ],
)
def test_pointless_terms_warn(query, warnings):
    assert list(parse_query(query).warnings) == warnings


@pytest.mark.parametrize(
    "pattern,literal",
    [
        ("[2-3]だめーじ", "だめーじ"), ("^特殊能力:", "特殊能力:"), ("回復(する)?。$", "回復"), ("sword$", "sword"),
        ("abc?d", "ab"), ("a+b", "a"), (r"\.xyz", ".xyz"), ("ab{2}c", "a"), (r"a\db", "a"), ("ab(c[)]d)?ef", "ab"),
        ("The W", "the w"), ("x|yz", ""), ("(?=a)bcd", ""), (".", ""), ("[abc]", ""), ("ÄBC", ""),
    ],
)
def test_required_literal_of_a_regex(pattern, literal):
    assert required_literal(pattern) == literal


def test_short_texts_ask_the_character_index_on_postgresql_only(catalogue):
    for query, short in (("風", True), ("o:1体", True), ("a:はな", True), ("風の便", False), ("o:/^特殊能力:/", False)):
        sql = str(search_cards(query).cards.query)
        assert ("string_to_array" in sql) == (short and connection.vendor == "postgresql"), query


def test_search_indexes_exist_only_on_postgresql(db):
    with connection.cursor() as cursor:
        indexes = set(connection.introspection.get_constraints(cursor, "cardsdb_card"))
    ours = {"card_name_folded_trgm", "card_text_folded_chars", "card_facets", "card_size_btree", "card_set_upper",
            "card_hp_desc"}
    if connection.vendor == "postgresql":
        assert ours <= indexes
    else:
        assert ours & indexes == set()
