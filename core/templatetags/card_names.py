"""A card's name in the reader's language, for every template that shows one
(``{% load card_names %}``); the rule is ``tcg.cards.names``'s, the scripts' is
``static/js/kit/names.js``'s.

- ``{{ card|card_name }}``: the name shown first (English in English when the card has one);
- ``{{ card|other_name }}``: the other language's name, ``""`` when there is none;
- ``{{ card|name_lang }}`` / ``{{ card|other_lang }}``: the ``lang`` attribute of each;
- ``{% card_names card %}``: both, as ``<span class="name-first" lang>…</span>`` and, when
  there is another, ``<span class="name-other" lang>…</span>`` (styled small beneath).

``card`` is a mapping or an object with ``name`` and optionally ``name_en``.
"""
from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from tcg.cards.names import display_name, other_name as _other_name

register = template.Library()


def _reader() -> str:
    return "en" if (get_language() or "").startswith("en") else "ja"


def _lang_of(card, text: str) -> str:
    name_en = card.get("name_en", "") if isinstance(card, dict) else getattr(card, "name_en", "")
    return "en" if text and text == name_en else "ja"


@register.filter
def card_name(card) -> str:
    """The card's name in the reader's language."""
    return display_name(card, _reader())


@register.filter
def other_name(card) -> str:
    """The card's name in the other language, ``""`` when it has none."""
    return _other_name(card, _reader())


@register.filter
def name_lang(card) -> str:
    """``"en"`` or ``"ja"``: the language of ``card_name``."""
    return _lang_of(card, display_name(card, _reader()))


@register.filter
def other_lang(card) -> str:
    """``"en"`` or ``"ja"``: the language of ``other_name``."""
    return _lang_of(card, _other_name(card, _reader()))


@register.simple_tag
def card_names(card, block: bool = False):
    """Both names as HTML: the first, then the other in a small ``name-other`` span (on its own
    line when ``block``)."""
    reader = _reader()
    first, other = display_name(card, reader), _other_name(card, reader)
    html = format_html('<span class="name-first" lang="{}">{}</span>', _lang_of(card, first), first)
    if other:
        css = "name-other name-below" if block else "name-other"
        html += format_html(' <span class="{}" lang="{}">{}</span>', css, _lang_of(card, other), other)
    return html


@register.filter
def deck_title(deck) -> str:
    """A deck's name for the reader: a site deck (no owner; the sample decks) keeps its English
    title as the first line of its description, shown in English; every other deck its name."""
    name = getattr(deck, "name", "") or ""
    description = getattr(deck, "description", "") or ""
    if _reader() == "en" and getattr(deck, "owner_id", 0) is None and description.strip():
        return description.strip().splitlines()[0].strip()
    return name


@register.filter
def deck_subtitle(deck) -> str:
    """What is shown beside ``deck_title``: a site deck's title in the other language (its name
    in English, its English title in Japanese); another deck's description."""
    description = getattr(deck, "description", "") or ""
    if getattr(deck, "owner_id", 0) is None and description.strip():
        title = deck_title(deck)
        return deck.name if title != deck.name else description.strip().splitlines()[0].strip()
    return description
