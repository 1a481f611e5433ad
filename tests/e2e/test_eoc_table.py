"""Elements of Chaos at the online table, in a real browser against the whole site served over
ASGI with a real Celery worker playing the bot.

- A new guest creates a match against the heuristic bot through the form, bringing sample decks,
  and plays it to the end by clicking: the mulligan, the order of the 4 area cards, then passing,
  ending the parts, laying action tables and choosing the STEPs' actions until one of the win
  conditions ends it. Then the guest plays a stacked deal (made through the API, 4 rows, the bot's deck
  without characters) to its end by clicking: a character put on the base, area cards set to
  open a diagonal way, the action tables laid, STEP actions chosen, and the character moved onto
  the bot's base, which wins. The board shows the grid seen from the player's seat, the action
  table in force, the STEP, the legal squares highlighted, and the log in words; it fits a
  phone. The finished table reads in Japanese too.
- In sandbox mode the board's controls move a card and set a character's HP.
- Two guests bring their decks to an open match, which starts when the second joins.
- Two guests at a prepared position (docs/eoc-effects.md): Ann uses 火炎弾 (Fireball, one
  adjacent enemy character) by clicks, choosing which of two adjacent enemies takes the damage,
  then 森の囁き (Whisper of the Woods, the top 3 cards of her deck put under it in the order she
  chooses) and answers the decision by clicking the cards in order; Bob sees the targets in the
  log and that Ann is ordering 3 cards. Ann's board shows what a look showed her and a
  character's prohibition.
"""
import re
from dataclasses import replace

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play.games import GAMES
from play.games.eoc.cards import texts_of
from play.games.eoc.decklists import sample_catalogue
from play.games.eoc.state import Char, Mod, Peek, Slot
from play.models import Match
from tests.play.matches import stack

pytestmark = pytest.mark.e2e

TABLE_URL = re.compile(r"/play/m/(\w+)/$")
#: The board has settled: no move in flight and, unless the match is over, either a control to
#: use or the other seat to act.
SETTLED = """() => !document.querySelector('#table').classList.contains('is-pending')"""
#: The newest move of the table's log (oldest first, the moves numbered).
NEWEST_MOVE = "#move-log li.log-move >> nth=-1 >> .log-text"


@pytest.fixture
def live_samples(threads_share_the_test_db):
    """The sample catalogue and decks, committed so that the server's thread sees them."""
    call_command("load_samples", verbosity=0)


def cards(*codes):
    catalogue = sample_catalogue()
    return [dict(catalogue[code]) for code in codes]


def stacked_decks():
    """Seat 0 (the guest): 怪盗ファントム (SMP-031, diagonal, movement 3, STEP 1 move) and cards
    whose STEP 1 offers a move; seat 1 (the bot): items and events only, so no character ever
    stands in the way. Top first: 7 in hand, then the 4 area cards, then the draws."""
    catalogue = sample_catalogue()
    others = sorted(code for code, card in catalogue.items() if card["type"] != "character")
    bot = [code for code in others[:17] for _ in range(3)]
    movers = ["SMP-031", "SMP-057", "SMP-019", "SMP-002", "SMP-015", "SMP-045", "SMP-053", "SMP-063",
              "SMP-065", "SMP-028"]
    hand = ["SMP-031", "SMP-057", "SMP-019", "SMP-002", "SMP-015", "SMP-045", "SMP-053"]
    rest = [code for code in movers for _ in range(3)]
    for code in hand:
        rest.remove(code)
    fill = [code for code in others[17:] for _ in range(3)]
    guest = hand + rest + fill
    guest = guest[:51]
    assert len(guest) == 51 and len(bot) == 51
    return [cards(*guest), cards(*bot)]


