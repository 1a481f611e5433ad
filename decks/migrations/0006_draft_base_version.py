from django.db import migrations, models


def guess_bases(apps, schema_editor):
    """A draft kept before drafts knew their base: the deck's newest version when the draft was
    last written (its first version when none is older)."""
    DeckDraft = apps.get_model("decks", "DeckDraft")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    for draft in DeckDraft.objects.filter(deck__isnull=False, base_version__isnull=True):
        versions = DeckVersion.objects.filter(deck_id=draft.deck_id)
        before = versions.filter(created_at__lte=draft.updated_at).order_by("-number").first()
        base = before or versions.order_by("number").first()
        if base is not None:
            DeckDraft.objects.filter(pk=draft.pk).update(base_version=base.number)


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0005_drafts'),
    ]

    operations = [
        migrations.AddField(
            model_name='deckdraft',
            name='base_version',
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name='based on version'),
        ),
        migrations.RunPython(guess_bases, migrations.RunPython.noop),
    ]
