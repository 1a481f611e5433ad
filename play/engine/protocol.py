"""The game engine protocol of DESIGN.md: every game implements :class:`Game`; matches, bots,
the API, websockets and replays use nothing else. No Django import here or anywhere under
``play/engine``, ``play/games`` and ``play/bots``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .rng import Rng
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

    def determinize(self, view: dict, seat: int, rng: Rng, private: dict | None = None) -> State:
        """A full state consistent with what ``seat`` knows: a *determinization*, for a bot that
        searches over the states the seat cannot tell apart (it never reads the real state).

        ``view`` is ``self.view(state, seat)`` of some real ``state``; ``private`` is what the
        seat knows beyond its view that the platform may give a bot of that seat (``None``: nothing;
        Elements of Chaos: ``{"deck": [the seat's own deck as card interchange dicts]}``; the
        other games ignore it, their whole card set being fixed by the rules). What the view
        shows is kept as it is: the seat's own hand, every public card, pile sizes, scores, whose
        turn it is. What it hides (other live hands, the order of a draw pile, face-down cards, an
        opponent's secret answers) is dealt at random, by ``rng``, from the cards that can be
        there: for a game with a fixed card set, exactly the full set less the cards the seat
        sees; each game's method says where it draws unseen cards from otherwise.

        The result is a legal state of the game that ``to_act``, ``legal_actions`` and ``apply``
        continue from, with ``self.view(result, seat) == view`` and ``legal_actions(result,
        seat) == legal_actions(state, seat)``. Its generator state is drawn fresh from ``rng``
        (the real seed never leaks into a search), and options the view does not show (stacked
        decks) are left out: later deals are shuffled from that generator. ``rng`` is advanced.

        Raises ``ValueError`` for a view that is not one of this game's views of ``seat`` (another
        game's, another seat's, a spectator's), for a ``private`` of the wrong shape, and for a
        view whose cards cannot be completed to a state (more cards seen than the game has)."""

    def narrate(self, before: State, after: State) -> list[str]:
        """Plain-English lines about the step from ``before`` to ``after`` (``[]``: none)."""

    def cli_options(self, args: Mapping[str, str], options: dict | None) -> dict | None:
        """``options`` after the ``play`` command's arguments the record declares."""
