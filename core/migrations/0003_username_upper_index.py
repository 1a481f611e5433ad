"""An index on the upper-cased username of the user model's table, on PostgreSQL: Django's
``username__iexact`` there is ``UPPER("username"::text) = UPPER(%s)``, which read every user
without it (``core.selectors.user_named_like`` asks it for each guest name). Other databases
are left as they are (SQLite's ``LIKE`` is not helped by such an index)."""
from django.apps import apps as global_apps
from django.conf import settings
from django.db import migrations

INDEX = "core_user_username_upper"


def _table_and_column(apps):
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    field = global_apps.get_model(settings.AUTH_USER_MODEL).USERNAME_FIELD  # a historical model has no USERNAME_FIELD
    return user_model._meta.db_table, user_model._meta.get_field(field).column


def create_index(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table, column = _table_and_column(apps)
    quote = schema_editor.quote_name
    schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {quote(INDEX)} ON {quote(table)} (UPPER({quote(column)}::text))")


def drop_index(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {schema_editor.quote_name(INDEX)}")


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0002_fill_name_keys"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
