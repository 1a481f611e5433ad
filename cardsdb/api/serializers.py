"""Card serializers: a card is written in the catalogue interchange format, plus links."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsdb.models import Card


class CardSerializer(serializers.ModelSerializer):
    """A card with every field, named as in the interchange format (``cardsdb.interchange``).

    ``sample`` is true for cards of a set made for this site (the SMP sample set is invented,
    not the printed 2003 list); ``set_kind`` says which kind.
    """

    set = serializers.CharField(source="card_set_id")
    set_name = serializers.CharField(source="card_set.name")
    set_kind = serializers.CharField(source="card_set.kind")
    sample = serializers.BooleanField(source="card_set.is_sample")
    colours = serializers.ListField(child=serializers.CharField())
    size_bonus = serializers.SerializerMethodField()
    action_table = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "code", "name", "name_en", "reading", "type", "colours", "size", "size_bonus", "action_table",
            "hp", "directions", "movement", "ability", "text", "flavour", "artist", "rarity",
            "set", "set_name", "set_kind", "sample", "url",
        ]

    @extend_schema_field(
        {"type": "object", "nullable": True, "properties": {"colour": {"type": "string"}, "value": {"type": "integer"}}}
    )
    def get_size_bonus(self, card: Card):
        return card.size_bonus

    @extend_schema_field(
        {
            "type": "object",
            "properties": {s: {"type": "array", "items": {"type": "string"}} for s in ("step1", "step2", "step3")},
        }
    )
    def get_action_table(self, card: Card):
        return card.action_table

    def get_url(self, card: Card) -> str:
        request = self.context.get("request")
        path = f"/api/cards/{card.code}/"
        return request.build_absolute_uri(path) if request else path
