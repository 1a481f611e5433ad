"""Syntax tree → Django ``Q`` over ``cardsdb.models.Card``: the one module of the search
language that imports Django.

Everything here runs on SQLite and PostgreSQL alike: colour tests are ``colour_mask IN (…)``
(the masks 0–15 that satisfy the relation), text tests compare folded columns with
``contains``/``iregex`` (Django registers REGEXP on SQLite), and collector numbers compare
numerically through a ``CASE``-guarded cast of the part of the code after ``-`` (``cn:001`` also
finds ``X-1``; a ``cn:`` value with letters is matched as the code's ending instead).

Negation is a true complement: ``-(q)`` matches exactly the cards ``q`` does not. Comparisons on
a field a card lacks (``hp``, ``mv``, ``dir`` on events and items; ``bonus``, ``bonuscolor`` on
cards without a SIZE bonus) never match, ``!=`` included; Django's ``~Q`` adds the
``IS NOT NULL`` tests that keep their negations complete, and number comparisons carry their own
``IS NOT NULL`` because Django drops a comparison an out-of-range value makes always true.
"""
from __future__ import annotations

import operator
from functools import reduce

from django.db.models import BigIntegerField, Case, Q, Value, When
from django.db.models.functions import Cast, StrIndex, Substr
from django.db.models.lookups import Exact, GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual

from .ast import And, Compare, Name, Node, Not, Or, ParsedQuery

_NAME_COLUMNS = ("name_folded", "reading_folded", "name_en_folded")
_NUMBER_COLUMNS = {"size": "size", "bonus": "bonus_value", "hp": "hp", "mv": "movement"}
_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
_EXPRESSION_LOOKUPS = {
    ":": Exact, "=": Exact, "<": LessThan, "<=": LessThanOrEqual, ">": GreaterThan, ">=": GreaterThanOrEqual,
}
_COLOUR_RELATIONS = {
    ":": lambda m, v: m == 0 if v == 0 else m & v == v,  # c:colorless = no colours; else at least v
    ">=": lambda m, v: m & v == v,
    ">": lambda m, v: m & v == v and m != v,
    "=": lambda m, v: m == v,
    "!=": lambda m, v: m != v,
    "<=": lambda m, v: m | v == v,
    "<": lambda m, v: m | v == v and m != v,
}
_NUMERIC_CN = r"^[^-]*-[0-9]{1,18}$"


def compile_query(parsed: ParsedQuery) -> Q:
    """The ``Q`` over ``Card`` that ``parsed`` means; ``Q()`` (every card) when ``parsed.node``
    is ``None``. The tree is assumed valid (``parse_query`` made it): no ``SearchError`` here."""
    return Q() if parsed.node is None else compile_node(parsed.node)


def compile_node(node: Node) -> Q:
    """The ``Q`` of one syntax-tree node."""
    if isinstance(node, And):
        return reduce(operator.and_, map(compile_node, node.children))
    if isinstance(node, Or):
        return reduce(operator.or_, map(compile_node, node.children))
    if isinstance(node, Not):
        return ~compile_node(node.child)
    if isinstance(node, Name):
        return _name(node)
    if isinstance(node, Compare):
        return _FIELDS[node.field](node)
    raise TypeError(f"not a search node: {node!r}")


def _any(lookup: str, value, columns=_NAME_COLUMNS) -> Q:
    return reduce(operator.or_, (Q(**{f"{c}{lookup}": value}) for c in columns))


def _name(node: Name) -> Q:
    lookup = {"contains": "__contains", "exact": "", "regex": "__iregex"}[node.mode]
    return _any(lookup, node.text)


def _equality(q: Q, op: str, nullable_column: str | None = None) -> Q:
    """``q`` for ``:``/``=``; its negation for ``!=`` (which never matches a NULL column)."""
    if op != "!=":
        return q
    return Q(**{f"{nullable_column}__isnull": False}) & ~q if nullable_column else ~q


def _text(column: str, folded: bool):
    def compile_text(node: Compare) -> Q:
        lookup = "iregex" if node.regex else ("contains" if folded else "icontains")
        return _equality(Q(**{f"{column}__{lookup}": node.value}), node.op)

    return compile_text


def _number(node: Compare) -> Q:
    column = _NUMBER_COLUMNS[node.field]
    if node.op == "!=":
        q = Q(**{f"{column}__lt": node.value}) | Q(**{f"{column}__gt": node.value})
    else:
        q = Q(**{f"{column}__{_LOOKUPS[node.op]}": node.value})
    # Django drops a comparison that an out-of-range value makes always true (hp>-1 on a
    # positive field: FullResultSet), NULLs included; the explicit test keeps NULLs out.
    return Q(**{f"{column}__isnull": False}) & q


def _colour(node: Compare) -> Q:
    relation = _COLOUR_RELATIONS[node.op]
    return Q(colour_mask__in=[m for m in range(16) if relation(m, node.value)])


def _step(column: str):
    return lambda node: _equality(Q(**{f"{column}__contains": node.value}), node.op)


def _act(node: Compare) -> Q:
    return _equality(_any("__contains", node.value, ("step1", "step2", "step3")), node.op)


def _collector_number(node: Compare) -> Q:
    value = node.value
    if isinstance(value, str) and not value.isdigit():
        return _equality(Q(code__iendswith=f"-{value}"), node.op)
    number = Case(
        When(code__regex=_NUMERIC_CN, then=Cast(Substr("code", StrIndex("code", Value("-")) + 1), BigIntegerField())),
        default=Value(None, output_field=BigIntegerField()),
    )
    lookup = _EXPRESSION_LOOKUPS["=" if node.op == "!=" else node.op]
    # The guard makes the comparison false (not NULL) on non-numeric numbers, so ~ stays exact.
    q = Q(code__regex=_NUMERIC_CN) & Q(lookup(number, int(value)))
    return ~q if node.op == "!=" else q


_FIELDS = {
    "type": lambda n: _equality(Q(type=n.value), n.op),
    "colour": _colour,
    "bonuscolour": lambda n: _equality(Q(bonus_colour=n.value), n.op, "bonus_colour"),
    **{f: _number for f in _NUMBER_COLUMNS},
    "dir": lambda n: _equality(Q(directions=n.value), n.op, "directions"),
    "step1": _step("step1"),
    "step2": _step("step2"),
    "step3": _step("step3"),
    "act": _act,
    "text": _text("text_folded", folded=True),
    "flavour": _text("flavour", folded=False),
    "artist": _text("artist", folded=False),
    "rarity": lambda n: _equality(Q(rarity__iexact=n.value), n.op),
    "set": lambda n: _equality(Q(card_set__code__iexact=n.value), n.op),
    "cn": _collector_number,
    "is": lambda n: Q(pk__in=[]),  # is:manual: no card is marked manual yet (no such field yet)
}
