"""The card preview in Chromium: hovering a card name on the search table and on a deck's page
shows the card's face in the page's language, keyboard focus shows it and Escape closes it, and
a long-press on a phone's touch screen shows it without following the link (a tap still does);
at the Elements of Chaos table a card in hand shows it on hover."""
import pytest

pytestmark = [pytest.mark.e2e]

PREVIEW = "#card-preview"


@pytest.fixture
def live_samples(transactional_db):
    """The sample catalogue and decks, committed so that the live server's thread sees them."""
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


@pytest.fixture
def desktop(browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def face_src(page):
    page.locator(PREVIEW).wait_for(state="visible")
    return page.locator(f"{PREVIEW} img").get_attribute("src")


def inside_viewport(page):
    box = page.locator(PREVIEW).bounding_box()
    size = page.viewport_size
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]


def test_hovering_a_name_on_the_search_table_shows_its_card(desktop, live_server, live_samples):
    desktop.goto(f"{live_server.url}/cards/?q=t:character")
    assert desktop.locator(PREVIEW).count() == 0
    name = desktop.locator('td.name a[data-card="SMP-001"]')
    assert name.inner_text() == "Kagura, Flame Club Captain"
    name.hover()
    assert face_src(desktop) == "/cards/SMP-001/face.svg?lang=en"
    assert desktop.locator(PREVIEW).get_attribute("aria-hidden") == "true"
    assert desktop.locator(f"{PREVIEW} img").get_attribute("alt") == ""
    assert desktop.locator(f"{PREVIEW} img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert inside_viewport(desktop)
    desktop.mouse.move(5, 790)  # off the name
    desktop.locator(PREVIEW).wait_for(state="hidden")


def test_hovering_a_name_on_a_deck_page_shows_its_card_in_japanese(desktop, live_server, live_samples):
    desktop.goto(f"{live_server.url}/decks/SMP-RED/")
    desktop.locator("button[name=language][value=ja]").click()
    desktop.wait_for_load_state("domcontentloaded")
    name = desktop.locator('td.card-names a[data-card="SMP-003"]')
    assert name.inner_text() == "紅蓮の魔導士レオン"
    name.hover()
    assert face_src(desktop) == "/cards/SMP-003/face.svg?lang=ja"
    assert inside_viewport(desktop)
    desktop.keyboard.press("Escape")
    desktop.locator(PREVIEW).wait_for(state="hidden")


def test_keyboard_focus_on_a_card_link_shows_its_card(desktop, live_server, live_samples):
    desktop.goto(f"{live_server.url}/cards/?q=t:character")
    desktop.locator('td.name a[data-card="SMP-001"]').focus()
    assert face_src(desktop) == "/cards/SMP-001/face.svg?lang=en"
    desktop.keyboard.press("Escape")
    desktop.locator(PREVIEW).wait_for(state="hidden")


def long_press(page, locator, ms=700):
    """A finger held on the element for ``ms`` milliseconds (Chrome's touch events through CDP)."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_long_press_on_a_phone_shows_the_card_without_following_the_link(phone, live_server, live_samples):
    url = f"{live_server.url}/cards/?q=t:character"
    phone.goto(url)
    name = phone.locator('td.name a[data-card="SMP-001"]')
    assert name.inner_text() == "火炎部長カグラ"
    long_press(phone, name)
    assert face_src(phone) == "/cards/SMP-001/face.svg?lang=ja"
    assert inside_viewport(phone)
    phone.wait_for_timeout(800)  # time for a navigation, were one to follow
    assert phone.url == url
    # A tap elsewhere closes it; a plain tap on the name still opens the card.
    phone.locator("h1").first.tap()
    phone.locator(PREVIEW).wait_for(state="hidden")
    name.tap()
    phone.wait_for_url(f"{live_server.url}/cards/SMP-001/", wait_until="domcontentloaded")


@pytest.fixture
def table_samples(threads_share_the_test_db):
    """The sample catalogue, committed so that the ASGI server's thread sees it."""
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


def test_hovering_a_card_in_hand_at_the_elements_of_chaos_table_shows_it(browser, asgi_server, table_samples):
    from tests.e2e.test_eoc_table import stacked_decks

    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{asgi_server}/play/name/")
    page.fill("#id_name", "Ann")
    page.click("#name-button")
    page.goto(f"{asgi_server}/play/")
    token = page.evaluate("document.cookie.match(/csrftoken=([^;]+)/)[1]")
    created = page.request.post(f"{asgi_server}/api/matches/", headers={"X-CSRFToken": token}, data={
        "game": "eoc", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"decks": stacked_decks(), "stacked": True, "first_player": 0},
    })
    assert created.status == 201, created.text()
    page.goto(f"{asgi_server}/play/m/{created.json()['id']}/")
    card = page.locator('#board .eoc-card[data-card="SMP-031"]').first
    assert card.locator(".eoc-card-name").inner_text() == "Phantom the Gentleman Thief"
    card.hover()
    assert face_src(page) == "/cards/SMP-031/face.svg?lang=en"
    assert inside_viewport(page)
    context.close()
