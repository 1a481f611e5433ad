"""What surrounds every page, in a real browser: the phone header folds its navigation behind a
menu button and the sample notice can be dismissed for good; on a wide screen the navigation
stays open. Every icon of the sprite draws (no emoji font needed). The deck page's charts keep
their text whole and legible, and its print view leaves no heading at a column's foot."""
import pytest
from django.core.management import call_command

from core.icons import ICONS

pytestmark = pytest.mark.e2e

LOCALES = {"en": "en-GB", "ja": "ja-JP"}


@pytest.fixture
def samples(transactional_db):
    call_command("load_samples", verbosity=0)


def new_page(browser, lang, width):
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def height(page, selector) -> float:
    return page.locator(selector).bounding_box()["height"]


@pytest.mark.parametrize("lang, menu", [("en", "Menu"), ("ja", "メニュー")])
def test_the_phone_header_is_one_line_and_the_notice_goes_for_good(browser, live_server, samples, lang, menu):
    page = new_page(browser, lang, 390)
    page.goto(f"{live_server.url}/cards/")
    toggle = page.locator(".nav-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    assert page.get_by_role("button", name=menu).count() == 1
    assert not page.locator("#site-nav").is_visible()
    assert height(page, ".header-top") <= 48
    assert height(page, ".site-header") <= 130  # the name, the languages, the menu and the notice (was 290)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    nav = page.locator("#site-nav")
    assert nav.is_visible() and nav.locator('a[href="/decks/new/"]').is_visible()
    toggle.click()
    assert not nav.is_visible()

    page.click("#sample-notice-dismiss")
    assert page.locator("#sample-notice").count() == 0
    page.goto(f"{live_server.url}/decks/validate/")
    assert page.locator("#sample-notice").count() == 0
    assert height(page, ".site-header") <= 48
    page.context.close()


def test_on_a_wide_screen_the_navigation_stays_open(browser, live_server, samples):
    page = new_page(browser, "en", 1280)
    page.goto(f"{live_server.url}/")
    assert not page.locator(".nav-toggle").is_visible()
    assert page.locator('#site-nav a[href="/play/"]').is_visible()
    assert page.locator("#sample-notice-dismiss").is_visible()
    page.context.close()


def test_every_icon_draws(browser, live_server, samples):
    page = new_page(browser, "en", 390)
    page.goto(f"{live_server.url}/")
    widths = page.evaluate("""(names) => Object.fromEntries(names.map((name) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
        svg.setAttribute("width", "24");
        svg.setAttribute("height", "24");
        use.setAttribute("href", `#icon-${name}`);
        svg.append(use);
        document.body.append(svg);
        return [name, Math.round(use.getBBox().width)];
    }))""", list(ICONS))
    assert all(8 <= w <= 24 for w in widths.values()), widths
    page.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_deck_pages_charts_keep_their_text_whole_and_legible(browser, live_server, samples, width):
    page = new_page(browser, "en", width)
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    texts = page.evaluate("""() => [...document.querySelectorAll(".bar-chart")].flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        const scale = box.width / svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll("text")].map((text) => {
            const r = text.getBoundingClientRect();
            return {text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * scale,
                    inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5};
        });
    })""")
    assert len(texts) >= 40 and "26 (51.0%)" in [t["text"] for t in texts]
    assert [t for t in texts if not t["inside"]] == []
    assert min(t["px"] for t in texts) >= 13.5
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()


def test_the_print_view_keeps_each_heading_with_its_cards(browser, live_server, samples):
    page = new_page(browser, "en", 1280)
    page.goto(f"{live_server.url}/decks/SMP-RED/print/")
    page.emulate_media(media="print")
    pairs = page.evaluate("""() => [...document.querySelectorAll(".print-list section")].map((section) => {
        const h = section.querySelector("h2").getBoundingClientRect();
        const li = section.querySelector("li").getBoundingClientRect();
        return {heading: section.querySelector("h2").textContent, same_column: Math.abs(h.left - li.left) < 40,
                below: li.top >= h.bottom - 1};
    })""")
    assert [p["heading"] for p in pairs] == ["Character (24)", "Item (13)", "Event (14)"]
    assert all(p["same_column"] and p["below"] for p in pairs), pairs
    page.context.close()
