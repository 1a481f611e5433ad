"""The search language's error and its sentences. Plain Python, no Django.

Every sentence the language says (errors and warnings) is a ``tcg.message.Message``, so a page
or an API answer can say it in the reader's language (``core.messages.localize``).
"""
from __future__ import annotations

from tcg.errors import DomainError


class SearchError(DomainError):
    """A query (or an order/direction) that cannot be understood: a ``DomainError`` (status 400).

    ``code`` is always ``"bad_query"``; ``message`` is a ``Message`` naming the offending term
    and what is wrong with it; ``term`` is that term's text as typed (or ``None``);
    ``position`` is its 0-based character offset in the query as typed (or ``None``);
    ``query`` the query as typed (or ``None``). ``details`` is ``{"term", "position", "query"}``.
    """

    def __init__(self, message: str, term: str | None = None, position: int | None = None, query: str | None = None):
        super().__init__("bad_query", message, {"term": term, "position": position, "query": query})
        self.term = term
        self.position = position
        self.query = query

    def __repr__(self) -> str:
        return f"SearchError({self.message!r}, term={self.term!r}, position={self.position!r})"
