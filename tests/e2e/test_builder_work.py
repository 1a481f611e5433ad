"""The builder never loses work, in a real browser: the deck page and history links are hidden
before the first save and the heading turns into the deck's name after it; changes are kept
as a draft on the server and restored (or discarded) when the builder is opened again;
leaving with unsaved changes asks first; "play this deck" opens a table with the deck against
a bot, from the builder and from the deck page; add to a deck from a card page; a sample hand."""
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from decks.models import Deck, DeckDraft
from play.models import Match
from tests.e2e.conftest import log_in

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 42"
TABLE_URL = re.compile(r"/play/m/(\w+)/$")


@pytest.fixture
def carol(transactional_db):
    call_command("load_samples", verbosity=0)
    return User.objects.create_user("carol", password=PASSWORD)


@pytest.fixture
def carol_asgi(threads_share_the_test_db):
    call_command("load_samples", verbosity=0)
    return User.objects.create_user("carol", password=PASSWORD)


def add_card(page, query, code, times=1):
    page.fill("#card-search", query)
    page.click("#search-button")
    button = page.locator(f'#search-results li[data-code="{code}"] button[data-action="add"]')
    for n in range(times):
        button.click()
        page.locator(f'#builder-panel li.builder-card[data-code="{code}"][data-count="{n + 1}"]').wait_for()


def import_sample(page, deck_id="SMP-RED"):
    text = Deck.objects.get(pk=deck_id)
    lines = "\n".join(f"{e.count} {e.card.code}" for e in text.entries.select_related("card"))
    page.fill("#import-text", lines)
    page.click("#import-button")
    page.locator('#builder-panel #deck-summary[data-total="51"][data-valid="true"]').wait_for()


def test_links_hidden_before_the_first_save_and_the_heading_after_it(page, live_server, carol):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    expect(page.locator("#builder-heading")).to_have_text("New deck")
    for selector in ("#deck-page-link", "#deck-history-link", "#play-form"):
        expect(page.locator(selector)).to_be_hidden()
    # [hidden] wins over the display of .button everywhere
    assert page.eval_on_selector("#deck-page-link", "e => getComputedStyle(e).display") == "none"
    # on a phone, Save is in reach without scrolling, and nothing scrolls sideways
    expect(page.locator("#save-bar-button")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    add_card(page, "カグラ", "SMP-001", 2)
    page.fill("#deck-name", "Red start")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="Saved as version 1.").wait_for()
    deck = Deck.objects.get(owner=carol)
    expect(page.locator("#builder-heading")).to_have_text("Edit Red start")
    assert page.title().startswith("Edit Red start · ")
    expect(page.locator("#deck-page-link")).to_be_visible()
    expect(page.locator("#deck-page-link")).to_have_attribute("href", f"/decks/{deck.pk}/")
    expect(page.locator("#deck-history-link")).to_have_attribute("href", f"/decks/{deck.pk}/history/")
    expect(page.locator("#play-form")).to_be_visible()

    # a save that changes nothing makes no version, and says so
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="no new version was made").wait_for()
    assert deck.versions.count() == 1
    page.click("#deck-page-link")
    page.wait_for_url(f"{base}/decks/{deck.pk}/")
    expect(page.locator("h1#deck-name")).to_have_text("Red start")


