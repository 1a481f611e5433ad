"""JSON sent by clients, read with the limits every door of the site applies: the API's JSON
parser (``core.api.parsers``) and every websocket frame (``core.frames``). Plain Python.

- Arrays and objects nested more than ``MAX_DEPTH`` (64) levels deep are refused
  (``TooDeep``): no request or message of the site needs more, and Python's decoder and every
  walk over the value would otherwise recurse until ``RecursionError`` (100,000 ``[`` take a
  few bytes to send).
- ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (RFC 8259, section 6) and are refused
  as unreadable (``NotJSON``), as DRF's parser does; PostgreSQL's ``jsonb`` refuses them too.
- A string (a key or a value) holding a lone surrogate, such as ``"\\ud800"``, is refused
  (``LoneSurrogate``) by ``loads`` and ``check``: it decodes to no text, and UTF-8 encoders,
  the database among them, raise on it. ``check_depth`` alone leaves strings alone.
"""
from __future__ import annotations

import json
import re

#: The deepest nesting of arrays and objects read from a client (``[]`` is 1, ``[[]]`` 2).
MAX_DEPTH = 64

_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONInputError(ValueError):
    """JSON refused; ``reason`` says why: ``"not_json"``, ``"too_deep"`` or ``"lone_surrogate"``."""

    reason = "not_json"


class NotJSON(JSONInputError):
    """The text is not JSON (RFC 8259)."""


class TooDeep(JSONInputError):
    """Arrays and objects nested more than ``MAX_DEPTH`` levels."""

    reason = "too_deep"


class LoneSurrogate(JSONInputError):
    """A string holds a UTF-16 surrogate that is not part of a pair."""

    reason = "lone_surrogate"


def _refuse_constant(name: str):
    raise NotJSON(f"{name} is not a JSON value")


def loads(text: str | bytes):
    """The value of the JSON ``text``, checked with ``check``. Raises ``NotJSON``, ``TooDeep``
    or ``LoneSurrogate`` (all ``JSONInputError``, a ``ValueError``)."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise TooDeep(f"nested more than {MAX_DEPTH} levels deep") from None
    except JSONInputError:
        raise
    except ValueError as exc:  # json.JSONDecodeError and UnicodeDecodeError
        raise NotJSON(str(exc)) from None
    check(value)
    return value


def check(value) -> None:
    """Raise ``TooDeep`` if ``value`` (decoded JSON) nests more than ``MAX_DEPTH`` levels,
    ``LoneSurrogate`` if any of its strings or keys holds a lone surrogate."""
    _walk(value, strings=True)


def check_depth(value) -> None:
    """Raise ``TooDeep`` if ``value`` (decoded JSON) nests more than ``MAX_DEPTH`` levels."""
    _walk(value, strings=False)


def _walk(value, strings: bool) -> None:
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            depth += 1
            if depth > MAX_DEPTH:
                raise TooDeep(f"nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                if strings:
                    for key in item:
                        _check_string(key)
                stack.extend((child, depth) for child in item.values())
            else:
                stack.extend((child, depth) for child in item)
        elif strings and isinstance(item, str):
            _check_string(item)


def _check_string(text) -> None:
    if isinstance(text, str) and not text.isascii() and _SURROGATE.search(text):
        raise LoneSurrogate("a string holds a lone surrogate")
