"""Writes of accounts: API tokens (django-rest-knox). Each function is one transaction."""
from __future__ import annotations

from django.db import transaction
from knox.models import AuthToken


@transaction.atomic
def create_token(user) -> tuple[AuthToken, str]:
    """A new API token of ``user``: ``(token, key)``. The full key exists only in this answer
    (knox stores a digest), so it must be shown to the user now."""
    return AuthToken.objects.create(user)


@transaction.atomic
def revoke_token(user, token_key: str) -> bool:
    """Delete ``user``'s token(s) whose ``token_key`` (the key's prefix) is ``token_key``.
    Returns False, changing nothing, when ``user`` has no such token."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return deleted > 0