def test_a_draft_is_kept_restored_and_discarded(page, live_server, carol):
    base = live_server.url
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    add_card(page, "カグラ", "SMP-001", 3)
    page.fill("#deck-name", "作りかけ")
    expect(page.locator("#save-bar-state")).to_have_text("Unsaved changes")
    expect(page.locator("#save-bar-total")).to_have_text("3")
    page.locator('#draft-status[data-saved="true"]').wait_for()
    expect(page.locator("#draft-status")).to_contain_text("Draft kept at")
    page.wait_for_function("() => document.querySelector('#draft-status').dataset.saved === 'true'")
    draft = DeckDraft.objects.get(owner=carol, deck=None)
    assert (draft.entries, draft.name) == ([{"code": "SMP-001", "count": 3}], "作りかけ")
    # The page names itself and numbers its writes, so that a late one is never applied.
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,40}", draft.writer) and draft.sequence >= 1, (draft.writer, draft.sequence)

    # a new visit restores it, says so, and warns again before leaving
    page.goto(f"{base}/decks/new/")
    expect(page.locator("#draft-notice")).to_contain_text("This is the unsaved deck you were building")
    expect(page.locator("#deck-name")).to_have_value("作りかけ")
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="3"]').wait_for()
    expect(page.locator("#save-bar-state")).to_have_text("Unsaved changes")

    # discarding it brings back an empty builder
    page.click("#discard-draft")
    page.wait_for_load_state()
    expect(page.locator("#builder-empty")).to_be_visible()
    expect(page.locator("#draft-notice")).to_have_count(0)
    expect(page.locator("#deck-name")).to_have_value("")
    assert DeckDraft.objects.count() == 0

    # a draft of a saved deck: saved, then changed, then restored on the edit page
    add_card(page, "カグラ", "SMP-001", 1)
    page.fill("#deck-name", "Saved one")
    page.click("#save-bar-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    # the bar that stays on screen says so too
    expect(page.locator("#save-bar-state")).to_have_text("Saved as version 1.")
    expect(page.locator("#save-bar-state")).to_have_css("color", "rgb(28, 124, 60)")  # --ok: not the warning red
    assert DeckDraft.objects.count() == 0
    deck = Deck.objects.get(owner=carol)
    page.click(f'#builder-panel button[data-action="add"][data-code="SMP-001"]')
    page.locator('#draft-status[data-saved="true"]').wait_for()
    page.goto(f"{base}/decks/{deck.pk}/edit/")
    expect(page.locator("#draft-notice")).to_contain_text("the deck as saved is version 1")
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="2"]').wait_for()
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="Saved as version 2.").wait_for()
    expect(page.locator("#draft-notice")).to_have_count(0)
    assert DeckDraft.objects.count() == 0


def test_leaving_with_unsaved_changes_asks_first(page, live_server, carol):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    dialogs = []

    def answer(dialog):
        dialogs.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    add_card(page, "カグラ", "SMP-001", 1)
    page.click("#card-search")  # a user gesture, which Chromium needs before it asks
    page.evaluate("() => { window.location.href = '/cards/'; }")
    page.wait_for_timeout(500)
    assert dialogs == ["beforeunload"]
    assert page.url == f"{base}/decks/new/"

    # once saved, leaving asks nothing
    page.fill("#deck-name", "Kept")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    page.goto(f"{base}/cards/")
    assert dialogs == ["beforeunload"]


def hand_codes(page):
    board = page.locator("#board")
    expect(board.locator(".eoc-hand .eoc-card")).to_have_count(7)
    return board.locator(".eoc-hand [data-code]").evaluate_all("els => els.map(e => e.dataset.code)")


def test_play_this_deck_from_the_builder_and_the_deck_page(page, asgi_server, carol_asgi):
    base = asgi_server
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    page.on("dialog", lambda dialog: dialog.accept())
    import_sample(page, "SMP-GREEN")
    page.fill("#deck-name", "My green")
    expect(page.locator("#play-form")).to_be_hidden()
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    deck = Deck.objects.get(owner=carol_asgi)
    codes = set(deck.entries.values_list("card__code", flat=True))

    # one click: the table, with this deck against the heuristic bot
    page.click("#play-button")
    page.wait_for_url(TABLE_URL)
    match = Match.objects.get(pk=TABLE_URL.search(page.url).group(1))
    assert (match.game, match.status) == ("eoc", "running")
    assert [(s.bot, s.deck["id"]) for s in match.seats.order_by("index")] == [("", deck.pk), ("heuristic", "SMP-RED")]
    assert set(hand_codes(page)) <= codes

    # from the deck page too
    page.goto(f"{base}/decks/{deck.pk}/")
    page.click("#play-button")
    page.wait_for_url(TABLE_URL)
    assert Match.objects.count() == 2

    # an illegal deck cannot be played: the builder says why
    page.goto(f"{base}/decks/new/")
    add_card(page, "カグラ", "SMP-001", 1)
    page.fill("#deck-name", "Too small")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    page.click("#play-button")
    expect(page.locator("#play-status .form-error")).to_have_text(
        "Only a legal deck can be played: fix the problems above first.")
    assert Match.objects.count() == 2


