"""Reads the apps share: which registered user a name shown to others reads as."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from tcg.shown_text import name_key

#: Usernames read from the database at a time while looking for one a name reads as.
CHUNK = 2000


def user_named_like(name: str) -> str | None:
    """The username of a registered user that ``name`` reads as (``tcg.shown_text.name_key``:
    the same after NFKC, case folding, invisible characters left out and look-alike letters
    read as one, so ``Alice``, ``ａｌｉｃｅ`` and ``alіce`` with a Cyrillic і all read as
    ``alice``), else ``None``. An exact match (any case) is looked up by the database; the
    others are found by folding every username (cached per name)."""
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    usernames = user_model.objects.order_by(field).values_list(field, flat=True)
    exact = usernames.filter(**{f"{field}__iexact": name}).first()
    if exact is not None:
        return exact
    key = name_key(name)
    for username in usernames.iterator(chunk_size=CHUNK):
        if name_key(username) == key:
            return username
    return None
