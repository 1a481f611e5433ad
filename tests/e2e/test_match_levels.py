"""The bots' levels on the new-match form in a real browser (``play/static/play/create.js``): a
seat offers only the levels whose bot plays the chosen game, a seat at a level that does not is
moved to the normal level with a line saying why, and the strong bot's time to think shows only
while a seat has the strong level. The strong level is the tests' small stand-in bot
(``tests.play.test_levels.strong_bot``), which plays L.A.M.A. and Completto only."""
import pytest
from playwright.sync_api import expect

from play.models import Match
from tests.e2e.test_play_table import TABLE_URL, choose_name, guest_page
from tests.play.test_levels import strong_bot  # noqa: F401 (a fixture)

pytestmark = pytest.mark.e2e


def test_a_seat_offers_the_levels_that_play_the_game(browser, asgi_server, strong_bot):  # noqa: F811
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.wait_for_url(f"{asgi_server}/play/new/")
    seat = page.locator("#id_seat_1")
    think = page.locator("#id_think_seconds")
    levels = page.locator("#bot-levels .bot-level:visible dt")

    expect(levels).to_have_text(["Easy bot", "Normal bot", "Strong bot"])
    expect(think).to_be_hidden()
    seat.select_option("strong")
    expect(think).to_be_visible()
    expect(think).to_have_value("0.5")

    page.select_option("#id_game", "elements")
    expect(seat).to_have_value("normal")
    expect(seat.locator("option:not([disabled])")).to_have_text(["You", "Open for a person", "Easy bot", "Normal bot"])
    expect(levels).to_have_text(["Easy bot", "Normal bot"])
    expect(page.locator(".level-note:visible")).to_have_text(["Not for Elements: Strong bot."])
    expect(think).to_be_hidden()

    page.select_option("#id_game", "lama")
    expect(levels).to_have_text(["Easy bot", "Normal bot", "Strong bot"])
    expect(page.locator(".level-note:visible")).to_have_count(0)
    page.fill("#id_players", "2")
    seat.select_option("strong")
    think.fill("1.5")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match = Match.objects.get(pk=TABLE_URL.search(page.url).group(1))
    assert ([s.bot for s in match.seats.order_by("index")], match.think_seconds) == (["", "strong"], 1.5)
