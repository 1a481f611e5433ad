"""Ratings in a real browser: two logged-in players finish a L.A.M.A. match at the table by
clicking, and each sees their new rating on their page (openskill's numbers for a first win and
a first loss), the leaderboard lists them and the lobby links to it."""
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HUMAN, SHORT, person, stack

pytestmark = pytest.mark.e2e


def logged_in_page(browser, base_url, user, locale="en-GB", width=390):
    """A browser page logged in as ``user`` (its session made by Django's test client)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_players_see_their_ratings_change_after_a_finished_match(browser, asgi_server):
    alice_user, bob_user = User.objects.create_user("alice"), User.objects.create_user("bob")
    alice, bob = logged_in_page(browser, asgi_server, alice_user), logged_in_page(browser, asgi_server, bob_user, width=1280)
    alice.goto(f"{asgi_server}/players/alice/")
    expect(alice.locator("#no-ratings")).to_be_visible()
    expect(alice.locator("#no-matches")).to_be_visible()

    # A one-round match, both hands 1-6 (a stacked deal, set by the test once both are seated).
    match = create_match(person(alice_user), "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    join_match(person(bob_user), match.id)
    stack(match.id, SHORT)
    alice.goto(f"{asgi_server}/play/m/{match.id}/")
    bob.goto(f"{asgi_server}/play/m/{match.id}/")
    expect(alice.locator("#turn-banner")).to_have_text("Your turn")
    alice.click('#board .hand button.playable[data-value="1"]')
    expect(bob.locator("#turn-banner")).to_have_text("Your turn")
    bob.click("#board .action-quit")
    expect(alice.locator("#turn-banner")).to_have_text("Your turn")
    alice.click("#board .action-quit")
    expect(alice.locator("#outcome")).to_be_visible()
    expect(bob.locator("#outcome")).to_be_visible()

    # Alice's page: her first rating (mu 27.64, sigma 8.07: 27.64 − 3 × 8.07 = 3.4), the match won.
    alice.goto(f"{asgi_server}/play/")
    alice.click("#my-profile")
    expect(alice).to_have_url(f"{asgi_server}/players/alice/")
    row = alice.locator('#player-ratings tr[data-game="lama"]')
    expect(row.locator(".rating")).to_have_text("3.4")
    expect(row.locator(".games")).to_have_text("1")
    expect(alice.locator(f'#player-matches .match-row[data-match="{match.id}"] .match-result')).to_have_text(
        "Place 1 of 2")
    expect(alice.locator(f'#player-matches .match-row[data-match="{match.id}"] .rating-change')).to_have_text(
        "rating +3.4")

    # Bob follows the leaderboard from the lobby, then Alice's name to her page and his own.
    bob.goto(f"{asgi_server}/play/")
    bob.click('#lobby-leaderboards a[data-game="lama"]')
    expect(bob.locator("#leaderboard tbody tr")).to_have_count(2)
    expect(bob.locator("#leaderboard tbody tr").nth(0)).to_have_attribute("data-username", "alice")
    expect(bob.locator('#leaderboard tr[data-username="bob"] .rating')).to_have_text("-1.8")
    bob.click('#leaderboard a[href="/players/bob/"]')
    expect(bob.locator(f'#player-matches .match-row[data-match="{match.id}"] .rating-change')).to_have_text(
        "rating -1.8")
    # the page fits a phone: nothing wider than the screen
    assert alice.evaluate("document.documentElement.scrollWidth") <= 390
    for page in (alice, bob):
        page.context.close()
