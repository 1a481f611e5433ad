"""Elements at the online table, in a real browser against the whole site served over ASGI with a
real Celery worker playing the bots: a new guest starts a 3-seat match against two bots and plays
it to the end through the board (phase-1 placement by choosing a card and a colour card, single
bids, paired bids in round 3, passes, the give-up step's multi-select with its one confirm
button); the outcome matches the match; the replay steps through it; the finished table reads
in Japanese too."""
import re

import pytest
from playwright.sync_api import expect

from play.models import Match

pytestmark = pytest.mark.e2e

TABLE_URL = re.compile(r"/play/m/(\w+)/$")
#: Something to do on the table page: the outcome is shown, or a move can be made.
READY = """() => !document.querySelector('#outcome').hidden || document.querySelector(
  '#board button:not([disabled])') !== null"""
#: No move in flight, and the give-up button (if any) usable again.
SETTLED = """() => !document.querySelector('#table').classList.contains('is-pending') && !(
  document.querySelector('#board .el-give-up') || {}).disabled"""


def guest_page(browser, locale="en-GB", width=390, height=844):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def version_of(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def wait_for_next_version(page, version: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)


def make_a_move(page, turn: int) -> str:
    """One move through the board, whatever the phase; returns its kind."""
    board = page.locator("#board")
    version = version_of(page)
    if board.locator(".el-give-up").count():
        # the give-up step: choose one card (or none), check the button says so, confirm
        choosable = board.locator(".el-hand button.choosable")
        if choosable.count():
            choosable.first.click()
            expect(choosable.first).to_have_attribute("aria-pressed", "true")
            expect(board.locator(".el-give-up")).to_have_text("Give up 1 card")
        else:
            expect(board.locator(".el-give-up")).to_have_text("Keep the whole hand")
        # everyone gives up at once: a bot's choice landing first makes this one stale, and the
        # table sends it again on the new version, so one click is enough
        board.locator(".el-give-up").click()
        page.wait_for_function(SETTLED)
        expect(board.locator(".el-give-up")).to_have_count(0)
        return "discard"
    elif board.locator(".el-bid-pair").count():
        # bidding round 3: two chosen cards, every other time; else pass
        expect(board.locator(".el-bid-pair")).to_be_disabled()
        cards = board.locator(".el-hand button.choosable")
        if turn % 2 == 0 and cards.count() >= 2:
            cards.nth(0).click()
            cards.nth(1).click()
            expect(board.locator(".el-bid-pair")).to_be_enabled()
            board.locator(".el-bid-pair").click()
            kind = "bid"
        else:
            board.locator(".el-pass").click()
            kind = "pass"
    elif board.locator("button.el-pass").count():
        playable = board.locator(".el-hand button.playable")
        if turn % 3 != 2 and playable.count():
            playable.last.click()
            kind = "bid"
        else:
            board.locator(".el-pass").click()
            kind = "pass"
    else:
        # phase 1: choose a card, then an empty colour card to put it under
        board.locator(".el-hand button.choosable").first.click()
        slot = board.locator("button.el-place").first
        expect(slot).to_be_enabled()
        slot.click()
        kind = "place"
    wait_for_next_version(page, version)
    return kind


def test_a_new_guest_plays_a_whole_elements_match_against_two_bots(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/")
    expect(page.locator("#id_name")).to_be_visible()
    page.fill("#id_name", "Ann")
    page.click("#name-button")
    page.wait_for_url(f"{asgi_server}/play/new/")
    page.select_option("#id_game", "elements")
    page.fill("#id_players", "3")
    page.select_option("#id_seat_0", "you")
    page.select_option("#id_seat_1", "normal")
    page.select_option("#id_seat_2", "easy")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    match = Match.objects.get(pk=match_id)
    assert (match.game, match.players) == ("elements", 3)
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")

    # Deal 1, phase 1: the box heads the row of five colour cards; Ann starts.
    board = page.locator("#board")
    expect(board.locator('[data-part="deal"]')).to_contain_text("Deal 1 of 3")
    expect(board.locator(".el-row .el-box")).to_have_text("▣Box")
    expect(board.locator(".el-row .el-pair")).to_have_count(5)
    expect(board.locator(".el-hand .card")).to_have_count(11)
    expect(page.locator("#turn-banner")).to_have_text("Your turn")
    expect(board.locator("button.el-place")).to_have_count(0)  # no colour card before a card is chosen

    kinds = []
    for turn in range(200):
        page.wait_for_function(READY)
        if page.locator("#outcome").is_visible():
            break
        kinds.append(make_a_move(page, turn))
        if kinds == ["place"]:
            expect(page.locator("#move-log")).to_contain_text("Ann put a card under")
    else:
        raise AssertionError("the match did not end")
    assert {"place", "bid", "pass", "discard"} <= set(kinds), kinds
    assert kinds.count("place") == 3 and kinds.count("discard") == 2

    match.refresh_from_db()
    assert match.status == "finished"
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    winners = ", ".join(["Ann", "Bot 2", "Bot 3"][w] for w in match.outcome["winners"])
    expect(outcome.locator(".winners")).to_contain_text(f"Winner: {winners}")
    scores = [int(s) for s in outcome.locator("tbody td.num").all_inner_texts()]
    assert scores == match.outcome["scores"]
    expect(page.locator(".round-summary summary")).to_have_text("Deal 3 is over")
    summary_totals = page.locator(".summary-table tbody tr td:nth-child(4)").all_inner_texts()
    assert [int(t) for t in summary_totals] == match.outcome["scores"]
    expect(page.locator("#turn-banner")).to_have_text("The game is over.")
    expect(board.locator("button")).to_have_count(0)
    expect(board.locator(".el-prize")).not_to_have_count(0)
    # The page fits a phone: nothing wider than the viewport.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The replay draws every step with the same board.
    page.click("#replay-link")
    page.wait_for_url(f"{asgi_server}/play/m/{match_id}/replay/")
    expect(page.locator("#replay-position")).to_have_text("The deal")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-position")).to_have_text(f"Move 1 of {match.version}")
    expect(page.locator("#replay-move")).to_contain_text("Ann put a card under")
    page.keyboard.press("End")
    expect(page.locator(".round-summary summary")).to_have_text("Deal 3 is over")
    expect(page.locator("#board button")).to_have_count(0)
    page.context.close()

    # The finished table in Japanese, as a spectator sees it.
    ja = guest_page(browser, locale="ja-JP", width=1024, height=900)
    ja.goto(f"{asgi_server}/play/m/{match_id}/")
    expect(ja.locator("#el-row-title")).to_have_text("色の順位")
    expect(ja.locator('#board [data-part="deal"]')).to_contain_text("ディール3 / 3")
    expect(ja.locator(".round-summary summary")).to_have_text("ディール3終了")
    colours = ja.locator(".el-row .el-colour-name").all_inner_texts()
    assert sorted(colours) == sorted(["赤", "黄", "緑", "青", "紫"])
    expect(ja.locator("#board .el-hand")).to_contain_text("観戦中です")
    ja.context.close()
