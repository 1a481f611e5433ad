"""Board layout details, on the rules pages' pictures of the table (drawn by the same board
modules as the live table), at phone and desktop width: during Elements of Chaos's set-up each
arrangement slot carries its own square's name (they piled up in the board's corner), and
Completto's tile 100 stays on one line inside its tile (it wrapped to "10/0"), and Elements of
Chaos's piles table fits the board on a phone (its last column, Down, was cut to "Dow"), and a
round summary's headings break between words or Japanese phrases only, its table within the
screen."""
import pytest
from django.core.management import call_command

pytestmark = pytest.mark.e2e


@pytest.fixture
def samples(transactional_db):
    call_command("load_samples", verbosity=0)


def new_page(browser, width, locale="en-GB"):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
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


@pytest.mark.parametrize("locale, headings", [
    ("en-GB", ["Player", "Action tables", "Discard pile", "Down"]),
    ("ja-JP", ["プレイヤー", "アクションテーブル", "捨札", "ダウン"]),
])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_piles_table_fits_the_board(browser, live_server, samples, locale, headings, width):
    """The figures are narrower than the live table's board (the figure's frame), so a table that
    fits here fits there; a heading breaks between words only, never inside one."""
    page = new_page(browser, width, locale)
    page.goto(f"{live_server.url}/play/rules/eoc/")
    page.locator('[data-figure][data-drawn="true"]').first.wait_for()
    tables = page.evaluate("""() => [...document.querySelectorAll("[data-figure] .eoc-piles-table")]
        .filter((table) => table.offsetParent).map((table) => {
            const wrap = table.parentElement;
            return {headings: [...table.querySelectorAll("thead th")].map((th) => {
                        const range = document.createRange();
                        range.selectNodeContents(th);
                        // a heading broken inside a word would have a line of part of a word
                        const words = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
                        return {text: th.textContent, lines: words, words: th.textContent.split(" ").length};
                    }),
                    fits: wrap.scrollWidth <= wrap.clientWidth};
        })""")
    assert len(tables) >= 2
    for table in tables:
        assert [h["text"] for h in table["headings"]] == headings
        assert all(h["lines"] <= h["words"] for h in table["headings"]), table
        assert table["fits"], table
    page.context.close()


#: Each round summary's headings, as the phrases (Japanese) or words (English) between which a
#: heading may break on a phone.
SUMMARY_HEADINGS = {
    ("lama", "en-GB"): [["Player"], ["Hand", "left"], ["Points", "this", "round"], ["Total"]],
    ("lama", "ja-JP"): [["プレイヤー"], ["残った", "手札"], ["この", "ラウンドの", "失点"], ["合計"]],
    ("elements", "en-GB"): [["Player"], ["Prizes", "won"], ["Points", "this", "deal"], ["Total"], ["Cards", "given", "up"]],
    ("elements", "ja-JP"): [["プレイヤー"], ["獲得した", "賞品"], ["この", "ディールの", "得点"], ["合計"], ["手放した", "枚数"]],
    ("completto", "en-GB"): [["Player"], ["Face-down", "tiles", "left"], ["Total"]],
    ("completto", "ja-JP"): [["プレイヤー"], ["残った", "裏向きの", "タイル"], ["合計"]],
}


@pytest.mark.parametrize("game, locale", list(SUMMARY_HEADINGS))
def test_a_round_summarys_headings_break_between_words_and_the_table_fits_a_phone(
        browser, live_server, samples, game, locale):
    """A heading broke inside a word on a phone (プレイ / ヤー, 獲得した賞 / 品, 合 / 計), and
    Elements' last heading, kept on one line for a total, pushed its table past the edge."""
    page = new_page(browser, 390, locale)
    page.goto(f"{live_server.url}/play/rules/{game}/")
    page.locator('[data-figure][data-drawn="true"]').first.wait_for()
    table = page.locator(".summary-table:visible").first
    # Each heading as the lines it is drawn on.
    found = table.evaluate("""t => ({fits: t.parentElement.scrollWidth <= t.parentElement.clientWidth,
        headings: [...t.querySelectorAll("thead th")].map((th) => {
            const lines = [];
            let top = null;
            const text = th.firstChild;
            for (let i = 0; i < text.length; i++) {
                const range = document.createRange();
                range.setStart(text, i);
                range.setEnd(text, i + 1);
                const rect = range.getClientRects()[0];
                if (!rect || !rect.width) continue;  // a space at a line's end
                if (top === null || Math.abs(rect.top - top) > 2) { lines.push(""); top = rect.top; }
                lines[lines.length - 1] += text.data[i];
            }
            return lines.map((line) => line.trim());
        })})""")
    phrases = SUMMARY_HEADINGS[(game, locale)]
    joiner = "" if locale == "ja-JP" else " "
    assert [joiner.join(lines) for lines in found["headings"]] == [joiner.join(words) for words in phrases]
    for lines, words in zip(found["headings"], phrases):
        # every line is whole phrases: its breaks fall between two of them
        ends = {len("".join(words[:n])) for n in range(len(words) + 1)}
        at = 0
        for line in lines:
            at += len(line.replace(" ", ""))
            assert at in ends, (lines, words)
    assert found["fits"], found
    page.context.close()