def guest_page(browser, locale="en-GB", width=390, height=844):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def version_of(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def wait_for_next_version(page, version: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)


def my_view(page, match_id):
    """The guest's view as the API gives it (to decide; moves are made by clicking)."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    response = page.request.get(f"{origin}/api/matches/{match_id}/")
    assert response.ok
    return response.json()


def square_name(square) -> str:
    return "abcd"[square[1]] + str(square[0] + 1)


def wait_for_my_turn(page, match_id, timeout=20.0):
    """Polls until the guest may act (their legal actions are shown) or the match is over."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        view = my_view(page, match_id)
        if view["status"] == "finished" or view["legal_actions"]:
            page.wait_for_function("v => Number(document.querySelector('#table').dataset.version) >= v",
                                   arg=view["version"])
            page.wait_for_function(SETTLED)
            return view
        assert time.monotonic() < deadline, "the bot did not act"
        time.sleep(0.1)


def choose(view):
    """The guest's plan for the stacked deal: keep, lay the area cards, put 怪盗ファントム on the
    base, open the diagonal b2–c3 with set cards, lay tables whose STEP 1 moves, move onto the
    bot's base as soon as it is reachable; else end the part."""
    legal = view["legal_actions"]
    state = view["state"]
    kinds = {a["type"] for a in legal}
    winning = [a for a in legal if a["type"] == "move" and a["to"] == state["bases"][1]]
    if winning:
        return winning[0]
    if "mulligan" in kinds:
        return {"type": "mulligan", "take": False}
    if "arrange" in kinds:
        return legal[0]
    if "place_character" in kinds:
        return next((a for a in legal if a.get("card") == "SMP-031"), {"type": "skip"})
    if "set" in kinds:
        for square in ([1, 2], [2, 1]):
            if state["area"][square[0]][square[1]] is None:
                options = [a for a in legal if a["type"] == "set" and a["square"] == square]
                if options:
                    return options[-1]
        return {"type": "skip"}
    if "action_table" in kinds:
        tables = [a for a in legal if a["type"] == "action_table"]
        return next((a for a in tables if "move" in state["cards"][a["card"]]["action_table"]["step1"]), tables[0])
    if "choose" in kinds:
        return next((a for a in legal if a.get("action") == "move"), legal[0])
    if "skip" in kinds:
        return {"type": "skip"}
    return {"type": "done"}


def hold_back(view):
    """A player who only does what the rules ask: passes, ends the parts, lays the first card of
    the hand as the action table and chooses the first action of each STEP."""
    legal = view["legal_actions"]
    kinds = {a["type"] for a in legal}
    for kind in ("skip", "done"):
        if kind in kinds:
            return {"type": kind}
    if "mulligan" in kinds:
        return {"type": "mulligan", "take": False}
    return legal[0]


def click(page, action, view):
    """Make ``action`` by clicking the board."""
    board = page.locator("#board")
    kind = action["type"]
    if kind == "mulligan":
        board.locator('button[data-action="mulligan"]', has_text="Keep this hand").click()
    elif kind == "arrange":
        for _ in range(4):
            board.locator(".eoc-arrange-card").first.click()
        board.locator(".eoc-arrange-done").click()
    elif kind in ("place_character", "action_table"):
        board.locator(f'.eoc-hand button.playable[data-code="{action["card"]}"]').click()
    elif kind == "set":
        board.locator(f'.eoc-hand button.choosable[data-code="{action["card"]}"]').click()
        target = board.locator(f'button.eoc-square.is-reachable[data-square="{square_name(action["square"])}"]')
        expect(target).to_be_enabled()
        target.click()
    elif kind == "choose":
        board.locator(f'button[data-action="choose"][data-choice="{action["action"]}"]').click()
    elif kind == "move":
        board.locator(f'button.eoc-square.is-movable[data-square="{square_name(action["from"])}"]').click()
        target = board.locator(f'button.eoc-square.is-reachable[data-square="{square_name(action["to"])}"]')
        expect(target).to_be_visible()
        target.click()
    else:
        board.locator(f'button[data-action="{kind}"]').click()


def test_a_guest_plays_elements_of_chaos_against_the_bot(browser, asgi_server, bot_worker, live_samples):
    page, errors = guest_page(browser)
    page.goto(f"{asgi_server}/play/new/?game=eoc")
    page.fill("#id_name", "Ann")
    page.click("#name-button")
    page.wait_for_url(re.compile(r"/play/new/"))

    # The form: the game, the seats, Ann's sample deck and the bot's.
    page.select_option("#id_game", "eoc")
    page.fill("#id_players", "2")
    page.select_option("#id_seat_0", "you")
    page.select_option("#id_seat_1", "normal")
    expect(page.locator("#id_seat_0_deck")).to_be_hidden()
    page.select_option("#id_deck", "SMP-RED")
    page.select_option("#id_seat_1_deck", "SMP-GREEN")
    page.select_option("#id_eoc-rows", "4")
    page.click("#create-button")
    page.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(page.url).group(1)
    match = Match.objects.get(pk=match_id)
    assert [s.deck["id"] for s in match.seats.order_by("index")] == ["SMP-RED", "SMP-GREEN"]
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")

    board = page.locator("#board")
    expect(board.locator(".eoc-square")).to_have_count(16)
    expect(board.locator(".eoc-hand .eoc-card")).to_have_count(7)
    # each card in hand shows its text, in English on this page
    texts = texts_of(match.options["decks"], "en")
    hand = board.locator(".eoc-hand .eoc-card").evaluate_all(
        "els => els.map(e => [e.dataset.code, e.querySelector('.eoc-card-text').textContent])")
    assert hand == [[code, texts[code]] for code, _ in hand] and len(hand) == 7
    # the page embeds the texts of the cards of its first view only (not the bot's deck list)
    embedded = set(page.evaluate("JSON.parse(document.getElementById('card-texts').textContent)"))
    assert {code for code, _ in hand} <= embedded and embedded < set(texts)
    # the two sides: a tag and the outline tell them apart, not only the colour
    expect(board.locator(".eoc-legend .eoc-side-me")).to_have_text("You")
    expect(board.locator(".eoc-square.is-base-me .eoc-base")).to_have_text("Base of Ann")
    expect(board.locator(".eoc-square.is-base-them .eoc-base")).to_have_text("Base of Bot 2")
    assert board.locator(".eoc-square.is-base-me").evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"
    assert board.locator(".eoc-square.is-base-them").evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    # the base's label is not cut: it wraps within its square
    assert board.locator(".eoc-square.is-base-them .eoc-base").evaluate(
        "e => getComputedStyle(e).whiteSpace !== 'nowrap' && e.scrollWidth <= e.clientWidth")
    expect(board.locator('[data-part="hint"]')).to_contain_text("Keep your 7 cards")
    version = version_of(page)
    page.keyboard.press("k")  # keeps the hand
    wait_for_next_version(page, version)
    expect(page.locator("#move-log")).to_contain_text("Ann kept their hand")

    # Arranging: the 4 area cards go on the near row in the order they are clicked.
    expect(board.locator(".eoc-arrange-card")).to_have_count(4)
    expect(board.locator(".eoc-arrange-done")).to_be_disabled()
    first = board.locator(".eoc-arrange-card").first.inner_text()
    for _ in range(4):
        board.locator(".eoc-arrange-card").first.click()
    expect(board.locator(".eoc-arrange-slots li").first).to_contain_text(first)
    version = version_of(page)
    board.locator(".eoc-arrange-done").click()
    wait_for_next_version(page, version)
    expect(page.locator("#move-log")).to_contain_text("Ann laid their 4 area cards")
    view = wait_for_my_turn(page, match_id)
    state = view["state"]
    assert state["phase"] in ("character", "set", "table", "choose", "part")
    # Ann's near row is row 1, at the bottom of her grid; her own face-down cards show their names.
    assert all(slot["owner"] == 0 and not slot["face_up"] and slot["card"] for slot in state["area"][0])
    a1 = state["cards"][state["area"][0][0]["card"]]["name_en"]  # the page is in English
    expect(board.locator('.eoc-square[data-square="a1"]')).to_contain_text(a1)
    expect(board.locator(".eoc-square").last).to_have_attribute("data-square", "d1")
    expect(board.locator(".eoc-square.is-base")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Then Ann plays on by clicking, holding back (passing, ending her parts, laying the first
    # card as the action table, choosing the first action), until the match is over.
    for _ in range(80):
        view = wait_for_my_turn(page, match_id)
        for code in view["state"]["hand"] or []:  # a card drawn later shows its text too
            expect(board.locator(f'.eoc-hand .eoc-card[data-code="{code}"] .eoc-card-text').first).to_have_text(texts[code])
        if view["state"]["turned"]:  # the damage card turned shows its face on hover
            expect(board.locator(".eoc-damage-card")).to_have_attribute("data-card", view["state"]["turned"]["card"])
        if view["status"] == "finished":
            break
        action = hold_back(view)
        click(page, action, view)
        page.wait_for_function("v => Number(document.querySelector('#table').dataset.version) > v",
                               arg=view["version"])
    else:
        raise AssertionError("the match with the sample decks did not end")
    match.refresh_from_db()
    assert match.status == "finished" and match.outcome["details"]["reason"] in ("base", "down", "deck_out")
    expect(page.locator("#outcome")).to_be_visible()
    expect(board.locator(".eoc-result")).to_be_visible()
    page.context.close()
    assert errors == []

    # A stacked deal through the API, played to the end by clicking.
    page, errors = guest_page(browser)
    page.goto(f"{asgi_server}/play/name/")
    page.fill("#id_name", "Ann")
    page.click("#name-button")
    page.goto(f"{asgi_server}/play/")
    token = page.evaluate("document.cookie.match(/csrftoken=([^;]+)/)[1]")
    created = page.request.post(f"{asgi_server}/api/matches/", headers={"X-CSRFToken": token}, data={
        "game": "eoc", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"decks": stacked_decks(), "stacked": True, "rows": 4, "first_player": 0},
    })
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    assert "decks" not in created.json()["options"]
    page.goto(f"{asgi_server}/play/m/{match_id}/")
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")
    board = page.locator("#board")

    made = []
    for _ in range(80):
        view = wait_for_my_turn(page, match_id)
        if view["status"] == "finished":
            break
        action = choose(view)
        assert action in view["legal_actions"], (action, view["legal_actions"])
        if action["type"] == "move":
            # the character's reachable squares are highlighted once it is chosen
            board.locator(f'button.eoc-square.is-movable[data-square="{square_name(action["from"])}"]').click()
            expect(board.locator("button.eoc-square.is-reachable")).not_to_have_count(0)
            reachable = board.locator("button.eoc-square.is-reachable").evaluate_all(
                "els => els.map(e => e.dataset.square)")
            wanted = sorted(square_name(a["to"]) for a in view["legal_actions"]
                            if a["type"] == "move" and a["from"] == action["from"])
            assert sorted(reachable) == wanted
            board.locator(f'button.eoc-square.is-reachable[data-square="{square_name(action["to"])}"]').click()
        else:
            if action["type"] == "choose":
                expect(board.locator(".eoc-steps li.is-current")).to_have_count(1)
                # the action table in force shows its card's face on hover, as do the characters
                expect(board.locator(".eoc-rule-name")).to_have_attribute("data-card", view["state"]["rule"])
                for ch in view["state"]["characters"]:
                    expect(board.locator(f'.eoc-square[data-square="{square_name(ch["square"])}"] .eoc-char')
                           ).to_have_attribute("data-card", ch["card"])
                if view["state"]["turned"]:
                    expect(board.locator(".eoc-damage-card")).to_have_attribute("data-card", view["state"]["turned"]["card"])
            click(page, action, view)
        made.append(action["type"])
        page.wait_for_function("v => Number(document.querySelector('#table').dataset.version) > v",
                               arg=view["version"])
    else:
        raise AssertionError(f"the match did not end: {made}")

    match = Match.objects.get(pk=match_id)
    assert (match.status, match.outcome["winners"], match.outcome["details"]["reason"]) == ("finished", [0], "base")
    assert made[-1] == "move"
    assert {"mulligan", "arrange", "place_character", "set", "action_table", "choose"} <= set(made), made
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome.locator(".winners")).to_contain_text("Winner: Ann")
    expect(board.locator(".eoc-result")).to_contain_text("Ann wins (reached the opponent's base)")
    expect(page.locator("#move-log")).to_contain_text("Ann moved from d1 to a4")
    # in English the cards go by their English names (the page is en-GB)
    expect(page.locator("#move-log")).to_contain_text("Ann put Phantom the Gentleman Thief on their base")
    expect(board.locator('.eoc-square[data-square="a4"]')).to_contain_text("Phantom the Gentleman Thief")
    phantom = board.locator('.eoc-square[data-square="a4"] .eoc-char')
    expect(phantom).to_have_attribute("data-card", "SMP-031")
    expect(phantom.locator(".eoc-side")).to_have_text("You")
    expect(board.locator(".eoc-rule-name")).to_have_attribute("data-card", re.compile(r"^SMP-\d{3}$"))
    # hovering a board piece shows its card's face
    phantom.hover()
    expect(page.locator("#card-preview")).to_be_visible()
    expect(page.locator("#card-preview img")).to_have_attribute("src", "/cards/SMP-031/face.svg?lang=en")
    page.mouse.move(1, 1)
    # the whole log, oldest first, numbered as played
    numbers = page.locator("#move-log li.log-move .log-no").all_inner_texts()
    assert numbers == [str(n) for n in range(1, match.version + 1)]
    expect(page.locator("#move-log li.log-move >> nth=0 >> .log-text")).to_have_text(
        re.compile(r"^(Ann kept their hand|Bot 2 answered the mulligan)$"))
    expect(page.locator(NEWEST_MOVE)).to_have_text("Ann moved from d1 to a4")
    expect(board.locator("button")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()
    assert errors == []

    # The finished table in Japanese, as a spectator sees it.
    ja, errors = guest_page(browser, locale="ja-JP", width=1024, height=900)
    ja.goto(f"{asgi_server}/play/m/{match_id}/")
    expect(ja.locator("#eoc-area-title")).to_have_text("エリア")
    expect(ja.locator("#board .eoc-result")).to_contain_text("相手のベースに到達")
    expect(ja.locator("#board .eoc-hand")).to_contain_text("観戦中です")
    expect(ja.locator('#board .eoc-square[data-square="a4"]')).to_contain_text("怪盗ファントム")
    ja.context.close()
    assert errors == []


def test_sandbox_controls_move_a_card_and_set_hp(browser, asgi_server, bot_worker, live_samples):
    page, errors = guest_page(browser)
    page.goto(f"{asgi_server}/play/name/")
    page.fill("#id_name", "Ann")
    page.click("#name-button")
    page.goto(f"{asgi_server}/play/")
    token = page.evaluate("document.cookie.match(/csrftoken=([^;]+)/)[1]")
    created = page.request.post(f"{asgi_server}/api/matches/", headers={"X-CSRFToken": token}, data={
        "game": "eoc", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        "options": {"decks": stacked_decks(), "stacked": True, "first_player": 0, "sandbox": True},
    })
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    page.goto(f"{asgi_server}/play/m/{match_id}/")
    board = page.locator("#board")
    expect(board.locator(".eoc-sandbox")).to_be_hidden()  # not during set-up
    expect(board.locator(".eoc-sandbox-badge")).to_have_text("Sandbox")  # but said from the start
    for _ in range(2):  # the mulligan, then the arrangement
        view = wait_for_my_turn(page, match_id)
        click(page, choose(view), view)
        page.wait_for_function("v => Number(document.querySelector('#table').dataset.version) > v", arg=view["version"])
    view = wait_for_my_turn(page, match_id)
    assert (view["state"]["phase"], view["to_act"]) == ("character", [0])

    # A character card from the hand straight onto b1, by hand.
    sandbox = board.locator(".eoc-sandbox")
    expect(sandbox).to_be_visible()
    sandbox.locator("#eoc-sandbox-from").select_option(label="Phantom the Gentleman Thief in Ann's hand")
    sandbox.locator("#eoc-sandbox-to").select_option(label="the character on b1")
    version = version_of(page)
    sandbox.get_by_role("button", name="Move the card").click()
    wait_for_next_version(page, version)
    expect(page.locator(NEWEST_MOVE)).to_have_text(
        "Ann moved Phantom the Gentleman Thief from Ann's hand to the character on b1")
    expect(board.locator('.eoc-square[data-square="b1"] .eoc-hp')).to_have_text("HP 3/3")

    # By clicking: the character on b1, then the highlighted c1.
    board.locator('button.eoc-square[data-square="b1"]').click()
    expect(board.locator('[data-part="hint"]')).to_have_text("Choose where it goes: a highlighted square, or a pile below.")
    expect(board.locator(".eoc-sandbox-pick strong")).to_have_text("Move Phantom the Gentleman Thief from b1")
    version = version_of(page)
    board.locator('button.eoc-square.is-reachable[data-square="c1"]').click()
    wait_for_next_version(page, version)
    expect(page.locator(NEWEST_MOVE)).to_have_text(
        "Ann moved a card from the character on b1 to the character on c1")
    expect(board.locator('.eoc-square[data-square="c1"] .eoc-hp')).to_have_text("HP 3/3")

    # Its HP by − and + (no number to type): 3 − 1 − 1 + 1 = 2; + is off at full HP.
    expect(sandbox.locator("input[type=number]")).to_have_count(0)
    tools = board.locator('.eoc-hp-tools[data-square="c1"]')
    expect(tools.locator(".eoc-hp-plus")).to_be_disabled()
    for button, hp in (("−", 2), ("−", 1), ("+", 2)):
        version = version_of(page)
        tools.get_by_role("button", name=re.compile(("Lower" if button == "−" else "Raise")
                                                    + " the HP of Phantom the Gentleman Thief on c1")).click()
        wait_for_next_version(page, version)
        expect(page.locator(NEWEST_MOVE)).to_have_text(f"Ann set the HP of the character on c1 to {hp}")
        expect(board.locator('.eoc-square[data-square="c1"] .eoc-hp')).to_have_text(f"HP {hp}/3")
    match = Match.objects.get(pk=match_id)
    state = GAMES["eoc"].load(match.state, match.options)
    assert [(c.code, c.owner, c.hp, c.row, c.col) for c in state.chars] == [("SMP-031", 0, 2, 0, 2)]
    assert "SMP-031" not in state.hands[0]

    # A card to a pile by clicking: the character on c1, then Ann's discard pile.
    board.locator('button.eoc-square[data-square="c1"]').click()
    version = version_of(page)
    board.locator(".eoc-sandbox-pick").get_by_role("button", name="Ann's discard pile").click()
    wait_for_next_version(page, version)
    expect(board.locator('.eoc-piles-table tr[data-seat="0"] td').nth(1)).to_have_text("Phantom the Gentleman Thief")
    match = Match.objects.get(pk=match_id)
    assert list(GAMES["eoc"].load(match.state, match.options).chars) == []
    page.context.close()
    assert errors == []


def test_two_people_bring_their_decks_and_the_match_starts_when_the_second_joins(browser, asgi_server, live_samples):
    ann, errors = guest_page(browser)
    ann.goto(f"{asgi_server}/play/new/?game=eoc")
    ann.fill("#id_name", "Ann")
    ann.click("#name-button")
    ann.wait_for_url(re.compile(r"/play/new/"))
    ann.select_option("#id_game", "eoc")
    ann.fill("#id_players", "2")
    ann.select_option("#id_seat_0", "you")
    ann.select_option("#id_seat_1", "open")
    expect(ann.locator("#id_seat_1_deck")).to_be_hidden()
    ann.select_option("#id_deck", "SMP-BLACK")
    ann.click("#create-button")
    ann.wait_for_url(TABLE_URL)
    match_id = TABLE_URL.search(ann.url).group(1)
    expect(ann.locator("#turn-banner")).to_have_text("Waiting for people to take the free seats.")
    expect(ann.locator("#board")).to_be_hidden()
    assert Match.objects.get(pk=match_id).state is None

    bob, bob_errors = guest_page(browser)
    bob.goto(f"{asgi_server}/play/name/?next=/play/m/{match_id}/")
    bob.fill("#id_name", "Bob")
    bob.click("#name-button")
    bob.wait_for_url(TABLE_URL)
    picker = bob.locator("#join-deck-1")
    expect(picker).to_be_visible()
    picker.select_option("SMP-WHITE")
    bob.locator(".join-form button").click()
    bob.wait_for_url(TABLE_URL)
    expect(bob.locator("#board .eoc-hand .eoc-card")).to_have_count(7)
    expect(bob.locator("#board [data-part='hint']")).to_contain_text("Keep your 7 cards")
    match = Match.objects.get(pk=match_id)
    assert match.status == "running"
    assert [s.deck["id"] for s in match.seats.order_by("index")] == ["SMP-BLACK", "SMP-WHITE"]
    # Ann's table starts live: her hand is the top of her shuffled SMP-BLACK deck.
    expect(ann.locator("#board .eoc-hand .eoc-card")).to_have_count(7)
    hand = sorted(ann.locator("#board .eoc-hand .eoc-card").evaluate_all("els => els.map(e => e.dataset.code)"))
    assert hand == sorted(GAMES["eoc"].load(match.state, match.options).hands[0])
    for page, seen in ((ann, errors), (bob, bob_errors)):
        page.context.close()
        assert seen == []


def deck_of(top, fillers):
    """51 sample cards: ``top`` first, then up to 3 copies of each of ``fillers`` in turn."""
    codes = list(top)
    for code in fillers:
        while codes.count(code) < 3 and len(codes) < 51:
            codes.append(code)
    assert len(codes) == 51
    return cards(*codes)


#: Ann (seat 0): in hand 火炎弾 (SMP-007, red) and 森の囁き (SMP-023, green), then her 4 area cards,
#: then 新入生, 購買部のおばちゃん, 用務員のグスタフ on top of her deck; Bob (seat 1): anything.
ANN_DECK = deck_of(
    ["SMP-007", "SMP-023", "SMP-008", "SMP-009", "SMP-010", "SMP-020", "SMP-021",
     "SMP-011", "SMP-012", "SMP-022", "SMP-025", "SMP-063", "SMP-064", "SMP-065"],
    ["SMP-053", "SMP-014", "SMP-067", "SMP-066", "SMP-068", "SMP-069", "SMP-070", "SMP-071",
     "SMP-046", "SMP-047", "SMP-048", "SMP-049", "SMP-050", "SMP-051", "SMP-052"])
BOB_DECK = deck_of([], ["SMP-030", "SMP-042", "SMP-033", "SMP-034", "SMP-035", "SMP-036", "SMP-037", "SMP-038",
                        "SMP-039", "SMP-040", "SMP-041", "SMP-043", "SMP-044", "SMP-045", "SMP-046", "SMP-047",
                        "SMP-048", "SMP-049"])
#: Ann's Kaede (red and green) on b2 between Bob's Garm on a2 and Gawain on b3; Ann's Mint (green)
#: on b1. Squares as seen from seat 0.
KAEDE, MINT, GARM, GAWAIN, BOB_CARD = (1, 1), (0, 1), (1, 0), (2, 1), (3, 2)


def prepared(state):
    """Set-up done, turn 1 with Ann the AP: nobody places or sets a card, the characters above on
    an area full of face-down cards (Bob's own on c4), Ann's action table (闘志 SMP-008, STEP 1
    charge) laid and charge chosen: Ann's part of STEP 1. Garm may not be charged this turn, and
    Ann has looked at Bob's card on c4 and at 影縫い (SMP-036) in his hand."""
    game = GAMES["eoc"]

    def play(state, *moves):
        for seat, action in moves:
            state = game.apply(state, seat, action)
        return state

    state = play(state, (0, {"type": "mulligan", "take": False}), (1, {"type": "mulligan", "take": False}))
    state = play(state, (0, {"type": "arrange", "order": list(state.drawn[0])}),
                 (1, {"type": "arrange", "order": list(state.drawn[1])}))
    state = play(state, *[(seat, {"type": "skip"}) for seat in (0, 1, 0, 1)])
    area = [s if s is not None else Slot("SMP-067", 0, False) for s in state.area]
    area[BOB_CARD[0] * 4 + BOB_CARD[1]] = Slot("SMP-047", 1, False)
    chars = (Char(1, 0, "SMP-053", 5, *KAEDE), Char(2, 0, "SMP-014", 5, *MINT),
             Char(3, 1, "SMP-030", 6, *GARM), Char(4, 1, "SMP-042", 8, *GAWAIN))
    state = replace(state, area=tuple(area), chars=chars, next_uid=5, mods=(Mod("not:be_charged", 3, 0, "turn"),
                                                                           Mod("movement", 4, -1, "step")),
                    peeks=((Peek("area", "SMP-047", *BOB_CARD), Peek("hand", "SMP-036", -1, -1)), ()))
    return play(state, (0, {"type": "action_table", "card": "SMP-008"}), (0, {"type": "choose", "action": "charge"}))


def named_guest(browser, asgi_server, name):
    page, errors = guest_page(browser)
    page.goto(f"{asgi_server}/play/name/")
    page.fill("#id_name", name)
    page.click("#name-button")
    page.goto(f"{asgi_server}/play/")
    token = page.evaluate("document.cookie.match(/csrftoken=([^;]+)/)[1]")
    return page, errors, token


def characters_hp(match_id):
    match = Match.objects.get(pk=match_id)
    state = GAMES["eoc"].load(match.state, match.options)
    return {(c.row, c.col): c.hp for c in state.chars}


def test_a_player_chooses_an_events_target_and_orders_the_cards_it_shows(browser, asgi_server, live_samples):
    ann, ann_errors, token = named_guest(browser, asgi_server, "Ann")
    created = ann.request.post(f"{asgi_server}/api/matches/", headers={"X-CSRFToken": token}, data={
        "game": "eoc", "seats": [{"kind": "human"}, {"kind": "human"}], "deck": "SMP-RED"})
    assert created.status == 201, created.text()
    match_id = created.json()["id"]
    bob, bob_errors, token = named_guest(browser, asgi_server, "Bob")
    joined = bob.request.post(f"{asgi_server}/api/matches/{match_id}/join/", headers={"X-CSRFToken": token},
                              data={"deck": "SMP-GREEN"})
    assert joined.ok, joined.text()
    match = stack(match_id, {"decks": [ANN_DECK, BOB_DECK], "stacked": True, "rows": 4, "first_player": 0})
    game = GAMES["eoc"]
    match.state = game.dump(prepared(game.load(match.state, match.options)))
    match.save(update_fields=["state"])
    for page in (ann, bob):
        page.goto(f"{asgi_server}/play/m/{match_id}/")
        expect(page.locator("#connection")).to_have_attribute("data-state", "open")
    board, bobs = ann.locator("#board"), bob.locator("#board")

    # What Ann's board shows besides: Garm may not be charged (a badge with its meaning), and
    # what her look showed her (Bob's face-down card on c4 shows its face to her alone).
    badge = board.locator('.eoc-square[data-square="a2"] .eoc-no')
    expect(badge).to_have_text("not chargeable")
    expect(badge).to_have_attribute("title", "cannot be the target of a charge")
    expect(board.locator(".eoc-peeks-title")).to_have_text("You looked at (only you see these):")
    assert board.locator(".eoc-peek .eoc-card").evaluate_all("els => els.map(e => e.dataset.card)") == [
        "SMP-047", "SMP-036"]
    expect(board.locator(".eoc-peek figcaption")).to_have_text(["face down on c4", "in your opponent's hand"])
    peeked = board.locator('.eoc-square[data-square="c4"] .eoc-slot')
    expect(peeked).to_have_class(re.compile(r"\bis-peeked\b"))
    expect(peeked).to_have_attribute("data-card", "SMP-047")
    expect(peeked).to_have_attribute("title", "an area card face down, seen only by you: Purification")
    expect(bobs.locator('.eoc-square[data-square="a2"] .eoc-no')).to_have_text("not chargeable")
    change = board.locator('.eoc-square[data-square="b3"] .eoc-chg')    # Gawain: movement -1 this STEP
    expect(change).to_have_text("move -1")
    expect(change).to_have_attribute("title", "until the end of this STEP")
    expect(bobs.locator(".eoc-peeks")).to_be_hidden()

    # 火炎弾: the card, then its user (Kaede, the only red character), then one of the two
    # adjacent enemies; Escape and the cancel button back out of the choice.
    hint = board.locator('[data-part="hint"]')
    for back_out in ("Escape", "button", None):
        board.locator('.eoc-hand button.choosable[data-code="SMP-007"]').click()
        expect(board.locator("button.eoc-square.is-reachable")).to_have_count(1)
        board.locator('button.eoc-square.is-reachable[data-square="b2"]').click()
        expect(hint).to_have_text("Fireball: choose one adjacent enemy character.")
        choices = board.locator("button.eoc-square.is-choice")
        expect(choices).to_have_count(2)
        assert sorted(choices.evaluate_all("els => els.map(e => e.dataset.square)")) == ["a2", "b3"]
        expect(board.locator(".eoc-square.is-picked")).to_have_attribute("data-square", "b2")
        if back_out == "Escape":
            ann.keyboard.press("Escape")
        elif back_out == "button":
            board.locator("button.eoc-cancel").click()
        if back_out:
            expect(choices).to_have_count(0)
            expect(board.locator(".eoc-hand .is-chosen")).to_have_count(0)
            assert version_of(ann) == "0"
    version = version_of(ann)
    board.locator('button.eoc-square.is-choice[data-square="b3"]').click()
    wait_for_next_version(ann, version)
    # the chosen enemy took the damage, the other did not
    assert characters_hp(match_id) == {KAEDE: 5, MINT: 5, GARM: 6, GAWAIN: 7}
    expect(board.locator('.eoc-square[data-square="b3"] .eoc-hp')).to_have_text("HP 7/8")
    expect(ann.locator(NEWEST_MOVE)).to_have_text("Ann used Fireball with the character on b2 (targets: b3)")
    expect(bob.locator(NEWEST_MOVE)).to_have_text("Ann used Fireball with the character on b2 (targets: b3)")

    # 森の囁き: Kaede has used an event this STEP, so Mint uses it; it asks nothing and is sent
    # at once; then Ann puts the top 3 cards of her deck under it in the order she clicks.
    match = Match.objects.get(pk=match_id)
    deck_before = game.load(match.state, match.options).decks[0]
    assert deck_before[:3] == ("SMP-063", "SMP-064", "SMP-065")
    board.locator('.eoc-hand button.choosable[data-code="SMP-023"]').click()
    expect(board.locator("button.eoc-square.is-reachable")).to_have_count(1)
    version = version_of(ann)
    board.locator('button.eoc-square.is-reachable[data-square="b1"]').click()
    wait_for_next_version(ann, version)
    decision = board.locator('[data-part="decision"]')
    expect(hint).to_have_text("Choose the order of the cards shown, then confirm it.")
    expect(decision.locator(".eoc-decision-line")).to_contain_text("The top 3 cards of your deck go under the deck")
    pool = decision.locator("button.eoc-order-card")
    assert pool.evaluate_all("els => els.map(e => e.dataset.code)") == ["SMP-063", "SMP-064", "SMP-065"]
    # their texts were not on the page (nor on Bob's, nor Ann's hand on his): asked for as they came
    texts = texts_of(match.options["decks"], "en")
    for code in ("SMP-063", "SMP-064", "SMP-065"):
        expect(decision.locator(f'button.eoc-order-card[data-code="{code}"] .eoc-card-text')).to_have_text(texts[code])
    embedded = {name: set(page.evaluate("JSON.parse(document.getElementById('card-texts').textContent)"))
                for name, page in (("ann", ann), ("bob", bob))}
    assert not embedded["ann"] & {"SMP-063", "SMP-064", "SMP-065"} and "SMP-023" in embedded["ann"]
    assert not embedded["bob"] & {"SMP-063", "SMP-064", "SMP-065", "SMP-023", "SMP-007"}
    expect(decision.locator(".eoc-order-done")).to_be_disabled()
    expect(bob.locator('#board [data-part="decision"]')).to_have_text("Ann is putting 3 cards in order.")
    expect(bobs.locator(".eoc-order-card")).to_have_count(0)
    expect(bob.locator("#turn-banner")).to_have_text("Waiting for Ann")
    for code in ("SMP-064", "SMP-065"):
        decision.locator(f'button.eoc-order-card[data-code="{code}"]').click()
    decision.locator(".eoc-order-undo").click()  # SMP-065 goes back
    for code in ("SMP-063", "SMP-065"):
        decision.locator(f'button.eoc-order-card[data-code="{code}"]').click()
    slots = decision.locator(".eoc-order-slots li strong")
    expect(slots).to_have_count(3)
    assert slots.evaluate_all("els => els.map(e => e.dataset.card)") == ["SMP-064", "SMP-063", "SMP-065"]
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390
    version = version_of(ann)
    decision.locator(".eoc-order-done").click()
    wait_for_next_version(ann, version)
    match = Match.objects.get(pk=match_id)
    state = game.load(match.state, match.options)
    assert state.pending is None
    assert state.decks[0] == deck_before[3:] + ("SMP-064", "SMP-063", "SMP-065")
    expect(decision).to_be_hidden()
    expect(ann.locator(NEWEST_MOVE)).to_have_text(
        "Ann put the cards in order: The School Store Lady, New Student, Gustav the Caretaker")
    expect(bob.locator(NEWEST_MOVE)).to_have_text("Ann put the cards in order")
    expect(bob.locator('#board [data-part="decision"]')).to_be_hidden()
    for page, errors in ((ann, ann_errors), (bob, bob_errors)):
        page.context.close()
        assert errors == []


@pytest.mark.parametrize("locale, said", [("en-GB", "You are watching: the hands are hidden."),
                                          ("ja-JP", "観戦中です。手札は見えません。")])
def test_a_spectator_is_told_once_that_the_hands_are_hidden(browser, asgi_server, locale, said):
    """Under the hand, not again as the bold hint above it (and in the wording of the other games)."""
    from play.services.create import create_match

    bot = {"kind": "bot", "bot": "heuristic"}
    match = create_match(None, "eoc", [bot, bot], {"decks": stacked_decks(), "stacked": True, "first_player": 0},
                         None, seed=3)
    page, errors = guest_page(browser, locale=locale)
    page.goto(f"{asgi_server}/play/m/{match.id}/")
    board = page.locator("#board")
    expect(board.locator(".eoc-hand")).to_have_text(said)
    expect(board.get_by_text(said)).to_have_count(1)
    expect(board.locator(".eoc-hint")).to_have_text("")
    page.context.close()
    assert errors == []
