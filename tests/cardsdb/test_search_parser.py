"""The search language: every keyword and operator against the T catalogue (expected sets
worked out by hand from ../shared/cases/catalogue.json), the syntax tree's shape, and every kind
of error with its term and position."""
import json

import pytest

from tcg.search import And, Compare, Name, Not, Or, SearchError, parse_query
from tcg.search.parser import MAX_DEPTH, MAX_TERMS
from cardsdb.selectors.search import search_cards

ALL = set(range(1, 21))
CHARACTERS = {1, 4, 7, 9, 11, 13, 16, 19}
ITEMS = {3, 6, 10, 12, 18}
EVENTS = {2, 5, 8, 14, 15, 17, 20}


def found(query: str) -> set[int]:
    """The T numbers a query finds."""
    return {int(card.code.split("-")[1]) for card in search_cards(query).cards}


# (query, expected T numbers)
TABLE = [
    # type: : = != and prefixes
    ("t:character", CHARACTERS),
    ("type=item", ITEMS),
    ("t!=event", CHARACTERS | ITEMS),
    ("t:char", CHARACTERS),
    ("t:EV", EVENTS),
    ("T:Item", ITEMS),
    # colours (masks: red 1, green 2, black 4, white 8)
    ("c:r", {1, 2, 3, 15, 16, 19}),
    ("color:red", {1, 2, 3, 15, 16, 19}),
    ("colour:w", {9, 10, 11, 20}),
    ("c:rg", {16}),
    ("c>=rg", {16}),
    ("c>=b", {7, 8, 11, 17}),
    ("c=r", {1, 2, 3, 15, 19}),
    ("c=wb", {11}),
    ("c=bw", {11}),
    ("c!=r", ALL - {1, 2, 3, 15, 19}),
    ("c<=rg", {1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 16, 18, 19}),
    ("c<rg", {1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 18, 19}),
    ("c<w", {12, 13, 14, 18}),
    ("c>r", {16}),
    ("c>b", {11}),
    ("c:colorless", {12, 13, 14, 18}),
    ("c:colourless", {12, 13, 14, 18}),
    ("c:c", {12, 13, 14, 18}),
    ("c=c", {12, 13, 14, 18}),
    ("c!=c", ALL - {12, 13, 14, 18}),
    ("c>=c", ALL),
    ("c:green", {4, 5, 6, 16}),
    # size
    ("size:0", {5, 6, 10, 17}),
    ("size=0", {5, 6, 10, 17}),
    ("size!=2", ALL - {1, 8, 11, 13, 16, 19}),
    ("size<1", {5, 6, 10, 17}),
    ("size<=1", {3, 4, 5, 6, 9, 10, 12, 14, 17, 18}),
    ("size>3", {15, 20}),
    ("size>=3", {2, 7, 15, 20}),
    # bonus (value); cards without a bonus never match
    ("bonus:1", {1, 4, 8, 9, 11, 18, 19}),
    ("bonus=-1", {6}),
    ("bonus!=1", {3, 6, 15, 16}),
    ("bonus<0", {6, 15}),
    ("bonus<=-1", {6, 15}),
    ("bonus>1", {3, 16}),
    ("bonus>=+2", {3, 16}),
    ("bonus>=0", {1, 3, 4, 8, 9, 11, 16, 18, 19}),
    ("-bonus=1", ALL - {1, 4, 8, 9, 11, 18, 19}),
    # bonuscolor
    ("bonuscolor:r", {1, 3, 6, 15, 19}),
    ("bonuscolour=green", {4, 16}),
    ("bonuscolor!=r", {4, 8, 9, 11, 16, 18}),
    ("bonuscolor:w", {9, 18}),
    ("-bonuscolor:r", ALL - {1, 3, 6, 15, 19}),
    # hp (characters only)
    ("hp:5", {1, 9, 19}),
    ("hp=5", {1, 9, 19}),
    ("hp!=5", {4, 7, 11, 13, 16}),
    ("hp<4", {13}),
    ("hp<=4", {7, 11, 13, 16}),
    ("hp>5", {4}),
    ("hp>=5", {1, 4, 9, 19}),
    ("-(hp>=5)", ALL - {1, 4, 9, 19}),
    # values outside a column's range (Django folds such comparisons; NULLs must stay out)
    ("hp>-1", CHARACTERS),
    ("hp!=-1", CHARACTERS),
    ("hp<40000", CHARACTERS),
    ("-(hp>-1)", ITEMS | EVENTS),
    ("bonus>-40000", {1, 3, 4, 6, 8, 9, 11, 15, 16, 18, 19}),
    ("size>-1", ALL),
    ("size=-1", set()),
    # mv
    ("mv=1", {4, 7, 9}),
    ("mv:1", {4, 7, 9}),
    ("mv!=1", {1, 11, 13, 16, 19}),
    ("mv<2", {4, 7, 9}),
    ("mv<=2", CHARACTERS - {13}),
    ("mv>2", {13}),
    ("mv>=2", {1, 11, 13, 16, 19}),
    # dir
    ("dir:orthogonal", {1, 9, 13, 19}),
    ("dir=any", {7, 11}),
    ("dir:diagonal", {4, 16}),
    ("dir!=any", {1, 4, 9, 13, 16, 19}),
    ("-dir:any", ALL - {7, 11}),
    # steps and act
    ("step1:move", {1, 3, 6, 8, 9, 11, 12, 14, 19}),
    ("step1:charge", {7, 8, 15}),
    ("step1!=move", ALL - {1, 3, 6, 8, 9, 11, 12, 14, 19}),
    ("step1=special", {17}),
    ("step2:special", {4, 9, 11, 16}),
    ("step2:defend", {5, 10}),
    ("step2:charge", {3, 15}),
    ("step3:attack", {6, 8, 9, 15, 16, 18}),
    ("step3:special", {1, 7, 19, 20}),
    ("step3!=defend", ALL - {1, 3, 10, 12, 13, 19}),
    ("act:special", {1, 4, 7, 9, 11, 16, 17, 19, 20}),
    ("act:charge", {2, 3, 7, 8, 11, 15, 17}),
    ("act!=charge", ALL - {2, 3, 7, 8, 11, 15, 17}),
    ("act:defend", {1, 3, 4, 5, 9, 10, 12, 13, 18, 19, 20}),
    ("act=MOVE", ALL - {7, 15, 17, 20}),
    ("-act:attack", {4, 5, 10, 14}),
    # rules text: folded (case, width, kana)
    ("o:回復", {5, 9, 20}),
    ('o:"1ダメージ"', {1, 16, 19}),
    ("o:だめーじ", {1, 2, 3, 10, 16, 19}),
    ("oracle:step", {2, 14}),
    ("text:ＳＴＥＰ", {2, 14}),
    ("o!=特殊能力", ALL - CHARACTERS),
    ("o:/^特殊能力:/", CHARACTERS - {13}),
    ("oracle:/捨札/", {15, 17}),
    ("text:/キャラクター1体/", {1, 5, 8, 9, 14, 16, 19}),
    ("o!=/^こ/", ALL - {2, 3, 6, 10, 12, 14, 18}),
    ("o:/(?<=敵)キャラクター/", {1, 6, 16, 19}),
    (r"o:/[0-9]マス/", {8, 16}),
    ("o:/回復(する)?。$/", {5, 9, 20}),
    # flavour and artist: the T catalogue has none
    ("ft:風", set()),
    ("flavour:/./", set()),
    ("-flavor:x", ALL),
    ("a:someone", set()),
    ("artist!=someone", ALL),
    # rarity, set, collector number
    ("r:r", {1, 4, 9, 16}),
    ("rarity=SR", {7, 11}),
    ("r!=c", ALL - {2, 5, 8, 12, 13, 14, 17, 18}),
    ("r:p", {19}),
    ("r:%", set()),
    ("s:t", ALL),
    ("set=T", ALL),
    ("e:t", ALL),
    ("s!=t", set()),
    ("s:va", set()),
    ("cn:001", {1}),
    ("cn:1", {1}),
    ("cn=20", {20}),
    ("cn!=1", ALL - {1}),
    ("cn:x1", set()),
    ("cn>=18", {18, 19, 20}),
    ("cn>19", {20}),
    ("cn<3", {1, 2}),
    ("cn<=2", {1, 2}),
    ("-cn<=2", ALL - {1, 2}),
    # no card of the handed catalogue has an effect: none is manual, all are vanilla
    ("is:manual", set()),
    ("-is:manual", ALL),
    ("is:vanilla", ALL),
    ("-is:vanilla", set()),
    # names: Japanese, reading, English; folded
    ("炎", {1, 2, 3, 19}),
    ("ほのお", {1, 2, 3, 19}),
    ("ホノオ", {1, 2, 3, 19}),
    ("flame", {1, 2, 3, 19}),
    ("FLAME", {1, 2, 3, 19}),
    ('"flame sword"', {1, 3, 19}),
    ("arisa", {1, 19}),
    ("x線", {12}),
    ("ｘ線", {12}),
    ("ダッシュ", {14}),
    ("だっしゅ", {14}),
    ("!flame", {2}),
    ("!炎", {2}),
    ('!"flame sword"', {3}),
    ('!"炎の剣"', {3}),
    ("!ほのおのけん", {3}),
    ("/^ほのお/", {1, 2, 3, 19}),
    ("/sword$/", {3}),
    ("/アリサ$/", {1, 19}),
    # combinations
    ("c:r or c:w t:event", {1, 2, 3, 15, 16, 19, 20}),
    ("(c:r or c:w) t:event", {2, 15, 20}),
    ("-(c:r or c:w) t:event", {5, 8, 14, 17}),
    ("-t:character c:g", {5, 6}),
    ("t:item OR t:event -c:c", ITEMS | {2, 5, 8, 15, 17, 20}),
    ("--t:item", ITEMS),
    ("", ALL),
    ("order:name", ALL),
]


