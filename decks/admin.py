"""Saved decks in the Django admin, with their cards inline.

The forms check the deck constraints with clear messages (a site deck is public, a count is at
least 1), so a bad edit is a form error, never a database error; the name and the description
follow the rule of every door for text shown to others (``core.validators``).
"""
from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField
from core.validators import check_shown_text, clean_display_name
from tcg.decks.format import MAX_COUNT

from .models import Deck, DeckCard, DeckVersion


class DeckCardForm(forms.ModelForm):
    count = WholeNumberField(label=_("count"), min_value=1, max_value=MAX_COUNT)

    class Meta:
        model = DeckCard
        fields = ("card", "count", "position")


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    form = DeckCardForm
    extra = 0
    autocomplete_fields = ("card",)


class DeckVersionInline(admin.TabularInline):
    """The deck's versions, read only: they are written by saves through the site and the API."""

    model = DeckVersion
    extra = 0
    fields = ("number", "kind", "restored_from", "total", "note", "created_by", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("-number",)

    def has_add_permission(self, request, obj=None):
        return False


class DeckAdminForm(forms.ModelForm):
    class Meta:
        model = Deck
        fields = ("id", "name", "description", "owner", "is_public")

    def clean_name(self) -> str:
        """The rule of every door for a name shown to others (``core.validators``)."""
        return clean_display_name(self.cleaned_data["name"])

    def clean_description(self) -> str:
        return check_shown_text(self.cleaned_data["description"])

    def clean(self):
        data = super().clean()
        if not data.get("owner") and not data.get("is_public"):
            self.add_error("is_public", _("A deck without an owner (a site deck) must be public."))
        return data


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    form = DeckAdminForm
    list_display = ("id", "name", "owner", "is_public", "updated_at")
    list_filter = ("is_public",)
    search_fields = ("id", "name", "owner__username")
    list_select_related = ("owner",)
    raw_id_fields = ("owner",)
    readonly_fields = ("created_at", "updated_at")
    inlines = [DeckCardInline, DeckVersionInline]

    def get_readonly_fields(self, request, obj=None):
        """The id is chosen once: changing a primary key would copy the deck."""
        return (*self.readonly_fields, "id") if obj is not None else self.readonly_fields
