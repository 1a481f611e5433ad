"""Text folding for matching names and text: plain Python, no Django.

``fold(text)`` makes the key that names and rules text are compared by, so that a player may
type a name in either kana, in full or half width, in any case:

- Unicode NFKC (full-width letters, digits and spaces become ASCII; half-width katakana
  becomes full width);
- case folded (``str.casefold``);
- katakana become hiragana (jaconv), so ダッシュ and だっしゅ fold alike;
- runs of white space become one space, and the ends are trimmed.

Source of the rule: DESIGN.md, "Deck text format" and "Card search language".
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import jaconv

_SPACES = re.compile(r"\s+")


#: Texts up to this many characters (names, codes, search words) have their keys kept.
SHORT = 64


def fold(text: str | None) -> str:
    """Return the matching key of ``text`` (``""`` for ``None``). The keys of short texts
    (``SHORT`` characters or fewer: a deck list folds the same names request after request)
    are kept, the last 16,384 of them; a longer text is folded each time."""
    if not text:
        return ""
    if len(text) <= SHORT:
        return _fold_short(text)
    return _fold(text)


@lru_cache(maxsize=16384)
def _fold_short(text: str) -> str:
    return _fold(text)


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = jaconv.kata2hira(folded)
    return _SPACES.sub(" ", folded).strip()
