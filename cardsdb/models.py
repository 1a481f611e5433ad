"""The card catalogue: sets and cards.

Every field of a card (elements-of-chaos.md, "Cards"; the record ``tcg.cards.model.CardRecord``,
the words of ``tcg.vocabulary``) has a column, and database
constraints keep a row right whatever writes it (importer, admin, API): a unique code, a known
type, HP/movement/ability on characters only, a SIZE bonus with both colour and value or
neither, and each STEP of the action table holding 1–3 different known actions.

The action table's STEPs are stored as space-separated action names ("move attack"), so the
database can check them against the finite list of valid STEPs (``STEP_VALUES``) on SQLite and
PostgreSQL alike. Colours are kept as the ordered list given, plus ``colour_mask`` (one bit a
colour, ``tcg.vocabulary.colour_mask``) for searching. The ``*_folded`` columns hold
``tcg.folding.fold`` of the names and text, flavour text and artist, so searches compare folded
text in the database. ``effect`` is the card's effect in the language of
``tcg.effects.language`` (NULL: a vanilla card).

``CatalogueState`` is one row whose ``version`` goes up with every change to the catalogue (a
card or set saved or deleted, an import); the card API's ``ETag`` and ``Last-Modified`` come
from it, so answering a conditional request costs one primary-key read, and the deck checks'
lookups are kept for as long as it stays the same. Every way Django writes these rows moves it:
``save`` and ``delete`` of one row, and the bulk writes of their querysets
(``CatalogueQuerySet``: ``update``, ``delete``, ``bulk_create``, and ``bulk_update`` through
``update``); the same bulk writes keep a card's derived columns (the folded texts, the colour
mask) as ``save`` does.
"""
from __future__ import annotations

from datetime import datetime
from datetime import timezone as dt_timezone
from itertools import permutations

from django.db import connections, models, router, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.labels import choices
from tcg.cards.model import CardRecord
from tcg.folding import fold
from tcg.numbers import MAX_STEP_ACTIONS
from tcg.vocabulary import (
    ACTIONS, COLOUR_BITS, COLOUR_LABELS, COLOURS, DIRECTION_LABELS, DIRECTIONS, SET_KINDS, STEPS, TYPE_LABELS, TYPES,
    colour_mask,
)

#: Every valid STEP cell: 1 to 3 different actions, in the order printed.
STEP_VALUES = tuple(" ".join(p) for n in range(1, MAX_STEP_ACTIONS + 1) for p in permutations(ACTIONS, n))


class CatalogueQuerySet(models.QuerySet):
    """The querysets of ``CardSet`` and ``Card``: a bulk write that changed at least one row
    moves the catalogue's version (``CatalogueState.touch``, in the write's transaction), as
    ``save`` and ``delete`` do for one row. A write that changed nothing leaves it. (Django's
    ``bulk_update`` writes through ``update``, and a delete of a set reaches its cards through
    the set's queryset, so neither needs a touch of its own.)

    The columns a model derives from others (``DERIVED``: a card's folded texts and colour mask)
    stay right whichever way a row is written, as ``save`` keeps them: ``bulk_create`` works
    them out for each object, and ``update`` of a field they come from writes them too — with
    the value, when the field is given one; when it is given an expression (``F``, ``Case``…), the
    rows are read back after the write and their derived columns written in the same
    transaction. Derived columns given to ``update`` beside their source are taken as given."""

    def update(self, **kwargs) -> int:
        derived = getattr(self.model, "DERIVED", {})
        stale = [name for name in kwargs if name in derived and not set(derived[name]) & set(kwargs)]
        if not stale:
            return self._update_and_touch(kwargs)
        plain = not any(hasattr(kwargs[name], "resolve_expression") for name in stale)
        if plain:
            row = self.model(**{name: kwargs[name] for name in stale})
            row.refresh_derived()
            return self._update_and_touch({**kwargs, **{c: getattr(row, c) for n in stale for c in derived[n]}})
        columns = sorted({c for n in stale for c in derived[n]})
        with transaction.atomic(using=self.db):
            pks = list(self.values_list("pk", flat=True))
            changed = self._update_and_touch(kwargs)
            rows = list(self.model._base_manager.using(self.db).filter(pk__in=pks))
            for row in rows:
                row.refresh_derived()
            models.QuerySet(self.model, using=self.db).bulk_update(rows, columns)
        return changed

    def _update_and_touch(self, kwargs: dict) -> int:
        changed = super().update(**kwargs)
        if changed:
            CatalogueState.touch()
        return changed

    def delete(self):
        deleted, by_model = super().delete()
        if deleted:
            CatalogueState.touch()
        return deleted, by_model

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        if getattr(self.model, "DERIVED", None):
            for obj in objs:
                obj.refresh_derived()
        created = super().bulk_create(objs, *args, **kwargs)
        if created:
            CatalogueState.touch()
        return created

    delete.alters_data = update.alters_data = True  # as Django's own: templates may not call them


