"""Each user's shape key (``tcg.shown_text.shape_key``: ``aIice`` with a capital I reads as
``alice``), and both keys written again for every user."""
from django.apps import apps as global_apps
from django.conf import settings
from django.db import migrations, models

from tcg.shown_text import name_key, shape_key

#: Users read and keys written at a time.
BATCH = 2000


def fill_keys(apps, schema_editor) -> None:
    """Both keys of every user, written again (``name_key`` now also reads ``İ`` as ``I``
    does; ``shape_key`` is new): made where a user has no row."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    key_model = apps.get_model("core", "UserNameKey")
    field = global_apps.get_model(settings.AUTH_USER_MODEL).USERNAME_FIELD  # a historical model has no USERNAME_FIELD
    kept = set(key_model.objects.values_list("user_id", flat=True))
    new, changed = [], []
    for pk, username in user_model.objects.order_by("pk").values_list("pk", field).iterator(chunk_size=BATCH):
        row = key_model(user_id=pk, name_key=name_key(username), shape_key=shape_key(username))
        (changed if pk in kept else new).append(row)
    key_model.objects.bulk_create(new, batch_size=BATCH)
    key_model.objects.bulk_update(changed, ["name_key", "shape_key"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0003_username_upper_index'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='usernamekey',
            name='shape_key',
            field=models.TextField(default='', verbose_name='shape key'),
        ),
        migrations.AddIndex(
            model_name='usernamekey',
            index=models.Index(fields=['shape_key'], name='core_user_shape_key'),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop, elidable=True),
    ]
