"""The number of cards a search finds is counted once per state of the catalogue
(``cardsdb.selectors.search.match_count``): further pages of a search, and the same filter in
another order, read only their rows; any change to the catalogue counts afresh."""
import datetime
import logging

import pytest
from django.db import connection

from cardsdb.models import Card
from cardsdb.selectors.search import match_count, search_cards
from tests.conftest import EN

pytestmark = pytest.mark.django_db


def test_the_api_counts_a_search_once_and_pages_on_without_counting(api, sample_catalogue, django_assert_num_queries):
    with django_assert_num_queries(3):  # the catalogue's state, the page's rows, the count
        first = api.get("/api/cards/", {"q": "", "page_size": 20}).json()
    assert (first["count"], len(first["results"])) == (72, 20)
    with django_assert_num_queries(2):  # the state and the rows: the count is kept
        third = api.get("/api/cards/", {"q": "", "page_size": 20, "page": 3}).json()
    assert (third["count"], [c["code"] for c in third["results"]][:2]) == (72, ["SMP-041", "SMP-042"])
    with django_assert_num_queries(2):  # the same filter in another order: the same count
        by_name = api.get("/api/cards/", {"q": "order:name", "page_size": 20}).json()
    assert by_name["count"] == 72


def test_a_change_to_the_catalogue_counts_afresh(api, sample_catalogue, django_assert_num_queries):
    assert api.get("/api/cards/", {"q": "size>=3", "page_size": 5}).json()["count"] == 27
    Card.objects.filter(code="SMP-001").update(size=2)  # SIZE 3 no more; the catalogue's state changes
    with django_assert_num_queries(3):
        assert api.get("/api/cards/", {"q": "size>=3", "page_size": 5}).json()["count"] == 26


def test_the_search_page_counts_once_too(client, sample_catalogue, django_assert_num_queries):
    with django_assert_num_queries(3):  # the rows, the catalogue's state, the count
        first = client.get("/cards/", **EN)
    assert first.context["page"].paginator.count == 72
    with django_assert_num_queries(2):  # the rows and the state
        again = client.get("/cards/", {"order": "name"}, **EN)
    assert again.context["page"].paginator.count == 72
    with django_assert_num_queries(1):  # the last page: the rows end there, so they give the count
        second = client.get("/cards/", {"page": 2}, **EN)
    assert (second.context["page"].paginator.count, len(second.context["page"].object_list)) == (72, 12)


def test_a_count_is_filed_under_the_time_of_the_change_as_well_as_its_number(sample_catalogue):
    result = search_cards("t:event size>=3")
    before = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    assert match_count(result.cards, result.filter_key, (7, before)) == 8
    Card.objects.filter(code="SMP-007").update(size=2)
    # a catalogue back at number 7 after a restore, with other cards: not the old count
    assert match_count(result.cards, result.filter_key, (7, before + datetime.timedelta(seconds=1))) == 7
    assert match_count(result.cards, result.filter_key, (7, before)) == 8  # the count kept for that state
    assert match_count(result.cards, "", (7, before)) == 7  # no key: counted, not kept


def test_filter_keys_tell_filters_apart_and_ignore_the_order():
    keys = {q: search_cards(q).filter_key for q in ("", "c:r", "c:w", "c:r order:name dir:desc", "-c:r",
                                                     "c:r t:event", "t:event c:r", "炎", "ほのお")}
    assert keys["c:r"] == keys["c:r order:name dir:desc"]
    assert len({keys[q] for q in ("", "c:r", "c:w", "-c:r", "c:r t:event", "t:event c:r", "炎", "ほのお")}) == 8
    assert all(len(key) == 32 for key in keys.values())



def test_a_broad_search_for_a_short_text_skips_the_character_index_once_its_count_is_kept(sample_catalogue):
    on_postgresql = connection.vendor == "postgresql"
    for query, cards, broad in (("部", 8, True), ("紅", 1, False), ("o:回復 -t:item", 9, True)):
        first = search_cards(query)
        codes = [card.code for card in first.cards]
        assert ("string_to_array" in str(first.cards.query)) == on_postgresql, query  # the count is not known yet
        assert first.count() == len(codes) == cards, query
        again = search_cards(query)  # 72 cards: 2 % of them is 1.44
        assert ("string_to_array" in str(again.cards.query)) == (on_postgresql and not broad), query
        assert [card.code for card in again.cards] == codes, query
        assert again.count() == cards, query


def test_a_search_without_short_texts_never_reads_the_catalogue_state(sample_catalogue, django_assert_num_queries):
    with django_assert_num_queries(0):
        search_cards("火炎部長 t:character order:size")


def test_a_cache_that_fails_makes_searches_count_every_time_not_fail(api, client, sample_catalogue, settings, caplog):
    settings.CACHES = {**settings.CACHES, "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 1},
    }}  # nothing listens on port 1: every read and write of the cache fails at once
    caplog.set_level(logging.WARNING, logger="core.cache_failures")  # whatever level the root logger was left at
    for _ in range(2):
        assert api.get("/api/cards/", {"q": "部", "page_size": 5}).json()["count"] == 8
        assert api.get("/api/cards/", {"page_size": 5}).json()["count"] == 72
        assert client.get("/cards/", **EN).context["page"].paginator.count == 72
    assert "search count not read, the cache failed: ConnectionError" in caplog.text
    assert "search count not kept, the cache failed: ConnectionError" in caplog.text
