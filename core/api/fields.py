"""Serializer fields for text people show to each other (``core.validators``), and JSON-typed
fields: a string must be a JSON string, an integer a JSON integer, a number a JSON number, a
boolean ``true``/``false``."""
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from core.validators import check_shown_text, clean_display_name, clean_guest_name


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number without a fraction (not a string, not a boolean)."""

    default_error_messages = {"strict": "must be a whole number (a JSON integer), not {kind}"}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            kind = "a boolean" if isinstance(data, bool) else type(data).__name__.replace("str", "a string")
            self.fail("strict", kind=kind)
        return super().to_internal_value(data)


class StrictNumberField(serializers.FloatField):
    """A number that must be a JSON number, with or without a fraction (not a string, not a
    boolean); a finite one (``FloatField``)."""

    default_error_messages = {"strict": "must be a number (a JSON number), not {kind}"}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            kind = "a boolean" if isinstance(data, bool) else type(data).__name__.replace("str", "a string")
            self.fail("strict", kind=kind)
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A string that must be a JSON string (a number is not taken as its digits)."""

    default_error_messages = {"strict": "must be a string"}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("strict")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A boolean that must be JSON ``true`` or ``false``."""

    default_error_messages = {"strict": "must be true or false"}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("strict")
        return data


def _django_rule(rule, value):
    try:
        return rule(value)
    except DjangoValidationError as exc:
        raise serializers.ValidationError(exc.messages) from None


class DisplayNameField(StrictCharField):
    """A name shown to others (``core.validators.clean_display_name``: the rule of the pages)."""

    def to_internal_value(self, data):
        return _django_rule(clean_display_name, super().to_internal_value(data))


class GuestNameField(DisplayNameField):
    """A guest's display name (``core.validators.clean_guest_name``: the rule of a name shown to
    others, and not one that reads as a registered user's)."""

    def to_internal_value(self, data):
        return _django_rule(clean_guest_name, super().to_internal_value(data))


class ShownTextField(StrictCharField):
    """A longer text shown to others (``core.validators.check_shown_text``)."""

    def to_internal_value(self, data):
        return _django_rule(check_shown_text, super().to_internal_value(data))
