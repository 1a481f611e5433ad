"""The table's social side in a real browser, against the whole site over ASGI: two guests chat
at a table (a spectator reads along, text stays text; a line with a formatting character is
refused under the form and given back to the field), the "your turn" alert changes the title
and the favicon and remembers its sound, and the replay fetches its frames as they are viewed
from a clickable move list, with the match's chat beside."""
import re

import pytest
from playwright.sync_api import expect

from play.identity import Player
from play.models import ChatMessage, Match
from play.services.chat import say
from tests.e2e.test_play_table import choose_name, guest_page, make_a_move, open_a_two_seat_table
from tests.play.test_pages import finished_bot_match


def icons(page) -> list[str]:
    """The hrefs of the page's icon links (the site offers an .ico and an SVG)."""
    return page.eval_on_selector_all('link[rel~="icon"]', "links => links.map((link) => link.getAttribute('href'))")


pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("locale, width, refusal", [
    ("en-GB", 390, "A text cannot hold control characters or bidirectional formatting characters (U+202E)."),
    ("ja-JP", 1280, "テキストに制御文字や双方向書式文字（U+202E）は使えません。"),
])
def test_a_line_with_a_formatting_character_is_refused_under_the_form(browser, asgi_server, locale, width, refusal):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    ann = context.new_page()
    ann.set_default_timeout(15_000)
    match_id = open_a_two_seat_table(ann, asgi_server, "Ann")
    expect(ann.locator("#connection")).to_have_attribute("data-state", "open")
    ann.fill("#chat-input", "gg \u202eexe.txt")
    ann.keyboard.press("Enter")
    expect(ann.locator("#chat-error")).to_have_text(refusal)
    expect(ann.locator("#chat-error")).to_be_visible()
    expect(ann.locator("#chat-input")).to_have_value("gg \u202eexe.txt")  # given back, to be mended
    expect(ann.locator("#chat-log .chat-line")).to_have_count(0)
    assert not ChatMessage.objects.filter(match_id=match_id).exists()
    ann.fill("#chat-input", "gg")  # typing again clears the refusal; a clean line is said
    expect(ann.locator("#chat-error")).to_be_hidden()
    ann.keyboard.press("Enter")
    expect(ann.locator("#chat-log .chat-text")).to_have_text(["gg"])
    expect(ann.locator("#chat-input")).to_have_value("")
    context.close()


