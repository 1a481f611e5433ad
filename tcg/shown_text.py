"""The rules for text people show to each other, in plain Python: the one check that every door
applies (``core.validators`` for the site's forms and API, the engines for the cards a match's
options bring).

- A **name** may hold no character of Unicode's "other" categories (``C*``: controls such as
  ESC, formatting characters such as U+202E or U+200B, surrogates, private-use and unassigned
  code points; :func:`name_fault`), and must hold a visible character (:func:`is_invisible`).
- A **text** may hold line breaks and tabs but no other control character and no bidirectional
  formatting character (:func:`text_fault`).
- Neither may stack more than :data:`MAX_MARKS` combining marks on one character
  (:func:`stacked_marks`), which draw over the lines around it.
- :func:`name_key` and :func:`shape_key` fold a name for comparing it with another: two names
  with the same key, either one, read the same (case, width, look-alike letters of other
  scripts, invisible characters; a capital ``I`` beside an ``l``).

Which characters draw nothing comes from Unicode's own properties (``regex``'s
``Default_Ignorable_Code_Point`` and ``White_Space``, ``unicodedata``'s categories); look-alike
letters from Unicode's confusables (``confusable_homoglyphs``).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex
from confusable_homoglyphs.confusables import confusables_data

#: Bidirectional formatting characters: marks, embeddings, overrides and isolates.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
TEXT_WHITESPACE = frozenset("\t\n\r")
#: The one blank character Unicode does not mark as ignorable or white space: U+2800 BRAILLE
#: PATTERN BLANK (a symbol, ``So``, drawn as an empty cell).
BLANK_SYMBOLS = "\u2800"
#: A character that draws nothing: white space, an "other" (control, format, unassigned...), a
#: default-ignorable code point (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation
#: selectors, the combining grapheme joiner, ...) or a blank symbol.
INVISIBLE = regex.compile(rf"[\p{{White_Space}}\p{{C}}\p{{Default_Ignorable_Code_Point}}{BLANK_SYMBOLS}]")


def code_point(ch: str) -> str:
    """``"U+202E"``: how a message names a character."""
    return f"U+{ord(ch):04X}"


def name_fault(value: str) -> str | None:
    """The first character (as ``U+XXXX``) a name may not hold, a ``C*`` one; ``None`` when
    there is none."""
    for ch in value:
        if unicodedata.category(ch).startswith("C"):
            return code_point(ch)
    return None


def text_fault(value: str) -> str | None:
    """The first character (as ``U+XXXX``) a text may not hold, a control character other than a
    line break or a tab, a surrogate or a bidirectional formatting character; ``None`` when there
    is none."""
    for ch in value:
        if ch in BIDI_CONTROLS or (unicodedata.category(ch) in ("Cc", "Cs") and ch not in TEXT_WHITESPACE):
            return code_point(ch)
    return None


#: The most combining marks (``Mn``, ``Me``: accents, enclosing marks) one character may carry.
#: Writing needs two or three (Vietnamese, Thai, Devanagari); a line of "a" with 250 acute
#: accents draws its accents up over the lines above it.
MAX_MARKS = 4


def stacked_marks(value: str) -> str | None:
    """The first combining mark (as ``U+XXXX``) past :data:`MAX_MARKS` in a row on one
    character of ``value``; ``None`` when there is none."""
    run = 0
    for ch in value:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if run > MAX_MARKS:
            return code_point(ch)
    return None


#: What :func:`name_problem` and :func:`text_problem` find: a character of a kind the value may
#: not hold, more than ``MAX_MARKS`` combining marks on one character, nothing visible.
CONTROL, MARKS, INVISIBLE_NAME = "control", "marks", "invisible"


def name_problem(value: str) -> tuple[str, str | None] | None:
    """The first reason ``value`` may not be shown as a name, as ``(kind, character)``:
    ``(CONTROL, "U+202E")`` (:func:`name_fault`), ``(MARKS, "U+0301")`` (:func:`stacked_marks`),
    ``(INVISIBLE_NAME, None)`` for a value other than ``""`` with nothing visible
    (:func:`is_invisible`); ``None`` when there is none."""
    fault = name_fault(value)
    if fault:
        return CONTROL, fault
    mark = stacked_marks(value)
    if mark:
        return MARKS, mark
    if value and is_invisible(value):
        return INVISIBLE_NAME, None
    return None


def text_problem(value: str) -> tuple[str, str] | None:
    """The first reason ``value`` may not be shown as a text, as ``(kind, character)``:
    ``(CONTROL, "U+001B")`` (:func:`text_fault`) or ``(MARKS, "U+0301")``
    (:func:`stacked_marks`); ``None`` when there is none."""
    fault = text_fault(value)
    if fault:
        return CONTROL, fault
    mark = stacked_marks(value)
    return (MARKS, mark) if mark else None


def is_invisible(value: str) -> bool:
    """Whether ``value`` has no visible character: each is white space, an "other", a
    default-ignorable code point or a blank symbol (``""`` is invisible)."""
    return INVISIBLE.sub("", value) == ""


@lru_cache(maxsize=1)
def skeletons() -> dict[str, str]:
    """Each character of Unicode's confusables with the one its group of look-alikes is read
    as (the group's lowest code point; groups joined through every listed pair). Built on the
    first call (about 20 ms), not at import."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for ch, homoglyphs in confusables_data.items():
        for homoglyph in homoglyphs:
            other = homoglyph["c"].replace("\u200e", "")  # right-to-left letters come between marks
            if len(ch) == 1 and len(other) == 1:
                a, b = root(ch), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent}


def _fold(text: str) -> str:
    """Each look-alike of ``text`` read as its group of Unicode's confusables."""
    skeleton = skeletons()
    return "".join(skeleton.get(ch, ch) for ch in text)


def _casefold(text: str) -> str:
    """``text`` case folded, without the dot above an ``i`` or ``j`` that folding leaves from
    ``İ`` (an ``i`` has its dot already)."""
    return text.casefold().replace("i\u0307", "i").replace("j\u0307", "j")


@lru_cache(maxsize=65536)
def name_key(value: str) -> str:
    """``value`` folded for comparing names: NFKC (full-width and styled letters become plain
    ones), invisible characters left out, case folded (``ALİCE`` as ``alice``), then each
    look-alike letter read as its group of Unicode's confusables (``alіce`` with a Cyrillic і
    reads as ``alice``). Folding case first loses what only a capital shows (``I`` looks like
    ``l``, ``i`` does not): :func:`shape_key` keeps it."""
    return _fold(_casefold(INVISIBLE.sub("", unicodedata.normalize("NFKC", value))))


@lru_cache(maxsize=65536)
def shape_key(value: str) -> str:
    """``value`` folded by its letters' shapes as written, then case: NFKC, invisible characters
    left out, each look-alike read as its group of Unicode's confusables, case folded, and read
    through the confusables again. So ``aIice`` and ``AIice`` (a capital I) have the key of
    ``alice``, as an I looks like an l in most fonts. Two names read the same when their
    :func:`name_key` or their ``shape_key`` are equal."""
    return _fold(_casefold(_fold(INVISIBLE.sub("", unicodedata.normalize("NFKC", value)))))
