"""The account services' errors: ``tcg.errors.DomainError``\\ s with translatable messages
(``tcg.message.Message``), their codes registered with their HTTP status and meaning
(``core.errors``).

- ``TooManyTokens``: 429 ``too_many_tokens``, the user holds ``API_TOKENS_PER_USER`` API tokens
  already; details ``{"limit"}``.
"""
from __future__ import annotations

from core.errors import register_codes
from tcg.errors import DomainError
from tcg.message import ngettext

#: The pages the account codes are answered on (no API path makes tokens).
PATHS = ("/accounts/",)

CODES = {
    "too_many_tokens": (429, "The user holds as many API tokens as one may hold (API_TOKENS_PER_USER); "
                             "details give the limit. Revoke one first."),
}

register_codes(CODES, PATHS)


class TooManyTokens(DomainError):
    """The user holds ``limit`` tokens already, the most one may hold (429 ``too_many_tokens``):
    each press of "Create token" made one more, without end, and the tokens page lists them all."""

    def __init__(self, limit: int):
        super().__init__("too_many_tokens", ngettext(
            "You have %(limit)s token, the most one user may have: revoke one you no longer use first.",
            "You have %(limit)s tokens, the most one user may have: revoke one you no longer use first.",
            limit, limit=limit), {"limit": limit}, status=429)
