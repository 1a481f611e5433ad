"""Every deck saved before versions existed gets its current list as version 1."""
from django.db import migrations


def first_versions(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    for deck in Deck.objects.all():
        if DeckVersion.objects.filter(deck=deck).exists():
            continue
        entries = [
            {"code": e.card.code, "name": e.card.name, "type": e.card.type, "count": e.count}
            for e in deck.entries.select_related("card").order_by("position", "id")
        ]
        DeckVersion.objects.create(
            deck=deck, number=1, name=deck.name, entries=entries,
            kind="sample" if deck.owner_id is None else "created",
            total=sum(e["count"] for e in entries), created_by=deck.owner,
        )


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_versions_goldfish")]

    operations = [migrations.RunPython(first_versions, migrations.RunPython.noop)]
