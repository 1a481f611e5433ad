"""The search pages: the syntax help (every keyword, with examples that work on the page and in
the API, in Japanese and English), name suggestions in the search box, sortable columns, and
messages in the visitor's language."""
import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from tcg.search.keywords import ALIASES, EQUALITY, OPERATORS
from cardsdb.selectors.search import search_cards
from cardsdb.syntax import SECTIONS
from tests.conftest import EN, JA, page_in_both_languages

pytestmark = pytest.mark.django_db

KEYWORD_ENTRIES = [entry for section in SECTIONS for entry in section.entries if entry.forms[0] in ALIASES]
EXAMPLES = [query for section in SECTIONS for entry in section.entries for query, _ in entry.examples]


def test_syntax_page_lists_every_keyword_in_both_languages(client, t_catalogue):
    en, ja = page_in_both_languages(client, "/cards/syntax/")
    assert "<h1>Card search syntax</h1>" in en and "<h1>カード検索の書き方</h1>" in ja
    for body in (en, ja):
        forms = set(re.findall(r'<code class="syntax-form">(.*?)</code>', body))
        assert set(ALIASES) <= {unescape(f) for f in forms}
        assert {'"phrase"', "!name", "/regex/", "or", "-", "dir:asc", "dir:desc"} <= {unescape(f) for f in forms}
    assert "Card type: character, item or event" in en
    assert "カードの種類: character、item、event" in ja
    assert 'href="/cards/syntax/"' in client.get("/cards/", **EN).content.decode()


def test_every_keyword_entry_gives_its_operators():
    covered = set()
    for entry in KEYWORD_ENTRIES:
        for form in entry.forms:
            field = ALIASES[form]
            covered.add(field)
            if field != "order":
                assert entry.operators == OPERATORS.get(field, EQUALITY), form
    assert covered == set(ALIASES.values())


@pytest.mark.parametrize("query", EXAMPLES)
def test_every_example_works_on_the_page_and_in_the_api(client, api, sample_catalogue, query):
    found = list(search_cards(query).cards.values_list("code", flat=True))
    expected = len(found)
    for language in (EN, JA):
        page = client.get("/cards/", {"q": query}, **language)
        if expected == 1:  # one card: its page
            assert (page.status_code, page["Location"]) == (302, f"/cards/{found[0]}/"), query
        else:
            assert page.status_code == 200, query
            assert page.context["page"].paginator.count == expected
    body = api.get("/api/cards/", {"q": query}).json()
    assert body["count"] == expected


#: What each example of the syntax page finds in the sample catalogue (every one finds cards).
SAMPLE_FINDS = {
    "炎": ["SMP-001", "SMP-007"], "かえん": ["SMP-001", "SMP-007"], "flame": ["SMP-001"],
    '"flame club"': ["SMP-001"], "!火炎弾": ["SMP-007"], '!"fire drake cloak"': ["SMP-011"],
    "/^かえん/": ["SMP-001", "SMP-007"], "ft:森": ["SMP-017", "SMP-023"],
    "a:白石": ["SMP-006", "SMP-019", "SMP-029", "SMP-036", "SMP-037", "SMP-040", "SMP-041", "SMP-044", "SMP-046",
              "SMP-049", "SMP-052", "SMP-072"],
    "is:vanilla": ["SMP-004", "SMP-019", "SMP-030", "SMP-045", "SMP-057", "SMP-063", "SMP-067"],
}


def test_every_example_on_the_syntax_page_finds_cards_in_the_sample_catalogue(client, sample_catalogue):
    for language in (EN, JA):
        body = client.get("/cards/syntax/", **language).content.decode()
        links = [unescape(href) for href in re.findall(r'<a href="(/cards/\?q=[^"]*)"><code>', body)]
        queries = [parse_qs(urlsplit(link).query)["q"][0] for link in links]
        assert queries == EXAMPLES
        finds = {query: list(search_cards(query).cards.values_list("code", flat=True)) for query in queries}
        assert [query for query, codes in finds.items() if not codes] == []
        assert {query: finds[query] for query in SAMPLE_FINDS} == SAMPLE_FINDS
        assert len(finds["-is:vanilla"]) == 72 - 7  # every sample card with an effect: none is manual
        for query in queries:  # the linked page itself lists them, or opens the one card
            page = client.get("/cards/", {"q": query}, **language)
            if len(finds[query]) == 1:
                assert page["Location"] == f"/cards/{finds[query][0]}/"
            else:
                assert page.context["page"].paginator.count == len(finds[query])


