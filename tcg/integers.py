"""The one rule for a whole number typed by a person: in a card search (``size>=3``), a query
parameter, a form field, a path part, a header or a command-line argument. Plain Python, no Django.

A whole number is ASCII digits with an optional leading minus sign, at most ``MAX_DIGITS``
digits, within the bounds the caller gives. ``str.isdigit()`` and ``int()`` are not that rule:
``"²".isdigit()`` is true but ``int("²")`` fails, ``int("١")`` is 1 (an Arabic-Indic digit),
``int(" 7 ")`` is 7, and ``int()`` of 4,301 digits raises ``ValueError``. The web layer's
other readers of request values (yes/no, choices, page numbers) are in ``core.params``.
"""
from __future__ import annotations

import argparse
import re

#: The most digits a whole number from a request may have (a 64-bit integer has 19).
MAX_DIGITS = 18
_INTEGER = re.compile(r"-?[0-9]+")
_DIGITS = re.compile(r"[0-9]+")


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


def is_digits(raw) -> bool:
    """Whether ``raw`` is ASCII digits only, however many (``parse_int`` reads at most
    ``MAX_DIGITS`` of them): ``"0042"`` and 30 nines are, ``"²"``, ``"١"``, ``" 7"`` are not."""
    return isinstance(raw, str) and _DIGITS.fullmatch(raw) is not None


def int_argument(low: int | None = None, high: int | None = None):
    """An ``argparse`` ``type`` reading a command-line argument with ``parse_int`` (bounds as
    there); a bad one is the parser's error naming what is expected, e.g. ``argument --players:
    expected a whole number of at least 1, not '١'``."""

    def read(raw: str) -> int:
        try:
            return parse_int(raw, low, high)
        except BadValue as exc:
            raise argparse.ArgumentTypeError(f"expected {exc.expected}, not {raw!r}") from None

    return read
