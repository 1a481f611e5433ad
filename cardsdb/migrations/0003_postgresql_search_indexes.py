"""Indexes for the card search on PostgreSQL; nothing at all on other databases.

- the ``pg_trgm`` extension and trigram GIN indexes on the folded name, reading, English name,
  text, flavour and artist columns: they serve ``LIKE '%…%'`` (``contains``), ``LIKE '…%'``
  and regex (``~*``) searches;
- GIN indexes on the characters of the same columns (``string_to_array(column, NULL)``), which
  answer searches for one or two characters (``cardsdb.lookups.FoldedContains``), where trigrams
  cannot help;
- btree indexes on the numbers (SIZE, SIZE bonus, HP, movement), the colour mask, the type,
  the movement directions, the STEPs and the rarity, and on HP and movement in descending order
  with NULLs last (the order ``order:hp dir:desc`` sorts by), so counts are index-only scans and
  sorted pages are read in index order;
- a covering index of the card's facets (type, colours, SIZE, HP, movement, bonus, directions,
  STEPs): a count over any mix of them reads this index alone, not the wide rows;
- expression indexes on ``UPPER(set)`` and ``UPPER(rarity)``, which ``s:`` and ``r:`` compare
  (``iexact``).

The indexes are not in the model's ``Meta`` (SQLite has no GIN), so they are made here, by
the schema editor, only when the database is PostgreSQL.
"""
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models
from django.db.models import F, Func, Value
from django.db.models.functions import Upper

TRIGRAM_COLUMNS = ("name_folded", "reading_folded", "name_en_folded", "text_folded", "flavour_folded", "artist_folded")
BTREE_COLUMNS = (
    "size", "bonus_value", "hp", "movement", "colour_mask", "type", "directions", "step1", "step2", "step3", "rarity",
)


def characters(column: str) -> Func:
    """``string_to_array(column, NULL)``: the column's characters, as ``FoldedContains`` asks."""
    return Func(F(column), Value(None), function="string_to_array")


def indexes() -> list[models.Index]:
    return [
        *[GinIndex(fields=[c], opclasses=["gin_trgm_ops"], name=f"card_{c}_trgm") for c in TRIGRAM_COLUMNS],
        *[GinIndex(characters(c), name=f"card_{c}_chars") for c in TRIGRAM_COLUMNS],
        *[models.Index(fields=[c], name=f"card_{c}_btree") for c in BTREE_COLUMNS],
        models.Index(
            fields=["type", "colour_mask", "size", "hp", "movement"],
            include=["bonus_value", "bonus_colour", "directions", "step1", "step2", "step3"],
            name="card_facets",
        ),
        models.Index(F("hp").desc(nulls_last=True), name="card_hp_desc"),
        models.Index(F("movement").desc(nulls_last=True), name="card_movement_desc"),
        models.Index(Upper("card_set"), name="card_set_upper"),
        models.Index(Upper("rarity"), name="card_rarity_upper"),
    ]


def add(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cardsdb", "Card")
    for index in indexes():
        schema_editor.add_index(card, index)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cardsdb", "Card")
    for index in indexes():
        schema_editor.remove_index(card, index)


class Migration(migrations.Migration):

    dependencies = [
        ("cardsdb", "0002_folded_flavour_artist_catalogue_state"),
    ]

    operations = [
        TrigramExtension(),  # CREATE EXTENSION IF NOT EXISTS pg_trgm; a no-op on other databases
        migrations.RunPython(add, remove),
    ]
