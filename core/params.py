"""Reading whole numbers and yes/no values that come from a request: query parameters, form
fields, path parts, headers and the numbers of the card search language.

Plain Python (no Django), so that the search language can use it too. One rule for every door:
a whole number is ASCII digits with an optional leading minus sign, at most
``MAX_DIGITS`` digits, within the bounds the caller gives. ``str.isdigit()`` and ``int()`` are
not that rule: ``"²".isdigit()`` is true but ``int("²")`` fails, ``int("١")`` is 1 (an
Arabic-Indic digit), ``int(" 7 ")`` is 7, and ``int()`` of 4,301 digits raises ``ValueError``.
"""
from __future__ import annotations

import re

#: The most digits a whole number from a request may have (a 64-bit integer has 19).
MAX_DIGITS = 18
_INTEGER = re.compile(r"-?[0-9]+")
TRUE_WORDS = ("1", "true", "yes")
FALSE_WORDS = ("0", "false", "no")


class BadValue(ValueError):
    """A value that is not what was expected; ``expected`` says what is (a phrase, in English,
    e.g. ``"a whole number from 1 to 200"``)."""

    def __init__(self, value: str, expected: str):
        self.value = value
        self.expected = expected
        super().__init__(f"expected {expected}, not {value!r:.60}")


def integer_expected(low: int | None, high: int | None) -> str:
    """``"a whole number from 1 to 200"``, ``"a whole number of at least 1"``, … for the bounds."""
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number of at least {low}"
    if high is not None:
        return f"a whole number of at most {high}"
    return "a whole number"


def parse_int(raw: str, low: int | None = None, high: int | None = None) -> int:
    """``raw`` as an int within ``low``…``high`` (inclusive; ``None``: no bound).

    Raises ``BadValue`` for anything else: not ASCII digits (``"²"``, ``"١"``, ``"1.0"``,
    ``" 7"``), more than ``MAX_DIGITS`` digits, or out of bounds."""
    if not isinstance(raw, str) or not _INTEGER.fullmatch(raw) or len(raw.lstrip("-")) > MAX_DIGITS:
        raise BadValue(raw, integer_expected(low, high))
    number = int(raw)
    if (low is not None and number < low) or (high is not None and number > high):
        raise BadValue(raw, integer_expected(low, high))
    return number


def parse_bool(raw: str) -> bool:
    """``True`` for ``1``/``true``/``yes``, ``False`` for ``0``/``false``/``no`` (exactly these,
    lower case); ``BadValue`` otherwise."""
    if raw in TRUE_WORDS:
        return True
    if raw in FALSE_WORDS:
        return False
    raise BadValue(raw, "true or false (also 1 or 0, yes or no)")


def parse_choice(raw: str, choices: tuple[str, ...] | list[str]) -> str:
    """``raw`` when it is one of ``choices`` (exactly); ``BadValue`` otherwise."""
    if raw in choices:
        return raw
    raise BadValue(raw, "one of " + ", ".join(choices))


def page_number(raw: str | None) -> int:
    """A page's ``?page=``: the page number when ``raw`` is one (``parse_int``, 1 or more), a
    number past any page for ASCII digits too many to read (the paginator answers a page past
    the last one with the last page), else 1, the first page."""
    try:
        return parse_int(raw, 1)
    except BadValue:
        if isinstance(raw, str) and raw.isascii() and raw.isdigit():
            return 10**MAX_DIGITS
        return 1
