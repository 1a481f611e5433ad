"""Writing JSON the site sends as text (the live table's websocket frames): ``compact_json``.

orjson writes it (about a seventh of the time of ``json.dumps`` for a match's view frame: 1.7
against 11.5 µs for a L.A.M.A. view), compact and in UTF-8 rather than ``\\u`` escapes; a value
orjson refuses (an integer wider than 64 bits) is written by ``json.dumps``. Both read back as the
same value. Plain Python.
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def compact_json(value: Any) -> str:
    """``value`` as compact JSON text. ``TypeError`` for a value JSON cannot hold (a set, an
    object), as ``json.dumps``; keys that are not strings are written as strings, as
    ``json.dumps`` writes them."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
