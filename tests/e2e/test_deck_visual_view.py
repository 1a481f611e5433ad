"""The Cards view of a deck in Chromium: on a deck's page, at a phone's and a desktop's width,
the List / Cards switch shows the deck as stacks of card faces that all load and stay inside
the screen, the choice is remembered, the switch works from the keyboard and a face shows the
card preview on hover; in the builder, a card added shows in the Cards view at once."""
import pytest

from tests.e2e.conftest import log_in
from tests.e2e.test_deck_builder import PASSWORD, add_from_results, live_samples, search, wait_for_total  # noqa: F401

pytestmark = pytest.mark.e2e

FACES = ".deck-view-cards .stack-card img"
LIST_CODES = "els => els.map(e => e.textContent.trim())"
ALL_LOADED = "() => [...document.querySelectorAll('.deck-view-cards .stack-card img')].every(i => i.complete && i.naturalWidth > 0)"
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll('.deck-view-cards .stack-card')].filter(e => {
    const box = e.getBoundingClientRect();
    return box.left < 0 || box.right > width;
  });
  return {scroll: document.documentElement.scrollWidth, width, out: out.map(e => e.dataset.code)};
}"""


def load_every_face(page):
    """Scroll each face into sight (they load lazily) and wait until every one has loaded."""
    for face in page.locator(FACES).all():
        face.scroll_into_view_if_needed()
    page.wait_for_function(ALL_LOADED)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_deck_page_shows_its_cards_as_faces(browser, live_server, live_samples, width):
    context = browser.new_context(locale="en-GB", viewport={"width": width, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/decks/SMP-RED/")
        listed = page.eval_on_selector_all(".deck-view-list td.code a", LIST_CODES)
        assert len(listed) >= 17
        assert page.locator(".deck-view-list").is_visible()
        assert not page.locator(".deck-view-cards").is_visible()
        assert page.locator("button[data-show-view=list]").get_attribute("aria-pressed") == "true"

        page.click("button[data-show-view=cards]")
        assert page.locator(".deck-view-cards").is_visible()
        assert not page.locator(".deck-view-list").is_visible()
        assert page.locator("button[data-show-view=cards]").get_attribute("aria-pressed") == "true"
        assert page.locator("button[data-show-view=list]").get_attribute("aria-pressed") == "false"
        # one face per card of the list, in the list's order, in the page's language
        assert page.eval_on_selector_all(FACES, "els => els.map(e => e.dataset.card)") == listed
        assert {src.split("?")[1] for src in page.eval_on_selector_all(FACES, "els => els.map(e => e.getAttribute('src'))")} == {"lang=en"}
        types = page.eval_on_selector_all(".deck-view-cards .card-stack", "els => els.map(e => e.dataset.type)")
        assert types == ["character", "item", "event"]
        load_every_face(page)
        assert page.evaluate(OVERFLOW) == {"scroll": width, "width": width, "out": []}
        # each face's name plate is in sight: the next face starts below it
        first, second = page.locator(".deck-view-cards .card-stack").first.locator(".stack-card").all()[:2]
        top, below = first.locator("img").bounding_box(), second.locator("img").bounding_box()
        assert 0.15 < (below["y"] - top["y"]) / top["height"] < 0.2

        # remembered on the next page
        page.reload()
        assert page.locator(".deck-view-cards").is_visible()
        assert page.locator("button[data-show-view=cards]").get_attribute("aria-pressed") == "true"
        # a face reached with the keyboard comes whole above the faces that overlap it
        page.focus("#deck-sort")
        page.keyboard.press("Tab")  # the Sort button
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.card") == listed[0]
        assert page.evaluate("""() => {
          const face = document.activeElement;
          face.scrollIntoView({block: "center"});
          const now = face.getBoundingClientRect();
          return document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2).closest("a") === face;
        }""")
        # and switched back from the keyboard
        page.focus("button[data-show-view=list]")
        page.keyboard.press("Enter")
        assert page.locator(".deck-view-list").is_visible()
        assert not page.locator(".deck-view-cards").is_visible()
        assert page.evaluate("() => window.localStorage.getItem('deck-view')") == "list"
    finally:
        context.close()


def test_a_face_shows_the_card_preview_on_hover(browser, live_server, live_samples):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/decks/SMP-RED/")
        page.click("button[data-show-view=cards]")
        face = page.locator(FACES).last
        code = face.get_attribute("data-card")
        assert face.get_attribute("src") == f"/cards/{code}/face.svg?lang=ja"
        face.hover()
        page.locator("#card-preview").wait_for(state="visible")
        assert page.locator("#card-preview img").get_attribute("src") == f"/cards/{code}/face.svg?lang=ja"
    finally:
        context.close()


def test_a_card_added_in_the_builder_shows_in_the_cards_view(page, live_server, live_samples):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    assert page.locator("button[data-show-view]").count() == 0  # nothing to show yet
    search(page, "c<=r order:code")
    first, second = page.eval_on_selector_all("#search-results li.search-result", "els => els.map(e => e.dataset.code)")[:2]
    add_from_results(page, first, 1)
    wait_for_total(page, 1)
    page.click("#builder-panel button[data-show-view=cards]")
    assert page.locator("#builder-panel .deck-view-cards").is_visible()
    assert page.eval_on_selector_all(f"#builder-panel {FACES}", "els => els.map(e => e.dataset.card)") == [first]

    # added while the Cards view is shown: the new panel shows it at once, still as faces
    add_from_results(page, second, 2)
    wait_for_total(page, 3)
    assert page.locator("#builder-panel .deck-view-cards").is_visible()
    assert page.locator("#builder-panel button[data-show-view=cards]").get_attribute("aria-pressed") == "true"
    added = page.locator(f'#builder-panel .stack-card[data-code="{second}"]')
    assert added.locator(".stack-count [aria-hidden]").inner_text() == "×2"
    assert sorted(page.eval_on_selector_all(f"#builder-panel {FACES}", "els => els.map(e => e.dataset.card)")) == sorted([first, second])
    load_every_face(page)
    assert page.evaluate(OVERFLOW)["out"] == []
