"""Forms of the table pages: a guest's display name and a new match.

The match form is general: its games come from ``play.games.GAMES`` and each game may add
option fields (``GAME_OPTIONS``); it turns the posted fields into the arguments of
``play.services.create.create_match``.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from core.forms import WholeNumberField
from core.validators import clean_display_name
from play.games import GAMES
from play.games.elements.engine import MAX_DEALS
from play.identity import MAX_NAME_LENGTH
from play.seat_decks import DEFAULT_BOT_DECK, deck_choices, sample_deck_choices

SECONDS_MIN, SECONDS_MAX = 10, 3600

#: Game names as shown on the pages; a game missing here is shown by its printed ``name``.
GAME_LABELS = {"lama": _("L.A.M.A."), "completto": _("Completto"), "elements": _("Elements"),
               "eoc": _("Elements of Chaos")}

YOU, OPEN, RANDOM, HEURISTIC = "you", "open", "random", "heuristic"
SEAT_KINDS = [
    (YOU, _("You")),
    (OPEN, _("Open for a person")),
    (RANDOM, _("Random bot")),
    (HEURISTIC, _("Heuristic bot")),
]
BOTS = (RANDOM, HEURISTIC)
MAX_SEATS = max(game.max_players for game in GAMES.values())
MIN_SEATS = min(game.min_players for game in GAMES.values())


def game_label(slug: str) -> str:
    """The game's name for the pages (translated where it has a translation)."""
    if slug in GAME_LABELS:
        return str(GAME_LABELS[slug])
    game = GAMES.get(slug)
    return getattr(game, "name", slug) if game else slug


@dataclass(frozen=True)
class GameOption:
    """One option of a game on the form: the engine's option ``name`` and its form field."""

    name: str
    field: forms.Field


#: Per game, the options offered on the form: never one that stacks the deal
#: (``play.engine.stacked_options``; the services take those only at a match with bots in every
#: other seat, for tests, puzzles and tutorials through the API).
GAME_OPTIONS: dict[str, list[GameOption]] = {
    "lama": [
        GameOption("end_at", WholeNumberField(
            label=_("The game ends when a player reaches this many points"),
            help_text=_("40 in the printed rules; a small number makes a short game."),
            min_value=1, initial=40, required=False,
        )),
    ],
    "completto": [
        GameOption("games", WholeNumberField(
            label=_("Games in the series"),
            help_text=_("1 plays a single game; more add up the minus points of each game."),
            min_value=1, max_value=20, initial=1, required=False,
        )),
    ],
    "elements": [
        GameOption("deals", WholeNumberField(
            label=_("Deals"),
            help_text=_("As many as there are players in the printed rules, so that everyone starts once."),
            min_value=1, max_value=MAX_DEALS, required=False,
        )),
    ],
    "eoc": [
        GameOption("rows", forms.TypedChoiceField(
            label=_("Rows of the area"),
            help_text=_("4 × 4 squares in the rule summary; one source says 20 squares (4 × 5)."),
            choices=[(4, _("4 × 4")), (5, _("4 × 5"))], coerce=int, empty_value=None, initial=4, required=False,
        )),
        GameOption("sandbox", forms.BooleanField(
            label=_("Sandbox mode"),
            help_text=_("Both players may move any card between zones and change HP at any time, as with paper "
                        "cards; every change is logged and shown to both."),
            required=False,
        )),
    ],
}


def option_field_name(slug: str, name: str) -> str:
    return f"{slug}-{name}"


def seat_field_name(index: int) -> str:
    return f"seat_{index}"


def seat_deck_field_name(index: int) -> str:
    return f"seat_{index}_deck"


def deck_games() -> list[str]:
    """The slugs of the games each seat brings its own deck to (``seat_decks`` engines)."""
    return [slug for slug, game in GAMES.items() if getattr(game, "seat_decks", False)]


class DeckChoiceField(forms.ChoiceField):
    """A deck to bring to a match, chosen among the decks one may use."""

    def __init__(self, choices, **kwargs):
        super().__init__(choices=[("", "—")] + list(choices), required=False, **kwargs)


class GuestNameForm(forms.Form):
    """The name a guest plays under, kept in the session."""

    name = forms.CharField(
        label=_("Display name"), max_length=MAX_NAME_LENGTH,
        help_text=_("Shown to the other players at the table."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": True}),
    )

    def clean_name(self) -> str:
        return clean_display_name(self.cleaned_data["name"])


class MatchForm(forms.Form):
    """A new match: the game, its seats (you, open for a person, or a bot), an optional turn
    clock and the game's options, and in a game played with one's own deck the creator's
    ``deck`` and each bot seat's deck (``seat_<n>_deck``, sample decks). ``player`` (who
    creates) picks the decks they may use. ``cleaned_data`` gains ``seats``, ``options`` and
    ``deck`` in the shape ``create_match`` takes."""

    game = forms.ChoiceField(label=_("Game"))
    players = WholeNumberField(label=_("Number of seats"), min_value=MIN_SEATS, max_value=MAX_SEATS, initial=4)
    seconds_per_turn = WholeNumberField(
        label=_("Seconds per turn"), required=False, min_value=SECONDS_MIN, max_value=SECONDS_MAX,
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
            self.fields[seat_field_name(index)] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": index + 1}, choices=SEAT_KINDS, required=False,
                initial=YOU if index == 0 else HEURISTIC,
            )
            if self.deck_games:
                initial = DEFAULT_BOT_DECK if DEFAULT_BOT_DECK in sample_ids else (sample_ids[0] if samples else "")
                self.fields[seat_deck_field_name(index)] = DeckChoiceField(
                    samples, label=_("Bot's deck for seat %(number)s") % {"number": index + 1}, initial=initial,
                )
        for slug, options in GAME_OPTIONS.items():
            for option in options:
                self.fields[option_field_name(slug, option.name)] = copy.deepcopy(option.field)

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
             "options": [self[option_field_name(slug, o.name)] for o in GAME_OPTIONS.get(slug, [])]}
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
        people = [i for i, kind in enumerate(kinds) if kind not in BOTS]
        if kinds.count(YOU) > 1:
            self.add_error(None, forms.ValidationError(_("You can take only one seat."), code="bad_seats"))
        elif people and kinds[people[0]] != YOU:
            self.add_error(seat_field_name(people[0]), forms.ValidationError(
                _("You sit at the first seat kept for a person: choose “You” for it."), code="bad_seats"))
        data["seats"] = [{"kind": "bot", "bot": kind} if kind in BOTS else {"kind": "human"} for kind in kinds]
        data["deck"] = (data.get("deck") or None) if slug in self.deck_games else None
        if slug in self.deck_games:
            for index, seat in enumerate(data["seats"]):
                bot_deck = data.get(seat_deck_field_name(index))
                if seat["kind"] == "bot" and bot_deck:
                    seat["deck"] = bot_deck
        data["options"] = {
            option.name: data[option_field_name(slug, option.name)]
            for option in GAME_OPTIONS.get(slug, [])
            if data.get(option_field_name(slug, option.name)) is not None
        }
        return data
