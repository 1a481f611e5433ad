"""The search page as Scryfall's: the count, a clear "no cards found" with "did you mean", one
result opening the card's page, the order controls showing the query's own order, a random
card; and the card's page: its face, its text once, its heading in the reader's language,
previous and next card."""
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from cardsdb.models import Card
from cardsdb.selectors.catalogue import card_neighbours
from cardsdb.selectors.names import name_suggestions
from cardsdb.selectors.search import did_you_mean, search_cards
from tests.conftest import EN, JA

pytestmark = pytest.mark.django_db


def query_of(url: str) -> str:
    return parse_qs(urlsplit(unescape(url)).query)["q"][0]


def test_the_count_is_shown_in_both_languages(client, sample_catalogue):
    en = client.get("/cards/", {"q": "t:character c:r"}, **EN).content.decode()
    ja = client.get("/cards/", {"q": "t:character c:r"}, **JA).content.decode()
    count = search_cards("t:character c:r").cards.count()
    assert count > 1
    assert re.search(rf'id="result-count">\s*{count} cards\s*</p>', en)
    assert re.search(rf'id="result-count">\s*{count}枚\s*</p>', ja)


def test_no_cards_found_is_said_with_a_count_of_zero(client, sample_catalogue):
    response = client.get("/cards/", {"q": "t:event hp>3"}, **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert re.search(r'id="result-count">\s*0 cards\s*</p>', body)
    assert '<div class="no-results" id="no-results" role="status">' in body
    assert "No cards found." in body and "No card matches <code>t:event hp&gt;3</code>." in body
    assert 'id="did-you-mean"' not in body  # no name in the query: nothing to suggest
    ja = client.get("/cards/", {"q": "t:event hp>3"}, **JA).content.decode()
    assert "カードが見つかりません。" in ja and "<code>t:event hp&gt;3</code> に一致するカードはありません。" in ja


def test_did_you_mean_a_misspelt_name(client, sample_catalogue):
    en = client.get("/cards/", {"q": "kagra"}, **EN).content.decode()
    mean = re.search(r'<p class="did-you-mean" id="did-you-mean">(.*?)</p>', en, re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" data-card="([^"]+)">([^<]+)</a>', mean)
    assert [(query_of(url), code, name) for url, code, name in links] == [
        ('!"火炎部長カグラ"', "SMP-001", "Kagura, Flame Club Captain")]
    assert "(火炎部長カグラ)" in mean
    ja = client.get("/cards/", {"q": "kagra"}, **JA).content.decode()
    assert "もしかして:" in ja and ">火炎部長カグラ</a>" in ja and "(Kagura, Flame Club Captain)" in ja
    # The suggestion's search finds that one card, so it opens its page.
    assert client.get("/cards/", {"q": query_of(links[0][0])})["Location"] == "/cards/SMP-001/"


def test_did_you_mean_reads_the_name_terms_only(sample_catalogue):
    codes = lambda q: [card.code for card in did_you_mean(q)]  # noqa: E731
    assert codes("kagra") == ["SMP-001"]
    assert codes("kagra t:character") == ["SMP-001"]  # the keywords are left to the search
    assert codes("kagra flme") == ["SMP-001"]  # each word on its own when together finds nothing
    assert codes('!"kagra"') == ["SMP-001"]
    assert codes("-kagra") == [] and codes("c:r") == [] and codes("") == []
    assert codes("size>") == []  # a query that cannot be read
    assert codes("zzzzzz") == []


def test_the_deck_validator_falls_back_on_words_when_whole_names_find_nothing(client, sample_catalogue):
    # Whole names first, as before: a close whole name is all the validator offers.
    assert name_suggestions("fireblal") == ["Fireball"]
    assert name_suggestions("火炎部長カグヤ") == ["火炎部長カグラ"]
    # Nothing close as a whole: a misspelt word finds its card, as the search's "did you mean"
    # does, named in the letters it was typed in; only the best scores (the Shinai is not offered).
    assert name_suggestions("kagra", by_word=True, cutoff=70) == ["火炎部長カグラ"]
    assert name_suggestions("kagra") == ["Kagura, Flame Club Captain"]
    assert name_suggestions("hinta") == ["Hinata, Hot-Blooded Transfer Student"]
    assert name_suggestions("zzzz") == [] and name_suggestions("of the") == []
    answer = client.post("/api/decks/validate/", {"text": "1 kagra"}, content_type="application/json").json()
    assert answer["problems"][0] == {
        "code": "unknown_card", "line": 1, "text": "1 kagra", "suggestions": ["Kagura, Flame Club Captain"],
        "message": "Line 1: no card is named kagra. Did you mean Kagura, Flame Club Captain?",
    }
    page = client.post("/decks/validate/", {"text": "1 kagra"}, **EN).content.decode()
    assert "No card matches “kagra”. Did you mean Kagura, Flame Club Captain?" in page


def test_one_result_opens_the_card_page(client, sample_catalogue):
    response = client.get("/cards/", {"q": "kagura", "view": "grid"}, **EN)
    assert (response.status_code, response["Location"]) == (302, "/cards/SMP-001/")
    assert client.get("/cards/", {"q": '!"fire drake cloak"'})["Location"] == "/cards/SMP-011/"
    # A page of results asked for is shown as a list, even of one card; no query lists every card.
    listed = client.get("/cards/", {"q": "kagura", "page": "1"}, **EN)
    assert listed.status_code == 200 and listed.context["page"].paginator.count == 1
    assert client.get("/cards/", **EN).status_code == 200


def test_the_order_controls_show_the_querys_own_order(client, sample_catalogue):
    body = client.get("/cards/", {"q": "t:character order:hp dir:desc", "order": "name"}, **EN).content.decode()
    assert re.search(r'<select id="card-order" name="order">.*?<option value="hp" selected>', body, re.S)
    assert re.search(r'<select id="card-dir" name="dir">.*?<option value="desc" selected>', body, re.S)
    assert 'data-base-query="t:character"' in body and 'data-query="t:character order:hp dir:desc"' in body
    # The table's sort links search without the query's options, which would win over theirs.
    links = dict(re.findall(r'<a class="sort-link" href="\?([^"]+)">([^<]+)</a>', body))
    size = parse_qs(unescape(next(url for url, label in links.items() if label == "SIZE")))
    assert (size["q"], size["order"], size["dir"]) == (["t:character"], ["size"], ["asc"])
    assert '<th scope="col" class="num" aria-sort="descending"><a class="sort-link"' in body  # HP, in effect
    plain = client.get("/cards/", {"q": "t:character"}, **EN).content.decode()
    assert '<option value="code" selected>' in plain and '<option value="asc" selected>' in plain


def test_the_random_card(client, sample_catalogue):
    response = client.get("/cards/random/")
    assert response.status_code == 302 and re.fullmatch(r"/cards/SMP-0\d\d/", response["Location"])
    assert response["Cache-Control"] == "no-store"
    for _ in range(5):
        code = client.get("/cards/random/", {"q": "t:event c:w"})["Location"].split("/")[2]
        assert code in set(search_cards("t:event c:w").cards.values_list("code", flat=True))
    assert client.get("/cards/random/", {"q": "t:event hp>3"})["Location"] == "/cards/?q=t%3Aevent+hp%3E3"
    assert client.get("/cards/random/", {"q": "size>"})["Location"] == "/cards/?q=size%3E"
    # The search page offers it, for the query shown.
    body = client.get("/cards/", {"q": "t:event"}, **EN).content.decode()
    assert 'href="/cards/random/?q=t%3Aevent" id="random-card"' in body and ">Random card</a>" in body
    assert 'href="/cards/random/" id="random-card"' in client.get("/cards/", **JA).content.decode()


def test_the_grid_shows_faces_lazily_and_every_colour(client, sample_catalogue):
    body = client.get("/cards/", {"q": "c=rw", "view": "grid"}, **EN).content.decode()
    tiles = re.findall(r'<li class="card-tile.*?</li>', body, re.S)
    assert len(tiles) == search_cards("c=rw").cards.count() > 1
    for tile in tiles:
        assert re.search(r'<img class="tile-face" src="/cards/SMP-\d+/face\.svg\?lang=en" loading="lazy"', tile)
        stripe = re.search(r'<span class="tile-stripe">(.*?)</span></a>|<span class="tile-stripe">(.*)', tile, re.S)
        assert re.findall(r'class="stripe-(\w+)"', stripe.group(0)) == ["red", "white"]
    ja = client.get("/cards/", {"q": "c=rw", "view": "grid"}, **JA).content.decode()
    assert "face.svg?lang=ja" in ja


def test_card_page_face_text_once_heading_and_neighbours(client, sample_catalogue):
    en = client.get("/cards/SMP-002/", **EN).content.decode()
    assert '<span class="card-name" id="card-name" lang="en">Hinata, Hot-Blooded Transfer Student</span>' in en
    assert '<p class="card-name-other" id="card-name-other" lang="ja">熱血の転校生ヒナタ' in en
    assert '<img id="card-face" src="/cards/SMP-002/face.svg?lang=en"' in en
    assert '<a href="/cards/SMP-001/" rel="prev" id="card-previous"' in en
    assert '<a href="/cards/SMP-003/" rel="next" id="card-next"' in en
    ja = client.get("/cards/SMP-002/", **JA).content.decode()
    assert '<span class="card-name" id="card-name" lang="ja">熱血の転校生ヒナタ</span>' in ja
    assert '<p class="card-name-other" id="card-name-other" lang="en">Hinata, Hot-Blooded Transfer Student</p>' in ja
    assert "face.svg?lang=ja" in ja
    # The text once, in the reader's language; the ability is not repeated among the fields.
    assert ja.count("このターン、このキャラクターの移動力+1。") == 1
    assert en.count("movement power +1") == 1 and "このキャラクターの移動力+1" not in en
    first = client.get("/cards/SMP-001/", **EN).content.decode()
    last = client.get("/cards/SMP-072/", **EN).content.decode()
    assert 'id="card-previous"' not in first and 'id="card-next"' in first
    assert 'id="card-next"' not in last and '<a href="/cards/SMP-071/" rel="prev"' in last
    assert 'data-src="/decks/with-card/SMP-001/?part=list"' in first


def test_card_neighbours_by_code(sample_catalogue):
    assert [c and c.code for c in card_neighbours("SMP-010")] == ["SMP-009", "SMP-011"]
    assert [c and c.code for c in card_neighbours("smp-001")] == [None, "SMP-002"]
    assert [c and c.code for c in card_neighbours("SMP-072")] == ["SMP-071", None]


def test_a_manual_card_in_english_says_its_text_is_the_printed_japanese(client, sample_catalogue):
    Card.objects.filter(code="SMP-038").update(effect="manual")  # no sample card is manual
    en = client.get("/cards/SMP-038/", **EN).content.decode()
    assert '<p class="muted" id="card-text-note">The printed text, in Japanese:</p>' in en
    assert '<p id="card-text" lang="ja">このマスの自分のキャラクターは突撃の対象にならない。</p>' in en
    assert 'id="card-manual"' in en
    ja = client.get("/cards/SMP-038/", **JA).content.decode()
    assert 'id="card-text-note"' not in ja and 'id="card-manual"' in ja