@pytest.mark.parametrize("query,expected", TABLE, ids=[q or "<empty>" for q, _ in TABLE])
def test_keyword_table(t_catalogue, query, expected):
    assert found(query) == expected


def test_flavour_and_artist_match_case_insensitively(t_catalogue):
    from cardsdb.services import import_catalogue, parse_catalogue

    card = {
        "code": "T-021", "name": "風の便り", "type": "event", "colours": [], "size": 0,
        "action_table": {"step1": ["move"], "step2": ["move"], "step3": ["move"]},
        "flavour": "The Wind carries news.", "artist": "Hana Sato", "set": "T",
    }
    import_catalogue(parse_catalogue(json.dumps({"cards": [card]}), "json"))
    assert found("ft:wind") == {21}
    assert found('flavor:"WIND CARRIES"') == {21}
    assert found("ft:/^the w/") == {21}
    assert found("ft!=wind") == ALL
    assert found("a:sato") == {21}
    assert found("artist:/^hana/") == {21}
    assert found("a!=sato") == ALL
    assert found("is:manual") == set()


# --- ordering and options ---------------------------------------------------------------
def test_order_options_in_the_query(t_catalogue):
    result = search_cards("t:character order:hp dir:desc")
    assert [c.code for c in result.cards] == ["T-004", "T-001", "T-009", "T-019", "T-007", "T-011", "T-016", "T-013"]


