"""Each user's name key (``core.models.UserNameKey``) for the users there were before the keys
were kept; written again for a user who has one. Run again (a migration like this one) when
``tcg.shown_text.name_key``'s folding changes."""
from django.apps import apps as global_apps
from django.conf import settings
from django.db import migrations

from tcg.shown_text import name_key

#: Users read and keys written at a time.
BATCH = 2000


def fill_name_keys(apps, schema_editor) -> None:
    """Write ``name_key(username)`` for every user of ``apps``' user model: made where missing,
    written again where it differs."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    key_model = apps.get_model("core", "UserNameKey")
    field = global_apps.get_model(settings.AUTH_USER_MODEL).USERNAME_FIELD  # a historical model has no USERNAME_FIELD
    users = user_model.objects.order_by("pk").values_list("pk", field)
    kept = dict(key_model.objects.values_list("user_id", "name_key"))
    new, changed = [], []
    for pk, username in users.iterator(chunk_size=BATCH):
        key = name_key(username)
        if pk not in kept:
            new.append(key_model(user_id=pk, name_key=key))
        elif kept[pk] != key:
            changed.append(key_model(user_id=pk, name_key=key))
    key_model.objects.bulk_create(new, batch_size=BATCH)
    key_model.objects.bulk_update(changed, ["name_key"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0001_user_name_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop, elidable=True),
    ]
