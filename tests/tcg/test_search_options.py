"""``tcg.search.without_options``: a query with its ``order:``/``dir:`` options taken out, what
the search page's own order controls search for."""
import pytest

from tcg.search import parse_query, without_options


@pytest.mark.parametrize("query,expected", [
    ("t:event order:size dir:desc c:r", "t:event c:r"),
    ("order:size", ""),
    ("dir:diagonal order:hp", "dir:diagonal"),  # dir: of movement is a filter
    ("ｏｒｄｅｒ：ｓｉｚｅ　t:event", "t:event"),  # full-width, as the lexer reads it
    ('"order:size" x', '"order:size" x'),  # a quoted name stays
    ('a  "flame  club" order:name', 'a  "flame  club"'),  # other spacing kept
    ("ORDER=name DIR:ASC kagura", "kagura"),
    ("(c:r or c:g) order:colour", "(c:r or c:g)"),
    ("((", "(("),  # unreadable: unchanged
    ("", ""),
])
def test_without_options(query, expected):
    assert without_options(query) == expected


def test_the_rest_means_the_same_without_the_options():
    query = "(c:r or c:w) t:event size>=3 order:size dir:desc"
    parsed, rest = parse_query(query), parse_query(without_options(query))
    assert rest.node == parsed.node and (rest.order, rest.direction) == (None, None)
