"""Reading yes/no values, choices and page numbers that come from a request: query
parameters, form fields and headers. Whole numbers are read with the one rule of
``tcg.integers`` (shared with the card search language), whose ``BadValue`` these raise too.
"""
from __future__ import annotations

from tcg.integers import MAX_DIGITS, BadValue, is_digits, parse_int

TRUE_WORDS = ("1", "true", "yes")
FALSE_WORDS = ("0", "false", "no")


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
        if is_digits(raw):
            return 10**MAX_DIGITS
        return 1
