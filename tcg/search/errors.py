"""The search language's error and its sentences. Plain Python, no Django.

Every sentence the language says (errors and warnings) is a ``tcg.message.Message``, so a page
or an API answer can say it in the reader's language (``core.messages.localize``).
"""
from __future__ import annotations




class SearchError(Exception):
    """A query (or an order/direction) that cannot be understood.

    ``code`` is always ``"bad_query"``; ``message`` is a ``Message`` naming the offending term
    and what is wrong with it; ``term`` is that term's text as typed (or ``None``);
    ``position`` is its 0-based character offset in the query as typed (or ``None``).
    """

    code = "bad_query"

    def __init__(self, message: str, term: str | None = None, position: int | None = None):
        super().__init__(message)
        self.message = message
        self.term = term
        self.position = position

    def __repr__(self) -> str:
        return f"SearchError({self.message!r}, term={self.term!r}, position={self.position!r})"
