"""Goldfish runs count the times a worker started them and say why they failed; the runs that
failed before (a deck that cannot be simulated, the only failure there was) are ``unplayable``."""
from django.db import migrations, models


def _earlier_failures(apps, schema_editor):
    apps.get_model("decks", "GoldfishRun").objects.filter(status="failed").update(failure="unplayable")


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0003_first_versions'),
    ]

    operations = [
        migrations.AddField(
            model_name='goldfishrun',
            name='attempts',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='goldfishrun',
            name='failure',
            field=models.CharField(blank=True, choices=[('', ''), ('unplayable', 'unplayable'), ('stalled', 'stalled')], default='', max_length=16),
        ),
        migrations.RunPython(_earlier_failures, migrations.RunPython.noop),
    ]
