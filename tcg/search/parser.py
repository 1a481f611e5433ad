"""Tokens → syntax tree (``ParsedQuery``). Plain Python, no Django.

Grammar (Scryfall's precedence: AND binds tighter than OR, so ``a or b c`` is ``a or (b c)``)::

    query  := or?                      (nothing = every card)
    or     := and ("or" and)*
    and    := unary+                   (terms side by side are ANDed)
    unary  := "-"* atom                ("-" negates a term or a group)
    atom   := "(" or ")" | name | "!" name | keyword term

``order:`` and ``dir:asc|desc`` are options, not filters: they may stand anywhere a term may,
are taken out of the tree, and cannot be negated; given twice, the last wins (with a warning).
Limits keep the SQL small: at most ``MAX_TERMS`` terms and ``MAX_DEPTH`` nested groups.
"""
from __future__ import annotations

from tcg.folding import fold
from tcg.message import Message, gettext_noop

from .ast import And, Compare, Name, Node, Not, Or, ParsedQuery, children

from .errors import SearchError
from .keywords import Option, TermError, build, regex_pattern
from .lexer import NEGATION_ALONE, Source, Token, tokenize

MAX_TERMS = 200
MAX_DEPTH = 32

#: Warnings for a field that events and items lack, ANDed with t:event or t:item.
_NO_TYPE_WARNINGS = {
    "hp": gettext_noop("%(term)s never matches events or items, which have no HP"),
    "mv": gettext_noop("%(term)s never matches events or items, which have no movement power"),
    "dir": gettext_noop("%(term)s never matches events or items, which have no movement directions"),
}
#: The smallest value each number field can hold (HP on characters, who all have at least 1).
_MINIMUM = {"size": 0, "hp": 1, "mv": 0}
_BELOW_MINIMUM = gettext_noop("%(term)s never matches: %(field)s is never below %(minimum)s")
_FIELD_NAMES = {"size": gettext_noop("SIZE"), "hp": gettext_noop("HP"), "mv": gettext_noop("movement power")}


def parse_query(text: str) -> ParsedQuery:
    """Parse a query of the card search language (DESIGN.md, "Card search language").

    Returns a ``ParsedQuery``: ``node`` is the tree of ``tcg.search.ast`` nodes (``None``
    for a query with no filter, e.g. ``""``), ``order``/``direction`` the options found in the
    query (``None`` when absent), ``warnings`` sentences about pointless terms.

    Raises ``SearchError`` (code ``bad_query``, with the offending ``term`` and its
    ``position``) for anything it cannot understand; never any other exception for a ``str``.
    """
    source = Source(text)
    return _Parser(source, tokenize(source)).parse()


