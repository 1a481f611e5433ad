"""A reader of English sees English card names first (Japanese small beneath) in the builder's
search results and deck panel, and in the deck page, in the English order; a reader of
Japanese sees Japanese names first, in kana order."""
import pytest

from tests.e2e.conftest import close_settled, log_in
from tests.e2e.test_deck_builder import PASSWORD, add_from_results, search, wait_for_total

pytestmark = pytest.mark.e2e


@pytest.fixture
def live_samples(transactional_db):
    """The sample catalogue and decks and the player carol, committed for the live server."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    User.objects.create_user("carol", password=PASSWORD)


@pytest.fixture
def page_ja(browser):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    close_settled(context)


def build_three(page, base):
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    search(page, "cn:004 or cn:005 or cn:063")
    for code in ("SMP-004", "SMP-005", "SMP-063"):
        add_from_results(page, code, 1)
    wait_for_total(page, 3)


def panel_names(page) -> list[str]:
    return page.eval_on_selector_all(
        "#builder-panel .builder-card .name-first", "els => els.map(e => e.textContent.trim())")


def test_the_builder_in_english(page, live_server, live_samples):
    build_three(page, live_server.url)
    first = page.locator('#search-results li[data-code="SMP-005"]')
    assert first.locator(".result-name").inner_text() == "Go, Cheer Squad Leader"
    assert first.locator(".result-name-other").inner_text().strip() == "応援団長ゴウ"
    assert panel_names(page) == ["Go, Cheer Squad Leader", "New Student", "Sakuya of the Sword Club"]
    other = page.locator('#builder-panel .builder-card[data-code="SMP-005"] .name-other')
    assert other.inner_text() == "応援団長ゴウ"
    # the Japanese name is smaller than the English one
    sizes = page.evaluate("""() => {
      const li = document.querySelector('#builder-panel .builder-card[data-code="SMP-005"]');
      const px = (sel) => parseFloat(getComputedStyle(li.querySelector(sel)).fontSize);
      return [px('.name-first'), px('.name-other')];
    }""")
    assert sizes[1] < sizes[0]


def test_the_builder_in_japanese(page_ja, live_server, live_samples):
    build_three(page_ja, live_server.url)
    first = page_ja.locator('#search-results li[data-code="SMP-005"]')
    assert first.locator(".result-name").inner_text() == "応援団長ゴウ"
    assert panel_names(page_ja) == ["応援団長ゴウ", "剣術部のサクヤ", "新入生"]


def test_the_deck_page_in_english(page, live_server, live_samples):
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    names = page.eval_on_selector_all(
        ".card-group.type-character td.card-names > a", "els => els.map(e => e.textContent)")
    assert names[:3] == ["Emilio, Exchange Student", "Go, Cheer Squad Leader", "Hinata, Hot-Blooded Transfer Student"]
    page.select_option("#deck-sort", "size")
    page.click("#sort-form button[type=submit]")
    page.wait_for_url("**/decks/SMP-RED/?sort=size")
    names = page.eval_on_selector_all(
        ".card-group.type-character td.card-names > a", "els => els.map(e => e.textContent)")
    assert names[:2] == ["Popo, the Fireball Kid", "Go, Cheer Squad Leader"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
