"""The record each game declares (DESIGN.md, "The game engine protocol"): what the platform needs to
know of a game besides its rules, in one place.

A :class:`GameSpec` holds the slug, the names in English and Japanese, the player range, every
option of ``setup`` (an :class:`Option`: type, default, range or choices, whether it is secret,
whether it stacks the deal, whether the new-match form offers it, its label and help), the option
the seats' own decks fill, the actions only people take, the command-line arguments of the
``play`` command, and the playing time and one-line summary its how-to-play page shows. The
engine reads its options through the record (so the range it checks is the one the form and the
API show), the match services, the form, the API, the rules pages and the ``play`` command read
the rest. Texts meant for people (labels, help, summary) are English, marked with
``gettext_noop`` for the translation catalogue; the Django side says them in the reader's
language. No Django here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcg.message import gettext_noop

from .errors import bad_option, either, shown

INT, BOOL, SEAT, DATA = "int", "bool", "seat", "data"
TYPES = (INT, BOOL, SEAT, DATA)
"""Option types: ``int`` (an int in ``low..high`` or one of ``choices``), ``bool``, ``seat`` (an
int ``0..players-1``) and ``data`` (JSON the game reads itself, e.g. a stacked deck)."""

_NO_DEFAULT = object()


@dataclass(frozen=True)
class Option:
    """One option of a game's ``setup``, as the game's rules page names it.

    ``type`` is one of :data:`TYPES`; ``default`` the value when the option is absent (``None``:
    the game decides, as ``help`` says, e.g. Elements' ``deals`` is the player count); ``low`` and
    ``high`` bound an ``int``; ``choices`` (with their ``choice_labels`` on the form) list the
    values an ``int`` may take instead. ``secret``: the value shows hidden cards (a stacked deck),
    so players and spectators are never shown it; ``stacking``: it hides nothing itself but lets
    whoever sets it know hidden cards (both stack the deal: only with bots in every other seat).
    ``on_form``: the new-match form offers it (never a secret or stacking one); ``label`` and
    ``help``: what the form says of it."""

    name: str
    type: str
    default: Any = None
    low: int | None = None
    high: int | None = None
    choices: tuple = ()
    choice_labels: tuple[str, ...] = ()
    secret: bool = False
    stacking: bool = False
    on_form: bool = False
    label: str = ""
    help: str = ""

    def __post_init__(self):
        if self.type not in TYPES:
            raise ValueError(f"option {self.name}: unknown type {self.type!r}")
        if self.type == INT and not self.choices and (self.low is None or self.high is None):
            raise ValueError(f"option {self.name}: an int option has a range or choices")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")
        if self.on_form and (self.secret or self.stacking or self.type in (DATA, SEAT)):
            raise ValueError(f"option {self.name}: the form offers no secret, stacking, seat or data option")
        if self.on_form and not self.label:
            raise ValueError(f"option {self.name}: an option on the form has a label")
        if self.default is not None and self.type == INT:
            self._check(self.default, self.low, self.high)

    @property
    def stacks(self) -> bool:
        """Whether setting the option stacks the deal (it is secret or stacking)."""
        return self.secret or self.stacking

    def bounds(self, players: int | None = None) -> tuple[int | None, int | None]:
        """``(low, high)`` of an ``int`` option, or of a ``seat`` one for ``players`` seats."""
        if self.type == SEAT:
            return 0, None if players is None else players - 1
        return self.low, self.high

    def read(self, options: Mapping, players: int | None = None, default: Any = _NO_DEFAULT) -> Any:
        """The option's value in ``options`` (a dict of checked names), ``default`` (else the
        record's) when absent; ``BadOption`` (a ``ValueError`` with a translatable message, see
        ``play.engine.errors``) naming the option when the value is not of its type or range: ``"end_at: must be an integer from 1 to 1000, not 0"``, ``"rows: must be 4 or 5,
        not 6"``, ``"sandbox: must be true or false, not 'yes'"``. A ``seat`` option needs
        ``players``; a ``data`` option is returned as it is, for the game to read."""
        if self.name not in options:
            return self.default if default is _NO_DEFAULT else default
        value = options[self.name]
        if self.type == BOOL:
            if type(value) is not bool:
                raise bad_option(gettext_noop("%(option)s: must be true or false, not %(value)s"),
                                 option=self.name, value=shown(value))
        elif self.type in (INT, SEAT):
            self._check(value, *self.bounds(players))
        return value

    def _check(self, value, low, high) -> None:
        if self.choices:
            if type(value) is not int or value not in self.choices:
                raise bad_option(gettext_noop("%(option)s: must be %(choices)s, not %(value)s"),
                                 option=self.name, choices=either(self.choices), value=shown(value))
        elif type(value) is not int or not low <= value <= high:
            raise bad_option(gettext_noop("%(option)s: must be an integer from %(low)s to %(high)s, not %(value)s"),
                             option=self.name, low=low, high=high, value=shown(value))


@dataclass(frozen=True)
class CliOption:
    """A command-line argument of the ``play`` command that the game turns into options
    (``Game.cli_options``), e.g. ``--decks SMP-RED,SMP-GREEN``; ``help`` for ``--help``."""

    name: str
    help: str


@dataclass(frozen=True)
class GameSpec:
    """What a game declares besides its rules (see the module's description).

    ``names``: ``{"en": printed name, "ja": Japanese name}``; ``options`` in the order the rules
    page gives them; ``seat_decks``: the option the seats' own decks fill (each seat brings a deck,
    one list per seat, in seat order), ``None`` for a game played with its own components;
    ``people_only_actions``: action types bots never take (e.g. sandbox moves), except those
    ``bot_fallback(legal, seat)`` picks from a seat's legal ones when it has no other (see
    :meth:`bot_actions`); ``cli_options``:
    the ``play`` command's arguments for this game; ``minutes``: the playing time its rules page
    gives (``None``: it gives none); ``summary``: one line of what the game is about
    (``gettext_noop``); ``unrated_options``: the bool options that, set to true, make a match
    practice that no rating counts (e.g. Elements of Chaos's ``sandbox``, where the players move
    the cards by hand); ``longest(options, players)``: the most moves a match with these (valid)
    options may take — a bound the rules set where there is one (Completto's ``max_turns``), else
    one measured with the bots — for a game whose length grows with its ``length_options``
    (``None`` and ``()`` for a game none of whose options makes a match longer; see
    :meth:`most_moves`)."""

    slug: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    seat_decks: str | None = None
    people_only_actions: frozenset[str] = frozenset()
    bot_fallback: Callable[[Sequence[dict], int], list[dict]] | None = None
    cli_options: tuple[CliOption, ...] = ()
    minutes: int | None = None
    summary: str = ""
    unrated_options: frozenset[str] = frozenset()
    longest: Callable[[Mapping, int], int] | None = None
    length_options: tuple[str, ...] = ()
    _by_name: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if set(self.names) != {"en", "ja"}:
            raise ValueError(f"{self.slug}: names in English and Japanese (keys en, ja)")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.slug}: a player range low..high")
        by_name = {option.name: option for option in self.options}
        if len(by_name) != len(self.options):
            raise ValueError(f"{self.slug}: two options with one name")
        if self.seat_decks is not None and self.seat_decks not in by_name:
            raise ValueError(f"{self.slug}: seat_decks names an option the game does not have")
        if not self.unrated_options <= set(by_name):
            raise ValueError(f"{self.slug}: unrated_options names an option the game does not have")
        if not set(self.length_options) <= set(by_name):
            raise ValueError(f"{self.slug}: length_options names an option the game does not have")
        if bool(self.length_options) != (self.longest is not None):
            raise ValueError(f"{self.slug}: longest and length_options go together")
        object.__setattr__(self, "_by_name", by_name)

    def bot_actions(self, legal: Sequence[dict], seat: int) -> list[dict]:
        """The actions of ``legal`` (a seat's legal actions) a bot playing ``seat`` chooses
        among: those whose type is not in ``people_only_actions``; when that leaves none, what
        ``bot_fallback(legal, seat)`` picks from the rest (e.g. in an Elements of Chaos sandbox
        match, a seat left with an empty hand at its action table takes its deck's top card
        into its hand), so a seat a bot plays is never stuck; ``[]`` when neither gives one."""
        kept = [a for a in legal if a.get("type") not in self.people_only_actions]
        if kept or self.bot_fallback is None:
            return kept
        return self.bot_fallback(legal, seat)

    @property
    def name(self) -> str:
        """The printed (English) name, e.g. ``"L.A.M.A."``."""
        return self.names["en"]

    def name_in(self, language: str | None) -> str:
        """The name in ``language`` (``"ja"``, ``"ja-jp"``, ``"en"``…), English for any other."""
        return self.names.get((language or "en").split("-")[0].lower(), self.names["en"])

    def option(self, name: str) -> Option:
        """The option ``name``; ``KeyError`` when the game has none."""
        return self._by_name[name]

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    @property
    def form_options(self) -> tuple[Option, ...]:
        """The options the new-match form offers, in record order."""
        return tuple(option for option in self.options if option.on_form)

    @property
    def secret_options(self) -> frozenset[str]:
        """The names of the options never shown to players and spectators."""
        return frozenset(option.name for option in self.options if option.secret)

    def public_options(self, options: Mapping) -> dict:
        """``options`` without the secret ones (stacked deals give away every hand and the draw
        order), as a match's options are shown to its players and spectators."""
        secret = self.secret_options
        return {name: value for name, value in options.items() if name not in secret}

    def stacked_options(self, options) -> list[str]:
        """The names of ``options`` that stack the deal (secret or stacking), sorted; ``[]`` when
        ``options`` is not a dict. DESIGN.md, "The game engine protocol": a stacked deal is for
        tests, puzzles and tutorials, never where another person sits at the table and could be
        misled; whoever makes a match checks the seats with this."""
        if not isinstance(options, dict):
            return []
        return sorted(str(name) for name in options if name in self._by_name and self._by_name[name].stacks)

    def is_rated(self, options) -> bool:
        """Whether a match with ``options`` may count for ratings: none of the
        :attr:`unrated_options` is set to true."""
        return not (isinstance(options, Mapping) and any(options.get(name) is True for name in self.unrated_options))

    def most_moves(self, options: Mapping, players: int) -> int | None:
        """The most moves a match of ``players`` seats with ``options`` (already checked by the
        game's ``setup``) may take, from :attr:`longest`; ``None`` when no option of the game
        makes a match longer (its length is the rules' own)."""
        return None if self.longest is None else self.longest(options, players)

    def plays_with_seat_decks(self, options: Mapping | None) -> bool:
        """Whether a match with ``options`` needs a deck from each seat: the game is played with
        one's own deck and the options hold no stacked deal of the decks."""
        return self.seat_decks is not None and not (isinstance(options, Mapping) and self.seat_decks in options)

    def with_seat_decks(self, options: Mapping, decks: list) -> dict:
        """``options`` with the seats' decks (one list per seat, in seat order) as the option
        :attr:`seat_decks`."""
        if self.seat_decks is None:
            raise ValueError(f"{self.slug} is not played with the seats' own decks")
        return {**options, self.seat_decks: [list(deck) for deck in decks]}
