"""The card table on a phone (390 px wide, in Chromium): no word is cut across lines; a table
wider than the screen scrolls sideways inside its container, and the page itself does not."""
import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: For every Latin word in the table's cells (hyphens and spaces may break a line, nothing else):
#: the words drawn on more than one line, and the sizes of the page and of the table's container.
MEASURE = """() => {
  const table = document.querySelector('.card-table'), wrap = table.closest('.table-wrap');
  const cut = [];
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/[A-Za-z0-9]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) cut.push(match[0]);
    }
  }
  const typeLines = [...table.querySelectorAll('td.type')].map(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  });
  return {cut, typeLines: [...new Set(typeLines)], page: document.documentElement.scrollWidth,
          wrap: wrap.clientWidth, table: wrap.scrollWidth};
}"""


@pytest.fixture
def live_sample_catalogue(transactional_db):
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


def test_the_card_table_keeps_words_whole_at_390_px(live_server, live_sample_catalogue):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless=new", "--no-sandbox"])
        try:
            for language, type_word in (("en-GB", "Character"), ("ja", "キャラクター")):
                context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
                page = context.new_page()
                page.goto(f"{live_server.url}/cards/?view=list&q=t:character")
                assert page.locator("td.type").first.inner_text() == type_word
                found = page.evaluate(MEASURE)
                assert found["cut"] == [], language
                assert found["typeLines"] == [1], language  # every type on one line
                assert found["page"] == 390, language  # the page does not scroll sideways
                assert found["table"] > found["wrap"], language  # the table does, in its container
                page.locator(".table-wrap").evaluate("wrap => { wrap.scrollLeft = wrap.scrollWidth; }")
                assert page.locator(".table-wrap").evaluate("wrap => wrap.scrollLeft") == found["table"] - found["wrap"]
                context.close()
        finally:
            browser.close()