def test_order_parameters_and_query_options_win(t_catalogue):
    codes = [c.code for c in search_cards("t:item", order="size", direction="desc").cards]
    assert codes == ["T-003", "T-012", "T-018", "T-006", "T-010"]
    codes = [c.code for c in search_cards("t:item order:code", order="size", direction="desc").cards]
    assert codes == ["T-018", "T-012", "T-010", "T-006", "T-003"]


def test_options_are_parsed_not_filtered():
    parsed = parse_query("order:Colour dir:DESC")
    assert (parsed.node, parsed.order, parsed.direction) == (None, "colour", "desc")
    parsed = parse_query("c:r order:mv c:w")
    assert parsed.node == And((Compare("colour", ":", 1), Compare("colour", ":", 8)))
    assert parsed.order == "mv" and parsed.direction is None
    assert parse_query("dir:asc").direction == "asc"
    assert parse_query("dir=any").node == Compare("dir", "=", "any")


def test_an_option_given_twice_warns_and_the_last_wins():
    parsed = parse_query("order:name order:size")
    assert parsed.order == "size"
    assert parsed.warnings == ("order: is given more than once; 'size' is used",)


# --- warnings --------------------------------------------------------------------------
def test_warnings_for_pointless_terms(t_catalogue):
    result = search_cards("t:event hp>3")
    assert list(result.cards) == []
    assert result.warnings == ["hp>3 never matches events or items, which have no HP"]
    assert parse_query("mv>=2 t:item").warnings == (
        "mv>=2 never matches events or items, which have no movement power",
    )
    assert parse_query("(t=event dir:any) or c:r").warnings == (
        "dir:any never matches events or items, which have no movement directions",
    )
    assert parse_query("t:character hp>3").warnings == ()
    assert parse_query("t:event or hp>3").warnings == ()
    assert parse_query("t!=event hp>3").warnings == ()
    assert parse_query("-is:manual").warnings == ()


