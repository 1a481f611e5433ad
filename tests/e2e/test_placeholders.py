"""A search box's example shows whole on a phone: the card search's and the builder's were cut at
the box's edge ("name, or a query such as t:character c:r" ended in "c:r" clipped, its Japanese
"…のような検索式" hid its end)."""
import pytest

from tests.e2e.conftest import close_settled, log_in

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 42"
PLACEHOLDERS = {
    "en-GB": {"/": "e.g. t:character c:r", "/cards/": "name, or t:character c:r",
              "/decks/new/": "name, or t:character c:r"},
    "ja-JP": {"/": "例: t:character c:r", "/cards/": "カード名、または t:character c:r",
              "/decks/new/": "カード名、または t:character c:r"},
}
BOXES = {"/": "#home-q", "/cards/": "#card-q", "/decks/new/": "#card-search"}


@pytest.fixture
def live_samples(transactional_db):
    from django.contrib.auth.models import User
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    User.objects.create_user("carol", password=PASSWORD)


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_each_search_boxs_example_fits_a_phone(browser, live_server, live_samples, locale):
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server.url, "carol", PASSWORD)
    for path, expected in PLACEHOLDERS[locale].items():
        page.goto(f"{live_server.url}{path}")
        box = page.locator(BOXES[path])
        assert box.get_attribute("placeholder") == expected
        # The example typed into the box: it fits when the box need not scroll to show it.
        fits = box.evaluate("""(box) => { const before = box.value; box.value = box.placeholder;
            const fits = box.scrollWidth <= box.clientWidth; box.value = before; return fits; }""")
        assert fits, (path, expected)
    close_settled(context)
