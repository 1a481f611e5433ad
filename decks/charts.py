"""Server-rendered SVG charts for the deck pages. Plain Python, no Django.

``bar_chart`` draws horizontal bars, one row per label, scaled to the largest value, with the
value written after each bar; it returns SVG markup with every label escaped. Rows stack
downwards, so a chart reads on a phone as on a wide screen.

The chart is drawn at its own size in CSS pixels (``width``/``height`` = the view box), wide
enough for its longest label and longest value at ``FONT_SIZE``, so that no text is cut and the
text is ``FONT_SIZE`` px wherever the chart has room; the stylesheet lets it shrink
(``max-width: 100%``) only where the column is narrower than that.
"""
from __future__ import annotations

import unicodedata
from html import escape

FONT_SIZE = 14
ROW = 26
BAR_WIDTH = 170
GAP = 6
#: Advance of a character in ``FONT_SIZE`` units, a little over a sans-serif font's (DejaVu
#: Sans, Noto Sans CJK): full-width characters 1 em, others 0.64 em.
WIDE_EM, NARROW_EM = 1.0, 0.64


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """The width in px that ``text`` takes at ``size`` px, at most (see ``WIDE_EM``)."""
    return sum((WIDE_EM if unicodedata.east_asian_width(c) in "WF" else NARROW_EM) for c in text) * size


def bar_chart(title: str, rows: list[tuple[str, float, str]], css_class: str = "") -> str:
    """An SVG bar chart: ``rows`` are ``(label, value, shown value)``; values ≥ 0. ``title``
    becomes the chart's accessible name. Returns the ``<svg>`` element as a string, its size in
    px the room its texts need (see the module's description)."""
    top = max((value for _, value, _ in rows), default=0) or 1
    label_width = round(max((text_width(str(label)) for label, _, _ in rows), default=0)) + GAP
    value_width = round(max((text_width(str(shown)) for _, _, shown in rows), default=0)) + GAP
    width = label_width + BAR_WIDTH + value_width
    height = ROW * max(len(rows), 1) + 4
    baseline = (ROW + FONT_SIZE) // 2 - 1
    out = [
        f'<svg class="bar-chart {escape(css_class)}" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for i, (label, value, shown) in enumerate(rows):
        y = 2 + i * ROW
        length = round(BAR_WIDTH * value / top, 1)
        out.append(
            f'<g class="bar-row"><text x="{label_width - GAP}" y="{y + baseline}" text-anchor="end" class="bar-label">'
            f"{escape(str(label))}</text>"
            f'<rect x="{label_width}" y="{y + 4}" width="{length}" height="{ROW - 8}" rx="2" class="bar"/>'
            f'<text x="{label_width + length + GAP}" y="{y + baseline}" class="bar-value">{escape(str(shown))}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)
