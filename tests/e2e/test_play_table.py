"""The online table in a real browser, against the whole site served over ASGI (pages, API,
websockets) with a real Celery worker playing the bots: two guests at one match see each
other's moves live; a guest plays a L.A.M.A. match against three bots to its end, then steps
through its replay; moves go over HTTP while the socket is down and the table catches up when it
is back; a refused move is explained."""
import json
import re
import time

import pytest
from playwright.sync_api import expect

from play.models import Match

pytestmark = pytest.mark.e2e

TABLE_URL = re.compile(r"/play/m/(\w+)/$")
#: Something to do on the table page: the outcome is shown, or a move can be made.
READY = """() => !document.querySelector('#outcome').hidden || document.querySelector(
  '#board .hand button.playable:not([disabled]), #board .actions button:not([disabled])') !== null"""


def guest_page(browser, width=390, height=844):
    context = browser.new_context(locale="en-GB", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def choose_name(page, name):
    expect(page.locator("#id_name")).to_be_visible()
    page.fill("#id_name", name)
    page.click("#name-button")


def make_a_move(page) -> tuple[str, str]:
    """Play the first playable card, else draw, else quit; returns the move's kind and what the
    log should say (``card`` holds the value for a play)."""
    version = page.locator("#table").get_attribute("data-version")
    card = page.locator("#board .hand button.playable").first
    if card.count():
        value = card.get_attribute("data-value")
        card.click()
        kind = ("play", "Llama" if value == "7" else value)
    elif page.locator("#board .action-draw").count():
        page.click("#board .action-draw")
        kind = ("draw", "")
    else:
        page.click("#board .action-quit")
        kind = ("quit", "")
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    return kind


def card_name(action) -> str:
    return "Llama" if action.get("card") == 7 else str(action.get("card", ""))


def said(name, kind) -> str:
    move, card = kind
    return {"play": f"{name} played {card}", "draw": f"{name} drew a card", "quit": f"{name} quit the round"}[move]


#: The newest move of the table's log (the log is oldest first; the boards' own lines, such as
#: a round's end, come between the moves without a number).
NEWEST_MOVE = "#move-log li.log-move >> nth=-1 >> .log-text"


def logged_moves(page) -> list[tuple[int, str]]:
    """The moves of the table's log as shown, top to bottom: ``[(number, text)]``."""
    return [(int(number), text) for number, text in page.locator("#move-log li.log-move").evaluate_all(
        "els => els.map(e => [e.querySelector('.log-no').textContent, e.querySelector('.log-text').textContent])")]


def open_a_two_seat_table(page, asgi_server: str, name: str) -> str:
    """As a guest named ``name``, make a 2-seat match with the second seat open for a person
    from the new-match form; return its id once its table is open."""
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, name)
    page.fill("#id_players", "2")
    page.select_option("#id_seat_1", "open")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    return TABLE_URL.search(page.url).group(1)


