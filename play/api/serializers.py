"""Match request and response shapes. Requests are checked here for their JSON types; the
services check the values (games, seats, options, actions) and answer with their own codes.
The options of each game are documented from its record (types, defaults, limits, which ones
stack the deal), the turn clock's limits are ``play.turn_clock``'s, as on the page. The response
serializers describe ``play.payloads`` for the OpenAPI schema."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.fields import GuestNameField, StrictCharField, StrictIntegerField, StrictNumberField
from core.api.serializers import RejectUnknownFieldsMixin, refuse_unknown_fields
from play.engine import BOOL, INT, SEAT, GameSpec, Option
from play.games import GAMES
from play.bots import DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS, MIN_THINK_SECONDS
from play.identity import MAX_NAME_LENGTH
from play.levels import offered
from play.seat_decks import MAX_DECK_ID
from play.turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN

MAX_SEATS = 32
STATUSES = ["open", "running", "finished", "abandoned"]


#: The levels there are, each with its bot, and the bots' names taken for them (for the schema).
LEVELS_HELP = "; ".join(
    [", ".join(f'"{level.name}" (the {level.bot} bot)' for level in offered())]
    + [f'the bot\'s name "{level.bot}" is taken as "{level.name}"' for level in offered() if level.bot != level.name]
)
#: What a bot seat's ``bot`` takes: a level's name, or the name of the bot that plays it.
BOT_HELP = f"the bot's level, one of the game's (GET /api/games/): {LEVELS_HELP}"


class SeatInput(serializers.Serializer):
    """``{"kind": "human"}`` or ``{"kind": "bot", "bot": level, "deck": id}``, a level of
    ``play.levels`` by its name or its bot's."""

    kind = StrictCharField(max_length=20, help_text='"human" or "bot"')
    bot = StrictCharField(required=False, allow_blank=True, max_length=40, help_text=BOT_HELP)
    deck = StrictCharField(
        required=False, max_length=MAX_DECK_ID,
        help_text="a bot seat's deck, in games played with one's own deck (default: a sample deck)",
    )

    def to_internal_value(self, data):
        if isinstance(data, dict):
            refuse_unknown_fields(sorted(str(k) for k in set(data) - set(self.fields)))
        return super().to_internal_value(data)


class NameField(GuestNameField):
    """A guest's display name: the rule of the page's name form (``core.validators``), not one
    that reads as a registered user's name."""

    def __init__(self, **kwargs):
        super().__init__(
            required=False, max_length=MAX_NAME_LENGTH,
            help_text="your display name, when you play as a guest who has none yet (users play under their username): "
                      "no control or formatting character, at least one visible one, and not a registered "
                      "player's name (nor one that reads as it: Alice, full-width or look-alike letters)",
            **kwargs,
        )


class DeckField(StrictCharField):
    def __init__(self, **kwargs):
        super().__init__(
            required=False, max_length=MAX_DECK_ID,
            help_text="the id of the deck you bring (your own, a public one or a sample deck such as SMP-RED), "
                      "in games played with one's own deck (eoc)",
            **kwargs,
        )


def option_schema(option: Option) -> dict:
    """The OpenAPI schema of one option of a game's record: its type, limits or choices, default,
    and whether it stacks the deal."""
    notes = []
    if option.type == BOOL:
        schema: dict = {"type": "boolean"}
    elif option.type == SEAT:
        schema = {"type": "integer", "minimum": 0}
        notes.append("a seat, 0 to the number of seats less one")
    elif option.type == INT and option.choices:
        schema = {"type": "integer", "enum": list(option.choices)}
    elif option.type == INT:
        schema = {"type": "integer", "minimum": option.low, "maximum": option.high}
    else:
        notes.append("JSON the game reads (its rules page, \"Stacked deals\")")
        schema = {}
    if option.default is not None:
        schema["default"] = option.default
    if option.help:
        notes.append(option.help)
    if option.secret:
        notes.append("never shown to the players")
    if option.stacks:
        notes.append("stacks the deal: only with bots in every other seat (else 400 secret_options)")
    if notes:
        schema["description"] = "; ".join(notes)
    return schema


def game_options_schema(spec: GameSpec) -> dict:
    """The OpenAPI schema of the ``options`` of one game, from its record."""
    return {"title": spec.slug, "type": "object", "additionalProperties": False,
            "properties": {option.name: option_schema(option) for option in spec.options}}


