"""The deck pages' SVG bar charts are drawn at the size their texts need, in CSS pixels, so that
no label or value is cut (the browser side is tests/e2e/test_site_chrome.py)."""
import re

from decks.charts import BAR_WIDTH, FONT_SIZE, GAP, bar_chart, text_width


def size(svg: str) -> tuple[int, int, str]:
    width, height, box = re.search(r'width="(\d+)" height="(\d+)" viewBox="([\d ]+)"', svg).groups()
    return int(width), int(height), box


def test_a_chart_is_as_wide_as_its_longest_label_and_value():
    svg = bar_chart("STEP 1", [("move", 26, "26 (51.0%)"), ("special", 2, "2 (3.9%)")])
    width, height, box = size(svg)
    assert box == f"0 0 {width} {height}"
    assert width == round(text_width("special")) + GAP + BAR_WIDTH + round(text_width("26 (51.0%)")) + GAP
    assert height == 2 * 26 + 4
    # the longest bar's value starts after it and ends inside the chart
    x = float(re.search(r'<text x="([\d.]+)" y="\d+" class="bar-value">26 \(51\.0%\)</text>', svg).group(1))
    assert x + text_width("26 (51.0%)") <= width


def test_wide_characters_take_a_whole_em():
    assert text_width("キャラクター") == 6 * FONT_SIZE
    assert text_width("move") == 4 * 0.64 * FONT_SIZE
    ja = size(bar_chart("t", [("キャラクター", 1, "1")]))[0]
    en = size(bar_chart("t", [("character", 1, "1")]))[0]
    assert ja - en == round(6 * FONT_SIZE) - round(9 * 0.64 * FONT_SIZE)


def test_labels_are_escaped_and_an_empty_chart_has_one_rows_height():
    svg = bar_chart('<b>&"', [('<i>', 0, "0")], 'x"y')
    assert "&lt;i&gt;" in svg and 'aria-label="&lt;b&gt;&amp;&quot;"' in svg and 'class="bar-chart x&quot;y"' in svg
    assert size(bar_chart("t", []))[1] == 26 + 4