def test_two_guests_see_each_others_moves_live(browser, asgi_server, bot_worker):
    ann, bob = guest_page(browser, 1024, 800), guest_page(browser)
    # Ann opens a 2-seat match with the second seat open for a person.
    match_id = open_a_two_seat_table(ann, asgi_server, "Ann")
    expect(ann.locator("#connection")).to_have_attribute("data-state", "open")
    expect(ann.locator("#table")).to_have_attribute("data-status", "open")
    expect(ann.locator("#turn-banner")).to_have_text("Waiting for people to take the free seats.")
    # The seats show while waiting (no view of an open match holds a card: the deal stays hidden).
    expect(ann.locator(".seat.is-you .seat-name")).to_have_text("Ann")
    expect(ann.locator('.seat.is-free[data-seat="1"] .seat-name')).to_have_text("Seat 2")

    # Bob picks a name in the lobby and joins the match from there.
    bob.goto(f"{asgi_server}/play/")
    bob.click("text=Choose a display name")
    choose_name(bob, "Bob")
    bob.wait_for_url(f"{asgi_server}/play/")
    bob.click(f'.match-row[data-match="{match_id}"] .join-button')
    bob.wait_for_url(f"{asgi_server}/play/m/{match_id}/")
    expect(bob.locator("#table")).to_have_attribute("data-status", "running")
    expect(bob.locator(".seat.is-you .seat-name")).to_have_text("Bob")

    # Ann's page, never reloaded, sees Bob sit down and the match start: it is her turn.
    expect(ann.locator("#table")).to_have_attribute("data-status", "running")
    expect(ann.locator('.seat[data-seat="1"] .seat-name')).to_have_text("Bob")
    expect(ann.locator("#turn-banner")).to_have_text("Your turn")
    expect(bob.locator("#turn-banner")).to_have_text("Waiting for Ann")

    # Ann moves; Bob sees it arrive live, then moves himself and Ann sees that.
    kind = make_a_move(ann)
    expect(bob.locator("#table")).to_have_attribute("data-version", "1")
    expect(bob.locator(NEWEST_MOVE)).to_have_text(said("Ann", kind))
    expect(bob.locator("#turn-banner")).to_have_text("Your turn")
    kind = make_a_move(bob)
    expect(ann.locator("#table")).to_have_attribute("data-version", "2")
    expect(ann.locator(NEWEST_MOVE)).to_have_text(said("Bob", kind))
    # the log reads oldest first, each move numbered as played
    assert [number for number, _ in logged_moves(ann)] == [1, 2]
    assert logged_moves(ann)[1] == (2, said("Bob", kind))
    assert ann.url.endswith(f"/play/m/{match_id}/")
    assert Match.objects.get(pk=match_id).version == 2
    for page in (ann, bob):
        page.context.close()


