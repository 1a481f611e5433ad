"""The query parameters of the API: declared once per operation, checked on every request and
documented in the OpenAPI schema from the same declaration.

An operation declares what it takes with ``@query_parameters(Integer("turns", 1, 20, 5), ...)``
on its view method (which also documents them with drf-spectacular's ``extend_schema``); the
base of every API view (``core.api.base``) reads the request's query string against that
declaration before the view runs, and the view reads the values from ``request.parameters``
(``{name: value}``, every declared parameter present, its default when not given).

A request is refused with 400 ``bad_parameter`` when a parameter:

- is not one the operation takes (a misspelt ``?mien=1`` is not silently ignored),
- is given more than once,
- has a value that is not of its kind: a whole number within its bounds (``core.params``), a
  yes/no value, one of its choices, a text of at most its length.

An empty value (``?page_size=``) is the same as leaving the parameter out. The error's
``details`` are ``{"parameter", "value", "expected", "problems": [{"parameter", "value",
"expected"}, ...]}``: the first problem, then every one.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema

from core.params import parse_bool, parse_choice
from tcg.errors import DomainError
from tcg.integers import BadValue, parse_int


@dataclass(frozen=True)
class Parameter:
    """A query parameter: its ``name``, ``description`` and ``default`` (the value when absent)."""

    name: str
    description: str = ""

    default = None

    def parse(self, raw: str):
        """The value of ``raw``; ``BadValue`` when it is not of this parameter's kind."""
        raise NotImplementedError

    def expected(self) -> str:
        """What a value must be, as a phrase in the active language."""
        raise NotImplementedError

    def schema(self) -> dict:
        raise NotImplementedError

    def openapi(self) -> OpenApiParameter:
        """The parameter for drf-spectacular (``extend_schema(parameters=...)``)."""
        schema = self.schema()
        if self.default is not None:
            schema["default"] = self.default
        return OpenApiParameter(self.name, schema, OpenApiParameter.QUERY, description=self.description)


@dataclass(frozen=True, kw_only=True)
class Integer(Parameter):
    """A whole number from ``low`` to ``high`` (``tcg.integers.parse_int``)."""

    low: int | None = None
    high: int | None = None
    default: int | None = None

    def parse(self, raw: str) -> int:
        return parse_int(raw, self.low, self.high)

    def expected(self) -> str:
        if self.low is not None and self.high is not None:
            return _("a whole number from %(low)s to %(high)s") % {"low": self.low, "high": self.high}
        if self.low is not None:
            return _("a whole number of at least %(low)s") % {"low": self.low}
        if self.high is not None:
            return _("a whole number of at most %(high)s") % {"high": self.high}
        return _("a whole number")

    def schema(self) -> dict:
        schema = {"type": "integer"}
        if self.low is not None:
            schema["minimum"] = self.low
        if self.high is not None:
            schema["maximum"] = self.high
        return schema


@dataclass(frozen=True, kw_only=True)
class Boolean(Parameter):
    """``true``/``false`` (also ``1``/``0``, ``yes``/``no``); ``default`` when absent."""

    default: bool = False

    def parse(self, raw: str) -> bool:
        return parse_bool(raw)

    def expected(self) -> str:
        return _("true or false (also 1 or 0, yes or no)")

    def schema(self) -> dict:
        return {"type": "boolean"}


@dataclass(frozen=True, kw_only=True)
class Choice(Parameter):
    """One of ``choices``, exactly as written."""

    choices: tuple[str, ...] = ()
    default: str | None = None

    def parse(self, raw: str) -> str:
        return parse_choice(raw, self.choices)

    def expected(self) -> str:
        return _("one of %(choices)s") % {"choices": ", ".join(self.choices)}

    def schema(self) -> dict:
        return {"type": "string", "enum": list(self.choices)}


@dataclass(frozen=True, kw_only=True)
class Text(Parameter):
    """Any text of at most ``max_length`` characters; ``default`` when absent or empty."""

    max_length: int = 1000
    default: str = ""

    def parse(self, raw: str) -> str:
        if len(raw) > self.max_length:
            raise BadValue(raw, f"a text of at most {self.max_length} characters")
        return raw

    def expected(self) -> str:
        return _("a text of at most %(max)s characters") % {"max": self.max_length}

    def schema(self) -> dict:
        return {"type": "string", "maxLength": self.max_length}



@dataclass(frozen=True, kw_only=True)
class Codes(Parameter):
    """Comma-separated codes (``SMP-001,SMP-002``): a tuple of them upper-cased, blanks left
    out, each once in the order first given; at most ``max_items`` of them, each at most 40
    characters; ``()`` when absent or empty."""

    max_items: int = 100
    default: tuple = ()

    def parse(self, raw: str) -> tuple[str, ...]:
        codes = tuple(dict.fromkeys(c.strip().upper() for c in raw.split(",") if c.strip()))
        if len(codes) > self.max_items or any(len(c) > 40 for c in codes):
            raise BadValue(raw, self.expected())
        return codes

    def expected(self) -> str:
        return _("at most %(max)s comma-separated card codes") % {"max": self.max_items}

    def schema(self) -> dict:
        return {"type": "string", "maxLength": self.max_items * 41}

def query_parameters(*declared: Parameter):
    """Decorates an API view method: the operation takes the query parameters ``declared``
    (and no other), checked by the API views' base and documented in the OpenAPI schema."""

    def decorate(method):
        method = extend_schema(parameters=[p.openapi() for p in declared])(method)
        method.query_parameters = declared
        return method

    return decorate


def read_parameters(query: QueryDict, declared: tuple[Parameter, ...]) -> dict:
    """``{name: value}`` of every parameter in ``declared`` (its default when not given), read
    from ``query``; ``DomainError`` 400 ``bad_parameter`` naming every problem (see the module)."""
    by_name = {p.name: p for p in declared}
    values = {p.name: p.default for p in declared}
    problems, sentences = [], []
    for name in query:
        given = query.getlist(name)
        parameter = by_name.get(name)
        value = given[-1]
        if parameter is None:
            expected = _("no such parameter: this operation takes %(names)s") % {
                "names": ", ".join(by_name) or _("no query parameters")}
            sentence = _("The query parameter %(name)s is not one this operation takes (it takes: %(names)s).")
        elif len(given) > 1:
            expected = _("given once, not %(count)s times") % {"count": len(given)}
            sentence = _("The query parameter %(name)s is given %(count)s times; give it once.")
        elif value == "":
            continue
        else:
            try:
                values[name] = parameter.parse(value)
                continue
            except BadValue:
                expected = parameter.expected()
                sentence = _("The query parameter %(name)s cannot be “%(value)s”: it must be %(expected)s.")
        problems.append({"parameter": name, "value": value, "expected": expected})
        sentences.append(sentence % {"name": name, "value": value[:100], "expected": expected, "count": len(given),
                                     "names": ", ".join(by_name) or _("no query parameters")})
    if problems:
        raise parameter_refusal(problems, sentences)
    return values


def parameter_refusal(problems: list[dict], sentences: list[str], **details) -> DomainError:
    """The 400 ``bad_parameter`` refusal of ``problems`` (each ``{"parameter", "value",
    "expected"}``, at least one), told by ``sentences`` joined: its details are the first
    problem, then ``details``, then ``"problems"``: every one of them. Used by
    :func:`read_parameters` and by a view whose check needs more than a parameter's own value
    (a code the deck does not hold)."""
    return DomainError("bad_parameter", " ".join(sentences), {**problems[0], **details, "problems": problems})
