"""Checking the ``/regex/`` of a query. Plain Python, no Django.

A regex runs in the database: Python's ``re`` on SQLite (Django registers REGEXP there, with
``(?i)`` in front for case-insensitive matching) and PostgreSQL's own regex engine (``~*``). So
a pattern must compile in Python *and* avoid what PostgreSQL rejects or reads differently:
named groups ``(?P…)``, atomic groups ``(?>…)``, conditionals ``(?(…)…)``, scoped or unknown
inline flags (``(?i:…)``, ``(?a)``; ``(?imsx)`` alone is fine), possessive quantifiers
(``a*+``), ``\\N{name}`` escapes, ``\\b``/``\\B`` (a word boundary in Python, a backspace in
PostgreSQL), and repeat counts over 255 (``a{256}``). Small dialect differences remain (e.g. PostgreSQL's ``\\x`` takes any number of
hex digits); use plain characters where it matters.
"""
from __future__ import annotations

import re

from tcg.message import Message, gettext_noop

_GROUP_OK = re.compile(r"\(\?(?::|=|!|<=|<!|#|[imsx]+\))")
_BRACE_QUANTIFIER = re.compile(r"\{\d*(?:,\d*)?\}")
#: The largest count PostgreSQL takes in ``{m,n}`` (its ``DUPMAX``).
MAX_REPEAT = 255


class RegexError(ValueError):
    """A regex that cannot be used; ``args[0]`` (a ``Message``) says why."""


def check_regex(pattern: str) -> str:
    """``pattern`` when it is usable on SQLite and PostgreSQL alike; else ``RegexError``, whose
    message says what is wrong without quoting the pattern (the search error it becomes names
    the term as typed)."""
    if not pattern:
        raise RegexError(Message(gettext_noop("the regex is empty")))
    try:
        re.compile("(?i)" + pattern)
    except Exception as exc:  # re.error, OverflowError, RecursionError: all mean "not usable"
        raise RegexError(
            Message(gettext_noop("the regex is not valid (%(reason)s)"), reason=str(exc))
        ) from None
    problem = _unportable(pattern)
    if problem:
        raise RegexError(
            Message(
                gettext_noop("the regex uses %(problem)s, which the database cannot run the same way"),
                problem=problem,
            )
        )
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
                return Message(gettext_noop("this (?…) group syntax"))
            i += 2
        elif ch == "+" and after_quantifier:
            return Message(gettext_noop("a possessive quantifier"))
        elif ch in "*+?":
            quantifier = ch != "?" or not after_quantifier  # "a*?" is lazy, not a new quantifier
            i += 1
        elif ch == "{" and (brace := _BRACE_QUANTIFIER.match(pattern, i)):
            if any(int(n) > MAX_REPEAT for n in re.findall(r"\d+", brace.group())):
                return Message(gettext_noop("a repeat count over %(max)s"), max=MAX_REPEAT)
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


_SPECIAL = set(".^$|?*+()[]{}\\")


def required_literal(pattern: str) -> str:
    """The longest run of plain characters that every match of ``pattern`` (a checked regex,
    matched ignoring case) must contain, lower-cased; ``""`` when none can be told for sure.

    Conservative: a pattern with ``|`` or ``(?`` gives ``""``; nothing inside a group counts;
    a character followed by ``?``, ``*`` or ``{`` is not required; runs stop at groups, classes,
    escapes of letters or digits (classes, back references), and any other special character; a run
    with characters whose case PostgreSQL and Python might fold differently (other than ASCII)
    is not used. The database looks for the run first (an index can), then runs the regex."""
    if "|" in pattern or "(?" in pattern:
        return ""
    runs: list[str] = []
    run: list[str] = []
    depth = 0  # inside a group nothing is sure: the group may be optional
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if depth or ch in "()":
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if ch == "\\":
                i += 1
            elif ch == "[":
                i = _class_end(pattern, i) - 1
            runs.append("".join(run))
            run = []
            i += 1
        elif ch == "\\":
            escaped = pattern[i + 1 : i + 2]
            if escaped.isalnum() or not escaped:
                runs.append("".join(run))
                run = []
            else:
                run.append(escaped)
            i += 2
        elif ch in "?*{":
            if run:
                run.pop()  # the character before may be absent
            runs.append("".join(run))
            run = []
            i += 1
        elif ch in _SPECIAL:
            if ch == "[":
                i = _class_end(pattern, i) - 1
            runs.append("".join(run))
            run = []
            i += 1
        else:
            run.append(ch)
            i += 1
    runs.append("".join(run))
    usable = [r for r in runs if r and all(c.isascii() or c.lower() == c.upper() for c in r)]
    return max(usable, key=len).lower() if usable else ""
