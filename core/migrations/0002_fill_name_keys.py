"""Each user's name key (``core.models.UserNameKey``) for the users there were before the keys
were kept; written again for a user who has one. Run again (a migration like this one) when
``tcg.shown_text.name_key``'s folding changes."""
from django.conf import settings
from django.db import migrations

from tcg.shown_text import name_key

from ._name_keys import fill_keys


def fill_name_keys(apps, schema_editor) -> None:
    """Write ``name_key(username)`` for every user of ``apps``' user model."""
    fill_keys(apps, {"name_key": name_key})


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0001_user_name_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop, elidable=True),
    ]
