"""A player pastes a deck list into the validator page, on a phone-sized screen, and sees
each problem next to its line."""
import pytest

from tests.conftest import load_case

pytestmark = pytest.mark.e2e


def test_paste_a_deck_and_see_its_problems(page, live_server, live_t_catalogue):
    text = load_case("decklists/typo_suggests.json")["input"]["text"].replace("3 T-007", "0 T-007")
    page.goto(f"{live_server.url}/decks/validate/")
    page.fill("#deck-text", text)
    page.click("#validate-button")

    unknown = page.locator('li.deck-line[data-line="2"] .problem[data-code="unknown_card"]')
    unknown.wait_for()
    assert "炎の剣士アリサ" in unknown.inner_text()
    bad = page.locator('li.deck-line[data-line="8"] .problem[data-code="bad_line"]')
    assert bad.count() == 1
    assert page.locator('li.deck-line[data-line="3"] .problem').count() == 0
    summary = page.locator("#deck-summary")
    assert "45" in summary.inner_text()
    assert summary.locator('.problem[data-code="deck_size"]').count() == 1
    # The page fits a phone: nothing wider than the viewport.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_valid_deck_is_shown_valid(page, live_server, live_t_catalogue):
    page.goto(f"{live_server.url}/decks/validate/")
    page.fill("#deck-text", load_case("decklists/valid_mixed_formats.json")["input"]["text"])
    page.click("#validate-button")
    summary = page.locator("#deck-summary")
    summary.wait_for()
    assert "51" in summary.inner_text()
    assert summary.locator(".problem").count() == 0
    assert page.locator(".problem").count() == 0
