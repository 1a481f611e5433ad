"""A guest's name carries the "guest" badge on the table page (the seat list, the chat lines, the
result table) and in the lobby; a registered user's name carries none. In English on a phone and
in Japanese on a wide screen."""
import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from play.identity import Player
from play.models import Seat
from play.services.chat import say
from play.services.create import create_match
from play.services.join import join_match
from tests.e2e.test_play_table import finished_bot_match

pytestmark = pytest.mark.e2e

HUMAN = {"kind": "human"}
GUEST_KEY = "g" * 32
WORDS = {
    "en-GB": ("guest", "A guest: playing under a display name, without an account"),
    "ja-JP": ("ゲスト", "ゲスト: アカウントなしで、表示名で参加しています"),
}
CASES = [("en-GB", 390), ("ja-JP", 1366)]


def open_page(browser, locale, width, url):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(url)
    return page


@pytest.mark.parametrize("locale, width", CASES)
def test_a_guests_seat_and_chat_lines_have_the_guest_badge_a_users_none(browser, asgi_server, locale, width):
    badge, title = WORDS[locale]
    alice = User.objects.create_user("alice", password="a long enough password 42")
    match = create_match(Player(alice.pk, None, "alice"), "lama", [HUMAN, HUMAN], {}, None)
    join_match(Player(None, GUEST_KEY, "Gus"), match.id, address="127.0.0.1")
    say(Player(alice.pk, None, "alice"), match.id, "hello")
    say(Player(None, GUEST_KEY, "Gus"), match.id, "hi")

    page = open_page(browser, locale, width, f"{asgi_server}/play/m/{match.id}/")
    seats = page.locator("#seats li.seat")
    expect(seats).to_have_count(2)
    expect(seats.locator(".seat-name")).to_have_text(["alice", "Gus"])
    expect(seats.nth(0).locator(".badge-guest")).to_have_count(0)
    guest_badge = seats.nth(1).locator(".seat-head .badge-guest")
    expect(guest_badge).to_have_text(badge)
    expect(guest_badge).to_have_attribute("title", title)
    expect(guest_badge).to_be_visible()
    # read with the name: not hidden from screen readers
    assert guest_badge.get_attribute("aria-hidden") is None

    lines = page.locator("#chat-log .chat-line")
    expect(lines.locator(".chat-name")).to_have_text(["alice", "Gus"])
    expect(lines.nth(0).locator(".badge-guest")).to_have_count(0)
    expect(lines.nth(1).locator(".badge-guest")).to_have_text(badge)
    expect(lines.nth(1).locator(".badge-guest")).to_have_attribute("title", title)
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # The lobby lists the match in play with both names, the guest's with the badge.
    page.goto(f"{asgi_server}/play/")
    names = page.locator(f'#running-matches li[data-match="{match.id}"] .names')
    expect(names.locator("a")).to_have_text(["alice"])  # a user's name leads to their page
    expect(names.locator(".badge-guest")).to_have_text([badge])
    expect(names).to_have_text(f"alice, Gus {badge}")
    page.context.close()


@pytest.mark.parametrize("locale, width", CASES)
def test_the_result_table_marks_a_guests_seat(browser, asgi_server, locale, width):
    """A finished match whose people (a user and a guest) resigned and were played by bots."""
    badge, _ = WORDS[locale]
    alice = User.objects.create_user("alice", password="a long enough password 42")
    match = finished_bot_match(seats=2)
    Seat.objects.filter(match=match, index=0).update(user=alice, name="alice", resigned=True)
    Seat.objects.filter(match=match, index=1).update(session_key=GUEST_KEY, name="Gus", resigned=True)

    page = open_page(browser, locale, width, f"{asgi_server}/play/m/{match.id}/")
    expect(page.locator("#outcome")).to_be_visible()
    rows = page.locator("#outcome .outcome-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator(".badge-guest")).to_have_count(0)
    expect(rows.nth(1).locator("th .badge-guest")).to_have_text(badge)
    expect(page.locator("#seats li.seat").nth(1).locator(".badge-guest")).to_have_text(badge)
    page.context.close()
