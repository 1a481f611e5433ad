"""A new player builds a legal deck from nothing in the builder, with search and clicks, on a
phone-sized screen; saves it; changes it; and sees the change in the deck's history."""
import re

import pytest

from tests.e2e.conftest import log_in

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 42"


@pytest.fixture
def live_samples(transactional_db):
    """The sample catalogue and decks, committed so that the live server's thread sees them."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    User.objects.create_user("carol", password=PASSWORD)


def search(page, query):
    page.fill("#card-search", query)
    page.click("#search-button")
    page.locator("#search-results li.search-result").first.wait_for()


def add_from_results(page, code, times):
    button = page.locator(f'#search-results li[data-code="{code}"] button[data-action="add"]')
    for _ in range(times):
        button.click()


def wait_for_total(page, total):
    page.locator(f'#builder-panel #deck-summary[data-total="{total}"]').wait_for()


def test_build_save_change_and_see_the_diff(page, live_server, live_samples):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    assert page.locator("#builder-empty").is_visible()

    # The name box suggests names as one types.
    page.fill("#card-search", "火炎")
    # a function, not an expression: Playwright evaluates an expression with eval, which the CSP forbids
    page.wait_for_function("() => document.querySelectorAll('#card-names option').length > 0")
    assert "火炎部長カグラ" in page.eval_on_selector_all("#card-names option", "els => els.map(e => e.value)")

    # 17 different red or colourless cards, 3 copies each: a legal deck of 51.
    search(page, "c<=r order:code")
    codes = page.eval_on_selector_all("#search-results li.search-result", "els => els.map(e => e.dataset.code)")[:17]
    assert len(codes) == 17
    # Every row's Add button sits at the row's end, beside the card's words (never wrapped under
    # them), whatever the length of the name.
    rows = page.eval_on_selector_all("#search-results li.search-result", """els => els.map((li) => {
        const b = li.querySelector('button[data-action="add"]').getBoundingClientRect();
        const t = li.querySelector('.result-text').getBoundingClientRect();
        return [Math.round(b.right), Math.round(li.getBoundingClientRect().right), b.left >= t.right];
    })""")
    assert {(button, row) for button, row, _ in rows} == {(rows[0][1], rows[0][1])}
    assert all(beside for _, _, beside in rows)
    for code in codes:
        add_from_results(page, code, 3)
    wait_for_total(page, 51)
    summary = page.locator("#builder-panel #deck-summary")
    assert summary.get_attribute("data-valid") == "true"
    assert page.locator("#builder-panel .problem").count() == 0
    assert page.locator("#builder-panel #chart-types svg").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # A fourth copy is named as a problem at once.
    add_from_results(page, codes[0], 1)
    page.locator('#builder-panel .problem[data-code="too_many_copies"]').wait_for()
    page.click(f'#builder-panel button[data-action="remove"][data-code="{codes[0]}"]')
    wait_for_total(page, 51)
    page.locator("#builder-panel #deck-summary[data-valid='true']").wait_for()

    page.fill("#deck-name", "はじめてのデッキ")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    assert re.search(r"/decks/[a-z0-9]{10}/edit/$", page.url)
    deck_id = page.url.rstrip("/").split("/")[-2]

    # Change it: one copy fewer of the first card, one of another card instead.
    page.click(f'#builder-panel button[data-action="remove"][data-code="{codes[1]}"]')
    wait_for_total(page, 50)
    search(page, "c<=r order:code")
    extra = page.eval_on_selector_all("#search-results li.search-result", "els => els.map(e => e.dataset.code)")[17]
    add_from_results(page, extra, 1)
    wait_for_total(page, 51)
    page.fill("#deck-note", "swap one card")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 2").wait_for()

    page.click("#deck-history-link")
    page.wait_for_url(f"{base}/decks/{deck_id}/history/")
    rows = page.locator("#version-diff tr.diff-row")
    changes = {rows.nth(i).get_attribute("data-code"): rows.nth(i).locator("td.change").inner_text()
               for i in range(rows.count())}
    assert changes == {codes[1]: "−1", extra: "+1"}
    assert "swap one card" in page.locator(".version-list").inner_text()
    # Nothing is wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The deck page shows its statistics and odds.
    page.goto(f"{base}/decks/{deck_id}/")
    assert page.locator("#odds-table tbody tr").count() > 17
    assert page.locator("#deck-summary [data-valid='true']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_goldfish_shows_its_progress_and_result(page, live_server, live_samples, bot_worker):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    page.goto(f"{base}/decks/SMP-RED/")
    page.select_option("#goldfish-runs", "2000")
    page.click("#goldfish-button")
    page.locator("#goldfish-progress").wait_for()
    page.locator("#goldfish-result").wait_for(timeout=60_000)
    assert page.locator("#goldfish-bar").get_attribute("value") == "2000"
    assert "2000" in page.locator("#goldfish-count").inner_text()
    rows = page.locator("#goldfish-table tbody tr")
    assert rows.count() == 5
    assert rows.first.locator("th").inner_text() == "1"
    assert page.locator("#goldfish-opening").inner_text().count("%") == 2


def test_odds_names_keep_to_one_line_on_a_phone(page, live_server, live_samples):
    """On a phone each name in the odds table is one line, cut with an ellipsis when too long, its
    whole name the row header's text and title; the names stay in view as the figures scroll."""
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    headers = page.locator("#odds-table tbody th[scope=row]")
    assert headers.count() > 17
    cells = headers.evaluate_all("""els => els.map(th => {
        const name = th.querySelector('.odds-name');
        return {text: th.textContent, title: th.title, height: name.getBoundingClientRect().height,
                lineHeight: parseFloat(getComputedStyle(name).lineHeight) || 20,
                cut: name.scrollWidth > name.clientWidth};
    })""")
    for cell in cells:
        assert cell["title"] == cell["text"]
        assert cell["height"] < 1.5 * cell["lineHeight"], cell
    long_name = next(cell for cell in cells if cell["text"] == "Hinata, Hot-Blooded Transfer Student")
    assert long_name["cut"]
    assert page.locator("#odds-table thead th").first.inner_text() == "Card or group"
    # The table scrolls sideways in its region; its row headers stay at its left edge.
    wrap = page.locator(".odds-wrap[role=region]")
    assert wrap.get_attribute("tabindex") == "0"
    left = headers.first.bounding_box()["x"]
    wrap.evaluate("el => { el.scrollLeft = 200; }")
    page.wait_for_function("() => document.querySelector('.odds-wrap').scrollLeft > 0")
    assert abs(headers.first.bounding_box()["x"] - left) < 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # On a wide screen no name is cut.
    page.set_viewport_size({"width": 1366, "height": 900})
    assert not any(headers.evaluate_all(
        "els => els.map(th => th.querySelector('.odds-name').scrollWidth > th.querySelector('.odds-name').clientWidth)"))