def test_a_guest_plays_four_seats_against_three_bots_to_the_end_then_replays_it(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/")
    page.click("#new-match")
    choose_name(page, "Ann")
    page.wait_for_url(f"{asgi_server}/play/new/")
    page.fill("#id_players", "4")
    page.select_option("#id_seat_0", "you")
    page.select_option("#id_seat_1", "normal")
    page.select_option("#id_seat_2", "easy")
    page.select_option("#id_seat_3", "normal")
    expect(page.locator('.seat-field[data-seat-index="4"]')).to_be_hidden()
    page.fill("#id_lama-end_at", "1")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    expect(page.locator("#seats .seat")).to_have_count(4)
    expect(page.locator(".seat.is-you .seat-name")).to_have_text("Ann")

    # The first move by keyboard: the number of a playable card, else Q.
    page.wait_for_function(READY)
    playable = page.locator("#board .hand button.playable")
    version = page.locator("#table").get_attribute("data-version")
    page.keyboard.press(playable.first.get_attribute("data-value") if playable.count() else "q")
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)

    # Then click a legal action until the outcome shows (end_at 1: one round).
    for _ in range(60):
        page.wait_for_function(READY)
        if page.locator("#outcome").is_visible():
            break
        make_a_move(page)
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    match = Match.objects.get(pk=match_id)
    assert match.status == "finished"
    winners = ", ".join(["Ann", "Bot 2", "Bot 3", "Bot 4"][w] for w in match.outcome["winners"])
    expect(outcome.locator(".winners")).to_contain_text(f"Winner: {winners}")
    expect(outcome.locator("tbody tr")).to_have_count(4)
    scores = [int(s) for s in outcome.locator("tbody td.num").all_inner_texts()]
    assert scores == match.outcome["scores"]
    expect(page.locator(".round-summary summary")).to_have_text("Round 1 is over")
    expect(page.locator("#turn-banner")).to_have_text("The game is over.")
    expect(page.locator("#board .actions button")).to_have_count(0)
    # The page fits a phone: nothing wider than the viewport.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The whole log, oldest first, numbered as played, scrolled to its newest move; the same
    # once the page is opened again (the page brings the whole log).
    moves = [(a.version, said("Ann" if a.seat == 0 else f"Bot {a.seat + 1}", (a.action["type"], card_name(a.action))))
             for a in match.actions.order_by("version")]
    assert len(moves) == match.version
    expect(page.locator("#move-log li.log-move")).to_have_count(match.version)
    assert logged_moves(page) == moves
    page.reload()
    expect(page.locator("#move-log li.log-move")).to_have_count(match.version)
    assert logged_moves(page) == moves
    log = page.locator("#move-log")
    assert log.evaluate("e => e.scrollHeight > e.clientHeight && e.scrollHeight - e.scrollTop - e.clientHeight < 8")

    # The replay steps through every move.
    page.click("#replay-link")
    page.wait_for_url(f"{asgi_server}/play/m/{match_id}/replay/")
    last = match.version
    expect(page.locator("#replay-position")).to_have_text("The deal")
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-position")).to_have_text(f"Move 1 of {last}")
    first = match.actions.get(version=1)
    expect(page.locator("#replay-move")).to_have_text(said(
        "Ann" if first.seat == 0 else f"Bot {first.seat + 1}",
        (first.action["type"], card_name(first.action)),
    ))
    page.click("#replay-next")
    expect(page.locator("#replay-position")).to_have_text(f"Move 2 of {last}")
    # Stepping scrolls the move list alone: on a phone the page stays put, the step buttons on screen.
    assert page.evaluate("window.scrollY") == 0
    page.click("#replay-last")
    expect(page.locator("#replay-position")).to_have_text(f"Move {last} of {last}")
    expect(page.locator("#replay-outcome")).to_have_text(f"The game is over. Winner: {winners}")
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#replay-moves").evaluate(
        "list => { const box = list.getBoundingClientRect();"
        " const at = list.querySelector('[aria-current=step]').getBoundingClientRect();"
        " return list.scrollTop > 0 && at.top >= box.top && at.bottom <= box.bottom + 1; }")
    expect(page.locator("#replay-next")).to_be_disabled()
    assert page.locator("#replay-slider").input_value() == str(last)
    # The frame is fetched after the position is shown: wait for the seats to show its scores.
    for seat, score in enumerate(match.outcome["scores"]):
        expect(page.locator("#seats .score").nth(seat)).to_have_attribute("data-score", str(score))
    page.keyboard.press("Home")
    expect(page.locator("#replay-position")).to_have_text("The deal")
    expect(page.locator("#replay-outcome")).to_be_hidden()
    page.context.close()


def test_moves_go_over_http_while_the_socket_is_down_and_the_table_catches_up_when_it_is_back(
        browser, asgi_server, bot_worker):
    page = guest_page(browser)
    socket_allowed = []

    def route(ws):
        if socket_allowed:
            ws.connect_to_server()
        else:
            ws.close()

    page.route_web_socket(re.compile(r"/ws/matches/"), route)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.fill("#id_players", "2")
    page.select_option("#id_seat_1", "normal")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    connection = page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "waiting")
    expect(connection).to_contain_text("Connection lost; trying again in")

    # The socket is down: the move is posted to the API and its answer redraws the table.
    kind = make_a_move(page)
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    expect(page.locator(NEWEST_MOVE)).to_have_text(said("Ann", kind))
    assert Match.objects.get(pk=match_id).actions.get(version=1).by == "player"

    # The bot has moved meanwhile; once the socket is let through, the page reconnects by
    # itself and is sent the current view.
    deadline = time.monotonic() + 10
    while Match.objects.get(pk=match_id).version < 2:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.05)
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    socket_allowed.append(True)
    expect(connection).to_have_attribute("data-state", "open", timeout=20_000)
    expect(page.locator("#table")).to_have_attribute("data-version", "2")
    expect(page.locator("#turn-banner")).to_have_text("Your turn")
    bot_move = Match.objects.get(pk=match_id).actions.get(version=2).action
    expect(page.locator(NEWEST_MOVE)).to_have_text(said("Bot 2", (bot_move["type"], card_name(bot_move))))
    # the move missed while the socket was down is in its place, after Ann's
    assert [number for number, _ in logged_moves(page)] == [1, 2]
    page.context.close()


