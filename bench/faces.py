"""Card faces (``tcg.face``): drawing a card as SVG and rasterising it as PNG, in-process.

- SVG: every sample card (``fixtures/sample_catalogue.json``) and 2,000 synthetic cards
  (``cardsdb.synthetic``, the shapes of a real catalogue: one to three colours, long names and
  texts), each in Japanese and English, drawn 3 rounds: median and p95 µs a face, and the mean
  size of a face in bytes.
- PNG (CairoSVG, 488 × 680): 40 faces of the sample catalogue, median and p95 ms, mean bytes.

What a face request costs the site beyond this is one primary-key read (the catalogue's
version) and one card read; a 304 costs the first alone.
"""
from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from cardsdb.synthetic import synthetic_record
from tcg.effects.text import card_texts
from tcg.face import PNG_AVAILABLE, render_svg, svg_to_png

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_catalogue.json"


def _cards() -> list[dict]:
    sample = json.loads(FIXTURE.read_text(encoding="utf-8"))["cards"]
    return sample + [synthetic_record(n).to_dict() for n in range(1, 2001)]


def _draw(card: dict, lang: str) -> str:
    return render_svg(card, lang, texts=card_texts(card.get("effect"), card["type"]), sample=True,
                      set_name="Sample Set" if lang == "en" else "サンプルセット")


def _quantiles(times: list[float], scale: float) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times) * scale, times[int(len(times) * 0.95)] * scale


def main():
    cards = _cards()
    times, sizes = [], []
    for _ in range(3):
        for card in cards:
            for lang in ("ja", "en"):
                start = time.perf_counter()
                svg = _draw(card, lang)
                times.append(time.perf_counter() - start)
                sizes.append(len(svg.encode()))
    median, p95 = _quantiles(times, 1e6)
    yield (f"svg: {len(times)} faces ({len(cards)} cards x 2 languages x 3 rounds): median {median:.0f} µs, "
           f"p95 {p95:.0f} µs a face, {statistics.mean(sizes) / 1024:.1f} KiB on average")
    if not PNG_AVAILABLE:
        yield "png: the cairo library is not installed"
        return
    times, sizes = [], []
    for card in cards[:20]:
        for lang in ("ja", "en"):
            svg = _draw(card, lang)
            start = time.perf_counter()
            png = svg_to_png(svg)
            times.append(time.perf_counter() - start)
            sizes.append(len(png))
    median, p95 = _quantiles(times, 1e3)
    yield (f"png: {len(times)} faces, 488 x 680: median {median:.1f} ms, p95 {p95:.1f} ms a face, "
           f"{statistics.mean(sizes) / 1024:.0f} KiB on average")
