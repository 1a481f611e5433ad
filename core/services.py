"""Writes of the shared layer: a user's name key (``core.models.UserNameKey``). Each function is
one transaction."""
from __future__ import annotations

from django.db import transaction

from tcg.shown_text import name_key, shape_key

from .models import UserNameKey


@transaction.atomic
def record_name_key(user) -> UserNameKey:
    """Keep ``user``'s name keys (``tcg.shown_text.name_key`` and ``shape_key`` of their
    username) in step: the row is made, or its keys written again when the username changed.
    Returns the row."""
    username = user.get_username()
    keys = {"name_key": name_key(username), "shape_key": shape_key(username)}
    row, made = UserNameKey.objects.get_or_create(user_id=user.pk, defaults=keys)
    if not made and (row.name_key, row.shape_key) != (keys["name_key"], keys["shape_key"]):
        row.name_key, row.shape_key = keys["name_key"], keys["shape_key"]
        row.save(update_fields=["name_key", "shape_key"])
    return row