@extend_schema_field({
    "type": "object",
    "description": "the game's options (its rules page names them), per game; a value out of its limits is "
                   "400 bad_options naming the option",
    "anyOf": [game_options_schema(game.spec) for game in GAMES.values()],
})
class OptionsField(serializers.DictField):
    """A JSON object of a game's options; the game (``setup``) checks each against its record."""


@extend_schema_field({
    "type": "number", "minimum": MIN_THINK_SECONDS, "maximum": MAX_THINK_SECONDS, "default": DEFAULT_THINK_SECONDS,
    "description": f"the seconds the strong level's bot thinks per move, {MIN_THINK_SECONDS:g} to "
                   f"{MAX_THINK_SECONDS:g} (default {DEFAULT_THINK_SECONDS:g}); out of range: 400 bad_think_time",
})
class ThinkSecondsField(StrictNumberField):
    """A JSON number; the match services check its range (``bad_think_time``)."""


class CreateMatchInput(RejectUnknownFieldsMixin, serializers.Serializer):
    game = StrictCharField(max_length=40, help_text="a game's slug, e.g. lama (see /api/games/)")
    seats = SeatInput(many=True, allow_empty=False, max_length=MAX_SEATS, help_text="one entry per seat, in seat order")
    options = OptionsField(required=False)
    seconds_per_turn = StrictIntegerField(
        required=False, allow_null=True, min_value=MIN_SECONDS_PER_TURN, max_value=MAX_SECONDS_PER_TURN,
        help_text="a turn clock: when a seat's time runs out its bot plays the turn; null for none",
    )
    think_seconds = ThinkSecondsField(required=False)
    name = NameField()
    deck = DeckField()


class GuidedMatchInput(RejectUnknownFieldsMixin, serializers.Serializer):
    game = StrictCharField(max_length=40, help_text="a game's slug, e.g. lama (see /api/games/)")
    name = NameField()


class JoinInput(RejectUnknownFieldsMixin, serializers.Serializer):
    seat = StrictIntegerField(required=False, allow_null=True, min_value=0, help_text="null: the first free seat")
    name = NameField()
    deck = DeckField()


class ActionInput(RejectUnknownFieldsMixin, serializers.Serializer):
    version = StrictIntegerField(help_text="the match version the action was chosen at (from 0 up: 400 bad_version "
                                           "otherwise, as on the socket)")
    action = serializers.JSONField(help_text='the game\'s action, e.g. {"type": "play", "card": 4}')


class LevelSerializer(serializers.Serializer):
    name = serializers.ChoiceField(choices=[level.name for level in offered()],
                                   help_text='what a bot seat\'s "bot" takes')
    label = serializers.CharField(help_text="the level's name in the reader's language")
    description = serializers.CharField(help_text="how it plays, one line, in the reader's language")
    bot = serializers.CharField(help_text="the bot that plays it (a seat's \"bot\" in a match's view)")


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    rules_url = serializers.URLField(help_text="the game's how-to-play page (absolute URL)")
    levels = LevelSerializer(many=True, help_text="the bots' levels that play the game, easiest first")


class LeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        help_text="1 + the number of players rated higher: equal ratings share a rank (1, 2, 2, 4)")
    username = serializers.CharField()
    rating = serializers.FloatField(help_text="the rating shown: mu − 3 × sigma (openskill's ordinal; 0 for a new player)")
    mu = serializers.FloatField(help_text="openskill Plackett-Luce mean skill (a new player: 25)")
    sigma = serializers.FloatField(help_text="its uncertainty (a new player: 25/3)")
    games = serializers.IntegerField(help_text="rated matches played")
    updated = serializers.DateTimeField(help_text="when the rating last changed (ISO 8601, UTC)")


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    name = serializers.CharField(help_text='"" for a free seat or a bot')
    kind = serializers.ChoiceField(choices=["human", "bot"])
    guest = serializers.BooleanField(
        help_text="a guest holds the seat (a display name chosen in a browser session), not the registered "
                  "player of that name; false for a user, a bot or a free seat")
    bot = serializers.CharField(help_text='the bot playing the seat: "" or its name, as /api/games/ gives it with '
                                          'its level ("random" plays "easy", "heuristic" "normal")')
    resigned = serializers.BooleanField()
    timed_out = serializers.BooleanField(help_text="the person was away on their turn too long; a bot plays the seat")
    you = serializers.BooleanField()


