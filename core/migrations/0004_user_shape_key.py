"""Each user's shape key (``tcg.shown_text.shape_key``: ``aIice`` with a capital I reads as
``alice``), and both keys written again for every user."""
from django.conf import settings
from django.db import migrations, models

from tcg.shown_text import name_key, shape_key

from ._name_keys import fill_keys


def fill_both_keys(apps, schema_editor) -> None:
    """Both keys of every user, written again (``name_key`` now also reads ``İ`` as ``I``
    does; ``shape_key`` is new)."""
    fill_keys(apps, {"name_key": name_key, "shape_key": shape_key})


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
        migrations.RunPython(fill_both_keys, migrations.RunPython.noop, elidable=True),
    ]
