"""Forms of the table pages: a guest's display name and a new match.

The match form is general: its games come from ``play.games.GAMES`` and each game's option
fields, with their defaults and limits, from the options its record offers on the form
(``GameSpec.form_options``, see :func:`option_field`); it turns the posted fields into the
arguments of ``play.services.create.create_match``.
"""
from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.forms import WholeNumberField
from core.validators import clean_guest_name
from play.bots import DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS, MIN_THINK_SECONDS, thinks
from play.engine import BOOL, INT, Option
from play.games import GAMES
from play.identity import MAX_NAME_LENGTH
from play.levels import Level, find, levels_for, offered
from play.seat_decks import DEFAULT_BOT_DECK, deck_choices, sample_deck_choices
from play.turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN

YOU, OPEN = "you", "open"
#: The level a bot seat starts at on the form.
DEFAULT_LEVEL = "normal"
#: The id of the form's list of the bots' levels, each with how it plays (each seat's choice
#: points at it).
LEVELS_ID = "bot-levels"
MAX_SEATS = max(game.max_players for game in GAMES.values())
MIN_SEATS = min(game.min_players for game in GAMES.values())


def game_label(slug: str) -> str:
    """The game's name in the active language, from its record (the slug for a game the site
    does not host)."""
    game = GAMES.get(slug)
    return game.spec.name_in(get_language()) if game else slug


def option_field(option: Option) -> forms.Field:
    """The form field of an option the record offers on the form (never one that stacks the deal:
    the record refuses that, and the services take those only at a match with bots in every other
    seat): a choice of its ``choices``, a whole number in its range, or a check box; its default
    as the initial value, its label and help in the reader's language, left empty for the
    default."""
    label, help_text = _(option.label), _(option.help)
    if option.type == BOOL:
        return forms.BooleanField(label=label, help_text=help_text, initial=option.default, required=False)
    if option.type == INT and option.choices:
        labels = option.choice_labels or tuple(map(str, option.choices))
        choices = [(value, _(text)) for value, text in zip(option.choices, labels)]
        return forms.TypedChoiceField(label=label, help_text=help_text, choices=choices, coerce=int, empty_value=None,
                                      initial=option.default, required=False)
    if option.type == INT:
        return WholeNumberField(label=label, help_text=help_text, min_value=option.low, max_value=option.high,
                                initial=option.default, required=False)
    raise ValueError(f"option {option.name} of type {option.type} has no form field")


def option_field_name(slug: str, name: str) -> str:
    return f"{slug}-{name}"


def seat_field_name(index: int) -> str:
    return f"seat_{index}"


def seat_deck_field_name(index: int) -> str:
    return f"seat_{index}_deck"


def deck_games() -> list[str]:
    """The slugs of the games each seat brings its own deck to (their record's ``seat_decks``)."""
    return [slug for slug, game in GAMES.items() if game.spec.seat_decks]


def seat_kinds() -> list[tuple[str, str]]:
    """A seat's choices: you, open for a person, or a bot at one of the levels there are
    (``play.levels.offered``), easiest first."""
    return [(YOU, _("You")), (OPEN, _("Open for a person"))] + [(level.name, level.seat_label) for level in offered()]


