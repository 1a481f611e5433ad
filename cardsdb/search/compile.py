"""Syntax tree (``tcg.search``, the search language in plain Python) → Django ``Q`` over
``cardsdb.models.Card``: the part of the search language that knows the database.

Everything here runs on SQLite and PostgreSQL alike: colour tests are ``colour_mask IN (…)``
(the masks 0–15 that satisfy the relation; any and/or/not of colour tests alone is one such
``IN``, and likewise for type tests: ``type IN (…)``), text tests compare folded columns with
``contains``/``iregex`` (REGEXP on SQLite is the site's own, ``cardsdb.search.regexp``), and collector numbers compare
numerically through a ``CASE``-guarded cast of the part of the code after ``-`` (``cn:001`` also
finds ``X-1``; a ``cn:`` value with letters is matched as the code's ending instead).

Negation is a true complement: ``-(q)`` matches exactly the cards ``q`` does not. Comparisons on
a field a card lacks (``hp``, ``mv``, ``dir`` on events and items; ``bonus``, ``bonuscolor`` on
cards without a SIZE bonus) never match, ``!=`` included; Django's ``~Q`` adds the
``IS NOT NULL`` tests that keep their negations complete, and number comparisons carry their own
``IS NOT NULL`` because Django drops a comparison an out-of-range value makes always true.

On PostgreSQL the shapes here meet the indexes of migration 0003: ``LIKE '%…%'`` and ``~*`` on
the folded columns use trigram GIN indexes (and, for texts of one or two characters, a GIN index
on their characters: ``cardsdb.lookups.FoldedContains``); a regex is first looked up by a
run of plain characters every match must contain (``regex.required_literal``), which those
indexes answer, and runs only on the rows found; ``UPPER(…) =`` (``iexact``) uses expression
indexes; number comparisons, type and colour ``IN`` lists and STEP tests (``IN`` the STEP cells
holding the action) use btree indexes, and a covering index of these facets answers counts.
"""
from __future__ import annotations

import operator
import re
from functools import reduce

from django.db.models import BigIntegerField, Case, F, Q, Value, When
from django.db.models.functions import Cast, StrIndex, Substr
from django.db.models.lookups import Exact, GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual

from tcg.search.ast import And, Compare, Name, Node, Not, Or, ParsedQuery
from tcg.search.regex import required_literal
from tcg.vocabulary import STEPS, TYPES

from ..lookups import FoldedContains
from ..models import STEP_VALUES

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
    domain = _domain(node)
    if domain is not None:
        column, values = domain
        return Q(**{f"{column}__in": sorted(values)})
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


#: Columns with few values (never NULL), and all of them: a node made only of tests of one of
#: them, with and/or/not, becomes one ``IN`` over the values it lets through.
_UNIVERSES = {"colour_mask": frozenset(range(16)), "type": frozenset(TYPES)}


def _domain(node: Node) -> tuple[str, frozenset] | None:
    """``(column, values)`` when ``node`` only tests colours, or only the type: the values of
    that column it matches; else ``None``."""
    if isinstance(node, Compare):
        if node.field == "colour":
            relation = _COLOUR_RELATIONS[node.op]
            return "colour_mask", frozenset(m for m in range(16) if relation(m, node.value))
        if node.field == "type":
            return "type", frozenset(t for t in TYPES if (t == node.value) != (node.op == "!="))
        return None
    if isinstance(node, Not):
        inner = _domain(node.child)
        return None if inner is None else (inner[0], _UNIVERSES[inner[0]] - inner[1])
    if isinstance(node, (And, Or)):
        parts = [_domain(child) for child in node.children]
        if any(part is None for part in parts) or len({part[0] for part in parts}) != 1:
            return None
        combine = frozenset.intersection if isinstance(node, And) else frozenset.union
        return parts[0][0], reduce(combine, (part[1] for part in parts))
    return None


def _any(lookup: str, value, columns=_NAME_COLUMNS) -> Q:
    return reduce(operator.or_, (Q(**{f"{c}{lookup}": value}) for c in columns))


def _contains(column: str, text: str) -> Q:
    return Q(FoldedContains(F(column), text))


def _regex(column: str, pattern: str) -> Q:
    """``column`` matches ``pattern`` (ignoring case); a run of plain characters every match
    must contain is looked for first, which an index answers (the result is the same)."""
    literal = required_literal(pattern)
    q = Q(**{f"{column}__iregex": pattern})
    return _contains(column, literal) & q if literal else q


def _name(node: Name) -> Q:
    if node.mode == "contains":
        return reduce(operator.or_, (_contains(c, node.text) for c in _NAME_COLUMNS))
    if node.mode == "regex":
        return reduce(operator.or_, (_regex(c, node.text) for c in _NAME_COLUMNS))
    return _any("", node.text)


def _equality(q: Q, op: str, nullable_column: str | None = None) -> Q:
    """``q`` for ``:``/``=``; its negation for ``!=`` (which never matches a NULL column)."""
    if op != "!=":
        return q
    return Q(**{f"{nullable_column}__isnull": False}) & ~q if nullable_column else ~q


def _text(column: str):
    def compile_text(node: Compare) -> Q:
        q = _regex(column, node.value) if node.regex else _contains(column, node.value)
        return _equality(q, node.op)

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


def _steps_with(action: str) -> list[str]:
    """Every valid STEP cell holding ``action``: a STEP test is an ``IN`` over an index."""
    return [cell for cell in STEP_VALUES if action in cell.split()]


def _step(column: str):
    return lambda node: _equality(Q(**{f"{column}__in": _steps_with(node.value)}), node.op)


def _act(node: Compare) -> Q:
    return _equality(_any("__in", _steps_with(node.value), STEPS), node.op)


def _collector_number(node: Compare) -> Q:
    value = node.value
    if isinstance(value, str) and not re.fullmatch(r"[0-9]+", value):
        return _equality(Q(code__iendswith=f"-{value}"), node.op)
    number = Case(
        When(code__regex=_NUMERIC_CN, then=Cast(Substr("code", StrIndex("code", Value("-")) + 1), BigIntegerField())),
        default=Value(None, output_field=BigIntegerField()),
    )
    lookup = _EXPRESSION_LOOKUPS["=" if node.op == "!=" else node.op]
    # The guard makes the comparison false (not NULL) on non-numeric numbers, so ~ stays exact.
    q = Q(code__regex=_NUMERIC_CN) & Q(lookup(number, int(value)))
    return ~q if node.op == "!=" else q


#: How each keyword's test is made (``type`` and ``colour``: ``_domain``).
_FIELDS = {
    "bonuscolour": lambda n: _equality(Q(bonus_colour=n.value), n.op, "bonus_colour"),
    **{f: _number for f in _NUMBER_COLUMNS},
    "dir": lambda n: _equality(Q(directions=n.value), n.op, "directions"),
    **{step: _step(step) for step in STEPS},
    "act": _act,
    "text": _text("text_folded"),
    "flavour": _text("flavour_folded"),
    "artist": _text("artist_folded"),
    "rarity": lambda n: _equality(Q(rarity__iexact=n.value), n.op),
    "set": lambda n: _equality(Q(card_set__code__iexact=n.value), n.op),
    "cn": _collector_number,
    "is": lambda n: _is(n.value),
}


def _is(value: str) -> Q:
    """``is:manual``: the effect is ``"manual"``; ``is:vanilla``: the card has no effect. The
    ``isnull`` test makes the comparison false (not NULL) on vanilla cards, so ``-is:manual``
    keeps them."""
    if value == "vanilla":
        return Q(effect__isnull=True)
    return Q(effect__isnull=False) & Q(effect="manual")
