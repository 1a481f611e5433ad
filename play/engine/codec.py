"""Dump and load immutable game states: frozen dataclasses of tuples <-> JSON-safe dicts and lists.

A game's ``dump``/``load`` (DESIGN.md, "The game engine protocol": ``load(dump(s)) == s``) can be
``to_json(state)`` and ``from_json(StateClass, data)``. ``from_json`` rebuilds the value from the
dataclass's type hints, and checks every value on the way: data that does not fit the hints
raises ``ValueError`` naming the path (e.g. ``tally.white[2]``), so a corrupt stored state fails
loudly instead of turning into a wrong game.

Supported hints: ``int``, ``bool``, ``str``, ``float``, ``None``, ``tuple[X, ...]``,
``tuple[X, Y, ...]`` (fixed length), ``X | None`` (and other unions of these, tried in order),
``dict[str, X]``, ``frozenset[X]`` (dumped as a sorted list) and nested frozen dataclasses.

A small dataclass that a state holds many of (a square of a board, a piece) may be dumped as the
list of its field values in field order instead of an object, to keep stored states small: it
says so with the class attribute ``json_list: ClassVar[bool] = True``. ``from_json`` reads it
from that list, and from the object of its fields too (a state stored before the class was
made compact).
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, TypeVar

T = TypeVar("T")


def to_json(value: Any) -> Any:
    """A JSON-safe copy of ``value``: dataclasses become dicts of their fields, tuples and lists
    become lists, frozensets sorted lists; ``TypeError`` for anything JSON cannot hold."""
    if value is None or type(value) in (int, bool, str, float):
        return value
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if getattr(value, "json_list", False):
            return [to_json(getattr(value, name)) for name, _ in _hints(type(value))]
        return {name: to_json(getattr(value, name)) for name, _ in _hints(type(value))}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("only dicts with str keys can be dumped")
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(to_json(v) for v in value)
    raise TypeError(f"cannot dump a {type(value).__name__}")


@functools.cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _fail(path: str, expected: str, data: Any) -> typing.NoReturn:
    raise ValueError(f"{path or 'the state'}: expected {expected}, got {data!r:.60}")


def _decode(hint: Any, data: Any, path: str) -> Any:
    if hint is int:
        if type(data) is not int:
            _fail(path, "an int", data)
        return data
    if hint is bool or hint is str:
        if type(data) is not hint:
            _fail(path, hint.__name__, data)
        return data
    if hint is float:
        if type(data) not in (int, float):
            _fail(path, "a number", data)
        return float(data)
    if hint is None or hint is type(None):
        if data is not None:
            _fail(path, "null", data)
        return None
    if dataclasses.is_dataclass(hint):
        return from_json(hint, data, path)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if data is None and type(None) in args:
            return None
        args = tuple(a for a in args if a is not type(None))
        if len(args) == 1:
            return _decode(args[0], data, path)
        for option in args:
            try:
                return _decode(option, data, path)
            except ValueError:
                continue
        _fail(path, " or ".join(getattr(a, "__name__", str(a)) for a in args), data)
    if origin is tuple:
        if not isinstance(data, list):
            _fail(path, "a list", data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            _fail(path, f"a list of {len(args)}", data)
        return tuple(_decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin is frozenset:
        if not isinstance(data, list):
            _fail(path, "a list", data)
        return frozenset(_decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
    if origin is dict:
        if not isinstance(data, dict):
            _fail(path, "an object", data)
        return {k: _decode(args[1], v, f"{path}.{k}") for k, v in data.items()}
    raise TypeError(f"{path}: cannot load the type {hint!r}")


def fields_to_json(value: Any, leave_out: frozenset[str] | set[str] = frozenset()) -> dict:
    """The dataclass ``value`` as the dict of its fields (``to_json`` of each) but those named in
    ``leave_out``: for a game that stores some of a state's fields its own way (e.g. a
    reference to data every state of a match shares) and hands them to ``from_json``'s
    ``given``."""
    return {name: to_json(getattr(value, name)) for name, _ in _hints(type(value)) if name not in leave_out}


def from_json(cls: type[T], data: Any, path: str = "", given: dict[str, Any] | None = None) -> T:
    """The ``cls`` instance that ``to_json`` dumped as ``data``. ``ValueError`` (naming the
    field's path) when ``data`` is not of the dataclass's shape: a missing or unknown field, or a
    value of the wrong type. ``given``: fields already in hand (``fields_to_json`` left them
    out), taken as they are and not looked for in ``data``. A ``json_list`` class reads a list
    of its field values, or the object of its fields."""
    hints = _hints(cls)
    if type(data) is list and getattr(cls, "json_list", False):
        if len(data) != len(hints):
            _fail(path, f"a list of {len(hints)} for {cls.__name__}", data)
        return cls(*[_decode(hint, value, f"{path}[{i}]") for i, ((_, hint), value) in enumerate(zip(hints, data))])
    if not isinstance(data, dict):
        _fail(path, f"an object for {cls.__name__}", data)
    given = given or {}
    names = {name for name, _ in hints if name not in given}
    if data.keys() != names:
        missing, extra = sorted(names - data.keys()), sorted(data.keys() - names)
        raise ValueError(f"{path or cls.__name__}: missing fields {missing}, unknown fields {extra}")
    return cls(**given, **{name: _decode(hint, data[name], f"{path}.{name}" if path else name)
                           for name, hint in hints if name not in given})
