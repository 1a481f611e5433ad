"""The catalogue in the Django admin: sets and cards.

The card form checks everything the database constraints check, with clear messages, so a
bad edit is a form error and never a database error: colours as checkboxes, each STEP of the
action table as space-separated actions, the character-only fields, and the effect (JSON in
the language of ``tcg.effects.language``, checked for the card's type; its generated text is
shown beside it).
"""
from django import forms
from django.contrib import admin
from django.utils.html import format_html_join
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField
from core.jsonbody import JsonRefused, read_json
from tcg.cards.model import CODE_RE
from tcg.effects.language import MANUAL, check_effect
from tcg.effects.text import card_texts
from tcg.vocabulary import ACTIONS

from .models import STEP_VALUES, Card, CardSet


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "name_en", "kind")
    list_filter = ("kind",)
    search_fields = ("code", "name", "name_en")


def _step_field(n: int) -> forms.CharField:
    return forms.CharField(
        label=Card._meta.get_field(f"step{n}").verbose_name,
        max_length=64,
        help_text=format_lazy(_("1 to 3 different actions separated by spaces, from: {}."), " ".join(ACTIONS)),
    )


class EffectField(forms.JSONField):
    """A card effect as JSON text; the bare word ``manual`` is read as ``"manual"``."""

    def to_python(self, value):
        if isinstance(value, str) and value.strip() == MANUAL:
            return MANUAL
        if isinstance(value, str) and value.strip():
            try:  # the rules of every door that reads JSON: depth, and text that can be stored
                read_json(value)
            except JsonRefused as exc:
                if exc.code == "invalid_text" or "max_depth" in exc.details:
                    raise forms.ValidationError(exc.message, code="invalid") from None
                # text that is not JSON at all: Django's own message below
        return super().to_python(value)


class CardAdminForm(forms.ModelForm):
    """A card with its colours as checkboxes and its STEPs as space-separated actions."""

    colours = forms.MultipleChoiceField(
        label=_("colours"), choices=Card.COLOUR_CHOICES, widget=forms.CheckboxSelectMultiple, required=False,
        help_text=_("None checked: a colourless card."),
    )
    step1 = _step_field(1)
    step2 = _step_field(2)
    step3 = _step_field(3)
    effect = EffectField(
        label=_("effect"), required=False, widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_('Empty: a vanilla card (no effect). manual: resolved by the players. Otherwise one '
                    'operation or a list, e.g. {"op": "damage", "amount": 1, "target": "adjacent_enemy"}.'),
    )

    class Meta:
        model = Card
        fields = [
            "code", "card_set", "name", "reading", "name_en", "type", "colours", "size", "bonus_colour", "bonus_value",
            "step1", "step2", "step3", "hp", "directions", "movement", "ability", "rarity", "text", "effect", "flavour",
            "artist",
        ]
        field_classes = {name: WholeNumberField for name in ("size", "bonus_value", "hp", "movement")}

    def clean_code(self) -> str:
        code = self.cleaned_data["code"].strip().upper()
        if not CODE_RE.match(code):
            raise forms.ValidationError(
                _("A code is letters or digits, a hyphen, then letters or digits (at most 10 each), e.g. SMP-001.")
            )
        return code

    def clean_colours(self) -> list[str]:
        chosen = self.cleaned_data["colours"]
        before = [c for c in (self.instance.colours or []) if c in chosen] if self.instance.pk else []
        return before + [c for c, _label in Card.COLOUR_CHOICES if c in chosen and c not in before]

    def _clean_step(self, step: str) -> str:
        actions = self.cleaned_data[step].lower().split()
        unknown = [a for a in actions if a not in ACTIONS]
        if unknown:
            raise forms.ValidationError(
                _("Unknown action(s): %(unknown)s. Use: %(actions)s.")
                % {"unknown": " ".join(unknown), "actions": " ".join(ACTIONS)}
            )
        if not 1 <= len(actions) <= 3:
            raise forms.ValidationError(_("A STEP holds 1 to 3 actions."))
        if len(set(actions)) != len(actions):
            raise forms.ValidationError(_("The actions of a STEP must be different."))
        value = " ".join(actions)
        if value not in STEP_VALUES:  # cannot happen after the checks above; keeps the DB constraint safe
            raise forms.ValidationError(_("This is not a valid STEP."))
        return value

    def clean_step1(self) -> str:
        return self._clean_step("step1")

    def clean_step2(self) -> str:
        return self._clean_step("step2")

    def clean_step3(self) -> str:
        return self._clean_step("step3")

    def clean(self):
        data = super().clean()
        kind = data.get("type")
        if kind == "character":
            if data.get("hp") is None or data.get("hp") < 1:
                self.add_error("hp", _("A character needs HP of at least 1."))
            if not data.get("directions"):
                self.add_error("directions", _("A character needs movement directions."))
            if data.get("movement") is None:
                self.add_error("movement", _("A character needs a movement power."))
        elif kind:
            for name in ("hp", "directions", "movement"):
                if data.get(name) not in (None, ""):
                    self.add_error(name, _("Only characters have HP, movement directions and movement power."))
            if data.get("ability"):
                self.add_error("ability", _("Only characters have a special ability."))
        has_colour, has_value = bool(data.get("bonus_colour")), data.get("bonus_value") is not None
        if has_colour != has_value:
            self.add_error(
                "bonus_value" if has_colour else "bonus_colour",
                _("A SIZE bonus needs both a colour and a value (or neither)."),
            )
        if kind and "effect" in data:
            try:
                check_effect(data["effect"], kind)
            except ValueError as exc:
                self.add_error("effect", _("This effect cannot be read: %(reason)s") % {"reason": exc})
        return data


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("code", "name", "type", "size", "hp")
    list_display_links = ("code", "name")
    list_filter = ("type", "card_set", "rarity", "directions")
    search_fields = ("code", "name", "name_en", "reading", "text")
    list_select_related = ("card_set",)
    list_per_page = 60
    readonly_fields = ("effect_text", "created_at", "updated_at")
    fieldsets = (
        (_("Identity"), {"fields": ("code", "card_set", "rarity", "name", "reading", "name_en", "type", "colours")}),
        (_("SIZE"), {"fields": ("size", ("bonus_colour", "bonus_value"))}),
        (_("Action table"), {"fields": ("step1", "step2", "step3")}),
        (_("Character"), {
            "fields": ("hp", "directions", "movement", "ability"),
            "description": _("Characters only: leave empty for items and events."),
        }),
        (_("Text"), {"fields": ("text", "effect", "effect_text", "flavour", "artist")}),
        (_("History"), {"fields": ("created_at", "updated_at"), "classes": ("collapse",)}),
    )

    @admin.display(description=_("effect text"))
    def effect_text(self, card: Card) -> str:
        """The text made from the saved effect, in Japanese and English ("—" for manual)."""
        texts = card_texts(card.effect, card.type) if card.pk else None
        if texts is None:
            return "—"
        return format_html_join("", "<p>{}</p>", ((texts[lang],) for lang in texts))
