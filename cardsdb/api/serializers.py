"""Card serializers: a card is written in the catalogue interchange format, plus links and
its face's ``image_uris``."""
from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsdb.faces import image_uris, reader_language
from cardsdb.models import Card, CardSet
from tcg.effects.text import card_texts
from tcg.vocabulary import STEPS

#: ``image_uris`` in the schema.
IMAGE_URIS_SCHEMA = {
    "type": "object",
    "description": (
        "The card's face, drawn from its data, in the answer's language (Accept-Language: ja or en, "
        "else en); change lang= in a URL to ja or en for the other. svg: a standalone SVG document "
        "(244 × 340); png: a PNG image (488 × 680), where the server has the cairo library."
    ),
    "properties": {
        "svg": {"type": "string", "format": "uri", "example": "https://example.org/cards/SMP-001/face.svg?lang=en"},
        "png": {"type": "string", "format": "uri", "example": "https://example.org/cards/SMP-001/face.png?lang=en"},
    },
    "required": ["svg"],
}


def image_uris_for(request) -> Callable[[str], dict[str, str]]:
    """A function of a card code giving its ``image_uris`` (``cardsdb.faces.image_uris``):
    absolute URLs built from ``request`` (paths alone without one), in the request's language."""
    base = reverse("card-list")
    base = request.build_absolute_uri(base) if request is not None else base
    lang = reader_language(get_language())
    return lambda code: image_uris(base, code, lang)


class CardSerializer(serializers.ModelSerializer):
    """A card with every field, named as in the interchange format (``tcg.cards.interchange``).

    ``sample`` is true for cards of a set made for this site (the SMP sample set is invented,
    not the printed 2003 list); ``set_kind`` says which kind. ``effect`` is the card's effect
    (``tcg.effects.language``; null: vanilla), ``effect_text`` its text made from the effect,
    ``{"ja", "en"}`` (``tcg.effects.text.card_texts``; null for a ``"manual"`` effect).
    ``image_uris`` are the absolute URLs of the card's face (``IMAGE_URIS_SCHEMA``).
    """

    set = serializers.CharField(source="card_set_id")
    set_name = serializers.CharField(source="card_set.name")
    set_kind = serializers.CharField(source="card_set.kind")
    sample = serializers.BooleanField(source="card_set.is_sample")
    colours = serializers.ListField(child=serializers.CharField())
    size_bonus = serializers.SerializerMethodField()
    action_table = serializers.SerializerMethodField()
    effect = serializers.JSONField(allow_null=True)
    effect_text = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    image_uris = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "code", "name", "name_en", "reading", "type", "colours", "size", "size_bonus", "action_table",
            "hp", "directions", "movement", "ability", "text", "effect", "effect_text", "flavour", "artist", "rarity",
            "set", "set_name", "set_kind", "sample", "url", "image_uris",
        ]

    @extend_schema_field(
        {"type": "object", "nullable": True, "properties": {"colour": {"type": "string"}, "value": {"type": "integer"}}}
    )
    def get_size_bonus(self, card: Card):
        return card.size_bonus

    @extend_schema_field(
        {
            "type": "object",
            "properties": {s: {"type": "array", "items": {"type": "string"}} for s in STEPS},
        }
    )
    def get_action_table(self, card: Card):
        return card.action_table

    @extend_schema_field(
        {"type": "object", "nullable": True, "properties": {"ja": {"type": "string"}, "en": {"type": "string"}}}
    )
    def get_effect_text(self, card: Card):
        return card_texts(card.effect, card.type)

    def get_url(self, card: Card) -> str:
        return f"{self._cards_url()}{card.code}/"

    @extend_schema_field(IMAGE_URIS_SCHEMA)
    def get_image_uris(self, card: Card) -> dict:
        return self._image_uris()(card.code)

    def _image_uris(self) -> Callable[[str], dict[str, str]]:
        """``image_uris_for`` the answer's request; worked out once per answer."""
        if "image_uris" not in self.context:
            self.context["image_uris"] = image_uris_for(self.context.get("request"))
        return self.context["image_uris"]

    def _cards_url(self) -> str:
        """``…/api/cards/``, absolute when there is a request; worked out once per answer."""
        if "cards_url" not in self.context:
            request = self.context.get("request")
            self.context["cards_url"] = request.build_absolute_uri(CARDS_PATH) if request else CARDS_PATH
        return self.context["cards_url"]

    def to_representation(self, card) -> dict:
        """The dict the declared fields describe, built directly (a page of 200 cards is written
        without DRF's per-field machinery; the declared fields give the schema). ``card`` is a
        ``Card`` or a row of ``ROW_FIELDS`` (``QuerySet.values``), which the card list reads."""
        row = card if isinstance(card, dict) else card_row(card)
        set_kind = row["card_set__kind"]
        steps = {step: row[step].split() for step in STEPS}
        bonus = None if row["bonus_colour"] is None else {"colour": row["bonus_colour"], "value": row["bonus_value"]}
        return {
            "code": row["code"],
            "name": row["name"],
            "name_en": row["name_en"],
            "reading": row["reading"],
            "type": row["type"],
            "colours": list(row["colours"]),
            "size": row["size"],
            "size_bonus": bonus,
            "action_table": steps,
            "hp": row["hp"],
            "directions": row["directions"],
            "movement": row["movement"],
            "ability": row["ability"],
            "text": row["text"],
            "effect": row["effect"],
            "effect_text": card_texts(row["effect"], row["type"]),
            "flavour": row["flavour"],
            "artist": row["artist"],
            "rarity": row["rarity"],
            "set": row["card_set_id"],
            "set_name": row["card_set__name"],
            "set_kind": set_kind,
            "sample": CardSet.kind_is_sample(set_kind),
            "url": f"{self._cards_url()}{row['code']}/",
            "image_uris": self._image_uris()(row["code"]),
        }


