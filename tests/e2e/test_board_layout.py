"""Board layout details, on the rules pages' pictures of the table (drawn by the same board
modules as the live table), at phone and desktop width: during Elements of Chaos's set-up each
arrangement slot carries its own square's name (they piled up in the board's corner), and
Completto's tile 100 stays on one line inside its tile (it wrapped to "10/0")."""
import pytest
from django.core.management import call_command

pytestmark = pytest.mark.e2e


@pytest.fixture
def samples(transactional_db):
    call_command("load_samples", verbosity=0)


def new_page(browser, width):
    context = browser.new_context(locale="en-GB", viewport={"width": width, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.parametrize("width", [390, 1280])
def test_each_arrangement_slot_holds_its_square_name(browser, live_server, samples, width):
    page = new_page(browser, width)
    page.goto(f"{live_server.url}/play/rules/eoc/")
    page.locator('#figure-arrange [data-figure][data-drawn="true"]').wait_for()
    slots = page.evaluate("""() => [...document.querySelectorAll("#figure-arrange .eoc-arrange-slots li")].map((li) => {
        const slot = li.getBoundingClientRect();
        const name = li.querySelector(".eoc-sq-name");
        const box = name.getBoundingClientRect();
        return {name: name.textContent, inside: box.left >= slot.left && box.right <= slot.right
                && box.top >= slot.top && box.bottom <= slot.bottom, text: li.textContent.trim()};
    })""")
    assert [s["name"] for s in slots] == ["a1", "b1", "c1", "d1"]
    assert all(s["inside"] for s in slots), slots
    page.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_tile_100_stays_on_one_line(browser, live_server, samples, width):
    page = new_page(browser, width)
    page.goto(f"{live_server.url}/play/rules/completto/")
    page.locator('[data-figure][data-drawn="true"]').first.wait_for()
    # a face-up tile of each kind of row (yours, larger; another player's) showing 100
    found = page.evaluate("""() => [".cp-row-area.is-mine", ".cp-row-area:not(.is-mine)"].map((row) => {
        const tile = document.querySelector(`${row} .cp-tile.cp-up`);
        const copy = tile.cloneNode(true);
        copy.dataset.value = "100";
        copy.textContent = "100";
        tile.after(copy);
        const range = document.createRange();
        range.selectNodeContents(copy);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const text = range.getBoundingClientRect(), box = copy.getBoundingClientRect();
        return {lines, inside: text.left >= box.left && text.right <= box.right};
    })""")
    assert found == [{"lines": 1, "inside": True}] * 2
    page.context.close()
