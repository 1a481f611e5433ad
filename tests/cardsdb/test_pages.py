"""Card pages: the searchable list and a card's page, in Japanese and English."""
import re

import pytest

from tests.conftest import EN, JA, page_in_both_languages
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db


def codes_on_page(response) -> list[str]:
    """The card codes of the result rows, in order."""
    return [card.code for card in response.context["page"].object_list]


def test_card_list_in_both_languages(client, t_catalogue):
    en, ja = page_in_both_languages(client, "/cards/", 200)
    assert "20 cards" in en
    assert "20枚" in ja  # a counter right after its number, as in every Japanese sentence of the site
    assert "Search syntax" in en and "検索の書き方" in ja


def test_search_narrows_results(client, t_catalogue):
    response = client.get("/cards/", {"q": "t:character"}, **EN)
    assert response.status_code == 200
    assert codes_on_page(response) == ["T-001", "T-004", "T-007", "T-009", "T-011", "T-013", "T-016", "T-019"]
    body = response.content.decode()
    assert "8 cards" in body
    assert 'value="t:character"' in body  # the box is prefilled
    assert "T-002" not in body


def test_search_order_and_direction(client, t_catalogue):
    response = client.get("/cards/", {"q": "size>=3", "order": "size", "dir": "desc"}, **EN)
    assert codes_on_page(response) == ["T-015", "T-020", "T-002", "T-007"]
    assert '<option value="size" selected>' in response.content.decode()


def test_grid_view_and_table_view(client, t_catalogue):
    grid = client.get("/cards/", {"q": "c:g", "view": "grid"}, **EN).content.decode()
    table = client.get("/cards/", {"q": "c:g", "view": "list"}, **EN).content.decode()
    assert 'class="card-grid"' in grid and "card-table" not in grid
    assert "card-table" in table and 'class="card-grid"' not in table
    for body in (grid, table):
        assert "緑陰の射手" in body and "Archer of the Green Shade" in body


