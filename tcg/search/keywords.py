"""The keywords of the search language and their values. Plain Python, no Django.

``build(key, op, value, style)`` turns one keyword term into a ``Compare`` node (or an
``Option`` for ``order:``/``dir:asc|desc``), checking the keyword, the operator and the value;
anything wrong raises ``TermError`` with a sentence the parser puts in a ``SearchError``.

Field names (``Compare.field``) and what their values become:
``type`` (character|item|event; an unambiguous prefix such as ``char`` is accepted),
``colour`` (colour bit mask: red 1, green 2, black 4, white 8), ``bonuscolour`` (a colour name),
``size`` ``bonus`` ``hp`` ``mv`` (int), ``dir`` (orthogonal|diagonal|any),
``step1`` ``step2`` ``step3`` ``act`` (an action), ``text`` ``flavour`` ``artist`` (folded, see
``tcg.folding``; a regex has its katakana made hiragana, as the folded columns have),
``rarity`` ``set`` (as typed, compared without case), ``cn`` (letters and digits
as a ``str``; an ``int`` for comparisons), ``is`` (``manual``: the effect is marked manual; ``vanilla``: no effect).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import jaconv

from tcg.folding import fold
from tcg.integers import BadValue, parse_int
from tcg.message import Message, gettext_noop
from tcg.vocabulary import ACTIONS, COLOUR_BITS, COLOUR_LETTERS, COLOURLESS, DIRECTIONS, STEPS, TYPES

from .ast import Compare
from .regex import RegexError, check_regex

#: A colour value's letters (``rg``): each colour's bit.
LETTER_BITS = {letter: COLOUR_BITS[colour] for colour, letter in COLOUR_LETTERS.items()}
#: The words of a colourless colour value.
COLOURLESS_WORDS = ("c", "colorless", COLOURLESS)
ORDERS = ("name", "code", "size", "hp", "mv", "rarity", "colour", "color")
SORT_DIRECTIONS = ("asc", "desc")
MAX_NUMBER = 10**9

EQUALITY = (":", "=", "!=")
COMPARISONS = (":", "=", "!=", "<", "<=", ">", ">=")

#: keyword as typed → canonical field
ALIASES = {
    "t": "type", "type": "type",
    "c": "colour", "color": "colour", "colour": "colour",
    "size": "size", "bonus": "bonus", "hp": "hp", "mv": "mv",
    "bonuscolor": "bonuscolour", "bonuscolour": "bonuscolour",
    "dir": "dir",
    **{step: step for step in STEPS}, "act": "act",
    "o": "text", "oracle": "text", "text": "text",
    "ft": "flavour", "flavor": "flavour", "flavour": "flavour",
    "a": "artist", "artist": "artist",
    "r": "rarity", "rarity": "rarity",
    "s": "set", "set": "set", "e": "set",
    "cn": "cn",
    "is": "is",
    "order": "order",
}
NUMBER_FIELDS = ("size", "bonus", "hp", "mv")
REGEX_FIELDS = ("text", "flavour", "artist")


#: the operators a field takes (others: EQUALITY)
OPERATORS = {**{f: COMPARISONS for f in NUMBER_FIELDS + ("colour", "cn")}, "is": (":", "=")}


class TermError(ValueError):
    """A keyword term that cannot be understood; ``args[0]`` (a ``Message``) says why."""


def _error(template: str, **params) -> TermError:
    return TermError(Message(template, **params))


@dataclass(frozen=True)
class Option:
    """A query option, not a filter: ``name`` is ``order`` or ``dir``."""

    name: str
    value: str


def build(key: str, op: str, value: str | None, style: str = "bare", raw: str = "") -> Compare | Option:
    """The node of the term ``key op value`` (``style``: bare | quoted | regex); ``raw`` is the
    term as typed, kept in the node for messages.

    Raises ``TermError`` for an unknown keyword, a missing value, an operator the keyword does
    not take, a regex where none is allowed, or a bad value."""
    field = ALIASES.get(key)
    if field is None:
        raise _error(
            gettext_noop("unknown keyword '%(key)s' (keywords: %(keywords)s)"),
            key=key,
            keywords=", ".join(sorted(ALIASES)),
        )
    if not value:
        raise _error(gettext_noop("missing value after '%(op)s'"), op=op)
    if field == "order" or (field == "dir" and value.strip().lower() in SORT_DIRECTIONS):
        return _option(key, field, op, value, style)
    _check_op(key, op, OPERATORS.get(field, EQUALITY))
    if style == "regex":
        if field not in REGEX_FIELDS:
            raise _error(gettext_noop("'%(key)s' does not take a /regex/: only o:, ft:, a: and names do"), key=key)
        return Compare(field, op, regex_pattern(value), True, raw)
    return Compare(field, op, _VALUES[field](value, op), False, raw)


def regex_pattern(pattern: str) -> str:
    """``pattern`` made to match folded text — NFKC as a whole (the lexer normalises one
    character at a time, which leaves half-width ﾌﾟ as two characters) and katakana made
    hiragana — when it is a usable regex (``regex.check_regex``); else ``TermError``."""
    try:
        check_regex(pattern)  # messages quote the pattern as typed
        return check_regex(jaconv.kata2hira(unicodedata.normalize("NFKC", pattern)))
    except RegexError as exc:
        raise TermError(exc.args[0]) from None


def _option(key: str, field: str, op: str, value: str, style: str) -> Option:
    _check_op(key, op, (":", "="), gettext_noop("'%(key)s' as an option takes %(allowed)s, not '%(op)s'"))
    if style == "regex":
        raise _error(gettext_noop("'%(key)s:' does not take a /regex/"), key=key)
    choices = ORDERS if field == "order" else SORT_DIRECTIONS
    unknown = gettext_noop("unknown %(key)s value '%(value)s': use %(choices)s")
    return Option(field, _choice(value, choices, unknown, key))


def _check_op(key: str, op: str, allowed: tuple[str, ...], template: str = "") -> None:
    if op not in allowed:
        template = template or gettext_noop("'%(key)s' takes %(allowed)s, not '%(op)s'")
        raise _error(template, key=key, allowed=" ".join(allowed), op=op)


def _choice(value: str, choices: tuple[str, ...], template: str, key: str = "") -> str:
    v = value.strip().lower()
    if v in choices:
        return v
    raise _error(template, key=key, value=value, choices=", ".join(choices))


def _type(value: str, op: str) -> str:
    v = value.strip().lower()
    found = [t for t in TYPES if v and t.startswith(v)]
    if len(found) == 1:
        return found[0]
    raise _error(gettext_noop("unknown type '%(value)s': use character, item or event"), value=value)


def colour_mask(value: str) -> int:
    """The colour bit mask of a colour value: letters ``rgbw`` combined, a colour name, or
    ``c``/``colorless``/``colourless`` (0). ``TermError`` otherwise."""
    v = value.strip().lower()
    if v in COLOURLESS_WORDS:
        return 0
    if v in COLOUR_BITS:
        return COLOUR_BITS[v]
    if v and all(ch in LETTER_BITS for ch in v):
        mask = 0
        for ch in v:
            mask |= LETTER_BITS[ch]
        return mask
    raise _error(
        gettext_noop(
            "unknown colour '%(value)s': use letters r g b w (combined, e.g. rg), red, green, black, white, "
            "or colorless"
        ),
        value=value,
    )


def _colour(value: str, op: str) -> int:
    return colour_mask(value)


def _bonus_colour(value: str, op: str) -> str:
    mask = colour_mask(value)
    for name, bit in COLOUR_BITS.items():
        if mask == bit:
            return name
    raise _error(
        gettext_noop("a SIZE bonus has exactly one colour, not '%(value)s': use r, g, b, w or a colour name"),
        value=value,
    )


def _integer(value: str, op: str) -> int:
    v = value.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", v):
        raise _error(gettext_noop("'%(value)s' is not a whole number"), value=value)
    try:
        return parse_int(v.removeprefix("+"), -MAX_NUMBER, MAX_NUMBER)
    except BadValue:
        raise _error(
            gettext_noop("%(value)s is out of range (at most %(max)s either way)"), value=value, max=MAX_NUMBER
        ) from None


def _direction(value: str, op: str) -> str:
    v = value.strip().lower()
    if v in DIRECTIONS:
        return v
    raise _error(
        gettext_noop(
            "unknown value '%(value)s' for dir: use orthogonal, diagonal or any (movement directions), "
            "or asc/desc (sort direction)"
        ),
        value=value,
    )


def _action(value: str, op: str) -> str:
    return _choice(value, ACTIONS, gettext_noop("unknown action '%(value)s': use %(choices)s"))


def _folded(value: str, op: str) -> str:
    folded = fold(value)
    if not folded:
        raise _error(gettext_noop("the value is empty"))
    return folded


def _plain(value: str, op: str) -> str:
    v = value.strip()
    if not v:
        raise _error(gettext_noop("the value is empty"))
    return v


def _collector_number(value: str, op: str) -> str | int:
    """``:``/``=``/``!=``: the number as typed (letters and digits, upper-cased); comparisons:
    an ``int``."""
    v = value.strip()
    if op in EQUALITY:
        if not re.fullmatch(r"[A-Za-z0-9]+", v):
            raise _error(
                gettext_noop("'%(value)s' is not a collector number (letters and digits, e.g. 001)"), value=value
            )
        if re.fullmatch(r"[0-9]+", v):
            try:
                parse_int(v, 0, MAX_NUMBER)
            except BadValue:
                raise _error(
                    gettext_noop("%(value)s is out of range (at most %(max)s)"), value=value, max=MAX_NUMBER
                ) from None
        return v.upper()
    if not re.fullmatch(r"[0-9]+", v):
        raise _error(
            gettext_noop("'%(value)s' is not a whole number: cn comparisons (%(op)s) are numeric"), value=value, op=op
        )
    return _integer(v, op)


def _is(value: str, op: str) -> str:
    return _choice(value, ("manual", "vanilla"), gettext_noop("unknown is: value '%(value)s': use %(choices)s"))


_VALUES = {
    "type": _type,
    "colour": _colour,
    "bonuscolour": _bonus_colour,
    **{f: _integer for f in NUMBER_FIELDS},
    "dir": _direction,
    **{f: _action for f in STEPS + ("act",)},
    "text": _folded,
    "flavour": _folded,
    "artist": _folded,
    "rarity": _plain,
    "set": _plain,
    "cn": _collector_number,
    "is": _is,
}
