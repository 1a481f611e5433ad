"""How the ``strong`` bot's playouts end, per game: a :class:`Profile` says when a playout stops
before the game's end and what the position it stopped at is worth to each seat. Both read only
views (a playout's seat to act sees every public figure they need: scores, rows, pile sizes), so
the search never looks at more than the game shows.

A worth is a number per seat in ``[0, 1]`` that sums to 1 over the seats, read as each seat's
chance to win: a finished game's winners share 1 (:func:`outcome_worth`); a stopped one gives
each seat ``exp(x / T) / sum(exp(x' / T))`` of a score ``x`` (points, minus points negated) and a
temperature ``T`` in the score's unit (:func:`shares`): a lead of ``T`` makes a 2-seat game's
leader about 73% sure to win.

Why each game stops where it does (the cost of a playout step, heuristic included, is about
0.1 ms in L.A.M.A., 1 ms in Completto, 0.5 ms in Elements and 1 ms in Elements of Chaos, so a
whole game is 20 ms to 1 s, far too long for a search of a tenth of a second a move):

- L.A.M.A.: at the end of the round (20-odd steps): what a round decides is its minus points.
- Completto: after a few turns; a row is worth its cost to complete by the heuristic's own
  measure (:class:`~.completto_heuristic.RowModel`).
- Elements: at the end of the deal, or after a few auctions: points won, plus what the hand may
  still win.
- Elements of Chaos: after a few turns: how near each side is to the other's base, how many of
  its characters are down, how much deck it has left.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from play.engine import Outcome


def outcome_worth(outcome: Outcome, players: int) -> list[float]:
    """A finished game's worth per seat: the winners share 1; a draw without winners shares it
    among all seats."""
    winners = outcome.winners or tuple(range(players))
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def shares(scores: Sequence[float], temperature: float) -> list[float]:
    """``exp(x / T)`` of each seat's score ``x``, normalized to sum to 1 (higher is better)."""
    top = max(scores)
    weights = [math.exp((x - top) / temperature) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _never(root: dict, view: dict, steps: int) -> bool:
    return False


def _even(view: dict) -> list[float]:
    players = view["players"]
    return [1.0 / players] * players


@dataclass(frozen=True)
class Profile:
    """``stop(root_view, view, steps)``: whether the playout ends at the position of ``view``
    (the view of the seat to act there), ``steps`` actions after the searched position whose
    view is ``root_view``; ``worth(view)``: the value per seat of a position where it stopped.
    The default plays to the game's end."""

    stop: Callable[[dict, dict, int], bool] = _never
    worth: Callable[[dict], list[float]] = _even


# -- L.A.M.A. ------------------------------------------------------------------------------------------
LAMA_TEMPERATURE = 8.0
"""Minus points: a lead of 8 points at a round's end is worth a 73% chance in a 2-seat game."""


def lama_stop(root: dict, view: dict, steps: int) -> bool:
    """The round of the searched position is over (lama.md, "Next round and game end")."""
    return view["round"] != root["round"]


def lama_worth(view: dict) -> list[float]:
    """Fewer minus points is better (lama.md, "Scoring a round")."""
    return shares([-s for s in view["scores"]], LAMA_TEMPERATURE)


PROFILES: dict[str, Profile] = {
    "lama": Profile(lama_stop, lama_worth),
}
"""The profile of each game by slug (a game without one plays out to its end)."""