def test_a_refused_move_is_explained_and_the_table_stays_usable(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    tampered = []

    def route(ws):
        server = ws.connect_to_server()

        def to_server(message):
            frame = json.loads(message)
            if frame.get("type") == "act" and not tampered:  # the first move asks for a card nobody has
                tampered.append(frame)
                frame["action"] = {"type": "play", "card": 99}
            server.send(json.dumps(frame))

        ws.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/matches/"), route)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.fill("#id_players", "2")
    page.select_option("#id_seat_1", "easy")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")
    page.wait_for_function(READY)
    page.locator("#board .actions button").first.click()
    message = page.locator("#table-message")
    expect(message).to_be_visible()
    expect(message).to_contain_text("The move could not be read. A card is 1 to 7 (7 is the llama), not 99.")
    assert page.locator("#table").get_attribute("data-version") == "0"
    # The buttons are back; the next move goes through and clears the message.
    make_a_move(page)
    expect(message).to_be_hidden()
    expect(page.locator("#table")).not_to_have_attribute("data-version", "0")
    page.context.close()


def finished_bot_match(game="lama", seats=6, options=None):
    """A match of heuristic bots played to its end through the services (no worker needed)."""
    from play.services.bot_turns import play_bot_turn
    from play.services.create import create_match

    match = create_match(
        None, game, [{"kind": "bot", "bot": "heuristic"}] * seats, {"end_at": 1} if options is None else options,
        None, seed=11)
    while match.status != Match.Status.FINISHED:
        assert play_bot_turn(match.id, match.version)
        match.refresh_from_db()
    return match


def test_a_finished_table_shows_no_live_badge_opens_no_socket_and_its_summary_fits_a_phone(browser, asgi_server):
    from play.models import Seat

    match = finished_bot_match()
    # People's names: one of a word that would break inside ("Tester36 / 6"), one too long for a phone.
    Seat.objects.filter(match=match, index=0).update(bot="", session_key="tester", name="Tester366")
    Seat.objects.filter(match=match, index=2).update(bot="", session_key="long", name="Averyveryverylongname1234")
    page = guest_page(browser)
    sockets, missing = [], []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
    page.goto(f"{asgi_server}/play/m/{match.id}/")
    expect(page.locator("#match-status")).to_have_text("Finished")
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#hand-title")).to_be_hidden()  # a spectator holds no hand
    page.wait_for_timeout(500)
    assert sockets == []
    # The icon is the site's /favicon.ico, which answers: nothing missing.
    assert page.locator('link[rel="icon"]').first.get_attribute("href") == "/favicon.ico"
    assert missing == []
    # So does its replay: the hands hidden, and no "Your hand" over the note that says so.
    page.goto(f"{asgi_server}/play/m/{match.id}/replay/")
    expect(page.locator("#replay-position")).to_have_text("The deal")  # the script is there
    page.keyboard.press("End")
    expect(page.locator("#replay-position")).to_have_text(f"Move {match.version} of {match.version}")
    expect(page.locator('#board [data-part="hand"]')).to_have_text("You are watching: the hands are hidden.")
    expect(page.locator("#hand-title")).to_be_hidden()
    # Under its last move, who won; in Japanese with no space after the full stop.
    names = {0: "Tester366", 2: "Averyveryverylongname1234"}
    winners = match.outcome["winners"]
    expect(page.locator("#replay-outcome")).to_have_text(
        "The game is over. Winner: " + ", ".join(names.get(w, f"Bot {w + 1}") for w in winners))
    japanese_replay = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844}).new_page()
    japanese_replay.goto(f"{asgi_server}/play/m/{match.id}/replay/")
    expect(japanese_replay.locator("#replay-position")).to_have_text("配り終えたところ")
    japanese_replay.keyboard.press("End")
    expect(japanese_replay.locator("#replay-outcome")).to_have_text(
        "ゲームは終了しました。勝者: " + ", ".join(names.get(w, f"ボット{w + 1}") for w in winners))
    japanese_replay.context.close()
    page.goto(f"{asgi_server}/play/m/{match.id}/")

    # The round summary fits 390 px: every column shows without scrolling sideways.
    summary = page.locator(".round-summary .table-wrap")
    expect(summary).to_be_visible()
    expect(page.locator(".round-summary thead th")).to_have_text(["Player", "Hand left", "Points this round", "Total"])
    expect(page.locator(".round-summary tbody tr")).to_have_count(6)
    widths = summary.evaluate("el => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]")
    assert widths[0] <= widths[1] and widths[2] <= 390, widths
    for cell in page.locator(".round-summary th, .round-summary td").all():
        assert cell.evaluate("el => el.getBoundingClientRect().right") <= 390
    # In both languages the total's heading stays on one line (合計, not 合 / 計), and a hand shows
    # its cards side by side, not one a line.
    lines = "el => { const r = document.createRange(); r.selectNodeContents(el); return r.getClientRects().length; }"
    japanese = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844}).new_page()
    japanese.goto(f"{asgi_server}/play/m/{match.id}/")
    for shown in (page, japanese):
        expect(shown.locator(".round-summary tbody tr")).to_have_count(6)
        assert shown.locator(".round-summary thead th").last.evaluate(lines) == 1
        tops = [card.evaluate("el => el.getBoundingClientRect().top")
                for card in shown.locator(".round-summary tbody tr").nth(3).locator(".card").all()]
        assert len(tops) >= 2 and tops[0] == tops[1], tops
    expect(japanese.locator(".round-summary thead th").last).to_have_text("合計")
    japanese.context.close()
    # A name in a table stays whole on one line, the long one cut with an ellipsis and whole in its title.
    for table in (".round-summary", "#outcome"):
        names = page.locator(f"{table} tbody th .name-text")
        expect(names.nth(0)).to_have_text("Tester366")
        expect(names.nth(2)).to_have_attribute("title", "Averyveryverylongname1234")
        for name in names.all():
            assert name.evaluate("el => el.getBoundingClientRect().height <= parseFloat(getComputedStyle(el).lineHeight) + 1")
        assert names.nth(2).evaluate("el => el.scrollWidth > el.clientWidth")  # cut, not wrapped
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


