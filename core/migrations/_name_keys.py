"""What the migrations that write users' name keys share (``0002_fill_name_keys``,
``0004_user_shape_key``). A migration runs on historical models and cannot call
``core.services.record_name_key``, so this writes the same keys over every user at once.
Django's migration loader skips this module (its name starts with ``_``)."""
from collections.abc import Callable

from django.apps import apps as global_apps
from django.conf import settings

#: Users read and keys written at a time.
BATCH = 2000


def fill_keys(apps, keys: dict[str, Callable[[str], str]]) -> None:
    """For every user of ``apps``' user model, write each field of ``keys`` (a ``UserNameKey``
    field name -> the function of the username that gives it): the row is made where the user
    has none, and written again where it has one."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    key_model = apps.get_model("core", "UserNameKey")
    field = global_apps.get_model(settings.AUTH_USER_MODEL).USERNAME_FIELD  # a historical model has no USERNAME_FIELD
    kept = set(key_model.objects.values_list("user_id", flat=True))
    new, changed = [], []
    for pk, username in user_model.objects.order_by("pk").values_list("pk", field).iterator(chunk_size=BATCH):
        row = key_model(user_id=pk, **{name: key(username) for name, key in keys.items()})
        (changed if pk in kept else new).append(row)
    key_model.objects.bulk_create(new, batch_size=BATCH)
    key_model.objects.bulk_update(changed, list(keys), batch_size=BATCH)
