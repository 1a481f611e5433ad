"""Deck request and response shapes."""
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy, ngettext
from rest_framework import serializers

from core.api.fields import DisplayNameField, ShownTextField, StrictBooleanField, StrictCharField, StrictIntegerField
from core.api.serializers import RejectUnknownFieldsMixin
from tcg.decks.format import MAX_COUNT

MAX_TEXT = 100_000
MAX_ENTRIES = 500


class DeckCardInput(serializers.Serializer):
    code = StrictCharField(max_length=21)
    count = StrictIntegerField(min_value=1, max_value=MAX_COUNT)


class DeckListInput(RejectUnknownFieldsMixin, serializers.Serializer):
    """A deck list: either ``text`` (the deck text format) or ``cards`` (``[{code, count}]``)."""

    text = StrictCharField(required=False, allow_blank=True, max_length=MAX_TEXT, trim_whitespace=False)
    cards = DeckCardInput(many=True, required=False, max_length=MAX_ENTRIES)

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if ("text" in attrs) == ("cards" in attrs):
            raise serializers.ValidationError("give exactly one of 'text' (a deck list) or 'cards' ([{code, count}])")
        return attrs


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    line = serializers.IntegerField(required=False, help_text="1-based line of the text")
    entry = serializers.IntegerField(required=False, help_text="0-based index into 'cards'")


class ResolvedCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    type = serializers.CharField()
    count = serializers.IntegerField()
    lines = serializers.ListField(child=serializers.IntegerField())


class ValidationReportSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    total = serializers.IntegerField()
    problems = ProblemSerializer(many=True)
    cards = ResolvedCardSerializer(many=True)


class DeckWriteInput(RejectUnknownFieldsMixin, serializers.Serializer):
    """Create (``name`` and a list required) or change (every field optional) a deck."""

    name = DisplayNameField(max_length=200, help_text="shown to others: no control or formatting characters")
    description = ShownTextField(required=False, allow_blank=True, max_length=5000)
    public = StrictBooleanField(required=False)
    text = StrictCharField(required=False, allow_blank=True, max_length=MAX_TEXT, trim_whitespace=False)
    cards = DeckCardInput(many=True, required=False, max_length=MAX_ENTRIES)
    note = ShownTextField(required=False, allow_blank=True, max_length=500,
                          help_text="a comment kept with the new version (when the cards are given)")

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if "text" in attrs and "cards" in attrs:
            raise serializers.ValidationError("give at most one of 'text' and 'cards'")
        if not self.partial and "text" not in attrs and "cards" not in attrs:
            raise serializers.ValidationError("give the deck's cards as 'text' or 'cards'")
        return attrs


class DeckCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    type = serializers.CharField()
    count = serializers.IntegerField()


class DeckSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    public = serializers.BooleanField(source="is_public")
    owner = serializers.CharField(source="owner.username", allow_null=True, default=None)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    url = serializers.SerializerMethodField()

    def get_url(self, deck) -> str:
        request = self.context.get("request")
        path = f"/api/decks/{deck.id}/"
        return request.build_absolute_uri(path) if request else path


class DeckDetailSerializer(DeckSummarySerializer):
    version = serializers.IntegerField(allow_null=True, help_text="the number of the deck's latest version")
    copied_from = serializers.CharField(source="copied_from_id", allow_null=True,
                                        help_text="the id of the deck this one was copied from")
    cards = DeckCardSerializer(many=True)
    text = serializers.CharField(help_text="the deck in the deck text format")
    validation = ValidationReportSerializer()


class NoteInput(RejectUnknownFieldsMixin, serializers.Serializer):
    """An optional comment for the version a restore makes."""

    note = ShownTextField(required=False, allow_blank=True, max_length=500)


class CopyInput(RejectUnknownFieldsMixin, serializers.Serializer):
    """The copy's name (default: the original's)."""

    name = DisplayNameField(required=False, max_length=200)


class AnalyseInput(DeckListInput):
    """A deck list (``text`` or ``cards``) and the odds' assumptions."""

    turns = StrictIntegerField(required=False, min_value=1, max_value=20, help_text="odds up to this turn (default 5)")
    played = StrictIntegerField(required=False, min_value=0, max_value=7,
                                help_text="cards leaving the hand each turn, drawn back at the next refill (default 2)")


class VersionEntrySerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()
    count = serializers.IntegerField()


class VersionSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField()
    kind = serializers.CharField(help_text="created, saved, restored, copied or sample")
    restored_from = serializers.IntegerField(allow_null=True, help_text="the version a restore brought back")
    note = serializers.CharField(help_text="the saver's comment")
    created_at = serializers.DateTimeField()
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)


class VersionSerializer(VersionSummarySerializer):
    cards = VersionEntrySerializer(many=True, source="entries")
    text = serializers.CharField(help_text="this version in the deck text format")


class ChangeSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField(help_text="after − before, e.g. 1 or -2")