@pytest.mark.parametrize("width", [390, 800])
def test_every_seats_laid_down_cards_take_a_line_under_its_counts(browser, asgi_server, width):
    """One card laid down fitted beside the seat's counts (and lifted them to its middle), two did
    not: each seat's cards now start a line of their own, under its hand size, at its left (at 800
    px, one column, every seat's cards fitted beside its counts)."""
    match = finished_bot_match()
    page = guest_page(browser, width=width)
    page.goto(f"{asgi_server}/play/m/{match.id}/")
    expect(page.locator("#match-status")).to_have_text("Finished")
    # The first seat's cards cut to one, the way a seat's hand often ends (a lone llama).
    page.evaluate("""() => { const laid = document.querySelector("#seats .seat .laid-down");
        [...laid.querySelectorAll(".card")].slice(1).forEach((card) => card.remove()); }""")
    seats = page.evaluate("""() => [...document.querySelectorAll("#seats .seat")].map((seat) => {
        const laid = seat.querySelector(".laid-down");
        if (!laid) return null;
        const size = seat.querySelector(".hand-size").getBoundingClientRect(), box = laid.getBoundingClientRect();
        return {below: box.top >= size.bottom, left: Math.round(box.left) === Math.round(size.left),
                label: laid.firstChild.textContent};
    })""")
    shown = [seat for seat in seats if seat is not None]
    assert len(shown) >= 2, seats
    assert all(seat == {"below": True, "left": True, "label": "Laid down:"} for seat in shown), seats
    page.context.close()


