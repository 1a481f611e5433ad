"""Card faces on the site: a catalogue card drawn by ``tcg.face``, and where its face is.

The face is made from the card's interchange record, its effect text in both languages
(``tcg.effects.text.card_texts``), whether its set was made for the site (the sample mark)
and the set's name in the reader's language. Faces are served at
``/cards/<code>/face.svg?lang=ja|en`` (and ``face.png``; the API serves the same under
``/api/cards/<code>/``), the URLs every card answer of the API gives in ``image_uris``.
"""
from __future__ import annotations

from django.urls import reverse

from tcg.effects.text import card_texts
from tcg.face import PNG_AVAILABLE, render_svg, svg_to_png

from .models import Card

#: Face formats -> media type. PNG only where the cairo library is installed.
MEDIA_TYPES = {"svg": "image/svg+xml", "png": "image/png"}
FORMATS = ("svg", "png") if PNG_AVAILABLE else ("svg",)

__all__ = ["FORMATS", "MEDIA_TYPES", "face_bytes", "face_path", "face_svg",
           "image_uris", "reader_language"]


def reader_language(language: str | None) -> str:
    """The face language for a Django language code: ``"en"`` for English (``en``, ``en-us``),
    else ``"ja"``, the site's default."""
    return "en" if (language or "").lower().startswith("en") else "ja"


def face_svg(card: Card, lang: str) -> str:
    """The SVG document of ``card``'s face in ``lang`` (``"ja"`` or ``"en"``; ``ValueError``
    for another). ``card`` comes with its set (``selectors.cards``)."""
    card_set = card.card_set
    set_name = card_set.name_en if lang == "en" and card_set.name_en else card_set.name
    return render_svg(card.to_record().to_dict(), lang, texts=card_texts(card.effect, card.type),
                      sample=card_set.is_sample, set_name=set_name)


def face_bytes(card: Card, lang: str, fmt: str) -> bytes:
    """``card``'s face in ``lang`` as ``fmt`` (``"svg"``, UTF-8; or ``"png"``, 488 × 680).
    Raises ``ValueError`` for an unknown language or format, ``tcg.face.PngUnavailable`` for a
    PNG without the cairo library."""
    if fmt not in MEDIA_TYPES:
        raise ValueError(f"unknown face format {fmt!r}: use {' or '.join(MEDIA_TYPES)}")
    svg = face_svg(card, lang)
    return svg.encode("utf-8") if fmt == "svg" else svg_to_png(svg)


def face_path(code: str, fmt: str = "svg") -> str:
    """The site path of a card's face, e.g. ``/cards/SMP-001/face.svg``."""
    return reverse(f"card-face-{fmt}", args=[code])


def image_uris(base: str, code: str, lang: str) -> dict[str, str]:
    """``{"svg": …, "png": …}``: the absolute URLs of ``code``'s face in ``lang``, ``base`` being
    the absolute URL of ``/cards/`` (``png`` only where PNG faces are served)."""
    return {fmt: f"{base}{code}/face.{fmt}?lang={lang}" for fmt in FORMATS}