def test_add_to_a_deck_from_a_card_page(page, live_server, carol):
    base = live_server.url
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    add_card(page, "カグラ", "SMP-001", 2)
    page.fill("#deck-name", "Two Kaguras")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="version 1").wait_for()
    deck = Deck.objects.get(owner=carol)

    page.goto(f"{base}/cards/SMP-001/")
    expect(page.locator("#add-to-deck-deck option")).to_have_text(["Two Kaguras"])
    page.click("#add-to-deck-button")
    expect(page.locator("#add-to-deck-status")).to_have_text(
        "Added to “Two Kaguras”: it now holds 3 copies of Kagura, Flame Club Captain (3 cards).")
    page.click("#add-to-deck-button")
    expect(page.locator("#add-to-deck-status .form-error")).to_have_text(
        "“Two Kaguras” holds 3 copies of Kagura, Flame Club Captain already; a deck may hold at most 3.")
    assert deck.entries.get().count == 3

    # and from the search results: a +1 on every card
    page.goto(f"{base}/cards/?q=cn<=3+s:SMP&view=grid")  # one result would open the card page
    page.locator('[data-card-code] button[data-add-to-deck="SMP-002"]').click()
    expect(page.locator("#add-to-deck-status")).to_contain_text("Added to “Two Kaguras”")
    assert deck.entries.count() == 2


def wait_for_draft(owner, cards: list[dict], timeout: float = 10.0) -> DeckDraft:
    import time

    deadline = time.monotonic() + timeout
    while True:
        draft = DeckDraft.objects.filter(owner=owner, deck=None).first()
        if draft is not None and draft.entries == cards:
            return draft
        assert time.monotonic() < deadline, draft.entries if draft else None
        time.sleep(0.05)


def test_quick_changes_are_kept_when_the_page_is_left_and_back_shows_them(page, live_server, carol):
    """A burst of quick adds was written only 0.8 s after the last one, so leaving at once lost
    it all; and Back showed the browser's copy of the builder as first loaded, whose next change
    wrote that old list over the draft."""
    base = live_server.url
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    page.fill("#card-search", "カグラ")
    page.click("#search-button")
    add = page.locator('#search-results li[data-code="SMP-001"] button[data-action="add"]')
    for _ in range(3):
        add.click()  # no wait between them: a player tapping quickly
    page.goto(f"{base}/cards/")  # at once, well within the 0.8 s pause
    wait_for_draft(carol, [{"code": "SMP-001", "count": 3}])

    page.go_back()
    page.wait_for_url(f"{base}/decks/new/")
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="3"]').wait_for()
    page.click('#builder-panel button[data-action="add"][data-code="SMP-001"]')
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="4"]').wait_for()
    wait_for_draft(carol, [{"code": "SMP-001", "count": 4}])  # the change is made to the draft, not to the old page
    response = page.request.get(f"{base}/decks/new/")
    assert "no-store" in response.headers["cache-control"]