def test_the_live_badge_goes_when_the_match_finishes(browser, asgi_server, bot_worker):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.fill("#id_players", "2")
    page.select_option("#id_seat_1", "normal")
    page.fill("#id_lama-end_at", "1")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    connection = page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "open")
    expect(connection).to_have_text("Live")
    for _ in range(60):
        page.wait_for_function(READY)
        if page.locator("#outcome").is_visible():
            break
        if page.locator("#board .action-quit").count():  # quitting ends the round soonest
            version = page.locator("#table").get_attribute("data-version")
            page.click("#board .action-quit")
            page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
        else:
            make_a_move(page)
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#match-status")).to_have_text("Finished")
    expect(connection).to_be_hidden()
    expect(page.locator("text=● Live")).to_have_count(0)
    page.context.close()


#: Whether every colour name on the Elements cards sits on one line and shows whole.
CAPTIONS_FIT = """() => [...document.querySelectorAll('#board .el-card .card-caption')]
  .filter((el) => el.getBoundingClientRect().width > 1)
  .map((el) => {
    const size = parseFloat(getComputedStyle(el).fontSize);
    return [el.textContent, el.getBoundingClientRect().height < 1.5 * size && el.scrollWidth <= el.clientWidth + 0.5];
  })"""


def test_elements_colour_names_fit_the_small_cards_of_a_phone(browser, asgi_server):
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/")
    choose_name(page, "Ann")
    page.select_option("#id_game", "elements")
    page.fill("#id_players", "3")
    page.select_option("#id_seat_1", "normal")
    page.select_option("#id_seat_2", "normal")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    expect(page.locator("#board .el-hand .card")).to_have_count(11)
    captions = page.evaluate(CAPTIONS_FIT)
    assert len(captions) >= 11
    assert [text for text, fits in captions if not fits] == []
    assert {text for text, _fits in captions} <= {"red", "yellow", "green", "blue", "purple"}
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def test_a_guest_without_a_name_who_joins_from_the_lobby_is_seated_after_naming(browser, asgi_server):
    from play.identity import Player
    from play.services.create import create_match

    match = create_match(Player(None, "a" * 32, "Ann"), "lama", [{"kind": "human"}] * 2, {}, None)
    page = guest_page(browser)
    page.goto(f"{asgi_server}/play/")
    page.click(f'.match-row[data-match="{match.id}"] .join-button')
    choose_name(page, "Bob")
    page.wait_for_url(f"{asgi_server}/play/m/{match.id}/")
    expect(page.locator(".seat.is-you .seat-name")).to_have_text("Bob")
    expect(page.locator("#table")).to_have_attribute("data-status", "running")
    expect(page.locator(".join-button")).to_have_count(0)
    assert [s.name for s in Match.objects.get(pk=match.id).seats.order_by("index")] == ["Ann", "Bob"]
    page.context.close()


def test_an_abandoned_table_says_so_opens_no_socket_and_marks_the_seat_that_timed_out(browser, asgi_server):
    from datetime import timedelta

    from django.utils import timezone

    from play.identity import Player
    from play.services.clocks import expire_clock
    from play.services.create import create_match

    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    match = create_match(Player(None, "b" * 32, "Ann"), "lama", seats, {}, None)
    Match.objects.filter(pk=match.id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert expire_clock(match.id, 0) is True  # Ann was away on her turn: no person is left
    page = guest_page(browser)
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{asgi_server}/play/m/{match.id}/")
    expect(page.locator("#match-status")).to_have_text("Abandoned")
    expect(page.locator("#turn-banner")).to_have_text(
        "The match was abandoned: nobody joined it in time, every person at it was away too long, or its maker "
        "stopped it.")
    expect(page.locator('.seat[data-seat="0"] .badge-timed-out')).to_have_text("away: a bot plays")
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#resign-control")).to_be_hidden()
    page.wait_for_timeout(500)
    assert sockets == []
    page.context.close()
