"""Browser tests: Playwright drives the system's Chromium (Debian's ``chromium`` package)
against pytest-django's live server."""
import os
import shutil

import pytest
from playwright.sync_api import Error as PlaywrightError

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


#: True in a page while the deck builder has a draft waiting to be written or being written.
DRAFT_PENDING = "() => document.querySelector('[data-draft-pending=\"true\"]') !== null"


def close_settled(context) -> None:
    """Close a browser context once none of its pages has builder work waiting to be written.
    Closing a page with a draft waiting writes it (the builder's keepalive request on leaving),
    and that request reached the test server while the database was being emptied for the next
    test: a deadlock with the emptying TRUNCATE."""
    for page in context.pages:
        try:
            page.wait_for_function(f"() => !({DRAFT_PENDING})()", timeout=10_000)
        except PlaywrightError:  # a page that crashed or was closed: nothing of it is waiting
            pass
    context.close()


def log_in(page, base: str, username: str, password: str, next_path: str = "/") -> None:
    """Log ``username`` in with ``password`` through the site's login form in ``page``, asking to
    go on to ``next_path``; ``base`` is the server's URL (``live_server.url``, ``asgi_server``).
    Returns once the browser is at ``base + next_path``; a refused login fails there, with
    Playwright's ``TimeoutError``."""
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}{next_path}")


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    close_settled(context)


@pytest.fixture
def live_t_catalogue(transactional_db):
    """The handed test catalogue, committed so that the live server's thread sees it."""
    from tests.conftest import CASES_DIR, import_file

    import_file(CASES_DIR / "catalogue.json")


def _read_uncommitted(sender=None, connection=None, **kwargs):
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


@pytest.fixture
def threads_share_the_test_db(transactional_db):
    """Lets the threads of this process read the shared in-memory SQLite test database while
    another thread writes to it. In shared-cache mode a reader holds a table lock that makes a
    writer on another connection fail at once with "database table is locked" (SQLite's busy
    timeout does not apply there); read-uncommitted connections take no such read locks."""
    from django.db import connection
    from django.db.backends.signals import connection_created

    connection.ensure_connection()
    _read_uncommitted(connection=connection)
    connection_created.connect(_read_uncommitted)
    yield
    connection_created.disconnect(_read_uncommitted)


@pytest.fixture
def asgi_server(threads_share_the_test_db, settings):
    """The whole site (pages, API and websockets) served by Uvicorn from a thread of this
    process, on a free port; yields its base URL. pytest-django's ``live_server`` speaks WSGI
    only, so the table's websockets need this one. The thread shares the test database (a
    shared in-memory SQLite database, hence ``transactional_db``)."""
    from config.asgi import application
    from tests.uvicorn_thread import serve_in_thread

    settings.PLAY_WS_POLL = 0.2  # the in-memory channel layer does not wake sockets across threads
    with serve_in_thread(application) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def bot_worker(threads_share_the_test_db, settings):
    """A real Celery worker in a thread of this process, on the configured broker (the run's own
    filesystem queue, or Redis / RabbitMQ in CI), playing bot turns at once (``PLAY_BOT_DELAY``
    0). The queue is the test run's own (``tests/own_queue.py``) and is emptied first."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    settings.PLAY_BOT_DELAY = 0
    # The run's own queue may still hold tasks that earlier tests queued without a worker (a
    # long goldfish simulation among them): drop them, so bot turns are not kept waiting.
    app.control.purge()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=20) as worker:
        yield worker
