"""The search language's error and its sentences. Plain Python, no Django.

Every sentence the language says (errors and warnings) is a ``Message``: a ``str`` holding the
English sentence, which also remembers its English template and parameters, so a page or an API
answer can say it in the reader's language (``cardsdb.messages.localize``). Templates are marked
with ``gettext_noop`` so the translation catalogue finds them.
"""
from __future__ import annotations


def gettext_noop(template: str) -> str:
    """Mark ``template`` for the translation catalogue; return it unchanged."""
    return template


class Message(str):
    """An English sentence made from ``template`` (``%(name)s`` placeholders) and ``params``.

    ``str(message)`` (and the message itself, being a ``str``) is the English sentence;
    ``template`` and ``params`` let a reader in another language rebuild it: a parameter may be
    another ``Message``, translated in its turn, or a plain value, shown as it is.
    """

    template: str
    params: dict

    def __new__(cls, template: str, **params) -> "Message":
        self = super().__new__(cls, template % params)
        self.template = template
        self.params = params
        return self

    def __reduce__(self):
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict) -> Message:
    return Message(template, **params)


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
