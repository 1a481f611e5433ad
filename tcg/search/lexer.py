"""Query text → tokens. Plain Python, no Django.

The text is NFKC-normalised first, one character at a time, so full-width letters, digits,
operators and spaces (``ｔ：ｃｈａｒａｃｔｅｒ``, ``＞``, the ideographic space) read as ASCII, while
every normalised character remembers where it came from: errors report positions in the text
as typed.

Tokens (``Token.kind``):
- ``(`` and ``)``;
- ``-``: negation, written directly before a term or a group (a ``-`` followed by a space,
  ``)`` or the end is an error);
- ``or``: the bare word ``or`` in any case (``"or"`` quoted, or ``-or``, is a name);
- ``name``: a bare word, a ``"quoted phrase"`` (``style`` ``quoted``) or a ``/regex/``
  (``style`` ``regex``);
- ``exact``: ``!word`` or ``!"exact name"``;
- ``term``: ``key`` + ``op`` + ``value``, where ``key`` is a word of ASCII letters and digits
  starting with a letter (lower-cased), ``op`` one of ``!= <= >= : = < >`` and ``value`` a bare
  word, a quoted string or a ``/regex/`` (``None`` when missing).
A bare word runs to the next space, parenthesis or double quote. Quotes have no escapes; in a
regex, ``\\/`` is a slash that does not end it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tcg.message import Message, gettext_noop

from .errors import SearchError

_KEY = re.compile(r"([A-Za-z][A-Za-z0-9]*)(!=|<=|>=|:|=|<|>)")
_STOP = '()"'
NEGATION_ALONE = gettext_noop("'-' must be followed directly by a term or a group to negate")


@dataclass(frozen=True)
class Token:
    kind: str
    start: int
    end: int
    key: str | None = None
    op: str | None = None
    value: str | None = None
    style: str = "bare"


class Source:
    """The query as typed and as normalised, with the map between their positions."""

    def __init__(self, typed: str):
        self.typed = typed
        chars: list[str] = []
        origin: list[int] = []
        for i, ch in enumerate(typed):
            category = unicodedata.category(ch)
            if (category == "Cc" and not ch.isspace()) or category == "Cs":
                raise SearchError(
                    Message(
                        gettext_noop("the query contains a control character (%(code)s) at position %(position)s"),
                        code=f"U+{ord(ch):04X}",
                        position=i,
                    ),
                    term=ch,
                    position=i,
                    query=typed,
                )
            for out in unicodedata.normalize("NFKC", ch):
                chars.append(out)
                origin.append(i)
        origin.append(len(typed))
        self.text = "".join(chars)
        self._origin = origin

    def span(self, start: int, end: int) -> tuple[str, int]:
        """(text as typed, typed position) of the normalised span ``[start, end)``."""
        first = self._origin[start]
        last = self._origin[end] if end < len(self._origin) else len(self.typed)
        if end > start and last <= first:
            last = first + 1
        return self.typed[first:last], first

    def error(self, template: str, start: int, end: int, **params) -> SearchError:
        """A ``SearchError`` about the normalised span ``[start, end)``: its message is
        ``Message(template, term=…, **params)``, ``term`` being the span's text as typed, quoted."""
        term, position = self.span(start, end)
        return SearchError(Message(template, term=repr_term(term), **params), term=term, position=position,
                           query=self.typed)


def repr_term(term: str) -> str:
    """A term quoted for a message: ``'size>'``."""
    return f"'{term}'"


def tokenize(source: Source) -> list[Token]:
    """The tokens of ``source.text``. Raises ``SearchError`` for an unclosed quote or regex, a
    lone ``-`` or ``!``, or text glued to a regex's closing slash."""
    s, n = source.text, len(source.text)
    tokens: list[Token] = []
    i = 0
    while i < n:
        ch = s[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token(ch, i, i + 1))
            i += 1
        elif ch == "-":
            if i + 1 >= n or s[i + 1].isspace() or s[i + 1] == ")":
                raise source.error(NEGATION_ALONE, i, i + 1)
            tokens.append(Token("-", i, i + 1))
            i += 1
        elif ch == "!":
            value, style, end = _value(source, i + 1)
            if value is None:
                raise source.error(
                    gettext_noop("'!' must be followed directly by a name, e.g. !\"exact name\""), i, i + 1
                )
            tokens.append(Token("exact", i, end, value=value, style=style))
            i = end
        elif ch == '"' or ch == "/":
            value, style, end = _value(source, i)
            tokens.append(Token("name", i, end, value=value, style=style))
            i = end
        else:
            i = _word(source, i, tokens)
    return tokens


def _word(source: Source, i: int, tokens: list[Token]) -> int:
    """Read a bare word or a keyword term at ``i``; append its token; return where it ends."""
    s = source.text
    end = _bare_end(s, i)
    word = s[i:end]
    match = _KEY.match(word)
    if match:
        value, style, end = _value(source, i + match.end())
        tokens.append(Token("term", i, end, match.group(1).lower(), match.group(2), value, style))
    elif word.lower() == "or" and not (tokens and tokens[-1].kind == "-"):
        tokens.append(Token("or", i, end))
    else:
        tokens.append(Token("name", i, end, value=word))
    return end


def _bare_end(s: str, i: int) -> int:
    while i < len(s) and not s[i].isspace() and s[i] not in _STOP:
        i += 1
    return i


def _value(source: Source, i: int) -> tuple[str | None, str, int]:
    """(value, style, end) of the bare word, quoted string or regex at ``i``; value ``None``
    when there is none."""
    s = source.text
    if i < len(s) and s[i] == '"':
        close = s.find('"', i + 1)
        if close < 0:
            raise source.error(gettext_noop("unclosed quote in %(term)s: add the closing '\"'"), i, len(s))
        return s[i + 1 : close], "quoted", close + 1
    if i < len(s) and s[i] == "/":
        return _regex(source, i)
    end = _bare_end(s, i)
    return (s[i:end] or None), "bare", end


def _regex(source: Source, start: int) -> tuple[str, str, int]:
    s, j = source.text, start + 1
    while j < len(s):
        if s[j] == "\\":
            j += 2
        elif s[j] == "/":
            end = j + 1
            if end < len(s) and not s[end].isspace() and s[end] != ")":
                raise source.error(
                    gettext_noop(
                        "unexpected text right after the closing '/' of the regex in %(term)s: "
                        "put a space after it (there are no regex flags; matching ignores case)"
                    ),
                    start,
                    _bare_end(s, end),
                )
            return s[start + 1 : j], "regex", end
        else:
            j += 1
    raise source.error(gettext_noop("unclosed regex %(term)s: add the closing '/'"), start, len(s))
