"""Elements of Chaos states stored before they left out their card data: each becomes today's
shape (``"cards"``: the catalogue's key, the match's options holding the decks; squares and
characters as lists; see ``play.games.eoc.game.EoC.dump``). A state that does not load is left
as it was. Going back leaves the states as they are: the code before this change cannot load
them."""
from django.db import migrations

from play.games.eoc.game import EoC


def forward(apps, schema_editor):
    Match = apps.get_model("play", "Match")
    engine = EoC()
    for match in Match.objects.filter(game="eoc", state__isnull=False).only("id", "state").iterator(chunk_size=200):
        if not isinstance(match.state, dict) or "cat" not in match.state:
            continue
        try:
            state = engine.upgrade(match.state)
        except ValueError:
            continue
        Match.objects.filter(pk=match.pk).update(state=state)


class Migration(migrations.Migration):
    dependencies = [("play", "0006_rematch")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
