"""Properties of the search language (hypothesis):

1. ``parse_query`` raises nothing but ``SearchError``, whatever the text, and whatever it
   accepts runs on the database;
2. over the T catalogue, a valid query ``q`` and ``-(q)`` split the 20 cards exactly (negation
   is a true complement, NULL columns included), and ``(p) (q)`` / ``(p) or (q)`` find the
   intersection / union of what ``p`` and ``q`` find.
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcg.search import SearchError, parse_query
from cardsdb.selectors.search import search_cards

ALL_CODES = {f"T-{n:03d}" for n in range(1, 21)}

FRAGMENTS = [
    "t", "c", "size", "bonus", "bonuscolor", "hp", "mv", "dir", "step1", "act", "o", "ft", "a", "r", "s",
    "cn", "is", "order", "foo", ":", "=", "!=", "<", "<=", ">", ">=", "(", ")", '"', "/", "-", "!", " ",
    "or", "OR", "r", "rg", "colorless", "3", "-1", "1.5", "character", "event", "asc", "desc", "any",
    "manual", "move", "炎", "ほのお", "ｔ：", "＞", "\\", "[", "]", "*", "+", "?", "{2}", "(?", "P<x>", "\\b",
    "^", "$", ".", "|", "\u3000", "\t", "%", "_",
]
ANY_TEXT = st.one_of(st.text(), st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join))


def search(query: str) -> set[str]:
    return {card.code for card in search_cards(query).cards}


@settings(max_examples=150, deadline=None)
@given(ANY_TEXT)
def test_parse_raises_nothing_but_search_error(text):
    try:
        parse_query(text)
    except SearchError as error:
        assert error.code == "bad_query"
        assert isinstance(error.message, str) and error.message
        assert error.position is None or 0 <= error.position <= len(text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ANY_TEXT)
def test_whatever_parses_runs_on_the_database(t_catalogue, text):
    try:
        parse_query(text)
    except SearchError:
        return
    assert search(text) <= ALL_CODES


OPS = [":", "=", "!=", "<", "<=", ">", ">="]
EQ_OPS = [":", "=", "!="]


def keyword(keys, ops, values):
    return st.builds(lambda k, o, v: f"{k}{o}{v}", st.sampled_from(keys), st.sampled_from(ops), st.sampled_from(values))


ATOMS = st.one_of(
    keyword(["t", "type"], EQ_OPS, ["character", "item", "event", "char"]),
    keyword(["c", "colour"], OPS, ["r", "g", "b", "w", "rg", "wb", "rgbw", "red", "colorless", "c"]),
    st.builds(lambda k, o, v: f"{k}{o}{v}", st.sampled_from(["size", "bonus", "hp", "mv"]), st.sampled_from(OPS),
              st.one_of(st.integers(-3, 7), st.sampled_from([-40000, 40000, -10**9, 10**9]))),
    st.builds(lambda o, v: f"cn{o}{v}", st.sampled_from(OPS), st.integers(0, 21)),
    keyword(["bonuscolor"], EQ_OPS, ["r", "g", "b", "w"]),
    keyword(["dir"], EQ_OPS, ["orthogonal", "diagonal", "any"]),
    keyword(["step1", "step2", "step3", "act"], EQ_OPS, ["move", "attack", "defend", "charge", "special"]),
    keyword(["o", "ft", "a"], EQ_OPS, ["回復", '"1ダメージ"', "step", "/^特殊能力:/", "/捨札|移動/", "x"]),
    keyword(["r", "s", "cn"], EQ_OPS, ["r", "c", "sr", "t", "001", "x"]),
    st.sampled_from(["is:manual", "炎", "ほのお", "flame", '"flame sword"', "!炎", '!"flame sword"', "/^ほのお/",
                     "x線", "nothing"]),
)
QUERIES = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.builds(lambda a, b: f"{a} {b}", inner, inner),
        st.builds(lambda a, b: f"{a} or {b}", inner, inner),
        inner.map(lambda q: f"-({q})"),
        inner.map(lambda q: f"({q})"),
        inner.map(lambda q: f"-{q}"),
    ),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(QUERIES, QUERIES)
def test_negation_is_a_complement_and_connectives_are_set_operations(t_catalogue, p, q):
    found_q, found_not_q = search(q), search(f"-({q})")
    assert found_q.isdisjoint(found_not_q), q
    assert found_q | found_not_q == ALL_CODES, q
    found_p = search(p)
    assert search(f"({p}) ({q})") == found_p & found_q
    assert search(f"({p}) or ({q})") == found_p | found_q