_NO_SUCH_RARITY = "%s never matches: no card has the rarity %s (rarities: C, P, R, SR, U)"


def test_an_unknown_rarity_warns_naming_the_rarities_there_are(t_catalogue, django_assert_num_queries):
    result = search_cards("r:zzz")
    assert list(result.cards) == []
    assert result.warnings == [_NO_SUCH_RARITY % ("r:zzz", "zzz")]
    assert search_cards("t:character (r=sr or rarity:Q) -r:zzz r:zzz").warnings == [
        _NO_SUCH_RARITY % ("rarity:Q", "Q"), _NO_SUCH_RARITY % ("r:zzz", "zzz"),
    ]
    for known in ("r:sr", "r=p", "rarity:C", "r!=zzz", "-r:u"):
        assert search_cards(known).warnings == [], known
    with django_assert_num_queries(0):  # no rarity term: the catalogue is not read
        assert search_cards("t:event hp>3").warnings == ["hp>3 never matches events or items, which have no HP"]


def test_an_unknown_rarity_warning_in_the_api_and_on_the_page(api, client, t_catalogue):
    from tests.conftest import EN

    body = api.get("/api/cards/", {"q": "r:zzz"}, HTTP_ACCEPT_LANGUAGE="ja").json()
    assert (body["count"], body["warnings"]) == (0, [
        "r:zzz に当てはまるカードはありません。レアリティ zzz のカードはありません（レアリティ: C, P, R, SR, U）"
    ])
    page = client.get("/cards/", {"q": "r:zzz"}, **EN).content.decode()
    assert f'<p class="warning" role="status">{_NO_SUCH_RARITY % ("r:zzz", "zzz")}</p>' in page


def test_a_rarity_in_a_catalogue_without_rarities_warns(db):
    assert search_cards("r:c").warnings == ["r:c never matches: no card has a rarity"]


# --- the syntax tree -------------------------------------------------------------------
def test_and_binds_tighter_than_or():
    assert parse_query("a or b c").node == Or((Name("a"), And((Name("b"), Name("c")))))
    assert parse_query("a b or c").node == Or((And((Name("a"), Name("b"))), Name("c")))
    assert parse_query("a OR b Or c").node == Or((Name("a"), Name("b"), Name("c")))
    assert parse_query("(a or b) c").node == And((Or((Name("a"), Name("b"))), Name("c")))


def test_negation_of_terms_and_groups():
    assert parse_query("-a").node == Not(Name("a"))
    assert parse_query("-(a or b) c").node == And((Not(Or((Name("a"), Name("b")))), Name("c")))
    assert parse_query("-(-a)").node == Not(Not(Name("a")))
    assert parse_query("--a").node == Name("a")
    assert parse_query("-t:item").node == Not(Compare("type", ":", "item"))
    assert parse_query("-or").node == Not(Name("or"))  # "or" right after "-" is a name


