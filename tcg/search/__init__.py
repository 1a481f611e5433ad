"""The card search language (DESIGN.md, "Card search language"). Plain Python, no Django.

``parse_query(text) -> ParsedQuery`` turns a query into a syntax tree (``tcg.search.ast``),
raising ``SearchError`` (code ``bad_query``) for anything it cannot understand; the catalogue
compiles the tree into a database query (``cardsdb.search.compile.compile_query``, a ``Q`` over
``cardsdb.models.Card``).

Modules: ``lexer`` (text → tokens, NFKC), ``keywords`` (keywords, operators and values),
``parser`` (tokens → tree, options, warnings), ``ast`` (the nodes), ``regex`` (the
``/regex/`` terms), ``errors``.
"""
from .ast import And, Compare, Name, Not, Or, ParsedQuery
from .errors import SearchError
from .parser import parse_query, without_options

__all__ = ["And", "Compare", "Name", "Not", "Or", "ParsedQuery", "SearchError", "parse_query", "without_options"]
