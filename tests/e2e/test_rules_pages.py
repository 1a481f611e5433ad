"""The how-to-play pages in a real browser: a newcomer opens each game's rules from the lobby
and sees every figure drawn by the game's own board (its cards, tiles or squares), read-only; the
Japanese page draws the board in Japanese; at a table, the rules drawer opens the game's page
without leaving the match."""
import pytest
from playwright.sync_api import expect

from play.examples import EXAMPLES
from play.services.create import create_match

pytestmark = pytest.mark.e2e

#: Per game: an element every figure of its board draws, and how many at least.
BOARD_PARTS = {"lama": (".hand .card", 4), "completto": (".cp-row .cp-tile", 15),
               "elements": (".el-row .el-colour", 5), "eoc": (".eoc-area .eoc-square", 16)}
DRAWN = "n => document.querySelectorAll('[data-figure][data-drawn=\"true\"]').length === n"


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


@pytest.mark.parametrize("slug", list(BOARD_PARTS))
def test_a_newcomer_opens_a_games_rules_from_the_lobby_and_sees_the_figures_drawn(page, live_server, slug):
    errors = watch_errors(page)
    page.goto(f"{live_server.url}/play/")
    page.click(f'#lobby-rules a[data-game="{slug}"]')
    page.wait_for_url(f"{live_server.url}/play/rules/{slug}/")
    keys = [example.key for example in EXAMPLES[slug]]
    page.wait_for_function(DRAWN, arg=len(keys))
    selector, least = BOARD_PARTS[slug]
    for key in keys:
        figure = page.locator(f'[data-figure="{key}"]')
        assert figure.locator(f".board.board-{slug}").count() == 1
        assert figure.locator(selector).count() >= least, key
        assert figure.locator(".seats .seat").count() == EXAMPLES[slug][keys.index(key)].players
        assert figure.evaluate("element => element.inert") is True
    # Ids stay unique although every figure copies the same board template.
    assert page.evaluate("() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);"
                         " return ids.length === new Set(ids).size; }")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off a phone's screen
    assert errors == []


def test_a_figure_shows_the_moves_the_table_would_offer_but_they_do_nothing(page, live_server):
    page.goto(f"{live_server.url}/play/rules/lama/")
    page.wait_for_function(DRAWN, arg=3)
    first = page.locator('[data-figure="first-turn"]')
    assert first.locator("button.card.playable").all_inner_texts() == ["3\n3", "4\n4", "4\n4"]
    expect(first.locator(".action-draw")).to_be_visible()
    page.keyboard.press("d")  # a table's key for "draw": nothing listens here
    assert first.locator(".pile-draw .pile-count").inner_text() == "37 cards"
    assert page.locator('[data-figure="round-over"] .summary-details[open]').count() == 1


def test_the_japanese_page_draws_the_board_in_japanese(browser, live_server):
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/play/rules/eoc/")
    page.wait_for_function(DRAWN, arg=4)
    assert page.locator("h1").inner_text() == "エレメンツ オブ カオスの遊び方"
    step = page.locator('[data-figure="step-1"]')
    assert "適用中のアクションテーブル" in step.inner_text()
    assert step.locator(".seat-name").all_inner_texts() == ["あおい", "ボット2"]
    context.close()


def test_the_rules_drawer_opens_the_games_rules_at_the_table(page, asgi_server):
    match = create_match(None, "completto", [{"kind": "bot", "bot": "random"}] * 2, {}, None)
    page.goto(f"{asgi_server}/play/m/{match.id}/")
    frame = page.locator("#rules-frame")
    assert frame.get_attribute("src") is None
    page.click("#rules-drawer summary")
    expect(frame).to_have_attribute("src", "/play/rules/completto/?embed=1")
    inside = page.frame_locator("#rules-frame")
    expect(inside.locator("h1")).to_have_text("How to play Completto")
    expect(inside.locator('[data-figure][data-drawn="true"]')).to_have_count(len(EXAMPLES["completto"]))
    assert inside.locator(".site-header").count() == 0
    expect(page.locator("#table")).to_be_visible()
    assert page.url == f"{asgi_server}/play/m/{match.id}/"