CARDS_PATH = "/api/cards/"

#: The columns a card's representation is made of, as ``QuerySet.values`` names them.
ROW_FIELDS = (
    "code", "name", "name_en", "reading", "type", "colours", "size", "bonus_colour", "bonus_value",
    *STEPS, "hp", "directions", "movement", "ability", "text", "effect", "flavour",
    "artist", "rarity", "card_set_id", "card_set__name", "card_set__kind",
)


def card_row(card: Card) -> dict:
    """A ``Card`` (with its set) as a row of ``ROW_FIELDS``."""
    row = {name: getattr(card, name) for name in ROW_FIELDS[:-2]}
    row["card_set__name"], row["card_set__kind"] = card.card_set.name, card.card_set.kind
    return row


class CardCollectionRequestSerializer(serializers.Serializer):
    """``{"identifiers": [{"code": "SMP-001"} | {"name": "…", "set"?: "SMP"}, …]}``: 1 to 75."""

    identifiers = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=75)

    def validate_identifiers(self, identifiers: list[dict]) -> list[dict]:
        problems = {}
        for i, identifier in enumerate(identifiers):
            keys = set(identifier)
            if keys not in ({"code"}, {"name"}, {"name", "set"}):
                problems[i] = 'an identifier is {"code": …} or {"name": …} with an optional "set"'
            elif not all(isinstance(v, str) and v.strip() and len(v) <= 200 for v in identifier.values()):
                problems[i] = "identifier values are non-empty texts of at most 200 characters"
        if problems:
            raise serializers.ValidationError(problems)
        return identifiers


class CardCollectionSerializer(serializers.Serializer):
    """The cards found, in the order asked, and the identifiers not found, as given."""

    cards = CardSerializer(many=True)
    not_found = serializers.ListField(child=serializers.DictField())


class CardNamesSerializer(serializers.Serializer):
    """Card names, e.g. for autocompletion."""

    results = serializers.ListField(child=serializers.CharField())
