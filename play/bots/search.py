"""The ``strong`` bot: a search over the states its seat cannot tell apart, for every game.

It sees what every bot sees, the seat's ``view`` and ``legal`` actions, never the state. To look
ahead it asks the game for *determinizations*: full states drawn at random among those consistent
with the view (``game.determinize(view, seat, rng, private)``; ``private`` is what the seat knows
beyond its view, Elements of Chaos: its own deck). From each drawn state it plays the game on with
the game's heuristic bot (``HEURISTICS``) in every seat, each reading its own view of that state,
until the game ends or the game's :class:`~.search_profiles.Profile` stops the playout (the end of
a L.A.M.A. round, of an Elements deal, a few turns of Completto or Elements of Chaos) and says what
the position is worth to each seat, in ``[0, 1]``.

Two methods (``method``):

- ``"pimc"`` (the default): determinized Monte Carlo with *paired worlds* and *racing*. Each
  round draws one state and plays every candidate action out from it, so two candidates are
  compared on the same hidden cards and the same later shuffles (the heuristic is deterministic:
  the difference between two playouts of one round is the candidates' difference alone). After
  ``min_rounds`` rounds a candidate whose paired difference to the leader is below zero by more
  than ``z`` standard errors is dropped, and the search ends early once one is left. The most
  valuable candidate is played; a tie goes to the heuristic's own choice.
- ``"ismcts"``: single-observer information-set Monte Carlo tree search (Cowling, Powley &
  Whitehouse 2012, as in OpenSpiel): a tree over the actions of every seat, one determinization
  per iteration, UCB1 with availability counts, one node added per iteration, then the same
  heuristic playout; the most visited candidate is played.

At equal budget the paired method won more against the heuristic in L.A.M.A. (bench/bots_strong.py
measures both; the README's Benchmarks give the figures measured), so it is the default.

The bot remembers its last view and action: the game's profile reads from them and the new view
what the others' moves told of their hidden cards (``clues``; L.A.M.A.: a player who draws held
nothing playable), and drawn states that do not fit are drawn again (up to ``resample`` times).
In L.A.M.A. with 2 players this raised the win rate against the heuristic (over the same 100
games, 57.5% to 65.5%; the README's Benchmarks give every figure). A bot made afresh for each move
is told its seat's last move (``recall``; the site does so, ``play.services.bot_turns``).

The candidates are the legal actions the game's profile finds worth a search
(:attr:`~.search_profiles.Profile.searched`; L.A.M.A.: no draw while a card can be played).
When the seat has more of them than ``width``, the candidates are the heuristic's choice and
others drawn at random, spread over the action types (a take, a move, a place...). With one legal
action, or when the game cannot draw states from a view, the bot answers at once (the heuristic's
choice in the second case).

The budget is wall time per move (``budget`` seconds, default :data:`DEFAULT_BUDGET`) and/or a cap
on the playouts per move (``iterations``). With ``budget=None`` and a cap, a move depends only on
the seed, the view and the legal actions: exactly reproducible. A playout stops as soon as the
time is up (the unfinished round is not counted), so a move takes at most the budget and one step.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable

from play.engine import Game, Rng, derive_seed

from . import DEFAULT_THINK_SECONDS, HEURISTICS
from .search_profiles import NO_CLUES, PROFILES, Profile, outcome_worth

DEFAULT_BUDGET = DEFAULT_THINK_SECONDS
"""Seconds of search per move (0.5; a match may set its bots' ``think_seconds``)."""

METHODS = ("pimc", "ismcts")


class _OutOfTime(Exception):
    """The move's time ran out in the middle of a playout."""


class _NoWorlds(Exception):
    """The game draws no state from this view."""


class SearchBot:
    """``choose(view, legal)`` by searching over determinizations (see the module's doc).

    ``SearchBot(game, seed, private=None, *, budget=0.5, iterations=None, method="pimc",
    width=12, min_rounds=None, z=2.0, exploration=0.7, profile=None, resample=64)``: ``budget`` seconds per
    move (``None``: no time limit, then ``iterations`` is required); ``iterations``: at most this
    many playouts per move; ``width``: at most this many candidate actions; ``min_rounds`` and
    ``z``: when the paired method may drop a candidate (``min_rounds`` ``None``: the profile's,
    :attr:`~.search_profiles.Profile.min_rounds`: 4, L.A.M.A. 12, Elements of Chaos 8); ``exploration``: UCB1's constant for
    ``"ismcts"``; ``profile``: when playouts stop and what they are worth (the game's own
    :data:`~.search_profiles.PROFILES` entry by default); ``resample``: at most this many draws
    more of a state that does not fit the clues (the last one is kept). ``ValueError`` for a game without a
    heuristic bot, an unknown method, or neither a budget nor a cap.

    After each move ``last`` holds what the search did: ``{"playouts", "rounds", "seconds",
    "candidates", "fallback"}``."""

    def __init__(self, game: Game, seed: int, private: dict | None = None, *, budget: float | None = DEFAULT_BUDGET,
                 iterations: int | None = None, method: str = "pimc", width: int = 12, min_rounds: int | None = None,
                 z: float = 2.0, confidence: float = 1.0, exploration: float = 0.7, profile: Profile | None = None,
                 resample: int = 64,
                 clock: Callable[[], float] = time.perf_counter):
        if game.slug not in HEURISTICS:
            raise ValueError(f"the strong bot needs a heuristic bot for {game.slug!r}")
        if method not in METHODS:
            raise ValueError(f"method: one of {', '.join(METHODS)}, not {method!r}")
        if budget is None and iterations is None:
            raise ValueError("give a time budget, a cap on playouts, or both")
        self.game = game
        self.seed = seed
        self.private = private
        self.budget = budget
        self.iterations = iterations
        self.method = method
        self.width = max(2, width)
        self.z = z
        self.confidence = confidence
        self.exploration = exploration
        self.profile = profile or PROFILES.get(game.slug) or Profile()
        self.min_rounds = max(1, self.profile.min_rounds if min_rounds is None else min_rounds)
        self.clock = clock
        self.rng = Rng.from_seed(seed)
        self.people_only = game.spec.people_only_actions
        self.heuristic = HEURISTICS[game.slug](derive_seed(seed, 1))
        self.resample = resample
        self.last: dict = {}
        self._before: tuple[dict, dict] | None = None  # the view and the action of the last move
        self._clues: tuple = ()

    # -- the move ----------------------------------------------------------------------------------
    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` for the seat of ``view`` (``ValueError`` when ``legal`` is empty)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        self._read_clues(view)
        choice = self._choose(view, legal)
        self._before = (view, choice)
        return choice

    @property
    def recalls(self) -> bool:
        """Whether the bot reads clues from the others' moves since its last one (its game's
        profile has ``clues``): a bot made afresh for a move then wants its seat's last move
        (:meth:`recall`)."""
        return self.profile.clues is not NO_CLUES

    def recall(self, view: dict, action: dict) -> None:
        """Take the seat's last move as if this bot had made it: ``view``, the seat's view just
        before it, and ``action``, the action it took. The site makes a bot afresh for every move
        (``play.services.bot_turns``), so without this it would read no clues; the next
        :meth:`choose` reads them as a bot kept from move to move does."""
        self._read_clues(view)
        self._before = (view, action)

    def _read_clues(self, view: dict) -> None:
        self._clues = self.profile.clues(*self._before, view, self._clues) if self._before else ()

    def _choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            self.last = {"playouts": 0, "rounds": 0, "seconds": 0.0, "candidates": 1, "fallback": False}
            return legal[0]
        start = self.clock()
        deadline = None if self.budget is None else start + self.budget
        playable = [a for a in legal if a.get("type") not in self.people_only] or legal
        playable = self.profile.searched(view, playable) or playable
        own = _index(playable, self.heuristic.choose(view, playable))
        candidates = self._candidates(playable, own)
        self.last = {"playouts": 0, "rounds": 0, "candidates": len(candidates), "fallback": False}
        if len(candidates) == 1:
            choice = candidates[0]
        else:
            try:
                choice = (self._pimc if self.method == "pimc" else self._ismcts)(view, candidates, deadline)
            except _NoWorlds:  # the game draws no state from this view: the heuristic's choice
                self.last["fallback"] = True
                choice = candidates[0]
        self.last["seconds"] = self.clock() - start
        return choice

    def _candidates(self, legal: list[dict], own: int) -> list[dict]:
        """The heuristic's choice first, then the other actions; when there are more than
        ``width`` (or than half the cap on playouts, so that two rounds can be played), others
        drawn at random in turn from each action type (so every kind of action has its say), in
        the order of ``legal``."""
        others = [i for i in range(len(legal)) if i != own]
        width = self.width
        if self.iterations is not None:  # room for two rounds at least
            width = max(2, min(width, self.iterations // 2))
        if len(legal) > width:
            by_type: dict[str, list[int]] = {}
            for i in others:
                by_type.setdefault(str(legal[i].get("type")), []).append(i)
            pools = [list(self.rng.shuffled(group)) for group in by_type.values()]
            chosen: list[int] = []
            while len(chosen) < width - 1:
                for pool in pools:
                    if pool and len(chosen) < width - 1:
                        chosen.append(pool.pop())
            others = sorted(chosen)
        return [legal[own]] + [legal[i] for i in others]

    # -- playouts ----------------------------------------------------------------------------------
    def _world(self, view: dict, seat: int):
        """A state drawn from ``view`` (``_NoWorlds`` when the game has no ``determinize`` or
        refuses the view, e.g. a ``private`` deck that does not match it)."""
        game = self.game
        try:
            world = game.determinize(view, seat, self.rng, self.private)
            for _ in range(self.resample if self._clues else 0):
                if all(clue.holds(game.view(world, clue.seat)) for clue in self._clues):
                    break
                world = game.determinize(view, seat, self.rng, self.private)
        except (NotImplementedError, ValueError) as error:
            raise _NoWorlds from error
        return world

    def _policy_action(self, state, seat: int, view: dict | None = None) -> dict:
        game = self.game
        legal = game.legal_actions(state, seat)
        if self.people_only:
            legal = game.spec.bot_actions(legal, seat) or legal
        if len(legal) == 1:
            return legal[0]
        return self.heuristic.choose(view if view is not None else game.view(state, seat), legal)

    def _playout(self, state, root: dict, steps: int, deadline: float | None) -> list[float]:
        """Play ``state`` on with the heuristic in every seat until the game ends or the profile
        stops it (``steps``: the steps since the searched position); the worth per seat."""
        game, profile, clock = self.game, self.profile, self.clock
        while True:
            outcome = game.outcome(state)
            if outcome is not None:
                return outcome_worth(outcome, root["players"])
            if deadline is not None and clock() > deadline:
                raise _OutOfTime
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            if profile.stop(root, view, steps):
                return profile.worth(view)
            state = game.apply(state, seat, self._policy_action(state, seat, view))
            steps += 1

    # -- determinized Monte Carlo with paired worlds and racing ------------------------------------------
    def _pimc(self, view: dict, candidates: list[dict], deadline: float | None) -> dict:
        game, seat = self.game, view["seat"]
        active = list(range(len(candidates)))
        values: list[list[float]] = [[] for _ in candidates]
        playouts = rounds = 0
        while len(active) > 1:
            if self.iterations is not None and playouts + len(active) > self.iterations:
                break
            if deadline is not None and self.clock() >= deadline:
                break
            world = self._world(view, seat)
            try:
                row = [self._playout(game.apply(world, seat, candidates[i]), view, 1, deadline)[seat] for i in active]
            except _OutOfTime:
                break
            playouts += len(active)
            rounds += 1
            for i, value in zip(active, row):
                values[i].append(value)
            if rounds >= self.min_rounds:
                active = self._race(active, values)
        self.last.update(playouts=playouts, rounds=rounds)
        if not rounds:
            return candidates[0]
        best = max(active, key=lambda i: (sum(values[i]), -i))
        if best != 0 and 0 in active and not self._better(values[best], values[0], self.confidence):
            return candidates[0]
        return candidates[best]

    @staticmethod
    def _better(a: list[float], b: list[float], z: float) -> bool:
        """Whether the paired values ``a`` beat ``b`` by more than ``z`` standard errors of their
        differences (by anything at all when every difference is the same)."""
        diffs = [x - y for x, y in zip(a, b)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        if var == 0.0:
            return mean > 0.0
        return mean > z * math.sqrt(var / n)

    def _race(self, active: list[int], values: list[list[float]]) -> list[int]:
        """The candidates still in the race: the leader (highest mean; the earliest on a tie, so
        the heuristic's choice first) and those not below it by more than ``z`` standard errors
        of their paired differences. One that scored the same as the leader in every round is
        dropped too: nothing tells them apart."""
        leader = max(active, key=lambda i: (sum(values[i]), -i))
        return [i for i in active if i == leader or not (
            values[i] == values[leader] or self._better(values[leader], values[i], self.z))]

    # -- information-set MCTS --------------------------------------------------------------------------
    def _ismcts(self, view: dict, candidates: list[dict], deadline: float | None) -> dict:
        game, seat = self.game, view["seat"]
        root = _Node()
        root_keys = [_key(a) for a in candidates]
        playouts = 0
        while self.iterations is None or playouts < self.iterations:
            if deadline is not None and self.clock() >= deadline:
                break
            state = self._world(view, seat)
            path: list[tuple[_Edge, int]] = []
            node, steps, actor = root, 0, seat
            legal, keys = candidates, root_keys
            try:
                while True:
                    edge, expanded = self._select(node, legal, keys, state, actor, node is root)
                    path.append((edge, actor))
                    state = game.apply(state, actor, edge.action)
                    steps += 1
                    if expanded or game.outcome(state) is not None:
                        break
                    actor = game.to_act(state)[0]
                    actor_view = game.view(state, actor)
                    if self.profile.stop(view, actor_view, steps):
                        break
                    legal = game.legal_actions(state, actor)
                    if self.people_only:
                        legal = game.spec.bot_actions(legal, actor) or legal
                    keys = [_key(a) for a in legal]
                    node = edge.child
                worth = self._playout(state, view, steps, deadline)
            except _OutOfTime:
                break
            playouts += 1
            for edge, actor in path:
                edge.visits += 1
                edge.total += worth[actor]
        self.last.update(playouts=playouts, rounds=playouts)
        if not playouts:
            return candidates[0]
        edges = [root.edges.get(k) for k in root_keys]
        best = max(range(len(candidates)),
                   key=lambda i: (edges[i].visits if edges[i] else 0, edges[i].total if edges[i] else 0.0, -i))
        return candidates[best]

    def _select(self, node: _Node, legal: list[dict], keys: list[str], state, actor: int,
                root: bool) -> tuple[_Edge, bool]:
        """The edge to follow from ``node`` among the ``legal`` actions of this determinization:
        an action not tried yet (the heuristic's own first, else one at random), else the best by
        UCB1 with availability counts. Every legal edge's availability grows by one."""
        untried = [i for i, k in enumerate(keys) if k not in node.edges]
        for k in keys:
            edge = node.edges.get(k)
            if edge is not None:
                edge.available += 1
        if untried:
            if len(untried) < len(keys):
                pick = untried[self.rng.randrange(len(untried))]
            elif root:  # the candidates: the heuristic's choice comes first
                pick = 0
            else:
                pick = _index(legal, self._policy_action(state, actor))
            edge = node.edges[keys[pick]] = _Edge(legal[pick])
            edge.available = 1
            return edge, True
        c = self.exploration
        best, best_score = None, -math.inf
        for k in keys:
            edge = node.edges[k]
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best, best_score = edge, score
        return best, False


class _Edge:
    __slots__ = ("action", "visits", "total", "available", "child")

    def __init__(self, action: dict):
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.child = _Node()


class _Node:
    __slots__ = ("edges",)

    def __init__(self):
        self.edges: dict[str, _Edge] = {}


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _index(legal: list[dict], action: dict) -> int:
    """The index of ``action`` in ``legal`` (0 when it is not there)."""
    for i, a in enumerate(legal):
        if a == action:
            return i
    return 0


class Strong:
    """The ``strong`` factory: ``factory(game, seed, private=None, think_seconds=0.5, **options)``
    makes a :class:`SearchBot` that searches ``think_seconds`` a move (``options``: its other
    keyword arguments). It ``thinks`` (a match sets its time) and ``takes_private``: what the seat
    knows beyond its view (Elements of Chaos: ``{"deck": [its deck's interchange dicts]}``)."""

    thinks = True
    takes_private = True

    def __call__(self, game: Game, seed: int, private: dict | None = None, *,
                 think_seconds: float = DEFAULT_BUDGET, **options) -> SearchBot:
        if not self.plays(game):
            raise ValueError(f"there is no strong bot for {game.slug!r}")
        return SearchBot(game, seed, private, **{"budget": think_seconds, **options})

    @staticmethod
    def plays(game: Game) -> bool:
        """Whether ``game`` has a heuristic bot for the playouts."""
        return game.slug in HEURISTICS


strong = Strong()

__all__ = ["DEFAULT_BUDGET", "METHODS", "SearchBot", "Strong", "strong"]
