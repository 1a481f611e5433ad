"""A goldfish run that its workers kept losing ends on the deck page with the reason, in the
reader's language: a player starts a run (no worker takes it), the sweep finds it stood still
after as many starts as allowed and marks it failed, and the page that was polling says why."""
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from decks.models import GoldfishRun
from decks.services import sweep_stalled_goldfish
from tests.e2e.conftest import log_in

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 42"


@pytest.mark.parametrize("locale, reason", [
    ("en-GB", "The simulation stopped moving: its worker was lost 3 times. Run it again."),
    ("ja-JP", "シミュレーションが止まりました。実行していたワーカーが3回失われました。もう一度実行してください。"),
])
def test_the_deck_page_says_why_a_lost_run_failed(browser, asgi_server, threads_share_the_test_db, locale, reason):
    call_command("load_samples", verbosity=0)
    User.objects.create_user("dana", password=PASSWORD)
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, asgi_server, "dana", PASSWORD, "/decks/SMP-RED/")
    page.click("#goldfish-button")
    expect(page.locator("#goldfish-count")).to_contain_text("2000")  # the run was made: its progress shows
    run = GoldfishRun.objects.get()
    assert (run.status, run.runs) == ("queued", 2000)
    # Three workers took it and were lost; it has not moved for a minute.
    GoldfishRun.objects.filter(pk=run.pk).update(attempts=3, updated_at=timezone.now() - timedelta(minutes=1))
    assert sweep_stalled_goldfish(60) == [(run.pk, "failed")]
    expect(page.locator("#goldfish-count")).to_have_text(reason)
    expect(page.locator("#goldfish-button")).to_be_enabled()
    expect(page.locator("#goldfish-result")).to_be_hidden()
    context.close()
