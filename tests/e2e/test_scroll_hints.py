"""Tables wider than a phone say that they scroll sideways, on every page that has one: the card
search's table did, a deck's damage and draw-odds tables did not (their last columns were cut at
the screen's edge with nothing saying more was there), nor the builder's damage table, which is
drawn again on every change."""
import pytest

from tests.e2e.conftest import close_settled, log_in

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 42"
HINTS = {"en-GB": "Scroll sideways for more columns →", "ja-JP": "横にスクロールすると他の列も見られます →"}


@pytest.fixture
def live_samples(transactional_db):
    from django.contrib.auth.models import User
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    User.objects.create_user("carol", password=PASSWORD)


def new_page(browser, locale, width):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


#: Each frame's table, whether it is wider than its box, and its hint's text when shown.
FRAMES = """(selector) => [...document.querySelectorAll(selector)].map((frame) => {
    const wrap = frame.querySelector(".table-wrap"), hint = frame.querySelector(".scroll-hint");
    return {table: wrap.querySelector("table").id, wider: wrap.scrollWidth > wrap.clientWidth,
            hint: hint.offsetParent ? hint.textContent : null};
})"""


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_a_decks_wide_tables_say_they_scroll_on_a_phone(browser, live_server, live_samples, locale):
    page = new_page(browser, locale, 390)
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    page.wait_for_function("() => document.querySelectorAll('.table-scroll.overflows').length === 2")
    assert page.evaluate(FRAMES, "main .table-scroll") == [
        {"table": "damage-table", "wider": True, "hint": HINTS[locale]},
        {"table": "odds-table", "wider": True, "hint": HINTS[locale]},
    ]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Scrolled to its end, the damage table's line is hidden (its room kept: nothing jumps).
    page.locator("#damage-table").evaluate(
        "t => { const w = t.parentElement; w.scrollLeft = w.scrollWidth; w.dispatchEvent(new Event('scroll')); }")
    page.wait_for_function("() => document.querySelector('.table-scroll').classList.contains('scrolled-end')")
    assert page.locator(".scroll-hint").first.evaluate("h => getComputedStyle(h).visibility") == "hidden"
    page.context.close()


def test_a_wide_screen_has_no_such_line_for_a_table_that_fits(browser, live_server, live_samples):
    page = new_page(browser, "en-GB", 1366)
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    page.wait_for_function("() => document.querySelector('.table-scroll[data-scroll-hint]') !== null")
    frames = page.evaluate(FRAMES, "main .table-scroll")
    assert frames[0] == {"table": "damage-table", "wider": False, "hint": None}
    page.context.close()


def test_the_builders_damage_table_says_it_scrolls_after_each_change(browser, live_server, live_samples):
    page = new_page(browser, "en-GB", 390)
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    page.fill("#import-text", "3 SMP-001\n3 SMP-040\n")
    page.click("#import-button")
    page.locator('#builder-panel #deck-summary[data-total="6"]').wait_for()
    page.wait_for_function("() => document.querySelector('#builder-panel .table-scroll.overflows') !== null")
    assert page.evaluate(FRAMES, "#builder-panel .table-scroll") == [
        {"table": "damage-table", "wider": True, "hint": "Scroll sideways for more columns →"},
    ]
    close_settled(page.context)  # the builder's draft written before the database is emptied
