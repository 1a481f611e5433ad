"""The site's Content-Security-Policy in a real browser: Chromium loads the main pages, the
four game tables (each with its live websocket), a replay, the deck builder at work, the
account pages, the admin and the API docs (Swagger UI, an operation tried out) and records every
violation — the ``securitypolicyviolation`` events of each document and the console's
messages that name the Content Security Policy. There must be none. The recorder itself is shown to work: an inline
script put into a page is refused and recorded."""
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from play.identity import Player
from play.models import Match
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match

pytestmark = pytest.mark.e2e

PASSWORD = "a long admin passphrase"
RECORDER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  [e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber, e.sample].join(" | ")));
"""
BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture
def live_site(threads_share_the_test_db):
    """The samples, a superuser, a running match of each game held by them against bots, and a
    finished L.A.M.A. match of bots (for its replay)."""
    call_command("load_samples", verbosity=0)
    root = User.objects.create_superuser("root", password=PASSWORD)
    me = Player(root.pk, None, "root")
    human = {"kind": "human"}
    tables = {
        "lama": create_match(me, "lama", [human, BOT], seed=1).id,
        "completto": create_match(me, "completto", [human, BOT], seed=1).id,
        "elements": create_match(me, "elements", [human, BOT, BOT], seed=1).id,
        "eoc": create_match(me, "eoc", [human, {**BOT, "deck": "SMP-GREEN"}], seed=1, deck="SMP-RED").id,
    }
    finished = create_match(None, "lama", [BOT, BOT], {"end_at": 1}, seed=3)
    while finished.status != Match.Status.FINISHED:
        assert play_bot_turn(finished.id, finished.version)
        finished.refresh_from_db()
    return {"tables": tables, "finished": finished.id}


class Recorder:
    """A browser page that keeps every CSP violation it meets, per URL."""

    def __init__(self, browser):
        self.context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        self.context.add_init_script(RECORDER)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        # The browser's own console messages (CSP reports among them) come through the DevTools
        # Log domain, not Playwright's console event, which carries the pages' console calls.
        self.console: list[str] = []
        self.devtools = self.context.new_cdp_session(self.page)
        self.devtools.on("Log.entryAdded", self._logged)
        self.devtools.send("Log.enable")
        self.violations: dict[str, list[str]] = {}
        self.visited: list[str] = []

    def _logged(self, event) -> None:
        text = event["entry"]["text"]
        if "Content Security Policy" in text:
            self.console.append(f"{event['entry'].get('url', '')}: {text}")

    def collect(self) -> None:
        self.page.wait_for_timeout(300)  # violation events are dispatched after the fact
        found = self.page.evaluate("window.__csp || []")
        if found:
            self.violations.setdefault(self.page.url, []).extend(found)
        self.visited.append(self.page.url)

    def visit(self, url: str, ready: str | None = None) -> None:
        response = self.page.goto(url)
        assert "script-src 'self'" in response.headers.get("content-security-policy", ""), url
        if ready:
            self.page.locator(ready).first.wait_for()
        self.collect()


def test_no_page_breaks_the_policy(browser, asgi_server, live_site):
    site, tables = asgi_server, live_site["tables"]
    browser_page = Recorder(browser)
    page = browser_page.page
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))

    # Logged out: the main pages.
    for path, ready in [("/", "main"), ("/cards/", "main"), ("/cards/?q=c:r&view=list", "table"),
                        ("/cards/SMP-001/", "main"), ("/cards/syntax/", "main"), ("/decks/", "main"),
                        ("/decks/SMP-RED/", "#goldfish"), ("/decks/SMP-RED/history/", "main"),
                        ("/decks/SMP-RED/print/", "main"), ("/play/", "main"), ("/accounts/signup/", "main"),
                        ("/no/such/page/", "main"), ("/decks/validate/?deck=SMP-RED", "form.deck-form")]:
        browser_page.visit(site + path, ready)
    page.click("form.deck-form button[type=submit]")  # the validator's report
    page.locator("#deck-summary").wait_for()
    browser_page.collect()

    # Logged in through the admin's login page: the admin, the builder, the tables, the tokens.
    browser_page.visit(f"{site}/admin/login/", "#id_username")
    page.fill("#id_username", "root")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"{site}/admin/")
    browser_page.collect()
    for path in ["/admin/cardsdb/card/", "/admin/cardsdb/card/SMP-001/change/", "/admin/cardsdb/card/add/",
                 "/admin/decks/deck/SMP-RED/change/", "/admin/play/match/", "/admin/auth/user/",
                 "/admin/axes/accessattempt/", "/admin/axes/accesslog/", "/admin/password_change/"]:
        browser_page.visit(site + path, "#content")

    browser_page.visit(f"{site}/decks/new/", "#card-search")
    page.fill("#card-search", "c:r")
    page.click("#search-button")
    page.locator("#search-results li.search-result").first.wait_for()
    page.locator('#search-results li.search-result button[data-action="add"]').first.click()
    expect(page.locator("#deck-panel, #builder-panel, main").first).to_be_visible()
    browser_page.collect()

    browser_page.visit(f"{site}/play/new/", "#create-button")
    for game, match_id in tables.items():
        browser_page.visit(f"{site}/play/m/{match_id}/", "#board")
        expect(page.locator("#connection")).to_have_attribute("data-state", "open")
        browser_page.collect()
    assert len([url for url in sockets if "/ws/matches/" in url]) >= 4, sockets
    browser_page.visit(f"{site}/play/m/{live_site['finished']}/replay/", "main")

    browser_page.visit(f"{site}/accounts/tokens/", "#create-token")
    page.click("#create-token")
    page.locator("#token-key").wait_for()
    browser_page.collect()

    # The API docs: Swagger UI renders every operation; one is tried out.
    browser_page.visit(f"{site}/api/docs/", ".opblock")
    games = page.locator(".opblock", has_text="/api/games/").first
    games.locator(".opblock-summary").click()
    games.locator("button.try-out__btn").click()
    games.locator("button.execute").click()
    expect(games.locator(".live-responses-table .response .response-col_status").first).to_have_text("200")
    browser_page.collect()

    # The locked-out page, last (it locks this address).
    browser_page.visit(f"{site}/", "form[action='/accounts/logout/'] button")
    page.click("form[action='/accounts/logout/'] button")
    page.locator("a[href='/accounts/login/']").first.wait_for()
    for _ in range(5):
        browser_page.visit(f"{site}/accounts/login/", "#id_username")
        page.fill("#id_username", "nobody")
        page.fill("#id_password", "guess")
        page.click("main form button[type=submit]")
        page.wait_for_load_state()
    expect(page.locator("#locked-out")).to_be_visible()
    browser_page.collect()

    assert browser_page.violations == {}
    assert browser_page.console == []
    assert len(browser_page.visited) >= 40
    browser_page.context.close()


def test_the_recorder_sees_a_violation(browser, asgi_server, live_site):
    browser_page = Recorder(browser)
    browser_page.visit(f"{asgi_server}/", "main")
    browser_page.page.evaluate("""() => { const s = document.createElement("script");
        s.textContent = "window.__ran = true"; document.body.append(s); }""")
    browser_page.collect()
    assert browser_page.page.evaluate("window.__ran === undefined")
    [found] = browser_page.violations.values()
    assert found[0].startswith("script-src-elem | inline | ")
    assert len(browser_page.console) == 1 and "Content Security Policy directive" in browser_page.console[0]
    browser_page.context.close()
