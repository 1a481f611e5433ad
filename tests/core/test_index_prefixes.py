"""Every index of the site's own models earns its writes: no single-column index whose column
leads another index or unique constraint that covers every row (that one already finds the rows
by the column, so the single-column index only costs each insert and each update of the column;
a move inserts a log row and updates its match)."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import Q
from django.test.utils import isolate_apps

SITE = Path(settings.BASE_DIR).resolve()


def _site_models():
    for config in apps.get_app_configs():
        if SITE in Path(config.path).resolve().parents and ".venv" not in Path(config.path).parts:
            yield from config.get_models()


def _covering_column_lists(model) -> list[list[str]]:
    """The column lists of ``model``'s indexes and unique constraints of two columns or more
    that hold every row (no condition) and name plain fields (no expression)."""
    meta = model._meta
    found = []
    for index in meta.indexes:
        if index.condition is None and not index.expressions:
            found.append([meta.get_field(name.lstrip("-")).column for name in index.fields])
    for constraint in meta.constraints:
        if isinstance(constraint, models.UniqueConstraint) and constraint.condition is None and constraint.fields:
            found.append([meta.get_field(name).column for name in constraint.fields])
    for together in meta.unique_together:
        found.append([meta.get_field(name).column for name in together])
    return [columns for columns in found if len(columns) > 1]


def redundant_indexes(model) -> list[str]:
    """``app.Model.field`` for each single-column, non-unique index of ``model`` that a wider
    index or unique constraint already leads with."""
    wider = _covering_column_lists(model)
    return [f"{model._meta.label}.{field.name}" for field in model._meta.local_concrete_fields
            if field.db_index and not field.unique and any(columns[0] == field.column for columns in wider)]


def test_no_index_is_led_by_a_wider_one():
    assert [name for model in _site_models() for name in redundant_indexes(model)] == []


@isolate_apps("play")
def test_the_check_finds_the_kinds_it_names():
    class Probe(models.Model):
        kind = models.CharField(max_length=10, db_index=True)      # led by the index below
        owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)  # led by the unique pair
        slug = models.SlugField()                                  # led only by a partial one: kept
        when = models.DateTimeField(db_index=True)                 # leads nothing wider: kept

        class Meta:
            app_label = "play"
            indexes = [models.Index(fields=["kind", "-when"], name="probe_kind_when")]
            constraints = [
                models.UniqueConstraint(fields=["owner", "kind"], name="probe_owner_kind"),
                models.UniqueConstraint(fields=["slug", "kind"], condition=Q(when__isnull=False), name="probe_slug"),
            ]

    assert redundant_indexes(Probe) == ["play.Probe.kind", "play.Probe.owner"]


def _lookup_value(field):
    """A value of ``field``'s column type to look rows up by."""
    target = field.target_field if field.is_relation else field
    return "x" if target.get_internal_type() in ("CharField", "SlugField", "TextField") else 1


def _leading_columns():
    """``(model, field)`` for each field whose column leads an index of two columns or more."""
    for model in _site_models():
        leading = {columns[0] for columns in _covering_column_lists(model)}
        for field in model._meta.local_concrete_fields:
            if field.column in leading:
                yield model, field


@pytest.mark.django_db
def test_rows_are_found_by_a_leading_column_through_its_wider_index():
    """The single-column indexes left out are not missed: a lookup by such a column is an index
    search on both databases (PostgreSQL told to avoid sequential scans where it can, as its
    tables here are too small for its planner to bother with an index)."""
    pairs = list(_leading_columns())
    assert {f"{model._meta.label}.{field.name}" for model, field in pairs} >= {
        "play.Match.status", "play.MatchAction.match", "play.Seat.match", "play.RatingChange.match",
        "play.RatingChange.user", "play.Rating.user", "play.Rating.game", "decks.DeckCard.deck",
        "decks.DeckVersion.deck"}
    scans = []
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_seqscan = off")
        for model, field in pairs:
            plan = model.objects.filter(**{field.attname: _lookup_value(field)}).explain()
            table = model._meta.db_table
            if ("Seq Scan" in plan) if connection.vendor == "postgresql" else (f"SCAN {table}" in plan):
                scans.append(f"{model._meta.label}.{field.name}: {plan}")
    assert scans == []
