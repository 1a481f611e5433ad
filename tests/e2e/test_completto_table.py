"""The Completto table in a real browser, against the whole site served over ASGI with a real
Celery worker playing the bots: a new guest starts a 3-seat Completto match against two bots and
plays it to its end by clicking; and, at a stacked deal made through the API and shown in
Japanese, the reading of an upside-down tile is chosen, a placement shows its extra turn, and a
face-down tile is moved by clicking it, then a gap."""
import re

import pytest
from playwright.sync_api import expect

from play.games import GAMES
from play.games.completto import READINGS, TILES
from play.models import Match
from tests.e2e.test_play_table import TABLE_URL, choose_name, guest_page

pytestmark = pytest.mark.e2e

GAME = GAMES["completto"]
#: Something to do on the table page: the outcome is shown, or a move can be made.
READY = """() => !document.querySelector('#outcome').hidden
  || document.querySelector('#board button:not([disabled])') !== null"""


def version_of(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def click_and_wait(page, locator) -> None:
    """Click ``locator`` (a move) and wait for the table's version to change."""
    version = version_of(page)
    locator.click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)


def make_a_move(page) -> str:
    """In set-up insert into the first gap offered; at a turn's start take a face-down tile;
    holding a tile place it on the first face-down tile offered, else return it. Returns the
    kind of move."""
    board = page.locator("#board")
    for selector, kind in ((".cp-gap-insert", "insert"), (".cp-take-down", "take"), (".cp-place", "place"),
                           (".cp-return", "return"), (".cp-take-tile", "take")):
        button = board.locator(selector).first
        if button.count():
            click_and_wait(page, button)
            return kind
    raise AssertionError("no move offered")


def engine_view(match_id, seat):
    match = Match.objects.get(pk=match_id)
    return GAME.view(GAME.load(match.state), seat)


