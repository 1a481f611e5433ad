"""Form fields shared by the pages' forms (and the admin's)."""
from django import forms

from tcg.integers import BadValue, parse_int


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField`` read with the site's one rule for whole numbers from a request
    (``tcg.integers.parse_int``: ASCII digits, an optional minus sign, at most 18 digits; spaces
    around it are dropped, as a form does with text). Django's own takes ``"١"`` (an
    Arabic-Indic one) as 1 and ``"5.0"`` as 5. Bounds as ``IntegerField``'s ``min_value`` and
    ``max_value``."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return parse_int(str(value).strip())
        except BadValue:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None