def test_quoting():
    assert parse_query('"flame sword"').node == Name("flame sword")
    assert parse_query('"or"').node == Name("or")
    assert parse_query('"c:r"').node == Name("c:r")
    assert parse_query('o:"1 ダメージ"').node == Compare("text", ":", "1 だめーじ")
    assert parse_query('!"Flame Sword"').node == Name("flame sword", "exact")
    assert parse_query('size:"3"').node == Compare("size", ":", 3)
    assert parse_query('o:/a b(c)/').node == Compare("text", ":", "a b(c)", regex=True)
    assert parse_query(r"o:/a\/b/").node == Compare("text", ":", r"a\/b", regex=True)


def test_full_width_queries_are_normalised():
    assert parse_query("ｔ：ｃｈａｒａｃｔｅｒ　ｈｐ＞＝５").node == And(
        (Compare("type", ":", "character"), Compare("hp", ">=", 5))
    )
    assert parse_query("ｓｉｚｅ＞３").node == Compare("size", ">", 3)
    assert parse_query("（ｃ：ｒ　ＯＲ　ｃ：ｗ）").node == Or((Compare("colour", ":", 1), Compare("colour", ":", 8)))


def test_values_are_normalised():
    assert parse_query("c:RG").node == Compare("colour", ":", 3)
    assert parse_query("c:white").node == Compare("colour", ":", 8)
    assert parse_query("c:colorless").node == Compare("colour", ":", 0)
    assert parse_query("bonuscolor:B").node == Compare("bonuscolour", ":", "black")
    assert parse_query("t:it").node == Compare("type", ":", "item")
    assert parse_query("bonus=-1").node == Compare("bonus", "=", -1)
    assert parse_query("act:Special").node == Compare("act", ":", "special")
    assert parse_query("o:ＳＴＥＰ").node == Compare("text", ":", "step")
    assert parse_query("o:/カード/").node == Compare("text", ":", "かーど", regex=True)
    assert parse_query("ホノオ").node == Name("ほのお")
    assert parse_query("/ホノオ/").node == Name("ほのお", "regex")
    assert parse_query("cn:a1").node == Compare("cn", ":", "A1")
    assert parse_query("cn>=10").node == Compare("cn", ">=", 10)
    assert parse_query("").node is None
    assert parse_query("   ").node is None