class SeatSelect(forms.Select):
    """A seat's choice; each level's option names the games its bot plays (``data-games``), so
    that the page offers a game's levels only, and the choice points at the list of levels."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        level = find(value) if value not in (YOU, OPEN) else None
        if level is not None:
            option["attrs"]["data-games"] = " ".join(level.games())
        return option


class SeatKindField(forms.ChoiceField):
    """Who sits at a seat: ``you``, ``open`` or a level's name; a bot's own name (``random``,
    ``heuristic``) is taken as its level's and cleaned to it. An unknown value is refused with a
    message naming the choices."""

    widget = SeatSelect

    def __init__(self, **kwargs):
        super().__init__(choices=seat_kinds, **kwargs)
        self.widget.attrs["aria-describedby"] = LEVELS_ID

    def to_python(self, value):
        value = super().to_python(value)
        level = find(value)
        return level.name if level is not None and level in offered() else value

    def validate(self, value):
        if value and not self.valid_value(value):
            raise forms.ValidationError(
                _("“%(value)s” is not a choice for a seat. Choose one of: %(choices)s."), code="invalid_choice",
                params={"value": value, "choices": ", ".join(str(label) for _value, label in self.choices)},
            )
        super().validate(value)


class DeckChoiceField(forms.ChoiceField):
    """A deck to bring to a match, chosen among the decks one may use."""

    def __init__(self, choices, **kwargs):
        super().__init__(choices=[("", "—")] + list(choices), required=False, **kwargs)


class GuestNameForm(forms.Form):
    """The name a guest plays under, kept in the session: a name shown to others, not one that
    reads as a registered user's (``core.validators.clean_guest_name``)."""

    name = forms.CharField(
        label=_("Display name"), max_length=MAX_NAME_LENGTH,
        help_text=_("Shown to the other players at the table."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": True}),
    )

    def clean_name(self) -> str:
        return clean_guest_name(self.cleaned_data["name"])


class MatchForm(forms.Form):
    """A new match: the game, its seats (you, open for a person, or a bot at one of the levels
    of ``play.levels`` that play the game), an optional turn clock and the game's options, in a
    game played with one's own deck the creator's ``deck`` and each bot seat's deck
    (``seat_<n>_deck``, sample decks), and, where a level's bot thinks, its time to think per
    move (``think_seconds``). ``player`` (who creates) picks the decks they may use.
    ``cleaned_data`` gains ``seats``, ``options``, ``deck`` and ``think_seconds`` in the shape
    ``create_match`` takes."""

    levels_id = LEVELS_ID
    default_level = DEFAULT_LEVEL

    game = forms.ChoiceField(label=_("Game"))
    players = WholeNumberField(label=_("Number of seats"), min_value=MIN_SEATS, max_value=MAX_SEATS, initial=4)
    seconds_per_turn = WholeNumberField(
        label=_("Seconds per turn"), required=False, min_value=MIN_SECONDS_PER_TURN, max_value=MAX_SECONDS_PER_TURN,
        help_text=_("Leave empty for no clock. When the time runs out, a bot plays the turn."),
    )

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(slug, game_label(slug)) for slug in GAMES]
        self.fields["game"].initial = next(iter(GAMES))
        self.deck_games = deck_games()
        samples = sample_deck_choices() if self.deck_games else []
        sample_ids = [deck_id for deck_id, _label in samples]
        if self.deck_games:
            mine = deck_choices(player)
            self.fields["deck"] = DeckChoiceField(
                mine, label=_("Your deck"), initial=mine[0][0] if mine else "",
                help_text=_("A deck of yours, a public deck or a sample deck. It must follow the deck rules."),
            )
        for index in range(MAX_SEATS):
            self.fields[seat_field_name(index)] = SeatKindField(
                label=_("Seat %(number)s") % {"number": index + 1}, required=False,
                initial=YOU if index == 0 else DEFAULT_LEVEL,
            )
            if self.deck_games:
                initial = DEFAULT_BOT_DECK if DEFAULT_BOT_DECK in sample_ids else (sample_ids[0] if samples else "")
                self.fields[seat_deck_field_name(index)] = DeckChoiceField(
                    samples, label=_("Bot's deck for seat %(number)s") % {"number": index + 1}, initial=initial,
                )
        for slug, game in GAMES.items():
            for option in game.spec.form_options:
                self.fields[option_field_name(slug, option.name)] = option_field(option)
        if self.thinking_levels():
            self.fields["think_seconds"] = forms.DecimalField(
                label=_("The strong bot's time to think"), required=False, min_value=Decimal(f"{MIN_THINK_SECONDS:g}"),
                max_value=Decimal(f"{MAX_THINK_SECONDS:g}"), decimal_places=1, initial=DEFAULT_THINK_SECONDS,
                help_text=_("Seconds per move, from %(min)s to %(max)s: the longer it thinks, the better it plays.")
                % {"min": f"{MIN_THINK_SECONDS:g}", "max": f"{MAX_THINK_SECONDS:g}"},
                widget=forms.NumberInput(attrs={"step": "0.1", "inputmode": "decimal"}),
            )

    @staticmethod
    def levels() -> list[Level]:
        """The bots' levels there are, easiest first (the template lists them with how each plays)."""
        return offered()

    def level_notes(self) -> list[dict]:
        """Per game that some level's bot does not play: its slug and a line naming those levels
        (the page shows the chosen game's, as its seats no longer offer them)."""
        notes = []
        for slug, game in GAMES.items():
            missing = [level for level in offered() if level not in levels_for(game)]
            if missing:
                notes.append({"slug": slug, "text": _("Not for %(game)s: %(levels)s.") % {
                    "game": game_label(slug), "levels": ", ".join(str(level.seat_label) for level in missing)}})
        return notes

    def think_field(self) -> forms.BoundField | None:
        """The bound field of the time to think, where a level's bot thinks; else ``None``."""
        return self["think_seconds"] if "think_seconds" in self.fields else None

    @staticmethod
    def thinking_levels() -> list[str]:
        """The names of the levels whose bot thinks within a time per move."""
        return [level.name for level in offered() if thinks(level.bot)]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[seat_field_name(i)] for i in range(MAX_SEATS)]

    def seat_rows(self) -> list[dict]:
        """Per seat: its kind field and, where games bring decks, its bot's deck field."""
        return [
            {"field": self[seat_field_name(i)],
             "deck": self[seat_deck_field_name(i)] if self.deck_games else None}
            for i in range(MAX_SEATS)
        ]

    def game_sections(self) -> list[dict]:
        """Per game: its slug, name, seat range and bound option fields, for the template."""
        return [
            {"slug": slug, "label": game_label(slug), "min": game.min_players, "max": game.max_players,
             "options": [self[option_field_name(slug, o.name)] for o in game.spec.form_options]}
            for slug, game in GAMES.items()
        ]

    def clean(self):
        data = super().clean()
        slug, players = data.get("game"), data.get("players")
        if slug is None or players is None:
            return data
        game = GAMES[slug]
        if not game.min_players <= players <= game.max_players:
            if game.min_players == game.max_players:
                message = ngettext_lazy("%(game)s is played by %(min)s player.", "%(game)s is played by %(min)s players.",
                                        "min")
            else:
                message = _("%(game)s is played by %(min)s to %(max)s players.")
            self.add_error("players", forms.ValidationError(
                message, code="players",
                params={"game": game_label(slug), "min": game.min_players, "max": game.max_players},
            ))
            return data
        kinds = []
        for index in range(players):
            kind = data.get(seat_field_name(index))
            if not kind:
                self.add_error(seat_field_name(index), forms.ValidationError(
                    _("Choose who sits here."), code="required"))
            kinds.append(kind)
        if not all(kinds):
            return data
        levels = {level.name: level for level in levels_for(game)}
        for index, kind in enumerate(kinds):
            if kind not in (YOU, OPEN) and kind not in levels:
                choices = [label for value, label in seat_kinds() if value in (YOU, OPEN) or value in levels]
                self.add_error(seat_field_name(index), forms.ValidationError(
                    _("“%(level)s” does not play %(game)s. Choose one of: %(choices)s."), code="bad_seats",
                    params={"level": dict(seat_kinds())[kind], "game": game_label(slug),
                            "choices": ", ".join(str(label) for label in choices)}))
        if any(kind not in (YOU, OPEN) and kind not in levels for kind in kinds):
            return data
        people = [i for i, kind in enumerate(kinds) if kind not in levels]
        if kinds.count(YOU) > 1:
            self.add_error(None, forms.ValidationError(_("You can take only one seat."), code="bad_seats"))
        elif people and kinds[people[0]] != YOU:
            self.add_error(seat_field_name(people[0]), forms.ValidationError(
                _("You sit at the first seat kept for a person: choose “You” for it."), code="bad_seats"))
        data["seats"] = [{"kind": "bot", "bot": kind} if kind in levels else {"kind": "human"} for kind in kinds]
        think = data.get("think_seconds")
        data["think_seconds"] = DEFAULT_THINK_SECONDS if think is None else float(think)
        data["deck"] = (data.get("deck") or None) if slug in self.deck_games else None
        if slug in self.deck_games:
            for index, seat in enumerate(data["seats"]):
                bot_deck = data.get(seat_deck_field_name(index))
                if seat["kind"] == "bot" and bot_deck:
                    seat["deck"] = bot_deck
        data["options"] = {
            option.name: data[option_field_name(slug, option.name)]
            for option in game.spec.form_options
            if data.get(option_field_name(slug, option.name)) is not None
        }
        return data
