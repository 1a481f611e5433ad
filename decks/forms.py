"""Forms of the deck pages."""
from django import forms
from django.utils.translation import gettext_lazy as _

from tcg.decks.format import MAX_LINES

MAX_TEXT_LENGTH = 100_000


class DeckTextForm(forms.Form):
    """A deck list in the deck text format, as pasted into the validator."""

    text = forms.CharField(
        label=_("Deck list"),
        max_length=MAX_TEXT_LENGTH,
        strip=False,
        help_text=_("One card a line: “3 Name”, “3x Name”, “Name x3”, “3 Name (CODE)” or “3 CODE”. "
                    "Lines starting with # are comments."),
        widget=forms.Textarea(attrs={
            "id": "deck-text",
            "rows": 18,
            "spellcheck": "false",
            "autocomplete": "off",
            "placeholder": _("# My deck\n3 Kagura, Flame Club Captain\n3x Fireball\n2 SMP-013"),
        }),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        lines = len(text.splitlines())
        if lines > MAX_LINES:
            raise forms.ValidationError(
                _("A deck list has at most %(max)s lines; this one has %(count)s."),
                code="too_many_lines", params={"max": MAX_LINES, "count": lines},
            )
        if not text.strip():
            raise forms.ValidationError(_("Paste a deck list first."), code="required")
        return text
