"""The API's token authentication: django-rest-knox's, for a header that is not text too.

knox decodes the token as UTF-8 and raised ``UnicodeDecodeError`` (a 500) for any other bytes,
``Authorization: Token \\xff`` from anyone; such a token is as invalid as a wrong one."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox import auth
from rest_framework import exceptions


class TokenAuthentication(auth.TokenAuthentication):
    """knox's ``TokenAuthentication``. ``AuthenticationFailed`` ("Invalid token.", a 401
    ``not_authenticated``) for a token that is not UTF-8, as for any token that is not valid."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        return super().authenticate_credentials(token)


class TokenScheme(KnoxTokenScheme):
    """The OpenAPI security scheme of :class:`TokenAuthentication`: knox's own
    (``knoxApiToken``, ``Authorization: Token <token>``)."""

    target_class = TokenAuthentication
