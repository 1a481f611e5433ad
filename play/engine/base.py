"""The base every game inherits (DESIGN.md, "The game engine protocol"): what the four games would
otherwise each write again, from the game's declared record (:class:`~.spec.GameSpec`).

A game subclasses :class:`BaseGame` with two class attributes, ``spec`` (its record) and
``state_type`` (its frozen-dataclass state), and writes ``setup``, ``to_act``, ``legal_actions``,
``apply``, ``view`` and ``outcome``. It inherits ``slug``, ``name``, ``min_players`` and
``max_players`` from the record, and defaults it may override: ``dump``/``load`` through the
codec (``load(data, options)``: the match's options, for a game whose states leave out what
they share) (with :meth:`BaseGame.check_state` for what the types cannot say),
``public_action`` (every action public), ``determinize`` (none: each game writes its own),
``narrate`` (nothing to say), ``cli_options`` (the arguments its record declares, none by
default) and :meth:`BaseGame.check_setup` for ``setup``'s arguments.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tcg.message import InLanguages

from .codec import from_json, to_json
from .errors import illegal
from .options import check_names, check_players, check_seed
from .spec import GameSpec


class BaseGame:
    """Defaults of the :class:`~.protocol.Game` protocol for a game declared by ``spec``."""

    spec: ClassVar[GameSpec]
    state_type: ClassVar[type]
    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    illegal = staticmethod(illegal)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:
            cls.slug, cls.name = spec.slug, spec.name
            cls.min_players, cls.max_players = spec.min_players, spec.max_players

    def check_setup(self, players: Any, seed: Any, options: Any) -> tuple[int, int, dict]:
        """``(players, seed, options)`` once the player count is in the record's range, the seed
        an int and every option name one the record declares; ``ValueError`` naming the argument
        otherwise (e.g. ``"players: L.A.M.A. is for 2 to 6 players, not 7"``)."""
        spec = self.spec
        game = InLanguages(spec.names.get("ja", spec.name), spec.name)
        players = check_players(players, spec.min_players, spec.max_players, game)
        return players, check_seed(seed), check_names(options, spec.option_names)

    def dump(self, state) -> dict:
        """The state as JSON-safe dicts and lists (``load(dump(s), options) == s``)."""
        return to_json(state)

    def load(self, data: dict, options: Mapping | None = None):
        """The state ``dump`` gave; ``ValueError`` naming the field when ``data`` is not one of
        ``state_type``'s shape, or when :meth:`check_state` refuses it. ``options`` (the match's)
        are not needed: the whole state is in ``data``."""
        state = from_json(self.state_type, data)
        self.check_state(state)
        return state

    def check_state(self, state) -> None:
        """``ValueError`` when a loaded ``state`` has the right types but cannot be one of this
        game (e.g. seats that do not match the player count); nothing by default."""

    def public_action(self, action: dict, seat: int, viewer: int | None) -> dict:
        """``action`` (taken by ``seat``) as ``viewer`` (a seat, or ``None`` for a spectator) may
        see it; whatever shows an action to players (the log, a view's ``last_action``, the
        websocket, the replay) passes it through here. Every action is public by default; a game
        with hidden moves (a card placed face down) leaves out what the viewer may not see."""
        return action

    def determinize(self, view: dict, seat: int, rng, private: dict | None = None):
        """A full state consistent with ``seat``'s ``view`` (:meth:`~.protocol.Game.determinize`);
        every game of the table writes its own. ``NotImplementedError`` here."""
        raise NotImplementedError(f"{self.name} does not draw states from a view")

    def narrate(self, before, after) -> list[str]:
        """Plain-English lines about the step from ``before`` to ``after`` for the ``play``
        command (e.g. a round's end with its scores); ``[]`` by default."""
        return []

    def card_texts(self, options: dict | None, lang: str) -> dict[str, str]:
        """The text on the face of each card of a match set up with ``options``, in ``lang``
        (``"ja"`` or ``"en"``), by card code: what a table shows under a card's name in the hand.
        ``{}`` by default (a game whose cards carry no text)."""
        return {}

    def cli_options(self, args: Mapping[str, str], options: dict | None) -> dict | None:
        """``options`` after the ``play`` command's arguments of this game (``args``: the given
        ones among the record's ``cli_options``, by name); ``ValueError`` for a bad value. No
        arguments by default, so ``options`` as they are."""
        return options
