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
import itertools
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


_PLAIN = frozenset({int, bool, str, float, type(None)})


def to_json(value: Any) -> Any:
    """A JSON-safe copy of ``value``: dataclasses become dicts of their fields, tuples and lists
    become lists, frozensets sorted lists; ``TypeError`` for anything JSON cannot hold."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else to_json(v) for v in value]
    plan = _dump_plan(kind)
    if plan is not None:
        compact, names = plan
        if compact:
            return [to_json(getattr(value, name)) for name in names]
        return {name: to_json(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("only dicts with str keys can be dumped")
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(to_json(v) for v in value)
    raise TypeError(f"cannot dump a {type(value).__name__}")


@functools.cache
def _dump_plan(kind: type) -> tuple[bool, tuple[str, ...]] | None:
    """For a dataclass type: whether it dumps as a list (``json_list``) and its field names in
    order; ``None`` for any other type."""
    if not dataclasses.is_dataclass(kind):
        return None
    return bool(getattr(kind, "json_list", False)), tuple(name for name, _ in _hints(kind))


@functools.cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


class _Mismatch(ValueError):
    """Data that does not fit a hint, raised inside a compiled decoder: ``message(path)`` says
    what was wrong once the path is known; ``where`` gathers the path's steps, innermost first,
    as the error passes up through the decoders (a path is only built for data that fails)."""

    def __init__(self, message: Callable[[str], str]):
        super().__init__()
        self.message = message
        self.where: list[tuple[str, Any]] = []

    def at(self, path: str) -> str:
        """The message, ``path`` being the path of the outermost decoder."""
        for kind, step in reversed(self.where):
            if kind == "field":
                path = f"{path}.{step}" if path else step
            elif kind == "key":
                path = f"{path}.{step}"
            else:
                path = f"{path}[{step}]"
        return self.message(path)


def _expected(expected: str, data: Any) -> _Mismatch:
    return _Mismatch(lambda path: f"{path or 'the state'}: expected {expected}, got {data!r:.60}")


Decoder = Callable[[Any], Any]


def _items(decoders: Iterable[Decoder], data: Sequence) -> list:
    """Each item of ``data`` through its decoder (``decoders`` in step with ``data``; one decoder
    for all: ``itertools.repeat``), a failure marked with the item's index."""
    out = []
    for i, (decode, value) in enumerate(zip(decoders, data)):
        try:
            out.append(decode(value))
        except _Mismatch as error:
            error.where.append(("index", i))
            raise
    return out


def _scalar(kind: type, expected: str) -> Decoder:
    def decode(data):
        if type(data) is not kind:
            raise _expected(expected, data)
        return data
    return decode


def _float(data):
    if type(data) not in (int, float):
        raise _expected("a number", data)
    return float(data)


def _none(data):
    if data is not None:
        raise _expected("null", data)
    return None


_SCALARS: dict[Any, Decoder] = {
    int: _scalar(int, "an int"), bool: _scalar(bool, "bool"), str: _scalar(str, "str"), float: _float,
    None: _none, type(None): _none,
}