class DiffSerializer(serializers.Serializer):
    deck = serializers.CharField()
    from_version = serializers.IntegerField(source="from")
    to_version = serializers.IntegerField(source="to")
    changes = ChangeSerializer(many=True)
    added = serializers.IntegerField(help_text="copies gained in all")
    removed = serializers.IntegerField(help_text="copies lost in all")
    total_before = serializers.IntegerField()
    total_after = serializers.IntegerField()


class GoldfishInput(RejectUnknownFieldsMixin, serializers.Serializer):
    runs = StrictIntegerField(required=False, min_value=1, max_value=20_000, help_text="games to play (default 2000)")
    turns = StrictIntegerField(required=False, min_value=1, max_value=20, help_text="turns per game (default 5)")
    seed = StrictIntegerField(required=False, min_value=0, max_value=2**31 - 1, help_text="default: random")
    mulligan = StrictBooleanField(required=False, help_text="take a mulligan on a hand with no character (default true)")


class GoldfishRunSerializer(serializers.Serializer):
    id = serializers.CharField()
    deck = serializers.CharField(source="deck_id")
    status = serializers.CharField(help_text="queued, running, done or failed")
    done = serializers.IntegerField(help_text="games played so far")
    runs = serializers.IntegerField()
    turns = serializers.IntegerField()
    seed = serializers.IntegerField()
    mulligan = serializers.BooleanField()
    result = serializers.JSONField(allow_null=True, help_text="tcg.decks.goldfish.goldfish's report once done")
    failure = serializers.CharField(
        help_text="why it failed: unplayable (the deck cannot be simulated) or stalled (it stopped moving: its "
                  "worker was lost as many times as a run is started); empty otherwise")
    attempts = serializers.IntegerField(help_text="times a worker started the run")
    error = serializers.SerializerMethodField(help_text="why it failed, a sentence; empty otherwise")
    url = serializers.SerializerMethodField()

    def get_error(self, run) -> str:
        if run.failure == "stalled":
            return ngettext(
                "The simulation stopped moving: its worker was lost %(attempts)s time. Run it again.",
                "The simulation stopped moving: its worker was lost %(attempts)s times. Run it again.",
                run.attempts) % {"attempts": run.attempts}
        return run.error

    def get_url(self, run) -> str:
        request = self.context.get("request")
        path = f"/api/goldfish/{run.pk}/"
        return request.build_absolute_uri(path) if request else path


class DraftInput(RejectUnknownFieldsMixin, serializers.Serializer):
    """The builder's unsaved work: its cards and the save form's fields (each may be empty)."""

    cards = DeckCardInput(many=True, max_length=MAX_ENTRIES)
    name = DisplayNameField(required=False, allow_blank=True, max_length=200)
    description = ShownTextField(required=False, allow_blank=True, max_length=5000)
    public = StrictBooleanField(required=False)
    base_version = StrictIntegerField(
        required=False, allow_null=True, min_value=1,
        help_text="the deck's version the builder's list was loaded from (default: the draft's own, else the latest)")
    writer = StrictCharField(
        required=False, allow_blank=True, max_length=40,
        validators=[RegexValidator(r"^[A-Za-z0-9_-]*$", gettext_lazy("Use letters, digits, - and _ only."))],
        help_text="an id the writing page picks for itself (letters, digits, - and _); with sequence, orders that "
                  "page's writes")
    sequence = StrictIntegerField(
        required=False, min_value=0, max_value=2**53 - 1,
        help_text="the number of this write from the page named by writer: a write numbered at most the kept "
                  "draft's, from the same writer, arrived late and is not applied (the answer is the draft as kept)")


class DraftSerializer(serializers.Serializer):
    deck = serializers.CharField(source="deck_id", allow_null=True, help_text="the deck edited; null for a new deck")
    cards = DeckCardInput(many=True, source="entries")
    name = serializers.CharField()
    description = serializers.CharField()
    public = serializers.BooleanField(source="is_public")
    base_version = serializers.IntegerField(
        allow_null=True, help_text="the deck's version the draft was started from; null for a new deck")
    writer = serializers.CharField(help_text="the id of the page that wrote the draft (blank: none given)")
    sequence = serializers.IntegerField(help_text="the number of that page's write kept")
    updated_at = serializers.DateTimeField()


class AddCardInput(RejectUnknownFieldsMixin, serializers.Serializer):
    code = StrictCharField(max_length=21, help_text="the card's code, e.g. SMP-001")
    count = StrictIntegerField(required=False, min_value=1, max_value=3, help_text="copies to add (default 1)")


class AddCardResultSerializer(serializers.Serializer):
    deck = serializers.CharField()
    code = serializers.CharField()
    copies = serializers.IntegerField(help_text="copies of the card's name the deck now holds")
    total = serializers.IntegerField(help_text="cards in the deck")
    version = serializers.IntegerField(help_text="the version the addition made")
    message = serializers.CharField(help_text="a sentence saying what was done, in the request's language")
    warning = serializers.CharField(allow_null=True, help_text=(
        "null, or a sentence in the request's language when the deck now holds more cards than a deck may "
        "(it cannot be played until some are taken out)"))
