"""Writes of accounts: API tokens (django-rest-knox). Each function is one transaction."""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from knox.models import AuthToken

from .errors import TooManyTokens

__all__ = ["TooManyTokens", "create_token", "revoke_token"]


@transaction.atomic
def create_token(user) -> tuple[AuthToken, str]:
    """A new API token of ``user``: ``(token, key)``. The full key exists only in this answer
    (knox stores a digest), so it must be shown to the user now. Raises ``TooManyTokens`` when
    ``user`` holds ``API_TOKENS_PER_USER`` tokens already (the user's row is locked first, so
    that two requests at once cannot both pass the count)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.API_TOKENS_PER_USER
    if AuthToken.objects.filter(user=user).count() >= limit:
        raise TooManyTokens(limit)
    return AuthToken.objects.create(user)


@transaction.atomic
def revoke_token(user, token_key: str) -> bool:
    """Delete ``user``'s token(s) whose ``token_key`` (the key's prefix) is ``token_key``.
    Returns False, changing nothing, when ``user`` has no such token."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return deleted > 0