@functools.cache
def _decoder(hint: Any) -> Decoder:
    """The function that loads data of ``hint`` (built once per hint): it returns the value or
    raises :class:`_Mismatch`; ``TypeError`` for a hint the codec does not support."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    if dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_decoder(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence_decoder(args[0], tuple)
        return _fixed_tuple_decoder(args)
    if origin is frozenset:
        return _sequence_decoder(args[0], frozenset)
    if origin is dict:
        return _dict_decoder(args[1])
    raise TypeError(f"cannot load the type {hint!r}")


def _union_decoder(args: tuple) -> Decoder:
    nullable = type(None) in args
    options = tuple(a for a in args if a is not type(None))
    if len(options) == 1:
        only = _decoder(options[0])
        if not nullable:
            return only

        def decode_optional(data):
            return None if data is None else only(data)
        return decode_optional
    decoders = tuple(_decoder(a) for a in options)
    names = " or ".join(getattr(a, "__name__", str(a)) for a in options)

    def decode(data):
        if data is None and nullable:
            return None
        for option in decoders:
            try:
                return option(data)
            except _Mismatch:
                continue
        raise _expected(names, data)
    return decode


def _sequence_decoder(item: Any, kind: type) -> Decoder:
    if item is int:  # the common case (cards, counts): checked without a call per item
        def decode_ints(data):
            if not isinstance(data, list):
                raise _expected("a list", data)
            for i, value in enumerate(data):
                if type(value) is not int:
                    error = _expected("an int", value)
                    error.where.append(("index", i))
                    raise error
            return kind(data)
        return decode_ints
    inner = _decoder(item)

    def decode(data):
        if not isinstance(data, list):
            raise _expected("a list", data)
        return kind(_items(itertools.repeat(inner), data))
    return decode


def _fixed_tuple_decoder(args: tuple) -> Decoder:
    decoders = tuple(_decoder(a) for a in args)
    expected = f"a list of {len(args)}"

    def decode(data):
        if not isinstance(data, list):
            raise _expected("a list", data)
        if len(data) != len(decoders):
            raise _expected(expected, data)
        return tuple(_items(decoders, data))
    return decode


def _dict_decoder(value: Any) -> Decoder:
    inner = _decoder(value)

    def decode(data):
        if not isinstance(data, dict):
            raise _expected("an object", data)
        out = {}
        for key, item in data.items():
            try:
                out[key] = inner(item)
            except _Mismatch as error:
                error.where.append(("key", key))
                raise
        return out
    return decode


def _dataclass_decoder(cls: type) -> Decoder:
    """The decoder of a dataclass; its fields' decoders are built on its first use (a class may
    hold itself, or a class declared after it)."""
    def decode(data):
        return _load_dataclass(cls, data, None)
    return decode


@functools.cache
def _field_decoders(cls: type) -> tuple[tuple[tuple[str, Decoder], ...], tuple[Decoder, ...]]:
    """The fields of the dataclass ``cls`` in field order: each name with its decoder, and the
    decoders alone (for a ``json_list`` class's list of values)."""
    fields = tuple((name, _decoder(hint)) for name, hint in _hints(cls))
    return fields, tuple(decode for _, decode in fields)


def _load_dataclass(cls: type, data: Any, given: dict | None):
    fields, decoders = _field_decoders(cls)
    if type(data) is list and getattr(cls, "json_list", False):
        if len(data) != len(fields):
            raise _expected(f"a list of {len(fields)} for {cls.__name__}", data)
        return cls(*_items(decoders, data))
    if not isinstance(data, dict):
        raise _expected(f"an object for {cls.__name__}", data)
    given = given or {}
    names = {name for name, _ in fields if name not in given}
    if data.keys() != names:
        missing, extra = sorted(names - data.keys()), sorted(data.keys() - names)
        raise _Mismatch(lambda path: f"{path or cls.__name__}: missing fields {missing}, unknown fields {extra}")
    values = dict(given)
    for name, decode in fields:
        if name in given:
            continue
        try:
            values[name] = decode(data[name])
        except _Mismatch as error:
            error.where.append(("field", name))
            raise
    return cls(**values)


def fields_to_json(value: Any, leave_out: frozenset[str] | set[str] = frozenset()) -> dict:
    """The dataclass ``value`` as the dict of its fields (``to_json`` of each) but those named in
    ``leave_out``: for a game that stores some of a state's fields its own way (e.g. a
    reference to data every state of a match shares) and hands them to ``from_json``'s
    ``given``."""
    return {name: to_json(getattr(value, name)) for name, _ in _hints(type(value)) if name not in leave_out}


def from_json(cls: type[T], data: Any, path: str = "", given: dict[str, Any] | None = None) -> T:
    """The ``cls`` instance that ``to_json`` dumped as ``data``. ``ValueError`` (naming the
    field's path, ``path`` before it) when ``data`` is not of the dataclass's shape: a missing or
    unknown field, or a value of the wrong type. ``given``: fields already in hand
    (``fields_to_json`` left them out), taken as they are and not looked for in ``data``. A
    ``json_list`` class reads a list of its field values, or the object of its fields.
    ``TypeError`` for a field whose type hint the codec does not support.

    The decoder of each type is built once (``_decoder``); a path is built only for data that
    fails, so a state loads without a string made per value."""
    try:
        return _load_dataclass(cls, data, given)
    except _Mismatch as error:
        raise ValueError(error.at(path)) from None
