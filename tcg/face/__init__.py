"""Card faces: a card drawn from its data as a standalone SVG document, in Japanese or English,
and as PNG. Plain Python, no Django. See :func:`render_svg` and :func:`svg_to_png`."""
from .png import PNG_AVAILABLE, PNG_HEIGHT, PNG_WIDTH, PngUnavailable, svg_to_png
from .render import FONT_FAMILY, HEIGHT, RENDERER_VERSION, WIDTH, render_svg

__all__ = [
    "FONT_FAMILY", "HEIGHT", "PNG_AVAILABLE", "PNG_HEIGHT", "PNG_WIDTH", "PngUnavailable",
    "RENDERER_VERSION", "WIDTH", "render_svg", "svg_to_png",
]
