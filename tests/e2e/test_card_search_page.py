"""The card search in Chromium, on a phone-sized screen: the count, "no cards found", one result
opening the card's page, a chosen name suggestion opening its card, "did you mean", the random
card, the order controls searching again at once, the table's sideways-scroll cue, and the card
page's decks."""
import re

import pytest

from cardsdb.selectors.search import search_cards

pytestmark = [pytest.mark.e2e]


@pytest.fixture
def live_samples(transactional_db):
    """The sample catalogue and decks, committed so that the live server's thread sees them."""
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


def test_the_count_and_no_cards_found(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/?q=t:character")
    count = search_cards("t:character").cards.count()
    assert page.locator("#result-count").inner_text() == f"{count} cards"
    page.fill("#card-q", "t:event hp>3")
    page.press("#card-q", "Enter")
    page.wait_for_url(re.compile(r"q=t%3Aevent"), wait_until="domcontentloaded")
    assert page.locator("#result-count").inner_text() == "0 cards"
    assert page.locator("#no-results").is_visible()
    assert "No cards found." in page.locator("#no-results").inner_text()


def test_a_search_with_one_result_opens_the_card(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/")
    page.fill("#card-q", "fire drake")
    page.press("#card-q", "Enter")
    page.wait_for_url(f"{live_server.url}/cards/SMP-011/", wait_until="domcontentloaded")
    assert page.locator("#card-name").inner_text() == "Fire Drake Cloak"


def test_choosing_a_suggested_name_opens_the_card(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/")
    page.locator("#card-q").press_sequentially("カグ", delay=50)
    option = page.locator("#card-q-names [role=option]", has_text="火炎部長カグラ")
    option.wait_for()
    option.click()
    page.wait_for_url(f"{live_server.url}/cards/SMP-001/", wait_until="domcontentloaded")
    assert page.locator("#card-name").inner_text() == "Kagura, Flame Club Captain"


def test_did_you_mean_a_misspelt_name(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/?q=kagra")
    mean = page.locator("#did-you-mean")
    assert "Did you mean:" in mean.inner_text()
    mean.get_by_role("link", name="Kagura, Flame Club Captain").click()
    page.wait_for_url(f"{live_server.url}/cards/SMP-001/", wait_until="domcontentloaded")


def test_the_random_card_button(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/?q=t:item")
    page.click("#random-card")
    page.wait_for_url(re.compile(r"/cards/SMP-\d{3}/$"), wait_until="domcontentloaded")
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    assert code in set(search_cards("t:item").cards.values_list("code", flat=True))
    assert page.locator("#card-name").is_visible()


def test_changing_the_order_searches_again_at_once(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/?q=t:character+order:hp+dir:desc")
    assert page.locator("#card-order").input_value() == "hp"
    assert page.locator("#card-dir").input_value() == "desc"
    page.select_option("#card-order", "size")  # no button pressed
    page.wait_for_url(re.compile(r"order=size"), wait_until="domcontentloaded")
    # The query's own order: and dir: are gone from the box (they would win over the controls).
    assert page.locator("#card-q").input_value() == "t:character"
    assert page.locator("#card-order").input_value() == "size"
    expected = list(search_cards("t:character", "size", "desc").cards.values_list("code", flat=True)[:5])
    assert page.locator(".card-table tbody td.code").all_inner_texts()[:5] == expected
    page.select_option("#card-dir", "asc")
    page.wait_for_url(re.compile(r"dir=asc"), wait_until="domcontentloaded")
    expected = list(search_cards("t:character", "size", "asc").cards.values_list("code", flat=True)[:5])
    assert page.locator(".card-table tbody td.code").all_inner_texts()[:5] == expected


def test_the_table_says_it_scrolls_sideways_on_a_phone(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/?q=t:character")
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")
    hint = page.locator(".scroll-hint")
    assert hint.is_visible()
    assert hint.inner_text() == "Scroll sideways for more columns →"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; w.dispatchEvent(new Event('scroll')); }")
    page.wait_for_function("() => document.querySelector('.table-scroll').classList.contains('scrolled-end')")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_function("() => !document.querySelector('.table-scroll').classList.contains('overflows')")
    assert not hint.is_visible()


def test_the_search_button_keeps_its_word_on_one_line(page, live_server, live_samples):
    for width in (390, 700, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/cards/")
        lines = page.locator(".search-button").evaluate(
            "b => { const r = document.createRange(); r.selectNodeContents(b);"
            " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }")
        assert lines == 1, width


def test_the_card_page_shows_the_public_decks_with_the_card(page, live_server, live_samples):
    page.goto(f"{live_server.url}/cards/SMP-001/")
    decks = page.locator("#card-decks[data-loaded=true]")
    decks.wait_for()
    assert "紅蓮速攻" in decks.inner_text() and "× 3" in decks.inner_text()
    assert page.locator("#card-face").evaluate("img => img.complete && img.naturalWidth > 0")
    page.click("#card-next")
    page.wait_for_url(f"{live_server.url}/cards/SMP-002/", wait_until="domcontentloaded")