def test_the_save_bar_keeps_its_height_on_a_phone(page, live_server, live_samples):
    """Saving from the bar on a phone: "Saved as version 1." takes the room between the total and
    Save, so the bar (and the page) does not grow by a line; the message is not hidden from
    screen readers, and the save form's live region says the same."""
    log_in(page, live_server.url, "carol", PASSWORD, "/decks/new/")
    bar = page.locator("#save-bar")
    height = bar.bounding_box()["height"]
    page.fill("#import-text", "3 SMP-001\n3 SMP-002\n")
    page.click("#import-button")
    wait_for_total(page, 6)
    state = page.locator("#save-bar-state")
    assert state.inner_text() == "Unsaved changes"
    assert bar.bounding_box()["height"] == height
    page.fill("#deck-name", "a deck with a long name")
    page.click("#save-bar-button")
    page.locator("#save-status .notice", has_text="Saved as version 1.").wait_for()
    assert page.locator("#save-status").get_attribute("aria-live") == "polite"
    assert state.inner_text() == "Saved as version 1."
    assert state.is_visible() and state.get_attribute("aria-hidden") is None
    assert bar.bounding_box()["height"] == height
    # The button stays on the bar's one row, beside the message.
    assert abs(page.locator("#save-bar-button").bounding_box()["y"] - bar.bounding_box()["y"]) < height / 2
    # A message longer than the room it has is cut at two lines, whole in its title.
    long = "The deck could not be saved: " + "the server did not answer in time " * 4
    state.evaluate("(el, text) => { el.textContent = text; el.title = text; }", long)
    assert bar.bounding_box()["height"] == height
    assert state.get_attribute("title") == long