class _Parser:
    def __init__(self, source: Source, tokens: list[Token]):
        self.source = source
        self.tokens = tokens
        self.i = 0
        self.terms = 0
        self.options: dict[str, str] = {}
        self.warnings: list[str] = []

    # --- helpers -------------------------------------------------------------------------
    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def error(self, template: str, token: Token, end: Token | None = None, **params) -> SearchError:
        return self.source.error(template, token.start, (end or token).end, **params)

    # --- grammar -------------------------------------------------------------------------
    def parse(self) -> ParsedQuery:
        node = self.parse_or(0)
        extra = self.peek()
        if extra is not None:  # parse_or stops only at the end or at a ")"
            raise self.error(gettext_noop("unbalanced parentheses: %(term)s has no matching '('"), extra)
        if node is not None:
            self.warnings += pointless_terms(node)
        return ParsedQuery(
            node,
            self.options.get("order"),
            self.options.get("dir"),
            tuple(dict.fromkeys(self.warnings)),
        )

    def parse_or(self, depth: int) -> Node | None:
        branches: list[Node] = []
        node = self.parse_and(depth)
        while (token := self.peek()) is not None and token.kind == "or":
            if node is None:
                raise self.error(gettext_noop("%(term)s needs a search term before it"), token)
            branches.append(node)
            self.i += 1
            node = self.parse_and(depth)
            if node is None:
                raise self.error(gettext_noop("%(term)s needs a search term after it"), token)
        if not branches:
            return node
        return Or(tuple(branches + [node]))

    def parse_and(self, depth: int) -> Node | None:
        nodes: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in ("or", ")"):
            node = self.parse_unary(depth)
            if node is not None:
                nodes.append(node)
        if len(nodes) > 1:
            return And(tuple(nodes))
        return nodes[0] if nodes else None

    def parse_unary(self, depth: int) -> Node | None:
        negations = 0
        token = self.peek()
        while token is not None and token.kind == "-":
            negations += 1
            self.i += 1
            token = self.peek()
        if token is None or token.kind in ("or", ")"):  # the lexer prevents it; kept for safety
            raise self.error(NEGATION_ALONE, self.tokens[self.i - 1])
        node = self.parse_atom(depth, token)
        if isinstance(node, Option):
            if negations:
                raise self.error(gettext_noop("%(term)s is an option, not a filter: it cannot be negated"), token)
            self.set_option(node)
            return None
        return Not(node) if negations % 2 else node

    def parse_atom(self, depth: int, token: Token) -> Node | Option:
        self.i += 1
        if token.kind == "(":
            if depth >= MAX_DEPTH:
                raise self.error(
                    gettext_noop("%(term)s: groups are nested too deeply (at most %(max)s)"), token, max=MAX_DEPTH
                )
            node = self.parse_or(depth + 1)
            close = self.peek()
            if close is None:
                raise self.error(gettext_noop("unbalanced parentheses: %(term)s is never closed"), token)
            self.i += 1
            if node is None:
                raise self.error(
                    gettext_noop("empty group %(term)s: put search terms between the parentheses"), token, close
                )
            return node
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.error(
                gettext_noop("too many terms: %(term)s is over the limit of %(max)s"), token, max=MAX_TERMS
            )
        raw, _ = self.source.span(token.start, token.end)
        try:
            if token.kind == "term":
                node = build(token.key, token.op, token.value, token.style, raw)
            else:
                node = self.name(token, raw)
        except TermError as exc:
            raise self.error(gettext_noop("%(term)s: %(detail)s"), token, detail=exc.args[0]) from None
        return node

    def name(self, token: Token, raw: str) -> Name:
        exact = token.kind == "exact"
        if token.style == "regex":
            if exact:
                raise TermError(Message(gettext_noop("'!' takes a name or a quoted name, not a regex")))
            return Name(regex_pattern(token.value or ""), "regex", raw)
        text = fold(token.value)
        if not text:
            raise TermError(Message(gettext_noop("the quotes are empty: put a name between them")))
        return Name(text, "exact" if exact else "contains", raw)

    def set_option(self, option: Option) -> None:
        previous = self.options.get(option.name)
        if previous is not None and previous != option.value:
            self.warnings.append(
                Message(
                    gettext_noop("%(option)s: is given more than once; '%(value)s' is used"),
                    option=option.name,
                    value=option.value,
                )
            )
        self.options[option.name] = option.value


def pointless_terms(node: Node) -> list[Message]:
    """Warnings for terms that are understood but can never match: ``hp``/``mv``/``dir`` ANDed
    with ``t:event`` or ``t:item`` (events and items have none of them), and a number compared
    below the least value its field holds (``size<0``, ``hp<=0``, ``mv=-1``)."""
    found: list[Message] = []
    if isinstance(node, And):
        no_stats = any(
            isinstance(c, Compare) and c.field == "type" and c.op in (":", "=") and c.value in ("event", "item")
            for c in node.children
        )
        if no_stats:
            for c in node.children:
                if isinstance(c, Compare) and c.field in _NO_TYPE_WARNINGS:
                    found.append(Message(_NO_TYPE_WARNINGS[c.field], term=c.raw))
    if isinstance(node, Compare) and node.field in _MINIMUM:
        minimum = _MINIMUM[node.field]
        if _below_minimum(node.op, node.value, minimum):
            field = Message(_FIELD_NAMES[node.field])
            found.append(Message(_BELOW_MINIMUM, term=node.raw, field=field, minimum=minimum))
    for child in children(node):
        found += pointless_terms(child)
    return found


def _below_minimum(op: str, value: int, minimum: int) -> bool:
    """True when ``field op value`` holds for no value ``>= minimum``."""
    if op in (":", "=", "<="):
        return value < minimum
    return op == "<" and value <= minimum


def without_options(text: str) -> str:
    """``text`` with its ``order:`` and ``dir:asc|desc`` options taken out (spaces around them
    closed up), every other term as typed: what a page's own sort controls search for, since an
    option in the query wins over them. A text the lexer cannot read comes back unchanged.

    E.g. ``without_options("t:event order:size dir:desc c:r") == "t:event c:r"``; ``dir:diagonal``
    is a filter and stays."""
    try:
        source = Source(text)
        tokens = tokenize(source)
    except SearchError:
        return text
    cuts: list[tuple[int, int]] = []
    for token in tokens:
        if token.kind != "term":
            continue
        try:
            node = build(token.key, token.op, token.value, token.style)
        except TermError:
            continue
        if isinstance(node, Option):
            raw, first = source.span(token.start, token.end)
            cuts.append((first, first + len(raw)))
    if not cuts:
        return text
    pieces, last = [], 0
    for first, end in cuts:
        pieces.append(text[last:first])
        last = end
    pieces.append(text[last:])
    return " ".join(piece.strip() for piece in pieces if piece.strip())