def test_every_example_on_the_card_list_finds_cards_in_the_sample_catalogue(client, sample_catalogue):
    from cardsdb.views import EXAMPLES as LIST_EXAMPLES

    counts = {query: search_cards(query).cards.count() for query, _ in LIST_EXAMPLES}
    assert counts == {"t:character": 36, "c:r": 18, "c=rg": 2, "size>=3": 27, "hp>=5": 20, "dir:diagonal": 12,
                      "step1:charge": 14, "o:回復": 10, '"flame club"': 1, "!火炎弾": 1}


def test_examples_link_to_their_results(client, t_catalogue):
    body = client.get("/cards/syntax/", **EN).content.decode()
    links = [unescape(href) for href in re.findall(r'<a href="(/cards/\?q=[^"]*)"><code>', body)]
    assert [parse_qs(urlsplit(link).query)["q"][0] for link in links] == EXAMPLES


def test_search_box_suggests_names(client, t_catalogue):
    body = client.get("/cards/", **JA).content.decode()
    box = re.search(r'<input type="search" id="card-q"[^>]*>', body, re.S).group(0)
    for attribute in ('role="combobox"', 'aria-autocomplete="list"', 'aria-expanded="false"',
                      'aria-controls="card-q-names"', 'data-autocomplete-url="/api/cards/autocomplete/"'):
        assert attribute in box, attribute
    # what the screen reader hears when names are suggested (card-search.js fills in the count)
    labels = re.search(r'<script id="card-search-labels" type="application/json">(.*?)</script>', body, re.S).group(1)
    assert json.loads(labels) == {"suggested": "名前の候補が%(count)s件あります。上下の矢印キーで選んでください。"}
    assert '<ul class="suggestions" id="card-q-names" role="listbox" aria-label="カード名" hidden></ul>' in body
    script = re.search(r'<script type="module" src="([^"]*card-search\.js)"', body).group(1)
    served = client.get(script)
    assert served.status_code == 200
    assert served["Content-Type"].startswith("text/javascript")


def test_table_headers_sort_and_keep_the_query(client, t_catalogue):
    response = client.get("/cards/", {"q": "t:character", "order": "hp", "view": "list", "page": "1"}, **EN)
    body = response.content.decode()
    headers = dict(
        (unescape(label), unescape(href))
        for href, label in re.findall(r'<a class="sort-link" href="([^"]*)">(?:<abbr[^>]*>)?([^<]*)', body)
    )
    assert set(headers) == {"Code", "Name", "SIZE", "HP", "MV"}
    assert parse_qs(urlsplit(headers["HP"]).query) == {
        "q": ["t:character"], "order": ["hp"], "dir": ["desc"], "view": ["list"],
    }
    assert parse_qs(urlsplit(headers["Name"]).query)["dir"] == ["asc"]
    assert 'aria-sort="ascending"><a class="sort-link" href="?q=t%3Acharacter&amp;order=hp' in body
    descending = client.get("/cards/", {"q": "t:character", "order": "hp", "dir": "desc"}, **EN)
    assert [c.code for c in descending.context["page"].object_list][:2] == ["T-004", "T-001"]


def test_query_errors_and_warnings_in_japanese(client, t_catalogue):
    bad = client.get("/cards/", {"q": "c:r foo:bar"}, **JA)
    assert bad.status_code == 400
    message = bad.context["error"]["message"]
    assert message.startswith("'foo:bar': 不明なキーワード「foo」です（使えるキーワード: a, act, artist,")
    assert (bad.context["error"]["term"], bad.context["error"]["position"]) == ("foo:bar", 4)
    english = client.get("/cards/", {"q": "c:r foo:bar"}, **EN).context["error"]["message"]
    assert english.startswith("'foo:bar': unknown keyword 'foo' (keywords: a, act, artist,")
    warned = client.get("/cards/", {"q": "t:item mv>=2"}, **JA).content.decode()
    assert '<p class="warning" role="status">mv&gt;=2 はイベントやアイテムには当てはまりません（移動力がないため）</p>' in warned
    unclosed = client.get("/cards/", {"q": "(c:r"}, **JA).context["error"]["message"]
    assert unclosed == "カッコが対応していません: '(' が閉じていません"


def test_pages_count_only_when_results_go_on(client, sample_catalogue, django_assert_num_queries):
    with django_assert_num_queries(1):  # the page's rows; the count follows from them
        page = client.get("/cards/", {"q": "c:r t:event"}, **EN)
    assert page.context["page"].paginator.count == len(page.context["page"].object_list)
    with django_assert_num_queries(3):  # 60 of 72: the rest must be counted (the catalogue's state, the count)
        page = client.get("/cards/", **EN)
    assert page.context["page"].paginator.count == 72