def test_a_draft_older_than_the_deck_is_offered_not_written_over(page, live_server, carol):
    base = live_server.url
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, base, "carol", PASSWORD, "/decks/new/")
    add_card(page, "カグラ", "SMP-001", 2)
    page.fill("#deck-name", "Two Kaguras")
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="Saved as version 1.").wait_for()
    deck = Deck.objects.get(owner=carol)
    # a change kept as a draft of version 1: one Kagura fewer
    page.click('#builder-panel button[data-action="remove"][data-code="SMP-001"]')
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="1"]').wait_for()
    page.locator('#draft-status[data-saved="true"]').wait_for()
    draft = DeckDraft.objects.get(owner=carol, deck=deck)
    assert (draft.entries, draft.base_version) == ([{"code": "SMP-001", "count": 1}], 1)

    # meanwhile a card is added from its page: version 2, and the draft gets it too
    page.goto(f"{base}/cards/SMP-002/")
    page.click("#add-to-deck-button")
    expect(page.locator("#add-to-deck-status")).to_contain_text("Added to “Two Kaguras”")
    draft.refresh_from_db()
    assert (draft.entries, draft.base_version) == ([{"code": "SMP-001", "count": 1}, {"code": "SMP-002", "count": 1}], 1)

    # the builder says so plainly and shows the deck as saved, with what the draft would change
    page.goto(f"{base}/decks/{deck.pk}/edit/")
    expect(page.locator("#stale-title")).to_have_text(
        "This draft was started from version 1; the deck has changed since (version 2).")
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="2"]').wait_for()
    page.locator('#builder-panel li.builder-card[data-code="SMP-002"][data-count="1"]').wait_for()
    expect(page.locator("#draft-notice .diff-row")).to_have_count(1)
    expect(page.locator("#draft-notice .diff-row td")).to_have_text(
        ["Kagura, Flame Club Captain 火炎部長カグラ", "SMP-001", "2", "1", "−1"])
    expect(page.locator("#save-bar-state")).to_have_text("")
    # a change before choosing does not write over the draft
    page.click('#builder-panel button[data-action="add"][data-code="SMP-002"]')
    page.locator('#builder-panel li.builder-card[data-code="SMP-002"][data-count="2"]').wait_for()
    page.wait_for_timeout(1500)
    draft.refresh_from_db()
    assert draft.entries == [{"code": "SMP-001", "count": 1}, {"code": "SMP-002", "count": 1}]

    # restoring it anyway keeps the player's choice: the draft's list, rebased on version 2
    page.click("#restore-draft")
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="1"]').wait_for()
    page.locator('#builder-panel li.builder-card[data-code="SMP-002"][data-count="1"]').wait_for()
    expect(page.locator("#stale-restored")).to_have_text(
        "The draft is restored. Saving it makes a new version on top of version 2, which stays in the history.")
    expect(page.locator("#save-bar-state")).to_have_text("Unsaved changes")
    page.locator('#draft-status[data-saved="true"]').wait_for()
    draft.refresh_from_db()
    assert (draft.entries, draft.base_version) == ([{"code": "SMP-001", "count": 1}, {"code": "SMP-002", "count": 1}], 2)
    # opened again, it is an ordinary restored draft now
    page.reload()
    expect(page.locator("#draft-notice")).to_contain_text("the deck as saved is version 2")
    expect(page.locator("#restore-draft")).to_have_count(0)
    page.locator('#builder-panel li.builder-card[data-code="SMP-001"][data-count="1"]').wait_for()

    # saved: a new version on top; version 2 stays in the history
    page.click("#save-button")
    page.locator("#save-status .notice", has_text="Saved as version 3.").wait_for()
    assert [(v.number, [(e["code"], e["count"]) for e in v.entries]) for v in deck.versions.order_by("number")] == [
        (1, [("SMP-001", 2)]), (2, [("SMP-001", 2), ("SMP-002", 1)]), (3, [("SMP-001", 1), ("SMP-002", 1)])]
    assert DeckDraft.objects.count() == 0


def test_a_sample_hand_on_the_deck_page(page, live_server, carol):
    page.goto(f"{live_server.url}/decks/SMP-RED/")
    page.click("#sample-button")
    expect(page.locator('#sample-result [data-part="hand"] img')).to_have_count(7)
    expect(page.locator('#sample-result [data-part="area"] img')).to_have_count(4)
    expect(page.locator('#sample-result [data-part="turn"]')).to_have_count(4)
    first = page.locator('#sample-result [data-part="hand"] img').first
    assert re.fullmatch(r"/cards/SMP-\d{3}/face\.svg\?lang=en", first.get_attribute("src"))
    page.wait_for_function(
        "() => [...document.querySelectorAll('#sample-result [data-part=hand] img')].every(i => i.complete && i.naturalWidth > 0)")