def test_two_guests_chat_at_a_table_and_a_spectator_reads_along(browser, asgi_server):
    ann, bob, watcher = guest_page(browser, 1280, 900), guest_page(browser), guest_page(browser)
    match_id = open_a_two_seat_table(ann, asgi_server, "Ann")
    expect(ann.locator("#connection")).to_have_attribute("data-state", "open")
    expect(ann.locator("#chat-empty")).to_have_text("No messages yet.")

    bob.goto(f"{asgi_server}/play/m/{match_id}/")
    bob.click(".join-button")
    choose_name(bob, "Bob")
    bob.wait_for_url(f"{asgi_server}/play/m/{match_id}/")
    expect(bob.locator("#table")).to_have_attribute("data-status", "running")
    watcher.goto(f"{asgi_server}/play/m/{match_id}/")
    expect(watcher.locator("#connection")).to_have_attribute("data-state", "open")
    expect(watcher.locator("#chat-form")).to_have_count(0)
    expect(watcher.locator("#chat-panel")).to_contain_text("Choose a display name to chat.")

    # It is Ann's turn: her title and favicon say so; Bob's do not.
    expect(ann.locator("#turn-banner")).to_have_text("Your turn")
    expect(ann).to_have_title(re.compile(r"^Your turn! · L\.A\.M\.A\. · Table"))
    expect(bob).to_have_title(re.compile(r"^L\.A\.M\.A\. · Table"))
    assert all("circle" in icon for icon in icons(ann)) and not any("circle" in icon for icon in icons(bob))

    # Ann says hello with the keyboard only: focus the field, type, Enter.
    ann.focus("#chat-input")
    ann.keyboard.type("Hi <b>Bob</b> & good luck")
    ann.keyboard.press("Enter")
    expect(ann.locator("#chat-input")).to_have_value("")
    for page in (ann, bob, watcher):
        line = page.locator("#chat-log .chat-line").last
        expect(line.locator(".chat-name")).to_have_text("Ann")
        expect(line.locator(".chat-who")).to_have_text("(Seat 1)")
        expect(line.locator(".chat-text")).to_have_text("Hi <b>Bob</b> & good luck")
        expect(page.locator("#chat-log b")).to_have_count(0)  # text, never HTML
        expect(page.locator("#chat-empty")).to_be_hidden()

    bob.fill("#chat-input", "thanks, you too")
    bob.click("#chat-send")
    for page in (ann, bob, watcher):
        expect(page.locator("#chat-log .chat-text")).to_have_text(["Hi <b>Bob</b> & good luck", "thanks, you too"])
        expect(page.locator("#chat-log .chat-line").last.locator(".chat-who")).to_have_text("(Seat 2)")
    # The chat's keys do not play cards: typing a digit in the field leaves the board alone.
    ann.focus("#chat-input")
    ann.keyboard.type("1")
    assert ann.locator("#table").get_attribute("data-version") == "0"
    ann.fill("#chat-input", "")

    # Ann moves: the alert goes to Bob and leaves Ann's title as it was.
    make_a_move(ann)
    expect(bob).to_have_title(re.compile(r"^Your turn! · L\.A\.M\.A\. · Table"))
    expect(ann).to_have_title(re.compile(r"^L\.A\.M\.A\. · Table"))
    assert icons(ann) == ["/favicon.ico", "/static/img/favicon.svg"]

    # The sound toggle is remembered.
    bob.check("#turn-sound")
    bob.reload()
    expect(bob.locator("#turn-sound")).to_be_checked()
    assert bob.evaluate("localStorage.getItem('play.turn_sound')") == "on"

    # A reloaded table shows the chat kept with the match; the phone page does not scroll sideways.
    expect(bob.locator("#chat-log .chat-text")).to_have_text(["Hi <b>Bob</b> & good luck", "thanks, you too"])
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    assert [m.text for m in Match.objects.get(pk=match_id).chat.all()] == [
        "Hi <b>Bob</b> & good luck", "thanks, you too"]
    for page in (ann, bob, watcher):
        page.context.close()


def test_the_replay_fetches_frames_as_they_are_viewed_from_its_move_list(browser, asgi_server):
    match = finished_bot_match(end_at=20)
    say(Player(None, "c" * 32, "Carol"), match.id, "nice <i>game</i>")
    page = guest_page(browser, 1280, 900)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if "/replay/frames/" in request.url else None)
    page.goto(f"{asgi_server}/play/m/{match.id}/replay/")
    last = match.version
    expect(page.locator("#replay-position")).to_have_text("The deal")
    expect(page.locator("#replay-moves li")).to_have_count(last + 1)
    assert [u.split("?")[1] for u in fetched] == ["start=0&count=20"]
    # no live prompt on a replay: no turn banner, no hint, no buttons to play
    expect(page.locator("#turn-banner")).to_have_count(0)
    expect(page.locator("#board .actions button")).to_have_count(0)

    # a click on a move far on shows it, fetching only its chunk
    target = last - 1
    page.locator(f'#replay-moves button[data-frame="{target}"]').click()
    expect(page.locator("#replay-position")).to_have_text(f"Move {target} of {last}")
    expect(page.locator(f'#replay-moves button[data-frame="{target}"]')).to_have_attribute("aria-current", "step")
    chunk = target // 20 * 20
    expect(page.locator("#replay-loading")).to_be_hidden()
    assert f"start={chunk}&count=20" in [u.split("?")[1] for u in fetched]
    text = page.locator(f'#replay-moves button[data-frame="{target}"]').inner_text()
    expect(page.locator("#replay-move")).to_have_text(text)
    page.keyboard.press("End")
    expect(page.locator("#replay-position")).to_have_text(f"Move {last} of {last}")
    scores = [int(s) for s in page.locator("#seats .score").evaluate_all("els => els.map(e => e.dataset.score)")]
    assert scores == match.outcome["scores"]
    # the match's chat is beside, as text
    expect(page.locator("#chat-log .chat-text")).to_have_text(["nice <i>game</i>"])
    expect(page.locator("#chat-log i")).to_have_count(0)
    expect(page.locator("#chat-form")).to_have_count(0)
    page.context.close()
