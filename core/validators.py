"""Rules for text that people show to each other, the same through every door (a page's form,
the API, the admin): display names (a guest's, a deck's) and longer texts (a deck's
description, a version's note).

A **name** may hold no character of Unicode's "other" categories (``C*``): controls such as ESC,
formatting characters such as the right-to-left override (U+202E), the isolates (U+2066–U+2069)
and zero-width spaces (U+200B), surrogates, private-use and unassigned code points; runs of
white space become one space and the ends are stripped. A **text** may hold line breaks and
tabs but no other control character and no bidirectional formatting character (which would
turn the text around it on the page). Usernames follow Django's own rule (letters, digits and
``@.+-_``), which admits none of these either.

Both raise Django's ``ValidationError`` (code ``bad_name``, ``required`` or ``bad_text``),
which forms show as field errors and DRF fields (``core.api.fields``) as ``invalid_request``.
"""
from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: Bidirectional formatting characters: marks, embeddings, overrides and isolates.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
TEXT_WHITESPACE = frozenset("\t\n\r")


def clean_display_name(value: str) -> str:
    """``value`` as a name shown to others (see the module): white space collapsed and
    stripped. Raises ``ValidationError`` ``bad_name`` for a character of a ``C*`` category,
    ``required`` when nothing is left."""
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise ValidationError(_("A name cannot hold control characters."), code="bad_name")
    name = " ".join(value.split())
    if not name:
        raise ValidationError(_("Enter a name."), code="required")
    return name


def check_shown_text(value: str) -> str:
    """``value`` unchanged when it may be shown to others (see the module); ``ValidationError``
    ``bad_text`` otherwise."""
    for ch in value:
        if ch in BIDI_CONTROLS or (unicodedata.category(ch) in ("Cc", "Cs") and ch not in TEXT_WHITESPACE):
            raise ValidationError(
                _("A text cannot hold control characters or bidirectional formatting characters (U+%(code)s)."),
                code="bad_text", params={"code": f"{ord(ch):04X}"})
    return value
