"""The places of a finished match's seats, from its outcome: what a rating counts
(``play.services.ratings``) and what a player's page shows (``play.selectors.ratings``).

A seat's place is 1 plus the number of seats that did strictly better (tied seats share a place,
as "ties share the win" of each game's rules page, "Scoring" / "Winning"):

- The winners (``outcome["winners"]``) hold the best score; the other seats follow by score, in
  the direction the winners' score shows: the game's own unit is minus points in L.A.M.A. and
  Completto (fewer is better) and points in Elements and Elements of Chaos (more is better), so
  when the winners hold the lowest score lower is better, else higher. When every score is the
  same, every seat shares place 1.
- A person who resigned or was timed out (a bot finished the match for them) is placed after
  every seat that played on, whatever the bot scored for them; such seats are placed among
  themselves by score.

Plain Python: the outcome as stored (``Outcome.to_json()``) and the seats' resigned flags.
"""
from __future__ import annotations

from collections.abc import Sequence


def placings(outcome: dict, gave_up: Sequence[bool]) -> list[int]:
    """The place of each seat, in seat order: ``placings({"scores": [20, 21, 5], "winners": [2]},
    [False, False, False]) == [2, 3, 1]`` (minus points: fewer is better);
    ``placings({"scores": [3, 9, 9], "winners": [1, 2]}, [False, True, False]) == [2, 3, 1]``.
    ``gave_up[seat]``: the seat's person resigned or was timed out. ``ValueError`` when the
    scores and flags do not have one entry per seat."""
    scores = list(outcome["scores"])
    winners = list(outcome.get("winners") or [])
    if len(scores) != len(gave_up):
        raise ValueError(f"{len(scores)} scores for {len(gave_up)} seats")
    best = scores[winners[0]] if winners else min(scores, default=0)
    lower_is_better = best == min(scores) if scores else True
    keys = [(bool(g), score if lower_is_better else -score) for g, score in zip(gave_up, scores, strict=True)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]
