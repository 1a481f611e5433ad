"""Reads of accounts."""
from django.db.models import QuerySet
from knox.models import AuthToken


def user_tokens(user) -> QuerySet[AuthToken]:
    """``user``'s API tokens, newest first."""
    return AuthToken.objects.filter(user=user).order_by("-created", "token_key")
