"""What every API input shape shares."""
from rest_framework import serializers


class RejectUnknownFieldsMixin:
    """A serializer that refuses a body holding a field it does not define (``{"field": ["unknown
    field"]}`` for each, in the API's validation error), rather than ignoring it."""

    def validate(self, attrs):
        unknown = sorted(set(self.initial_data) - set(self.fields)) if isinstance(self.initial_data, dict) else []
        if unknown:
            raise serializers.ValidationError({k: ["unknown field"] for k in unknown})
        return super().validate(attrs)
