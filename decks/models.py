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

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey("cardsdb.Card", on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="deckcard_one_row_per_card"),
            models.CheckConstraint(condition=Q(count__gte=1), name="deckcard_count_positive"),
        ]