class CardSet(models.Model):
    """A set (expansion). ``kind`` says whether it is a printed set or one made for the site."""

    KINDS = [(k, k) for k in SET_KINDS]
    objects = CatalogueQuerySet.as_manager()

    code = models.CharField(_("set code"), max_length=10, primary_key=True)
    name = models.CharField(_("name"), max_length=200)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    kind = models.CharField(_("kind"), max_length=16, choices=KINDS, default="printed")

    class Meta:
        ordering = ["code"]
        verbose_name = _("set")
        verbose_name_plural = _("sets")
        constraints = [models.CheckConstraint(condition=Q(kind__in=SET_KINDS), name="cardset_known_kind")]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        CatalogueState.touch()

    def delete(self, *args, **kwargs):
        result = super().delete(*args, **kwargs)
        CatalogueState.touch()
        return result

    @property
    def is_sample(self) -> bool:
        """True for sets invented for the site (sample, synthetic, test) rather than printed."""
        return self.kind_is_sample(self.kind)

    @staticmethod
    def kind_is_sample(kind: str) -> bool:
        """``is_sample`` of a set of this ``kind``."""
        return kind != "printed"


class Card(models.Model):
    """One printing of a card. Copies in a deck are counted by ``name`` across printings.

    Check constraints spell out ``IS NOT NULL`` beside each comparison: a comparison with NULL is
    unknown, and SQL lets a row through a CHECK that is unknown.
    """

    TYPE_CHOICES = choices(TYPE_LABELS, TYPES)
    DIRECTION_CHOICES = choices(DIRECTION_LABELS, DIRECTIONS)
    COLOUR_CHOICES = choices(COLOUR_LABELS, COLOURS)

    objects = CatalogueQuerySet.as_manager()

    code = models.CharField(_("code"), max_length=21, unique=True)
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards", verbose_name=_("set"))
    name = models.CharField(_("name"), max_length=200, db_index=True)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    reading = models.CharField(_("reading"), max_length=200, blank=True)
    type = models.CharField(_("type"), max_length=16, choices=TYPE_CHOICES)
    colours = models.JSONField(_("colours"), default=list, blank=True)
    colour_mask = models.PositiveSmallIntegerField(_("colour mask"), default=0, editable=False)
    size = models.PositiveSmallIntegerField(_("SIZE"))
    bonus_colour = models.CharField(
        _("SIZE bonus colour"), max_length=8, choices=COLOUR_CHOICES, null=True, blank=True
    )
    bonus_value = models.SmallIntegerField(_("SIZE bonus value"), null=True, blank=True)
    step1 = models.CharField(_("STEP 1"), max_length=32)
    step2 = models.CharField(_("STEP 2"), max_length=32)
    step3 = models.CharField(_("STEP 3"), max_length=32)
    hp = models.PositiveSmallIntegerField(_("HP"), null=True, blank=True)
    directions = models.CharField(
        _("movement directions"), max_length=12, choices=DIRECTION_CHOICES, null=True, blank=True
    )
    movement = models.PositiveSmallIntegerField(_("movement power"), null=True, blank=True)
    ability = models.TextField(_("special ability"), blank=True)
    rarity = models.CharField(_("rarity"), max_length=8, blank=True)
    text = models.TextField(_("text"), blank=True)
    effect = models.JSONField(
        _("effect"), null=True, blank=True,
        help_text=_('The effect in the card effect language: empty for none, "manual", an operation or a list.'),
    )
    flavour = models.TextField(_("flavour text"), blank=True)
    artist = models.CharField(_("artist"), max_length=200, blank=True)

    name_folded = models.CharField(max_length=200, db_index=True, editable=False, default="")
    reading_folded = models.CharField(max_length=200, db_index=True, editable=False, default="")
    name_en_folded = models.CharField(max_length=200, db_index=True, editable=False, default="")
    text_folded = models.TextField(editable=False, default="")
    flavour_folded = models.TextField(editable=False, default="")
    artist_folded = models.CharField(max_length=200, editable=False, default="")

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["code"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        constraints = [
            models.CheckConstraint(condition=Q(type__in=TYPES), name="card_known_type"),
            models.CheckConstraint(condition=Q(colour_mask__lte=15), name="card_colour_mask_range"),
            models.CheckConstraint(
                condition=(Q(bonus_colour__isnull=True) & Q(bonus_value__isnull=True))
                | (Q(bonus_colour__isnull=False) & Q(bonus_colour__in=COLOURS) & Q(bonus_value__isnull=False)),
                name="card_bonus_colour_and_value",
            ),
            *[
                models.CheckConstraint(condition=Q(**{f"{step}__in": STEP_VALUES}), name=f"card_{step}_actions")
                for step in STEPS
            ],
            models.CheckConstraint(
                condition=(
                    Q(type="character")
                    & Q(hp__isnull=False)
                    & Q(hp__gte=1)
                    & Q(movement__isnull=False)
                    & Q(directions__isnull=False)
                    & Q(directions__in=DIRECTIONS)
                )
                | (
                    ~Q(type="character")
                    & Q(hp__isnull=True)
                    & Q(movement__isnull=True)
                    & Q(directions__isnull=True)
                    & Q(ability="")
                ),
                name="card_character_fields",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    # --- conversions -------------------------------------------------------------------
    @staticmethod
    def fields_from_record(record: CardRecord) -> dict:
        """Model field values (folded columns and mask included) for an interchange record."""
        bonus_colour, bonus_value = record.size_bonus or (None, None)
        return {
            "code": record.code,
            "card_set_id": record.set,
            "name": record.name,
            "name_en": record.name_en,
            "reading": record.reading,
            "type": record.type,
            "colours": list(record.colours),
            "colour_mask": colour_mask(record.colours),
            "size": record.size,
            "bonus_colour": bonus_colour,
            "bonus_value": bonus_value,
            **{step: " ".join(record.action_table[step]) for step in STEPS},
            "hp": record.hp,
            "directions": record.directions,
            "movement": record.movement,
            "ability": record.ability,
            "rarity": record.rarity,
            "text": record.text,
            "effect": record.effect,
            "flavour": record.flavour,
            "artist": record.artist,
            "name_folded": fold(record.name),
            "reading_folded": fold(record.reading),
            "name_en_folded": fold(record.name_en),
            "text_folded": fold(record.text),
            "flavour_folded": fold(record.flavour),
            "artist_folded": fold(record.artist),
        }

    def to_record(self) -> CardRecord:
        """This card as an interchange record (see ``tcg.cards.interchange``)."""
        return CardRecord(
            code=self.code,
            name=self.name,
            type=self.type,
            colours=tuple(self.colours),
            size=self.size,
            action_table=self.action_table_tuples,
            set=self.card_set_id,
            name_en=self.name_en,
            reading=self.reading,
            size_bonus=None if self.bonus_colour is None else (self.bonus_colour, self.bonus_value),
            hp=self.hp,
            directions=self.directions,
            movement=self.movement,
            ability=self.ability,
            text=self.text,
            flavour=self.flavour,
            artist=self.artist,
            rarity=self.rarity,
            effect=self.effect,
        )

    #: Editable field → the columns ``refresh_derived`` works out from it (kept by ``save`` and
    #: by the bulk writes of ``CatalogueQuerySet``).
    DERIVED = {
        "colours": ("colour_mask",), "name": ("name_folded",), "reading": ("reading_folded",),
        "name_en": ("name_en_folded",), "text": ("text_folded",), "flavour": ("flavour_folded",),
        "artist": ("artist_folded",),
    }

    def refresh_derived(self) -> None:
        """Recompute the folded columns and the colour mask from the editable fields (``DERIVED``)."""
        self.colour_mask = colour_mask(c for c in self.colours if c in COLOUR_BITS)
        self.name_folded = fold(self.name)
        self.reading_folded = fold(self.reading)
        self.name_en_folded = fold(self.name_en)
        self.text_folded = fold(self.text)
        self.flavour_folded = fold(self.flavour)
        self.artist_folded = fold(self.artist)

    def save(self, *args, **kwargs):
        self.refresh_derived()
        super().save(*args, **kwargs)
        CatalogueState.touch()

    def delete(self, *args, **kwargs):
        result = super().delete(*args, **kwargs)
        CatalogueState.touch()
        return result

    # --- read helpers ------------------------------------------------------------------
    @property
    def action_table_tuples(self) -> dict[str, tuple[str, ...]]:
        return {step: tuple(getattr(self, step).split()) for step in STEPS}

    @property
    def action_table(self) -> dict[str, list[str]]:
        """``{"step1": [...], "step2": [...], "step3": [...]}``."""
        return {step: getattr(self, step).split() for step in STEPS}

    @property
    def size_bonus(self) -> dict | None:
        """``{"colour", "value"}`` or ``None``."""
        if self.bonus_colour is None:
            return None
        return {"colour": self.bonus_colour, "value": self.bonus_value}


class CatalogueState(models.Model):
    """The catalogue's change counter: one row (``pk`` 1).

    ``version`` goes up by one with every change (``touch``); ``changed_at`` is when the last
    change happened. ``Model.save``/``delete`` of a set or a card and their querysets' bulk
    writes (``CatalogueQuerySet``) call ``touch``; a write in plain SQL must call it itself.
    """

    version = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(default=timezone.now)

    @classmethod
    def touch(cls) -> None:
        """Record a change to the catalogue (in the caller's transaction, if any)."""
        now = timezone.now()
        if not cls.objects.filter(pk=1).update(version=F("version") + 1, changed_at=now):
            cls.objects.get_or_create(pk=1, defaults={"version": 1, "changed_at": now})

    @classmethod
    def current(cls) -> tuple[int, datetime | None]:
        """``(version, changed_at)``; ``(0, None)`` before any change. One primary-key read in
        plain SQL (read on every deck check and card answer: the ORM's query building cost
        about fifteen times the read), ``changed_at`` aware as the ORM would give it."""
        connection = connections[router.db_for_read(cls)]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT version, changed_at FROM {connection.ops.quote_name(cls._meta.db_table)} WHERE id = 1")
            row = cursor.fetchone()
        if not row:
            return (0, None)
        version, changed_at = row
        if changed_at is not None and timezone.is_naive(changed_at):
            changed_at = timezone.make_aware(changed_at, dt_timezone.utc)
        return (version, changed_at)