def test_table_row_shows_the_columns(client, t_catalogue):
    # One result opens its card's page, unless a page of the results is asked for.
    assert client.get("/cards/", {"q": "!炎", "view": "list"}, **JA)["Location"] == "/cards/T-002/"
    body = client.get("/cards/", {"q": "!炎", "view": "list", "page": "1"}, **JA).content.decode()
    row = re.search(r"<tbody>(.*?)</tbody>", body, re.S).group(1)
    cells = [re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells == [["T-002"], ["炎", "Flame"], ["イベント"], ["赤"], ["3"], ["–"], ["–"]]


def test_bad_query_is_400_with_its_message(client, t_catalogue):
    response = client.get("/cards/", {"q": "foo:bar"}, **EN)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'id="search-error"' in body
    assert "foo" in response.context["error"]["message"]
    assert response.context["error"]["message"].replace("'", "&#x27;") in body
    assert 'value="foo:bar"' in body


@pytest.mark.parametrize(
    "params",
    [
        {"q": "size>"},
        {"q": "o:/(/"},
        {"order": "nonsense"},
        {"dir": "sideways"},
        {"q": "x" * 5000},
    ],
)
def test_bad_input_is_400_never_500(client, t_catalogue, params):
    response = client.get("/cards/", params, **EN)
    assert response.status_code == 400
    assert 'id="search-error"' in response.content.decode()


def test_a_nul_character_in_the_query_is_400_before_the_search(client, t_catalogue):
    response = client.get("/cards/", {"q": "a\x00b"}, **EN)
    assert response.status_code == 400
    assert "The query parameter q holds a NUL character, which text cannot hold." in response.content.decode()


@pytest.mark.parametrize("page", ["0", "-1", "abc", "99999", "1e3", ""])
def test_odd_page_numbers_do_not_fail(client, t_catalogue, page):
    assert client.get("/cards/", {"page": page}).status_code == 200


def test_pagination_60_a_page(client, sample_catalogue):
    first = client.get("/cards/", **EN)
    second = client.get("/cards/", {"page": "2"}, **EN)
    assert len(codes_on_page(first)) == 60
    assert len(codes_on_page(second)) == 12
    assert codes_on_page(second)[0] == "SMP-061"
    assert "Page 1 of 2" in first.content.decode()
    assert "?page=2" in first.content.decode()


def test_warnings_are_shown(client, t_catalogue, monkeypatch):
    from cardsdb.selectors import search as selectors

    real = selectors.search_cards

    def with_warning(*args, **kwargs):
        result = real(*args, **kwargs)
        return selectors.SearchResult(cards=result.cards, warnings=["a warning sentence"])

    monkeypatch.setattr(selectors, "search_cards", with_warning)
    body = client.get("/cards/", {"q": "炎"}).content.decode()
    assert '<p class="warning" role="status">a warning sentence</p>' in body


def test_syntax_examples_link_to_their_results(client, t_catalogue):
    body = client.get("/cards/", **EN).content.decode()
    for query in ("t%3Acharacter", "c%3Ar", "c%3Drg", "size%3E%3D3", "hp%3E%3D5", "dir%3Adiagonal",
                  "step1%3Acharge", "o%3A%E5%9B%9E%E5%BE%A9", "%22flame+club%22", "%21%E7%81%AB%E7%82%8E%E5%BC%BE"):
        assert f'href="/cards/?q={query}"' in body, query


def test_card_page_shows_every_field(client, t_catalogue):
    response = client.get("/cards/T-001/", **JA)
    assert response.status_code == 200
    body = response.content.decode()
    for text in ("炎の剣士アリサ", "ほのおのけんしありさ", "Arisa, Flame Swordswoman", "T-001", "キャラクター", "赤",
                 "+1 赤", "特殊能力: 隣接する敵キャラクター1体に1ダメージ。", "縦横", "アクションテーブル"):
        assert text in body, text
    assert '<dd id="card-hp">5</dd>' in body
    assert '<dd id="card-movement">2</dd>' in body
    assert '<dd id="card-directions">縦横</dd>' in body
    rows = re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>', body)
    assert rows == [("STEP 1", "移動 · 攻撃"), ("STEP 2", "攻撃"), ("STEP 3", "防御 · 特殊")]
    assert 'href="/cards/?q=t%3Acharacter"' in body
    assert 'href="/cards/?q=c%3Ar"' in body
    assert 'href="/cards/?q=size%3D2"' in body
    assert 'href="/api/cards/T-001/"' in body
    assert "R" in re.search(r"レアリティ</dt><dd>(.*?)</dd>", body).group(1)


def test_card_page_in_english(client, t_catalogue):
    body = client.get("/cards/T-006/", **EN).content.decode()
    assert "Snare Vines" in body
    assert '<dd id="card-bonus">-1 red</dd>' in body
    assert "item" in body
    assert 'id="card-hp"' not in body  # not a character
    rows = re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>', body)
    assert rows == [("STEP 1", "Move"), ("STEP 2", "Move"), ("STEP 3", "Attack")]


def test_card_page_lowercase_code_and_colourless(client, t_catalogue):
    response = client.get("/cards/t-012/", **EN)
    assert response.status_code == 200
    assert 'href="/cards/?q=c%3Acolorless"' in response.content.decode()


def test_card_page_links_to_the_card_image_in_the_reader_language(client, t_catalogue):
    ja, en = client.get("/cards/T-001/", **JA).content.decode(), client.get("/cards/T-001/", **EN).content.decode()
    assert '<a href="/cards/T-001/face.svg?lang=ja" id="card-face-svg">SVG</a>' in ja
    assert '<a href="/cards/T-001/face.png?lang=ja" id="card-face-png">PNG</a>' in ja
    assert "カード画像" in ja
    assert '<a href="/cards/T-001/face.svg?lang=en" id="card-face-svg">SVG</a>' in en
    assert client.get("/cards/T-001/face.svg?lang=ja")["Content-Type"] == "image/svg+xml"


def test_sample_set_is_labelled(client, sample_catalogue):
    body = client.get("/cards/SMP-001/", **EN).content.decode()
    assert "sample set, not a printed card" in body
    assert "紅茶猫スタジオ" in body  # artist
    assert "「燃えろ、わが部員たち！」" in body  # flavour text


@pytest.mark.parametrize("code", ["T-999", "NOPE", "x" * 300, "%00", "T-001%00"])
def test_unknown_card_is_404(client, t_catalogue, code):
    response = client.get(f"/cards/{code}/", **EN)
    assert response.status_code == 404
    assert "Not found" in response.content.decode()


@pytest.mark.parametrize(
    "q",
    ["(" * 600, ")" * 10, "-" * 1000, '"', "!", "/", "or", "or or", "c:", "size>=99999999999999999999999",
     "hp<-5", "order:", "dir:", "t:", "((a) or", "a\\", "%", "_", "\u200b", "😀", "ｔ：ｃｈａｒａｃｔｅｒ"],
)
def test_odd_queries_never_fail(client, t_catalogue, q):
    assert client.get("/cards/", {"q": q}).status_code in (200, 400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=st.text(max_size=60), order=st.sampled_from(["", "name", "hp", "x"]), view=st.text(max_size=5))
@example(q="3", order="", view="")  # one card (3年生の先輩): its page
def test_any_query_is_answered_200_or_400(client, t_catalogue, q, order, view):
    response = client.get("/cards/", {"q": q, "order": order, "view": view})
    if response.status_code == 302:  # a query that finds one card opens it, as Scryfall does
        assert re.fullmatch(r"/cards/T-\d{3}/", response["Location"])
    else:
        assert response.status_code in (200, 400)


def test_a_huge_page_number_on_the_card_list_shows_the_last_page(client, sample_catalogue):
    response = client.get("/cards/", {"page": "99999999999999999999", "view": "list"}, **EN)
    assert response.status_code == 200
    page = response.context["page"]
    assert (page.number, page.paginator.num_pages, page.paginator.count) == (2, 2, 72)
    assert [card.code for card in page.object_list] == [f"SMP-{n:03}" for n in range(61, 73)]
    assert response.context["error"] is None


def test_count_last_paginator_never_reads_past_the_largest_offset(t_catalogue, django_assert_num_queries):
    from django.core.paginator import EmptyPage
    from django.utils import translation

    from cardsdb.models import Card
    from cardsdb.paginator import MAX_OFFSET, CountLastPaginator

    rows = Card.objects.order_by("code")
    last_read = (MAX_OFFSET - 8) // 7 + 1  # the last page whose slice (8 rows from its start) fits
    with translation.override("en"):
        with django_assert_num_queries(2):  # the slice (no rows), then the count
            with pytest.raises(EmptyPage, match="^That page contains no results$"):
                CountLastPaginator(rows, 7).page(last_read)
        for number in (last_read + 1, 2 * 10**18, 10**20):
            with django_assert_num_queries(1):  # only the count: no slice that would overflow
                with pytest.raises(EmptyPage, match="^That page contains no results$"):
                    CountLastPaginator(rows, 7).page(number)
    last = CountLastPaginator(rows, 7).get_page(str(10**20))
    assert (last.number, [card.code for card in last.object_list]) == (3, [f"T-{n:03}" for n in range(15, 21)])
