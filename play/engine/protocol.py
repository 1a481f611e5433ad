"""The game engine protocol of DESIGN.md: every game implements :class:`Game`; matches, bots,
the API, websockets and replays use nothing else. No Django import here or anywhere under
``play/engine``, ``play/games`` and ``play/bots``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

State = Any
"""A game's state: an immutable value of the game's own type, compared with ``==``."""


class IllegalAction(Exception):
    """An action ``apply`` refuses; the state it was given is unchanged.

    ``code`` is snake_case: ``not_your_turn``, ``game_over``, ``malformed_action`` (wrong shape or
    type), ``illegal_action`` (against the rules; ``message`` names the rule), or a game's own
    more precise code. ``message`` is one English sentence.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: ``scores[seat]`` (the game's own unit, e.g. minus points
    for L.A.M.A.) and the sorted tuple of winning seats (ties share the win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), **({"details": self.details} if self.details else {})}


@runtime_checkable
class Game(Protocol):
    slug: str
    name: str                  # the game's printed name, e.g. "L.A.M.A."
    min_players: int
    max_players: int

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        """The first state. Bad options or player counts raise ``ValueError`` naming the option."""

    def to_act(self, state: State) -> list[int]:
        """Seats that may act now ([] once the game is over)."""

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        """Exactly the actions ``apply`` accepts from ``seat`` now; [] for a seat that may not act."""

    def apply(self, state: State, seat: int, action: dict) -> State:
        """The next state; raises :class:`IllegalAction` and leaves ``state`` unchanged."""

    def view(self, state: State, seat: int | None) -> dict:
        """JSON-safe: exactly what ``seat`` may know (``None``: a spectator)."""

    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs."""

    def dump(self, state: State) -> dict:
        """JSON-safe; ``load(dump(s)) == s``."""

    def load(self, data: dict) -> State:
        """The state ``dump`` gave."""


@runtime_checkable
class Narrated(Protocol):
    """Optional for a :class:`Game`: plain-English lines about what happened between two states,
    for logs and the ``play`` command (e.g. a round's end with its scores)."""

    def narrate(self, before: State, after: State) -> list[str]:
        """Lines worth printing about the step from ``before`` to ``after``; ``[]`` for an
        ordinary move."""


def public_options(game, options: dict) -> dict:
    """``options`` without the ones that would show hidden information to whoever reads them.

    A game lists such options in an optional ``secret_options`` attribute (a set of names):
    stacked deals (``deck``, ``decks``, ``pool``) give away every hand and the draw order, so a
    match's options are shown to its players and spectators only through this function.
    """
    secret = getattr(game, "secret_options", ())
    return {name: value for name, value in options.items() if name not in secret}


def stacked_options(game, options) -> list[str]:
    """The names of ``options`` that stack the deal, sorted (``[]`` when ``options`` is not a
    dict): the game's ``secret_options`` and the names in its optional ``stacking_options``
    attribute, options that hide nothing themselves but let whoever sets them know hidden cards
    (e.g. Elements of Chaos's ``stacked``, which deals each seat's deck in its list order).

    DESIGN.md, "The game engine protocol": a stacked deal is for tests, puzzles and tutorials,
    never where another person sits at the table and could be misled; whoever makes a match
    checks the seats with this function."""
    if not isinstance(options, dict):
        return []
    names = set(getattr(game, "secret_options", ())) | set(getattr(game, "stacking_options", ()))
    return sorted(str(name) for name in options if name in names)
