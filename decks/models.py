"""Saved decks: a deck is a named list of (card, count) entries, owned by a user or by the site.

Sample decks (``SMP-RED`` …) belong to no user and are public. Private decks are visible to
their owner only.
"""
from __future__ import annotations

import secrets
import string

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

_ALPHABET = string.ascii_lowercase + string.digits


def new_deck_id() -> str:
    """A fresh random deck id: 10 lowercase letters and digits."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(10))


class Deck(models.Model):
    id = models.CharField(_("id"), max_length=32, primary_key=True, default=new_deck_id)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="decks",
        verbose_name=_("owner"),
    )
    name = models.CharField(_("name"), max_length=200)
    description = models.TextField(_("description"), blank=True)
    is_public = models.BooleanField(_("public"), default=False)
    copied_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("copied from"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-updated_at", "id"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        constraints = [
            models.CheckConstraint(condition=Q(owner__isnull=False) | Q(is_public=True), name="deck_site_decks_public")
        ]

    def __str__(self) -> str:
        return f"{self.id} {self.name}"


class DeckCard(models.Model):
    """``count`` copies of ``card`` in ``deck``; ``position`` keeps the order the list was given in."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries", db_index=False)
    card = models.ForeignKey("cardsdb.Card", on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="deckcard_one_row_per_card"),
            models.CheckConstraint(condition=Q(count__gte=1), name="deckcard_count_positive"),
        ]


class DeckVersion(models.Model):
    """One saved state of a deck's list: every save of the cards is a new version.

    ``number`` counts from 1 per deck; ``entries`` is ``[{"code", "name", "type", "count"}]`` as
    saved (names kept so that history reads the same if the catalogue changes); ``kind`` says
    how the version came to be (``KINDS``), ``restored_from`` the version a restore brought back;
    ``note`` is the saver's own comment.
    """

    KINDS = [
        ("created", pgettext_lazy("version kind", "created")), ("saved", pgettext_lazy("version kind", "saved")),
        ("restored", pgettext_lazy("version kind", "restored")), ("copied", pgettext_lazy("version kind", "copied")),
        ("sample", pgettext_lazy("version kind", "sample deck loaded")),
    ]

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions", db_index=False)
    number = models.PositiveIntegerField(_("version"))
    name = models.CharField(_("name"), max_length=200)
    entries = models.JSONField(_("cards"), default=list)
    total = models.PositiveIntegerField(_("total"), default=0)
    note = models.CharField(_("note"), max_length=500, blank=True)
    kind = models.CharField(_("kind"), max_length=8, choices=KINDS, default="saved")
    restored_from = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
    )

    class Meta:
        ordering = ["deck", "-number"]
        verbose_name = _("deck version")
        verbose_name_plural = _("deck versions")
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deckversion_one_number_per_deck")]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"


class GoldfishRun(models.Model):
    """A goldfish simulation of a deck, run by a Celery task (``decks.tasks.run_goldfish``).

    ``entries`` is the list simulated (``[{"code", "count"}]``), so a later edit of the deck does
    not change a run under way; ``done``/``runs`` is its progress, ``result`` the report of
    ``tcg.decks.goldfish.goldfish`` once ``status`` is ``done``; ``failure`` says why it ``failed``
    (``unplayable``: the deck cannot be simulated, ``error`` the reason; ``stalled``: it stopped
    moving ``attempts`` times, its worker lost). ``attempts`` counts the times a worker started
    it; ``updated_at`` moves with its progress, so a run that stands still has lost its worker
    (``decks.services.sweep_stalled_goldfish``).
    """

    STATUSES = [("queued", "queued"), ("running", "running"), ("done", "done"), ("failed", "failed")]
    FAILURES = [("", ""), ("unplayable", "unplayable"), ("stalled", "stalled")]

    id = models.CharField(max_length=32, primary_key=True, default=new_deck_id)
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="goldfish_runs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
    )
    entries = models.JSONField(default=list)
    runs = models.PositiveIntegerField()
    turns = models.PositiveSmallIntegerField(default=5)
    seed = models.BigIntegerField(default=0)
    mulligan = models.BooleanField(default=True)
    status = models.CharField(max_length=8, choices=STATUSES, default="queued")
    done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    failure = models.CharField(max_length=16, choices=FAILURES, blank=True, default="")
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]


class DeckDraft(models.Model):
    """The builder's unsaved work, kept on the server as it is typed: one draft per user for a
    new deck (``deck`` null) and one per user and deck being edited.

    ``entries`` is ``[{"code", "count"}]`` as the builder holds it; ``name``, ``description`` and
    ``is_public`` are the save form's fields; ``base_version`` is the number of the deck's
    version the builder's list was loaded from (null for a new deck). Saving the deck (or
    choosing "discard") deletes the draft; reopening the builder restores it, or, when the deck
    has a newer version than ``base_version`` (a card added from a card page, a version
    restored), says so and lets the player choose.

    ``writer`` and ``sequence`` order the writes of one builder page: ``writer`` names the page
    (a random id it picks when it loads; blank from a client that sends none) and ``sequence``
    numbers its writes. A write from the same page with a number not above the kept one arrived
    late (sent before the one kept, as a write sent on leaving the page can overtake one still
    on its way) and is not applied.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_drafts")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, null=True, blank=True, related_name="drafts")
    name = models.CharField(_("name"), max_length=200, blank=True)
    description = models.TextField(_("description"), blank=True)
    is_public = models.BooleanField(_("public"), default=False)
    entries = models.JSONField(_("cards"), default=list)
    base_version = models.PositiveIntegerField(_("based on version"), null=True, blank=True)
    writer = models.CharField(_("written by page"), max_length=40, blank=True)
    sequence = models.PositiveBigIntegerField(_("write number"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("deck draft")
        verbose_name_plural = _("deck drafts")
        constraints = [
            models.UniqueConstraint(fields=["owner"], condition=Q(deck__isnull=True), name="deckdraft_one_new_per_user"),
            models.UniqueConstraint(fields=["owner", "deck"], condition=Q(deck__isnull=False),
                                    name="deckdraft_one_per_user_and_deck"),
        ]

    def __str__(self) -> str:
        return f"draft of {self.owner_id} for {self.deck_id or 'a new deck'}"
