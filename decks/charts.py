"""Server-rendered SVG charts for the deck pages. Plain Python, no Django.

``bar_chart`` draws horizontal bars, one row per label, scaled to the largest value, with the
value written after each bar; it returns SVG markup with every label escaped. Rows stack
downwards, so a chart reads on a phone as on a wide screen.
"""
from __future__ import annotations

from html import escape

ROW = 22
LABEL_WIDTH = 110
BAR_WIDTH = 180
VALUE_WIDTH = 60


def bar_chart(title: str, rows: list[tuple[str, float, str]], css_class: str = "") -> str:
    """An SVG bar chart: ``rows`` are ``(label, value, shown value)``; values ≥ 0. ``title``
    becomes the chart's accessible name. Returns the ``<svg>`` element as a string."""
    top = max((value for _, value, _ in rows), default=0) or 1
    width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
    height = ROW * max(len(rows), 1) + 4
    out = [
        f'<svg class="bar-chart {escape(css_class)}" role="img" viewBox="0 0 {width} {height}" '
        f'width="100%" preserveAspectRatio="xMinYMin meet" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for i, (label, value, shown) in enumerate(rows):
        y = 2 + i * ROW
        length = round(BAR_WIDTH * value / top, 1)
        out.append(
            f'<g class="bar-row"><text x="{LABEL_WIDTH - 6}" y="{y + 15}" text-anchor="end" class="bar-label">'
            f"{escape(str(label))}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{length}" height="{ROW - 6}" rx="2" class="bar"/>'
            f'<text x="{LABEL_WIDTH + length + 4}" y="{y + 15}" class="bar-value">{escape(str(shown))}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)
