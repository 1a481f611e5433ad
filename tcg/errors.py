"""The one error type of the domain (DESIGN.md, "Layering": one domain error type — code,
message, details, status — reaches clients through one handler, in the client's language).

Plain Python, no Django. Every refusal the site answers — a match service's, an engine's, the
deck services', the search language's — is a :class:`DomainError` (or a subclass), so one
handler in the web layer turns any of them into ``{"error": {"code", "message", "details"}}``
with its status, the message said in the client's language (``message`` is a
:class:`tcg.message.Message` where it can be translated; so may be any string in ``details``).
The domain knows no HTTP: the web layer keeps a registry of codes (``core.errors``) that gives
each code its status and description; ``status`` here is only the fallback for a code it does
not know.
"""
from __future__ import annotations

from .message import Message


class DomainError(Exception):
    """A refused request; nothing was changed.

    ``code``: snake_case (e.g. ``stale_version``); ``message``: one sentence, a
    :class:`~tcg.message.Message` or plain ``str``; ``details``: JSON-safe dict;
    ``status``: the HTTP status a client is answered with (400 unless the class or the
    instance says otherwise).
    """

    status: int = 400

    def __init__(self, code: str, message: str | Message, details: dict | None = None, status: int | None = None):
        super().__init__(str(message))
        self.code = code
        self.message = message
        self.details = details or {}
        if status is not None:
            self.status = status

    def answer_fields(self) -> dict:
        """Top-level members an answer carries beside ``"error"`` (JSON-safe); none here."""
        return {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {str(self.message)!r})"
