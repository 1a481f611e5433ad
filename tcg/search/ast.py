"""The search language's syntax tree. Plain Python, no Django.

Nodes are frozen dataclasses, so two parses compare equal when they mean the same thing (the
``raw`` text of a term, kept for messages, is left out of comparisons):

- ``Name(text, mode)``: a name search; ``mode`` is ``"contains"`` (a bare word or quoted phrase,
  ``text`` folded), ``"exact"`` (``!word``, ``text`` folded) or ``"regex"`` (``/…/``).
- ``Compare(field, op, value, regex)``: a keyword term, with the canonical field name (see
  ``keywords.FIELDS``), the operator as typed (``:`` ``=`` ``!=`` ``<`` ``<=`` ``>`` ``>=``) and the
  value already checked and normalised (an ``int`` for numbers and colour masks, else a ``str``).
- ``And(children)``, ``Or(children)`` (two or more children each), ``Not(child)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Name:
    text: str
    mode: str = "contains"
    raw: str = field(default="", compare=False)


@dataclass(frozen=True)
class Compare:
    field: str
    op: str
    value: int | str
    regex: bool = False
    raw: str = field(default="", compare=False)


@dataclass(frozen=True)
class And:
    children: tuple


@dataclass(frozen=True)
class Or:
    children: tuple


@dataclass(frozen=True)
class Not:
    child: "Node"


Node = Union[Name, Compare, And, Or, Not]


@dataclass(frozen=True)
class ParsedQuery:
    """A parsed query: ``node`` is the filter (``None`` = every card); ``order`` and
    ``direction`` are the ``order:``/``dir:`` options (``None`` when not given); ``warnings`` are
    sentences about terms that are understood but pointless."""

    node: Node | None
    order: str | None = None
    direction: str | None = None
    warnings: tuple[str, ...] = ()


def children(node: Node) -> tuple:
    """The direct sub-nodes of ``node`` (empty for terms)."""
    if isinstance(node, (And, Or)):
        return node.children
    if isinstance(node, Not):
        return (node.child,)
    return ()
