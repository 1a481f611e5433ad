"""The card face itself in the reader's language, in a real browser: on the card page and in
the search grid, the face image is asked for in that language (``?lang=ja`` / ``?lang=en``),
has really loaded, and is named in that language (the card page's image by its alt text; a
grid tile's image is decorative, ``alt=""``, because the tile's link names the card already,
and a second name in the alt would be read twice)."""
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

NAMES = {"ja": "火炎部長カグラ", "en": "Kagura, Flame Club Captain"}
ALT = {"ja": "カード「火炎部長カグラ」（カードのデータから描いた画像）",
       "en": "The card Kagura, Flame Club Captain, drawn from its data"}
LOCALES = {"ja": "ja-JP", "en": "en-GB"}


@pytest.fixture
def samples(transactional_db):
    call_command("load_samples", verbosity=0)


@pytest.fixture(params=["ja", "en"])
def reader(request, browser):
    """A page whose browser asks for Japanese or for English, and that language."""
    context = browser.new_context(locale=LOCALES[request.param], viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, request.param
    context.close()


def loaded(image) -> bool:
    """Whether the browser has fetched and decoded the image (an SVG with a size)."""
    return image.evaluate("i => i.complete && i.naturalWidth > 0")


def test_the_card_page_face_in_the_readers_language(reader, live_server, samples):
    page, lang = reader
    page.goto(f"{live_server.url}/cards/SMP-001/")
    assert page.evaluate("document.documentElement.lang") == lang
    face = page.locator("#card-face")
    assert face.get_attribute("src") == f"/cards/SMP-001/face.svg?lang={lang}"
    expect(face).to_have_attribute("alt", ALT[lang])
    page.wait_for_function("() => { const i = document.getElementById('card-face'); return i.complete && i.naturalWidth > 0; }")
    assert loaded(face)
    assert face.evaluate("i => i.naturalWidth") == 244
    # the image the browser shows is the one of that language: its text holds the card's name
    svg = page.request.get(f"{live_server.url}{face.get_attribute('src')}")
    assert svg.ok and svg.headers["content-type"].startswith("image/svg+xml")
    assert NAMES[lang] in svg.text()


def test_a_search_grid_face_in_the_readers_language(reader, live_server, samples):
    page, lang = reader
    page.goto(f"{live_server.url}/cards/?q=cn<=3+s:SMP&view=grid")
    tile = page.locator('.card-grid [data-card-code="SMP-001"]')
    face = tile.locator("img.tile-face")
    assert face.get_attribute("src") == f"/cards/SMP-001/face.svg?lang={lang}"
    face.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const i = document.querySelector('[data-card-code=\"SMP-001\"] img.tile-face'); "
        "return i.complete && i.naturalWidth > 0; }")
    assert loaded(face)
    assert face.get_attribute("alt") == ""
    assert tile.get_attribute("data-card-name") == NAMES[lang]
    expect(tile.locator(".tile-name")).to_have_text(NAMES[lang])
    expect(tile.locator(".tile-name")).to_have_attribute("lang", lang)
    # the tile's link is named by the card, in the reader's language first (after its colour)
    colour = {"ja": "赤", "en": "red"}[lang]
    expect(tile.locator("a")).to_have_accessible_name(re.compile(rf"^{colour} SMP-001 {re.escape(NAMES[lang])} "))