class ClockSerializer(serializers.Serializer):
    seconds_per_turn = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)


class LastActionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.JSONField()
    by = serializers.ChoiceField(choices=["player", "bot", "clock"])


class RematchSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="the rematch's match id")
    status = serializers.ChoiceField(choices=STATUSES)
    seat = serializers.IntegerField(allow_null=True, help_text="your seat there (kept for you); null for a spectator")
    taken = serializers.BooleanField(help_text="whether you took it (proposed or accepted)")


class GuideSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="the game of the guided match")
    hint = serializers.CharField(
        help_text='the hint to show: "step-<k>" (the learner\'s k-th move), "wait", "done", "off" or "over"')
    step = serializers.IntegerField(allow_null=True, help_text="the learner's moves made on the guided path")
    steps = serializers.IntegerField(help_text="the learner's moves on the whole guided path")
    action = serializers.DictField(allow_null=True, help_text="the learner's scripted move now, if any")


class MatchViewSerializer(serializers.Serializer):
    """The view payload of one seat, or of a spectator (``seat`` null)."""

    id = serializers.CharField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=STATUSES)
    version = serializers.IntegerField(help_text="the number of actions applied")
    players = serializers.IntegerField()
    options = serializers.DictField()
    seats = SeatSerializer(many=True)
    seat = serializers.IntegerField(allow_null=True, help_text="your seat; null for a spectator")
    to_act = serializers.ListField(child=serializers.IntegerField())
    legal_actions = serializers.ListField(child=serializers.DictField(), help_text="yours; [] when it is not your turn")
    state = serializers.DictField(
        allow_null=True,
        help_text="the game's view for your seat (no other seat's hand); null until the match starts (while "
                  "it is open, for everyone: nobody sees a card of the deal before it is played)")
    outcome = serializers.DictField(allow_null=True, help_text='{"scores", "winners"} once finished')
    clock = ClockSerializer(allow_null=True)
    last_action = LastActionSerializer(allow_null=True)
    rematch = RematchSerializer(allow_null=True, help_text="the rematch proposed of this finished match, if any")
    guide = GuideSerializer(allow_null=True, help_text="a guided first match's hint now; null for other matches")


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=STATUSES)
    players = serializers.IntegerField()
    version = serializers.IntegerField()
    options = serializers.DictField()
    seats = SeatSerializer(many=True)
    seat = serializers.IntegerField(allow_null=True)
    free_seats = serializers.IntegerField()
    clock = ClockSerializer(allow_null=True)
    outcome = serializers.DictField(allow_null=True)
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.DictField()


class StaleVersionSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()
    view = MatchViewSerializer(help_text="your current view")


class LogEntrySerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.JSONField()
    by = serializers.ChoiceField(choices=["player", "bot", "clock"])
    created = serializers.DateTimeField()


class FrameSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    action = serializers.JSONField(allow_null=True)
    by = serializers.CharField(allow_null=True)
    state = serializers.DictField(help_text="the game's view for your seat (or a spectator's) after the action")
    to_act = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="the seats to act then ([] once the game is over)")


TEXTS_HELP = ("the text on each card the frames show, in your language, by code ({} for a game whose cards "
              "carry none): only cards you were shown")


class ReplaySerializer(serializers.Serializer):
    match = MatchSummarySerializer()
    frames = FrameSerializer(many=True)
    texts = serializers.DictField(child=serializers.CharField(), help_text=TEXTS_HELP)


class ReplayFramesSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="the number of frames of the replay, the deal (frame 0) included")
    start = serializers.IntegerField(help_text="the number of the first frame given")
    frames = FrameSerializer(many=True)
    texts = serializers.DictField(child=serializers.CharField(), help_text=TEXTS_HELP)


class ChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="the seat the author held; null for a spectator")
    name = serializers.CharField()
    guest = serializers.BooleanField(
        help_text="said by a guest (a display name chosen in a browser session), not by the registered player of "
                  "that name")
    text = serializers.CharField(help_text="as it was said (whitespace folded): show it as text, not HTML")
    version = serializers.IntegerField(help_text="the match version when it was said")
    created = serializers.DateTimeField()
