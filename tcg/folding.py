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

import jaconv

_SPACES = re.compile(r"\s+")


def fold(text: str | None) -> str:
    """Return the matching key of ``text`` (``""`` for ``None``)."""
    if not text:
        return ""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = jaconv.kata2hira(folded)
    return _SPACES.sub(" ", folded).strip()
