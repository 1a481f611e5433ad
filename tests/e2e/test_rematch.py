"""A rematch in a real browser: two guests finish a one-round L.A.M.A. match, one proposes a
rematch from the finished table, the other sees "Accept rematch" appear (the finished table
polls the match's view) and accepts, and both land at the new table, which starts."""
import pytest
from playwright.sync_api import expect

from play.games import GAMES
from play.models import Match
from tests.e2e.test_play_table import TABLE_URL, choose_name, guest_page, open_a_two_seat_table
from tests.play.matches import stack

pytestmark = pytest.mark.e2e


def quit_when_my_turn(page) -> None:
    page.locator("#board .action-quit:not([disabled])").click()


def test_two_guests_finish_a_match_and_play_a_rematch_with_the_same_seats(browser, asgi_server):
    ann, bob = guest_page(browser, 1280, 900), guest_page(browser)
    match_id = open_a_two_seat_table(ann, asgi_server, "Ann")
    bob.goto(f"{asgi_server}/play/m/{match_id}/")
    bob.click(".join-button")
    choose_name(bob, "Bob")
    bob.wait_for_url(f"{asgi_server}/play/m/{match_id}/")
    stack(match_id, {"end_at": 1})  # one round: the first score of 1 or more ends the game
    table = {0: ann, 1: bob}
    for page in (ann, bob):
        page.reload()
        expect(page.locator("#table")).to_have_attribute("data-status", "running")

    # Each quits on their turn: the round ends with points in both hands, so the game is over.
    lama = GAMES["lama"]
    first = lama.to_act(lama.load(Match.objects.get(pk=match_id).state))[0]
    quit_when_my_turn(table[first])
    quit_when_my_turn(table[1 - first])
    for page in (ann, bob):
        expect(page.locator("#table")).to_have_attribute("data-status", "finished")
        expect(page.locator("#rematch-button")).to_be_visible()
        expect(page.locator("#rematch-accept")).to_be_hidden()

    ann.click("#rematch-button")
    ann.wait_for_url(TABLE_URL)
    rematch_id = TABLE_URL.search(ann.url).group(1)
    assert rematch_id != match_id
    expect(ann.locator("#table")).to_have_attribute("data-status", "open")
    assert Match.objects.get(pk=match_id).rematch_id == rematch_id

    # Bob's finished table learns of the proposal within a few seconds and offers it.
    expect(bob.locator("#rematch-accept-button")).to_be_visible(timeout=10_000)
    expect(bob.locator("#rematch-offer")).to_have_text("A rematch is proposed: your seat is kept for you.")
    expect(bob.locator("#rematch-propose")).to_be_hidden()
    bob.click("#rematch-accept-button")
    bob.wait_for_url(f"{asgi_server}/play/m/{rematch_id}/")
    for page in (ann, bob):
        expect(page.locator("#table")).to_have_attribute("data-status", "running")
    rematch = Match.objects.get(pk=rematch_id)
    assert [(s.index, s.name) for s in rematch.seats.all()] == [(0, "Ann"), (1, "Bob")]
    assert (rematch.status, rematch.options) == ("running", {"end_at": 1})
