"""Card faces as PNG: the SVG face rasterised with CairoSVG. Plain Python, no Django.

CairoSVG needs the system's cairo library (Debian: ``libcairo2``) and finds fonts through
fontconfig, so Japanese text needs a CJK font (Debian: ``fonts-noto-cjk``). Where cairo cannot
be loaded, ``PNG_AVAILABLE`` is false and :func:`svg_to_png` raises ``PngUnavailable``.
CairoSVG is called in its safe mode: no file or network access, no XML entities (the face
has no reference outside itself anyway).
"""
from __future__ import annotations

try:
    import cairosvg
except OSError:  # the cairo library is not installed
    cairosvg = None

from .render import HEIGHT, WIDTH

#: The PNG face's size in pixels: twice the SVG's box (Scryfall's "normal" is 488 × 680).
PNG_WIDTH, PNG_HEIGHT = WIDTH * 2, HEIGHT * 2
PNG_AVAILABLE = cairosvg is not None


class PngUnavailable(RuntimeError):
    """The cairo library CairoSVG needs is not installed."""


def svg_to_png(svg: str, width: int = PNG_WIDTH) -> bytes:
    """The PNG image (bytes) of the SVG document ``svg``, ``width`` pixels wide (the height
    keeps the card's proportions). Raises ``PngUnavailable`` without cairo."""
    if cairosvg is None:
        raise PngUnavailable("PNG faces need the cairo library (Debian: libcairo2)")
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width, unsafe=False)
