"""What the shared layer keeps: each registered user's name key (``UserNameKey``), so that
``core.selectors.user_named_like`` finds a user a name reads as with one indexed query.

``UserNameKey.name_key`` is ``tcg.shown_text.name_key(username)``; ``core.services.
record_name_key`` writes it, called on every save of a user that may change the username
(``core.signals``: registration, ``createsuperuser``, the admin, the ORM), and migration
``0002_fill_name_keys`` filled it for the users that were there before. A write that skips
``save()`` (``QuerySet.update``, ``bulk_create``) leaves it behind: run ``record_name_key`` on
those users. The keys follow ``name_key``'s folding (its confusables come from the
``confusable_homoglyphs`` package): when that folding changes, a migration like
``0002_fill_name_keys`` writes them all again.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class UserNameKey(models.Model):
    """A user's username folded for comparing names (``tcg.shown_text.name_key``): ``alice``,
    ``Alice`` and ``alіce`` (Cyrillic і) all have the key ``a1ice``; and by its letters' shapes
    before case (``shape_key``: ``alice`` and ``aIice`` with a capital I both ``a1ice``). One row per user, deleted
    with the user; several users may share a key (users made before the sign-up rule)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="name_key", verbose_name=_("user"))
    name_key = models.TextField(_("name key"))
    shape_key = models.TextField(_("shape key"), default="")

    class Meta:
        verbose_name = _("username key")
        verbose_name_plural = _("username keys")
        indexes = [models.Index(fields=["name_key"], name="core_user_name_key"),
                   models.Index(fields=["shape_key"], name="core_user_shape_key")]

    def __str__(self) -> str:
        return self.name_key