def test_a_new_guest_plays_a_completto_match_against_two_bots_to_its_end(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.wait_for_url(f"{asgi_server}/play/new/")
    page.select_option("#id_game", "completto")
    page.fill("#id_players", "3")
    page.select_option("#id_seat_0", "you")
    page.select_option("#id_seat_1", "normal")
    page.select_option("#id_seat_2", "easy")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")

    # Set-up: three rows of 17 face-down tiles, yours first; the pool's count; a gap per insert.
    rows = page.locator("#board .cp-row-area")
    expect(rows).to_have_count(3)
    mine = rows.first
    expect(mine).to_have_class(re.compile(r"\bis-mine\b"))
    expect(mine.locator("h3")).to_contain_text("Your row")
    expect(mine.locator(".cp-back")).to_have_count(17)
    expect(page.locator("#board .cp-pile-count")).to_have_attribute("data-count", "48")
    held = engine_view(match_id, 0)["held"]
    expect(page.locator("#board .cp-held .cp-up")).to_have_attribute("data-value", str(held))
    gaps = page.locator("#board .cp-gap-insert")
    expect(gaps).to_have_count(18)
    click_and_wait(page, gaps.nth(9))
    shown = READINGS[held][0]  # an upside-down tile is offered in its lower reading first
    expect(mine.locator('.cp-up[data-index="9"]')).to_have_attribute("data-value", str(shown))
    expect(page.locator("#move-log")).to_contain_text(f"Ann revealed {shown}")

    # Then click legal moves until the outcome shows.
    kinds = set()
    for _ in range(400):
        page.wait_for_function(READY)
        if page.locator("#outcome").is_visible():
            break
        kinds.add(make_a_move(page))
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    assert {"insert", "take"} <= kinds and kinds & {"place", "return"}
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished"
    winners = ", ".join(["Ann", "Bot 2", "Bot 3"][w] for w in match.outcome["winners"])
    expect(outcome.locator(".winners")).to_contain_text(f"Winner: {winners}")
    scores = [int(s) for s in outcome.locator("tbody td.num").all_inner_texts()]
    assert scores == match.outcome["scores"]
    final = engine_view(match_id, 0)
    expect(page.locator(".round-summary summary")).to_have_text("Game 1 is over")
    assert final["last_game"]["completed"] is not None
    expect(page.locator(".round-summary")).to_contain_text("turned the whole row face up.")
    expect(page.locator("#turn-banner")).to_have_text("The game is over.")
    expect(page.locator("#board button")).to_have_count(0)
    # every row as the engine shows it: face-down backs and face-up numbers
    for seat, row in enumerate(final["rows"]):
        area = page.locator(f'#board .cp-row-area[data-seat="{seat}"]')
        expect(area.locator(".cp-tile")).to_have_count(len(row))
        assert area.locator(".cp-up").evaluate_all("els => els.map(e => Number(e.dataset.value))") == [
            v for v in row if v is not None]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The replay draws the same board, read-only, from the deal to the last move.
    page.click("#replay-link")
    page.wait_for_url(f"{asgi_server}/play/m/{match_id}/replay/")
    expect(page.locator("#replay-position")).to_have_text("The deal")
    expect(page.locator("#board .cp-row-area").first.locator(".cp-back")).to_have_count(17)
    page.keyboard.press("End")
    expect(page.locator("#replay-position")).to_have_text(f"Move {match.version} of {match.version}")
    expect(page.locator(".round-summary summary")).to_have_text("Game 1 is over")
    expect(page.locator("#board button")).to_have_count(0)
    page.context.close()


def stacked_pool() -> list[int]:
    """Seat 0 reveals 16, 10, 20, 30, 40 and then takes 90; seat 1 reveals 60..64."""
    draws = [16, 60, 10, 61, 20, 62, 30, 63, 40, 64, 90]
    rest = [t for t in TILES if t not in draws]
    return rest[:34] + draws + rest[34:]


def test_reading_choice_extra_turn_and_a_move_at_a_stacked_deal_in_japanese(browser, asgi_server, bot_worker):
    context = browser.new_context(locale="ja-JP", viewport={"width": 1024, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.wait_for_url(f"{asgi_server}/play/new/")
    status, body = page.evaluate("""async (body) => {
      const token = document.querySelector('[name=csrfmiddlewaretoken]').value;
      const response = await fetch('/api/matches/', {method: 'POST', credentials: 'same-origin',
        headers: {'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRFToken': token},
        body: JSON.stringify(body)});
      return [response.status, await response.json()];
    }""", {"game": "completto", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
           "options": {"pool": stacked_pool()}})
    assert status == 201, body
    match_id = body["id"]
    page.goto(f"{asgi_server}/play/m/{match_id}/")
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")
    board = page.locator("#board")
    mine = board.locator(".cp-row-area.is-mine")
    expect(mine.locator("h3")).to_contain_text("あなたの列")
    expect(board.locator('[data-part="prompt"]')).to_have_text("準備: 自分の列のすき間をクリックして16を入れてください。")

    # 16 can be read as 16 or 91: choose 91, insert it at the end of the row.
    readings = board.locator(".cp-reading")
    expect(readings).to_have_count(2)
    expect(readings.nth(0)).to_have_attribute("aria-pressed", "true")
    readings.nth(1).click()
    expect(readings.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(board.locator('[data-part="prompt"]')).to_contain_text("91を入れて")
    click_and_wait(page, board.locator('.cp-gap-insert[data-gap="17"]'))
    turned = mine.locator('.cp-up[data-index="17"]')
    expect(turned).to_have_attribute("data-value", "91")
    expect(turned).to_have_class(re.compile(r"\bis-turned\b"))
    expect(turned).to_have_attribute("title", "タイル16を逆さにしたもの")

    for gap in (0, 1, 2, 3):  # 10, 20, 30, 40 at the front, the bot inserting between
        button = board.locator(f'.cp-gap-insert[data-gap="{gap}"]')
        expect(button).to_be_enabled()
        click_and_wait(page, button)
    expect(mine.locator(".cp-up")).to_have_count(5)
    assert mine.locator(".cp-up").evaluate_all("els => els.map(e => Number(e.dataset.value))") == [10, 20, 30, 40, 91]

    # The first turn: D takes a face-down tile (90); it goes next to 91: an extra turn.
    expect(board.locator(".cp-take-down")).to_be_enabled()
    expect(board.locator(".cp-pile-count")).to_have_attribute("data-count", "56")
    version = version_of(page)
    page.keyboard.press("d")
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    expect(board.locator(".cp-held .cp-up")).to_have_attribute("data-value", "90")
    expect(board.locator(".cp-pile-count")).to_have_attribute("data-count", "55")
    expect(board.locator(".cp-place")).to_have_count(17)  # every face-down tile between 40 and 91
    click_and_wait(page, board.locator('.cp-place[data-index="20"]'))
    extra = board.locator('[data-part="extra"]')
    expect(extra).to_be_visible()
    expect(extra).to_contain_text("もう一手番！")
    expect(page.locator("#move-log")).to_contain_text("Annがもう一手番")
    assert GAME.to_act(GAME.load(Match.objects.get(pk=match_id).state)) == [0]

    # The extra turn: pick the face-down tile at index 4, Esc drops it, pick it again, move it to the front.
    pick = mine.locator('.cp-pick[data-index="4"]')
    pick.click()
    expect(mine.locator('.cp-pick[data-index="4"]')).to_have_attribute("aria-pressed", "true")
    expect(mine.locator(".cp-gap-move")).to_have_count(21)
    page.keyboard.press("Escape")
    expect(mine.locator(".cp-gap-move")).to_have_count(0)
    mine.locator('.cp-pick[data-index="4"]').click()
    click_and_wait(page, mine.locator('.cp-gap-move[data-gap="0"]'))
    expect(mine.locator(".cp-tile").first).to_have_class(re.compile(r"\bcp-back\b"))
    expect(mine.locator(".cp-tile").nth(1)).to_have_attribute("data-value", "10")
    row = GAME.view(GAME.load(Match.objects.get(pk=match_id).state), 0)["rows"][0]
    assert row[:6] == [None, 10, 20, 30, 40, None] and row[-2:] == [90, 91]
    context.close()
