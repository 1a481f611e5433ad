"""A search's regex runs within a time budget on SQLite, whose REGEXP backtracks
(``cardsdb.search.regexp``), and a regex the database cannot run is a 400 ``bad_query`` at every
door (the API, the search page), never a 500 nor a worker held for minutes. On PostgreSQL the
same searches run in its own engine, which does not backtrack."""
from __future__ import annotations

import re
import time

import pytest
from django.db import connection
from django.test import override_settings

from cardsdb.models import Card
from cardsdb.search.regexp import RegexOutOfTime, regex_budget, sqlite_regexp
from cardsdb.selectors.search import search_cards
from tcg.search import SearchError
from tests.conftest import EN, JA

#: Exponential for a backtracking engine on a long run of "a" that does not end the text.
SLOW = "/(a|aa)+$/"
SLOW_MESSAGE = ("a regex of this query took more than 0.3 s to run over the catalogue: make it simpler (a repeat "
                "inside a repeat, such as (a*)*, can take for ever)")


@pytest.fixture
def long_run(sample_catalogue):
    Card.objects.filter(code="SMP-001").update(name_en_folded="a" * 60 + "x")


def _found(pattern: str) -> list[str]:
    """The codes of the cards a name regex finds, by Python's ``re`` over the same columns."""
    rows = Card.objects.order_by("code").values_list("code", "name_folded", "reading_folded", "name_en_folded")
    return [code for code, *names in rows if any(re.search("(?i)" + pattern, n or "") for n in names)]


@override_settings(SEARCH_REGEX_SECONDS=0.3)
def test_a_slow_regex_is_refused_within_its_budget_at_the_api_and_the_page(client, long_run):
    start = time.monotonic()
    api = client.get("/api/cards/", {"q": SLOW}, **EN)
    api_seconds = time.monotonic() - start
    start = time.monotonic()
    page = client.get("/cards/", {"q": SLOW}, **JA)
    page_seconds = time.monotonic() - start
    if connection.vendor == "sqlite":
        assert (api.status_code, api.json()["error"]["code"], api.json()["error"]["message"]) == (
            400, "bad_query", SLOW_MESSAGE)
        assert api.json()["error"]["details"]["query"] == SLOW
        assert page.status_code == 400
        assert "この検索の正規表現はカタログ全体に対して0.3秒を超えても" in page.content.decode()
        assert api_seconds < 2 and page_seconds < 2, (api_seconds, page_seconds)
    else:
        # (a|aa)+$ finds a text that ends in "a" (Python's own re would take for ever to say so here).
        assert (api.status_code, api.json()["count"]) == (200, len(_found("a$")))
        assert page.status_code == 200
    # The budget is the search's: the next search runs as before.
    again = client.get("/api/cards/", {"q": "/^ka/"}, **EN)
    assert (again.status_code, [c["code"] for c in again.json()["results"]]) == (200, _found("^ka"))
    assert _found("^ka") != []


def test_a_regex_postgresql_refuses_is_a_bad_query_and_counts_over_255_are_refused_first(client, sample_catalogue):
    counted = client.get("/api/cards/", {"q": "/a{256}/"}, **EN)
    assert (counted.status_code, counted.json()["error"]["message"]) == (
        400, "'/a{256}/': the regex uses a repeat count over 255, which the database cannot run the same way")
    lookahead = client.get("/api/cards/", {"q": "/(a)(?=\\1)/"}, **EN)
    if connection.vendor == "postgresql":
        assert (lookahead.status_code, lookahead.json()["error"]["message"]) == (
            400, "a regex of this query cannot be run by the database (invalid regular expression: invalid "
                 "backreference number)")
        page = client.get("/cards/", {"q": "/(a)(?=\\1)/"}, **EN)
        assert page.status_code == 400 and "cannot be run by the database" in page.content.decode()
    else:
        assert (lookahead.status_code, lookahead.json()["count"]) == (200, len(_found("(a)(?=\\1)")))


def test_the_sqlite_function_keeps_djangos_semantics_and_its_budget():
    assert sqlite_regexp(None, "a") is None and sqlite_regexp("a", None) is None
    assert sqlite_regexp("(?i)^SMP", "smp-001") is True
    assert sqlite_regexp("^[0-9]+$", 12) is True  # a number is read as its text
    assert sqlite_regexp("b", "abc") is True and sqlite_regexp("d", "abc") is False
    with regex_budget(0.2):
        start = time.monotonic()
        with pytest.raises(RegexOutOfTime):
            sqlite_regexp("(a|aa)+$", "a" * 60 + "x")
        assert time.monotonic() - start < 1
        with pytest.raises(RegexOutOfTime):  # the budget is spent: every later call stops at once
            sqlite_regexp("b", "abc")
    assert sqlite_regexp("b", "abc") is True  # outside a search: no budget


@override_settings(SEARCH_REGEX_SECONDS=0.3)
def test_a_searchs_statements_share_one_budget(sample_catalogue):
    """The page and its count are two statements of one search: the second gets what the first
    left, so the search's regexes run for ``SEARCH_REGEX_SECONDS`` in all; a new search starts
    afresh."""
    cards = search_cards("/^ka/").cards
    page = cards[:2]
    assert [card.code for card in page] == _found("^ka")[:2]
    assert page._spent is cards._spent and cards._spent.seconds > 0
    cards._spent.seconds = 0.3  # as if the page had taken the whole budget
    if connection.vendor == "sqlite":
        with pytest.raises(SearchError) as refused:
            cards.count()
        assert str(refused.value.message) == SLOW_MESSAGE
    else:  # PostgreSQL's engine runs without the budget
        assert cards.count() == len(_found("^ka"))
    assert search_cards("/^ka/").cards.count() == len(_found("^ka"))
