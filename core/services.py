"""Writes of the shared layer: a user's name key (``core.models.UserNameKey``). Each function is
one transaction."""
from __future__ import annotations

from django.db import transaction

from tcg.shown_text import name_key

from .models import UserNameKey


@transaction.atomic
def record_name_key(user) -> UserNameKey:
    """Keep ``user``'s name key (``tcg.shown_text.name_key`` of their username) in step: the row
    is made, or its key written again when the username changed. Returns the row."""
    key = name_key(user.get_username())
    row, made = UserNameKey.objects.get_or_create(user_id=user.pk, defaults={"name_key": key})
    if not made and row.name_key != key:
        row.name_key = key
        row.save(update_fields=["name_key"])
    return row
