"""Checking the ``/regex/`` of a query. Plain Python, no Django.

A regex runs in the database: Python's ``re`` on SQLite (Django registers REGEXP there, with
``(?i)`` in front for case-insensitive matching) and PostgreSQL's own regex engine (``~*``). So
a pattern must compile in Python *and* avoid what PostgreSQL rejects or reads differently:
named groups ``(?P…)``, atomic groups ``(?>…)``, conditionals ``(?(…)…)``, scoped or unknown
inline flags (``(?i:…)``, ``(?a)``; ``(?imsx)`` alone is fine), possessive quantifiers
(``a*+``), ``\\N{name}`` escapes, and ``\\b``/``\\B`` (a word boundary in Python, a backspace in
PostgreSQL). Small dialect differences remain (e.g. PostgreSQL's ``\\x`` takes any number of
hex digits); use plain characters where it matters.
"""
from __future__ import annotations

import re

_GROUP_OK = re.compile(r"\(\?(?::|=|!|<=|<!|#|[imsx]+\))")
_BRACE_QUANTIFIER = re.compile(r"\{\d*(?:,\d*)?\}")


class RegexError(ValueError):
    """A regex that cannot be used; ``args[0]`` says why."""


def check_regex(pattern: str) -> str:
    """``pattern`` when it is usable on SQLite and PostgreSQL alike; else ``RegexError``."""
    if not pattern:
        raise RegexError("the regex is empty")
    try:
        re.compile("(?i)" + pattern)
    except Exception as exc:  # re.error, OverflowError, RecursionError: all mean "not usable"
        raise RegexError(f"/{pattern}/ is not a valid regex ({exc})") from None
    problem = _unportable(pattern)
    if problem:
        raise RegexError(f"/{pattern}/ uses {problem}, which the database cannot run the same way")
    return pattern


def _unportable(pattern: str) -> str | None:
    """What in ``pattern`` PostgreSQL rejects or reads differently, or ``None``. The pattern
    has compiled in Python, so its brackets and escapes are well formed."""
    i, n = 0, len(pattern)
    after_quantifier = False
    while i < n:
        ch = pattern[i]
        quantifier = False
        if ch == "\\":
            escaped = pattern[i + 1 : i + 2]
            if escaped in ("N", "b", "B"):
                return f"\\{escaped}"
            i += 2
        elif ch == "[":
            i = _class_end(pattern, i)
        elif pattern.startswith("(?", i):
            if not _GROUP_OK.match(pattern, i):
                return "this (?…) group syntax"
            i += 2
        elif ch == "+" and after_quantifier:
            return "a possessive quantifier"
        elif ch in "*+?":
            quantifier = ch != "?" or not after_quantifier  # "a*?" is lazy, not a new quantifier
            i += 1
        elif ch == "{" and (brace := _BRACE_QUANTIFIER.match(pattern, i)):
            quantifier = True
            i = brace.end()
        else:
            i += 1
        after_quantifier = quantifier
    return None


def _class_end(pattern: str, i: int) -> int:
    """The index after the character class that opens at ``pattern[i] == "["``."""
    i += 1
    if pattern[i : i + 1] == "^":
        i += 1
    if pattern[i : i + 1] == "]":
        i += 1
    while i < len(pattern) and pattern[i] != "]":
        i += 2 if pattern[i] == "\\" else 1
    return i + 1