# --- errors ----------------------------------------------------------------------------
# (query, offending term, its position, a text the message contains)
ERRORS = [
    ("foo:bar", "foo:bar", 0, "unknown keyword 'foo'"),
    ("c:r FOO>=2", "FOO>=2", 4, "unknown keyword 'foo'"),
    ("size>", "size>", 0, "missing value"),
    ("c:r t:", "t:", 4, "missing value"),
    ('o:""', 'o:""', 0, "missing value"),
    ("t>event", "t>event", 0, "not '>'"),
    ("r<=c", "r<=c", 0, "not '<='"),
    ("dir!=asc", "dir!=asc", 0, "not '!='"),
    ("hp>=abc", "hp>=abc", 0, "'abc' is not a whole number"),
    ("size:1.5", "size:1.5", 0, "not a whole number"),
    ("bonus=--1", "bonus=--1", 0, "not a whole number"),
    ("size<99999999999", "size<99999999999", 0, "out of range"),
    ("cn>=a1", "cn>=a1", 0, "numeric"),
    ("cn:1-2", "cn:1-2", 0, "not a collector number"),
    ("c:rx", "c:rx", 0, "unknown colour 'rx'"),
    ("c:purple", "c:purple", 0, "unknown colour"),
    ("bonuscolor:rg", "bonuscolor:rg", 0, "exactly one colour"),
    ("bonuscolor:c", "bonuscolor:c", 0, "exactly one colour"),
    ("t:monster", "t:monster", 0, "unknown type 'monster'"),
    ("t:", "t:", 0, "missing value"),
    ("step1:jump", "step1:jump", 0, "unknown action 'jump'"),
    ("act:", "act:", 0, "missing value"),
    ("dir:up", "dir:up", 0, "unknown value 'up' for dir"),
    ("is:foil", "is:foil", 0, "unknown is: value 'foil'"),
    ("is!=manual", "is!=manual", 0, "not '!='"),
    ("order>name", "order>name", 0, "not '>'"),
    ("order:power", "order:power", 0, "unknown order value 'power'"),
    ("-order:name", "order:name", 1, "cannot be negated"),
    ("size:/3/", "size:/3/", 0, "does not take a /regex/"),
    ("o:/(/", "o:/(/", 0, "the regex is not valid"),
    ("/[/", "/[/", 0, "the regex is not valid"),
    ("o:/a/i", "/a/i", 2, "after the closing '/'"),
    ("o:/(?P<x>a)/", "o:/(?P<x>a)/", 0, "group syntax"),
    ("a:/a++/", "a:/a++/", 0, "possessive quantifier"),
    (r"c:r /\bflame/", r"/\bflame/", 4, r"uses \b"),
    ("ft:/(?i:a)/", "ft:/(?i:a)/", 0, "group syntax"),
    ("o:/abc", "/abc", 2, "unclosed regex"),
    ("(c:r", "(", 0, "never closed"),
    ("c:r (t:item (c:w)", "(", 4, "never closed"),
    ("c:r)", ")", 3, "no matching '('"),
    ('"炎', '"炎', 0, "unclosed quote"),
    ('o:"abc', '"abc', 2, "unclosed quote"),
    ('""', '""', 0, "quotes are empty"),
    ("()", "()", 0, "empty group"),
    ("c:r ( ) t:item", "( )", 4, "empty group"),
    ("(order:name)", "(order:name)", 0, "empty group"),
    ("c:r or", "or", 4, "after it"),
    ("or c:r", "or", 0, "before it"),
    ("c:r or or t:item", "or", 4, "after it"),
    ("(c:r or) t:item", "or", 5, "after it"),
    ("order:name or c:r", "or", 11, "before it"),
    ("-", "-", 0, "'-' must be followed"),
    ("c:r - t:item", "-", 4, "'-' must be followed"),
    ("(c:r -)", "-", 5, "'-' must be followed"),
    ("!", "!", 0, "'!' must be followed"),
    ("! 炎", "!", 0, "'!' must be followed"),
    ("!/炎/", "!/炎/", 0, "not a regex"),
    ("ｔ：ｃｈａｒａｃｔｅｒ　ｈｐ＞ｘ", "ｈｐ＞ｘ", 12, "'x' is not a whole number"),
    ("炎\x00", "\x00", 1, "control character"),
]


@pytest.mark.parametrize("query,term,position,mentions", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_name_the_term_and_its_position(query, term, position, mentions):
    with pytest.raises(SearchError) as caught:
        parse_query(query)
    error = caught.value
    assert error.code == "bad_query"
    assert (error.term, error.position) == (term, position)
    assert mentions in error.message
    assert term in error.message or term == "\x00"


def test_nesting_and_term_limits():
    parse_query("(" * MAX_DEPTH + "a" + ")" * MAX_DEPTH)
    with pytest.raises(SearchError) as caught:
        parse_query("(" * (MAX_DEPTH + 1) + "a" + ")" * (MAX_DEPTH + 1))
    assert caught.value.position == MAX_DEPTH and "nested too deeply" in caught.value.message
    parse_query(" ".join(["a"] * MAX_TERMS))
    with pytest.raises(SearchError) as caught:
        parse_query(" or ".join(["a"] * (MAX_TERMS + 1)))
    assert caught.value.position == MAX_TERMS * 5 and "too many terms" in caught.value.message


def test_selectors_reject_unknown_order_and_direction(t_catalogue):
    with pytest.raises(SearchError) as caught:
        search_cards("c:r", order="power")
    assert caught.value.code == "bad_query" and "power" in caught.value.message
    with pytest.raises(SearchError):
        search_cards("c:r", direction="up")
