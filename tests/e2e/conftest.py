"""Browser tests: Playwright drives the system's Chromium (Debian's ``chromium`` package)
against pytest-django's live server."""
import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls in the test
# itself (fixtures) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module. Playwright's sync API keeps an event loop running in this
    thread while it is open, so it is closed before other modules' tests run."""
    from playwright.sync_api import sync_playwright

    assert os.path.exists(CHROMIUM), f"Chromium not found at {CHROMIUM}: install Debian's chromium package"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def live_t_catalogue(transactional_db):
    """The handed test catalogue, committed so that the live server's thread sees it."""
    from tests.conftest import CASES_DIR, import_file

    import_file(CASES_DIR / "catalogue.json")
