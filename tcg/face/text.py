"""Text for an SVG card face: cleaning and escaping untrusted text, estimating its width, and
breaking it into lines. Plain Python, no Django.

Widths are estimates in em (multiples of the font size) per character class, close to Noto Sans
CJK JP and to common sans-serif fonts, on the wide side so that text estimated to fit does fit:
CJK ideographs, kana and full-width forms are 1 em; half-width kana 0.5 em; Latin letters,
digits and punctuation from 0.28 em (``i``, ``.``) to 0.9 em (``W``); anything else 0.6 em.

Lines break as Japanese and Latin text do: Latin text between words (a word longer than a line
is cut between letters), CJK text between any two characters, except that a closing bracket,
a small kana, a long-vowel mark or a punctuation mark never begins a line and an opening
bracket never ends one (kinsoku, JIS X 4051's line-start and line-end prohibitions, simplified).
"""
from __future__ import annotations

import re
import unicodedata

#: Characters XML 1.0 forbids (C0 controls but tab, newline and CR; surrogates; U+FFFE/F), and
#: C1 controls and the Unicode non-characters U+FDD0–U+FDEF, which have no business on a card.
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]")
_SPACES = re.compile(r"[ \t\r\n]+")

#: Must not begin a line (attached to the character before).
NO_LINE_START = frozenset(
    "、。，．,.!?！？:;：；・)]}）］｝〕〉》」』】〙〗»’”ー～〜…‥\u3000"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々ゝゞヽヾ"
)
#: Must not end a line (attached to the character after).
NO_LINE_END = frozenset("([{（［｛〔〈《「『【〘〖«‘“")

_NARROW = frozenset("iljtfI.,:;'!|`()[]{} ·\"")
_WIDE = frozenset("mwMW@%")


def clean(text: object) -> str:
    """``text`` as a string with the characters XML cannot hold removed (see ``_ILLEGAL``);
    ``None`` gives ``""``. The result is still to be escaped (:func:`escape`)."""
    if text is None:
        return ""
    return _ILLEGAL.sub("", str(text))


def one_line(text: object) -> str:
    """:func:`clean` text with every run of white space (newlines included) made one space."""
    return _SPACES.sub(" ", clean(text)).strip()


def escape(text: str) -> str:
    """``text`` safe as XML character data or inside a double-quoted attribute: ``& < > "``
    and ``'`` escaped. Expects :func:`clean` text."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def is_wide(char: str) -> bool:
    """Whether ``char`` is set 1 em wide (East Asian wide or full-width)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def char_width(char: str) -> float:
    """The estimated advance of ``char`` in em (see the module's description)."""
    if is_wide(char):
        return 1.0
    if unicodedata.east_asian_width(char) == "H":
        return 0.5
    if char == " ":
        return 0.28
    if char in _NARROW:
        return 0.3
    if char in _WIDE:
        return 0.9
    if char.isupper():
        return 0.68
    if char.isdigit() or char.isalpha():
        return 0.56
    if unicodedata.category(char).startswith("M"):
        return 0.0
    return 0.6


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The estimated width of ``text`` set at font ``size``, in the same unit as ``size``;
    bold text is taken 6% wider."""
    return sum(char_width(c) for c in text) * size * (1.06 if bold else 1.0)


def _units(paragraph: str) -> list[tuple[str, bool]]:
    """``paragraph`` cut into pieces that are never broken inside, each with whether a space
    stood before it: a Latin word, or one CJK character, with the kinsoku characters around
    them attached."""
    units: list[tuple[str, bool]] = []
    space = False
    glue_next = False  # the last unit ends with an opening bracket: the next piece joins it
    for token in re.findall(r" |[^ ]", paragraph):
        if token == " ":
            space = True
            glue_next = False
            continue
        wide = is_wide(token)
        joins = units and not space and (
            glue_next or token in NO_LINE_START or (not wide and not is_wide(units[-1][0][-1]))
        )
        if joins:
            units[-1] = (units[-1][0] + token, units[-1][1])
        else:
            units.append((token, space))
        glue_next = token in NO_LINE_END
        space = False
    return units


def _cut(word: str, width: float, size: float, bold: bool) -> list[str]:
    """A word too long for a line, cut between characters into pieces that fit."""
    pieces, current = [], ""
    for char in word:
        if current and text_width(current + char, size, bold) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    return pieces + [current] if current else pieces


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` (:func:`clean` text; a newline starts a new paragraph) broken into lines that
    are each estimated to be at most ``width`` wide at font ``size`` (see the module's
    description for where lines may break). Blank paragraphs are dropped."""
    lines: list[str] = []
    for paragraph in clean(text).splitlines():
        paragraph = _SPACES.sub(" ", paragraph).strip()
        current = ""
        for unit, spaced in _units(paragraph):
            candidate = current + (" " if spaced and current else "") + unit
            if not current or text_width(candidate, size, bold) <= width:
                current = candidate
            else:
                lines.append(current)
                current = unit
            if text_width(current, size, bold) > width:
                *full, current = _cut(current, width, size, bold)
                lines.extend(full)
        if current:
            lines.append(current)
    return lines


def fit(text: str, width: float, lines: int, sizes: tuple[float, ...], bold: bool = False) -> tuple[float, list[str]]:
    """The largest font size of ``sizes`` (largest first) at which ``text`` wraps into at most
    ``lines`` lines of ``width``, with its lines; when none does, the smallest size with its
    first ``lines`` lines, the last ending in "…"."""
    for size in sizes:
        wrapped = wrap(text, width, size, bold)
        if len(wrapped) <= lines:
            return size, wrapped
    size = sizes[-1]
    wrapped = wrap(text, width, size, bold)[:lines]
    if wrapped:
        last = wrapped[-1]
        while last and text_width(last + "…", size, bold) > width:
            last = last[:-1]
        wrapped[-1] = last.rstrip() + "…"
    return size, wrapped
