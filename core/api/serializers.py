"""What every API input shape shares."""
from rest_framework import serializers


UNKNOWN_FIELD = "unknown field"
"""What the API's validation error says of each field a body holds that the operation does not
take."""


def refuse_unknown_fields(names) -> None:
    """``ValidationError`` (400 ``invalid_request``) naming each of ``names`` (strings, in the
    order given) as an :data:`UNKNOWN_FIELD`; nothing when ``names`` is empty."""
    if names:
        raise serializers.ValidationError({name: [UNKNOWN_FIELD] for name in names})


class RejectUnknownFieldsMixin:
    """A serializer that refuses a body holding a field it does not define (``{"field": ["unknown
    field"]}`` for each, in the API's validation error), rather than ignoring it."""

    def validate(self, attrs):
        if isinstance(self.initial_data, dict):
            refuse_unknown_fields(sorted(set(self.initial_data) - set(self.fields)))
        return super().validate(attrs)
