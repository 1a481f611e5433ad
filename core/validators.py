"""Rules for text that people show to each other, the same through every door (a page's form,
the API, the admin): display names (a guest's, a deck's) and longer texts (a deck's
description, a version's note).

A **name** may hold no character of Unicode's "other" categories (``C*``): controls such as ESC,
formatting characters such as the right-to-left override (U+202E), the isolates (U+2066–U+2069)
and zero-width spaces (U+200B), surrogates, private-use and unassigned code points; runs of
white space become one space and the ends are stripped, and a name must keep a visible
character (not only Hangul fillers such as U+3164, the braille blank U+2800 or another
default-ignorable code point). A **text** may hold line breaks and
tabs but no other control character and no bidirectional formatting character (which would
turn the text around it on the page). The characters are checked by ``tcg.shown_text``, in
plain Python, so that the engines check the cards of a stacked deal the same way. Usernames
follow Django's own rule (letters, digits and ``@.+-_``), which admits no control character;
the sign-up form refuses invisible letters (U+3164) and a name that reads as a user's
(``accounts.forms``).

Both raise Django's ``ValidationError`` (code ``bad_name``, ``required``, ``invisible_name`` or ``bad_text``),
which forms show as field errors and DRF fields (``core.api.fields``) as ``invalid_request``.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.selectors import user_named_like
from tcg.shown_text import (BIDI_CONTROLS, CONTROL, MARKS, MAX_MARKS, TEXT_WHITESPACE, is_invisible, name_problem,
                             text_problem)

__all__ = ["BIDI_CONTROLS", "TEXT_WHITESPACE", "check_shown_text", "clean_display_name", "clean_guest_name"]


def clean_display_name(value: str) -> str:
    """``value`` as a name shown to others (see the module): white space collapsed and
    stripped. Raises ``ValidationError`` ``bad_name`` for a character of a ``C*`` category,
    ``required`` when nothing is left, ``invisible_name`` when no character of it is visible
    (``tcg.shown_text.is_invisible``: only fillers such as U+3164 or U+2800)."""
    problem = name_problem(value)
    if problem and problem[0] == CONTROL:
        raise ValidationError(_("A name cannot hold control characters."), code="bad_name")
    if problem and problem[0] == MARKS:
        raise _stacked_marks(problem[1])
    name = " ".join(value.split())
    if not name:
        raise ValidationError(_("Enter a name."), code="required")
    if is_invisible(name):
        raise ValidationError(
            _("A name needs a visible character: this one is only blank or invisible characters."),
            code="invisible_name")
    return name


def clean_guest_name(value: str) -> str:
    """``value`` as a guest's display name: :func:`clean_display_name`, and not one that reads as
    a registered user's name (``core.selectors.user_named_like``: ``alice``, ``Alice``,
    ``ａｌｉｃｅ`` or ``alіce`` while a user ``alice`` exists), which would pass the guest off as
    that user at the table; ``ValidationError`` ``name_taken`` for that."""
    name = clean_display_name(value)
    if user_named_like(name) is not None:
        raise ValidationError(
            _("The name “%(name)s” reads as a registered player's name: choose another one, or log in."),
            code="name_taken", params={"name": name})
    return name


def check_shown_text(value: str) -> str:
    """``value`` unchanged when it may be shown to others (see the module); ``ValidationError``
    ``bad_text`` otherwise."""
    problem = text_problem(value)
    if problem and problem[0] == CONTROL:
        raise ValidationError(
            _("A text cannot hold control characters or bidirectional formatting characters (U+%(code)s)."),
            code="bad_text", params={"code": problem[1][2:]})
    if problem:
        raise _stacked_marks(problem[1])
    return value


def _stacked_marks(mark: str) -> ValidationError:
    """The ``stacked_marks`` error for ``mark`` (``U+XXXX``), the combining mark past
    ``MAX_MARKS`` on one character (``tcg.shown_text.stacked_marks``), which draw over the text
    around it."""
    return ValidationError(
        _("A character may carry at most %(max)s accents or other combining marks (U+%(code)s is one more)."),
        code="stacked_marks", params={"max": MAX_MARKS, "code": mark[2:]})
