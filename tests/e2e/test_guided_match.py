"""A guided first match in a real browser, against the whole site served over ASGI with a real
Celery worker playing the scripted bot at once: a new guest opens L.A.M.A.'s how-to-play page from
the lobby, starts its guided match and finishes it by clicking the card each hint names."""
import re

import pytest
from playwright.sync_api import expect

from play.models import Match
from tests.e2e.test_play_table import TABLE_URL, choose_name, guest_page

pytestmark = pytest.mark.e2e

#: The card a L.A.M.A. hint asks for: the last "play your …" of its text.
ASKED = re.compile(r"[Pp]lay your (\d|llama)")


def test_a_new_guest_learns_lama_by_following_the_hints_to_a_win(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/")
    page.locator('#lobby-rules a[data-game="lama"]').click()
    page.wait_for_url(f"{asgi_server}/play/rules/lama/")
    page.click("#rules-guided")
    choose_name(page, "Ann")  # a guest names themselves first, then lands at the guided table
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    assert Match.objects.get(pk=match_id).guide == "lama"

    panel, hint = page.locator("#guide"), page.locator("#guide-hint")
    expect(panel).to_be_visible()
    expect(page.locator("#guide-title")).to_contain_text("Guided match")
    # The panel stands above the board on a phone.
    assert panel.bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    steps = 0
    while True:
        expect(page.locator("#guide")).to_have_attribute("data-hint", re.compile(r"^(step-\d+|done)$"))
        if page.locator("#guide").get_attribute("data-hint") == "done":
            break
        expect(page.locator("#guide-progress")).to_have_text(f"step {steps + 1} of 6")
        text = hint.inner_text()
        card = ASKED.findall(text)[-1]
        value = "7" if card == "llama" else card
        button = page.locator(f'#board .hand button.playable[data-value="{value}"]')
        expect(button).to_have_class(re.compile(r"\bis-guided\b"))  # the card the hint names is marked
        expect(page.locator("#board .is-guided")).to_have_count(1)
        # Its dashed outline stays under the "Your hand" heading, not across it (on a phone too).
        clear = button.evaluate("""el => {
            const style = getComputedStyle(el);
            const outline = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
            return el.getBoundingClientRect().top - outline - document.getElementById('hand-title').getBoundingClientRect().bottom;
        }""")
        assert clear >= 0, clear
        button.click()
        steps += 1
        # The hint moves on: the bot's turn ("wait") and its reply, or the end.
        expect(page.locator("#guide")).not_to_have_attribute("data-hint", f"step-{steps - 1}")
    assert steps == 6
    expect(hint).to_contain_text("You went out: you take no minus points")
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#outcome .winners")).to_have_text("Winner: Ann Well played!")
    expect(page.locator("#guided-again")).to_be_visible()
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.version, match.outcome["winners"]) == ("finished", 11, [0])


@pytest.mark.parametrize("locale, progress, said", [
    ("en-GB", "step 1 of 6", "The top card is a 2: play your 3."),
    ("ja-JP", "6手中1手目", "一番上は2です。3を出しましょう。"),
])
def test_on_a_phone_the_hint_stays_in_view_beside_the_card_it_asks_for(browser, asgi_server, locale, progress, said):
    """The board is taller than a phone's screen: scrolled down to the hand, the player still reads
    the hint at the top of the screen (it stayed above, out of sight), and it covers neither the
    marked card nor the hand's heading."""
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{asgi_server}/play/rules/lama/")
    page.click("#rules-guided")
    choose_name(page, "Ann")
    page.wait_for_url(TABLE_URL)
    expect(page.locator("#guide-progress")).to_have_text(progress)
    expect(page.locator("#guide-hint")).to_contain_text(said)
    card = page.locator('#board .hand button.playable[data-value="3"]')
    expect(card).to_have_class(re.compile(r"\bis-guided\b"))
    # The player scrolls down until the hand's heading is at the middle of the screen.
    page.evaluate("""() => window.scrollBy(0, document.getElementById("hand-title").getBoundingClientRect().top
                                              - window.innerHeight / 2)""")
    boxes = page.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
        return {guide: box(document.getElementById("guide")), heading: box(document.getElementById("hand-title")),
                card: box(document.querySelector("#board .hand .is-guided")), scrolled: window.scrollY,
                height: window.innerHeight};
    }""")
    assert boxes["scrolled"] > 300  # past the hint's own place on the page
    assert boxes["guide"]["top"] == 0 and boxes["guide"]["bottom"] <= boxes["heading"]["top"], boxes
    assert boxes["guide"]["bottom"] <= boxes["card"]["top"] and boxes["card"]["bottom"] <= boxes["height"], boxes
    context.close()
