"""Reading JSON that comes from a client: the API's request bodies (``core.api.parsers``), the
pages that read a JSON body (the deck builder's panel) and websocket frames.

Plain Python. ``read_json(text)`` is ``json.loads`` with two more rules, the same for every door:

- **depth**: arrays and objects nested more than ``MAX_DEPTH`` deep are refused (code
  ``malformed_body``); without a limit a few kilobytes of ``[[[…]]]`` exhaust the decoder's
  recursion (``RecursionError``) or anything that walks the value afterwards;
- **strict JSON**: ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's decoder takes), an
  object that gives a key twice (Python's decoder keeps the last) and a whole number of more
  than ``MAX_DIGITS`` digits are refused like any other text that is not JSON (code
  ``malformed_body``);
- **storable text**: every string, object keys included, must be text PostgreSQL can store: no
  NUL character (``\\u0000``) and no lone surrogate (``\\ud800``, which JSON can escape but UTF-8
  cannot encode); refused with code ``invalid_text``, naming where it is.

Both raise ``JsonRefused`` (a ``DomainError`` and a ``ValueError``) with ``code``, an English ``message`` and
``details``; callers answer it in their door's error shape.
"""
from __future__ import annotations

import json
from typing import Any

from tcg.errors import DomainError

#: The deepest nesting of arrays and objects accepted; the API's bodies need 4 at most.
MAX_DEPTH = 32


class JsonRefused(DomainError, ValueError):
    """Client JSON that is not accepted: a ``DomainError`` with ``code`` (``malformed_body`` or
    ``invalid_text``, status 400), ``message`` (English) and ``details``."""


def _bad_character(text: str) -> str | None:
    """The first character of ``text`` that cannot be stored, as ``U+XXXX``; ``None`` if none."""
    if text.isascii():
        return "U+0000" if "\x00" in text else None
    for ch in text:
        if ch == "\x00" or "\ud800" <= ch <= "\udfff":
            return f"U+{ord(ch):04X}"
    return None


def _shown(key: str) -> str:
    """``key`` as part of a path in a message: unstorable characters written as ``\\uXXXX``."""
    return "".join(f"\\u{ord(ch):04x}" if ch == "\x00" or "\ud800" <= ch <= "\udfff" else ch for ch in key)


def check_value(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise ``JsonRefused`` when the decoded ``value`` is nested deeper than ``max_depth`` or
    holds a string that cannot be stored (see the module). Walks without recursion."""
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            bad = _bad_character(item)
            if bad:
                raise unstorable(path, bad)
        elif isinstance(item, (dict, list)):
            if depth >= max_depth:
                raise too_deep(max_depth)
            if isinstance(item, dict):
                for key, child in item.items():
                    key_path = f"{path}.{_shown(key)}" if path else _shown(key)
                    bad = _bad_character(key)
                    if bad:
                        raise unstorable(key_path, bad, in_key=True)
                    stack.append((child, key_path, depth + 1))
            else:
                stack.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(item))


def too_deep(max_depth: int = MAX_DEPTH) -> JsonRefused:
    return JsonRefused("malformed_body", f"JSON parse error - the body is nested too deeply (at most {max_depth} levels)",
                       {"max_depth": max_depth})


def unstorable(path: str, character: str, in_key: bool = False) -> JsonRefused:
    where = f"The key {path}" if in_key else (f"The text at {path}" if path else "The body")
    kind = "a NUL character" if character == "U+0000" else "a lone surrogate"
    return JsonRefused(
        "invalid_text",
        f"{where} holds {kind} ({character}), which text cannot hold; send valid Unicode text without NUL "
        "characters or lone surrogates.",
        {"field": path, "character": character},
    )


def _not_json(constant: str):
    raise ValueError(f"{constant} is not a JSON value")


#: The most digits a whole number may have; Python's own limit (4,300) answered with advice
#: about ``sys.set_int_max_str_digits``, and no field takes a number anywhere near this long.
MAX_DIGITS = 100


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number has more than {MAX_DIGITS} digits")
    return int(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict:
    """An object whose keys are all different: a key given twice is refused, where Python's
    decoder kept the last and dropped the first without a word."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise ValueError(f"the key {json.dumps(twice, ensure_ascii=False)[:60]} is given twice")
    return value


def read_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``text`` (UTF-8 bytes or a str) decoded as JSON and checked (see the module).

    Raises ``JsonRefused``: ``malformed_body`` for text that is not JSON or is nested too
    deeply, ``invalid_text`` for a string that cannot be stored."""
    try:
        value = json.loads(text, parse_constant=_not_json, parse_int=_whole_number, object_pairs_hook=_object)
    except RecursionError:
        raise too_deep(max_depth) from None
    except ValueError as exc:  # json.JSONDecodeError, and bytes that are not UTF-8
        raise JsonRefused("malformed_body", f"JSON parse error - {exc}") from None
    check_value(value, max_depth)
    return value
