"""The game engine protocol of DESIGN.md: every game implements :class:`Game`; matches, bots,
the API, websockets and replays use nothing else. No Django import here or anywhere under
``play/engine``, ``play/games`` and ``play/bots``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .spec import GameSpec

State = Any
"""A game's state: an immutable value of the game's own type, compared with ``==``."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: ``scores[seat]`` (the game's own unit, e.g. minus points
    for L.A.M.A.) and the sorted tuple of winning seats (ties share the win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), **({"details": self.details} if self.details else {})}

    @classmethod
    def best_share(cls, scores: Sequence[int], best: Callable[[Sequence[int]], int] = min,
                   details: dict | None = None) -> Outcome:
        """The outcome where the seats with the ``best`` score (``min``: fewest minus points, as in
        L.A.M.A. and Completto; ``max``: most points, as in Elements) share the win."""
        scores = tuple(scores)
        top = best(scores)
        return cls(scores, tuple(seat for seat, score in enumerate(scores) if score == top), details or {})


@runtime_checkable
class Game(Protocol):
    """A game at the table. Every game of ``play.games`` is a :class:`play.engine.BaseGame`,
    which gives the attributes from its ``spec`` and defaults for the last four methods."""

    spec: GameSpec             # the game's declared record: names, players, options, ...
    slug: str                  # "eoc", "elements", "completto", "lama"
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
        """The next state; raises :class:`~.errors.IllegalAction` and leaves ``state`` unchanged."""

    def view(self, state: State, seat: int | None) -> dict:
        """JSON-safe: exactly what ``seat`` may know (``None``: a spectator)."""

    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs."""

    def dump(self, state: State) -> dict:
        """JSON-safe; ``load(dump(s), options) == s`` for the ``options`` the match was set up
        with. What every state of a match shares and its options hold (Elements of Chaos: the
        card data of the decks) is left out, so a stored state stays small."""

    def load(self, data: dict, options: Mapping | None = None) -> State:
        """The state ``dump`` gave, for a match set up with ``options`` (the ``Match.options``
        stored beside the state). ``ValueError`` naming the field for data of another shape, and
        when the game needs the options to load it (a catalogue it has not built yet in this
        process) and ``options`` is ``None`` or does not hold the state's cards."""

    def public_action(self, action: dict, seat: int, viewer: int | None) -> dict:
        """``action`` taken by ``seat`` as ``viewer`` may see it (``None``: a spectator)."""

    def narrate(self, before: State, after: State) -> list[str]:
        """Plain-English lines about the step from ``before`` to ``after`` (``[]``: none)."""

    def cli_options(self, args: Mapping[str, str], options: dict | None) -> dict | None:
        """``options`` after the ``play`` command's arguments the record declares."""
