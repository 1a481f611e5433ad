"""A deck's statistics, damage and odds in JSON-safe form, for the API and the pages.
Plain Python, no Django.

Exact numbers are given twice: ``"p"`` a float rounded to 6 places, for charts and reading,
and ``"exact"`` the fraction as ``"numerator/denominator"`` (``"1"`` and ``"0"`` for whole
numbers), for checking.
"""
from __future__ import annotations

from fractions import Fraction

from .odds import DEFAULT_PLAYED_PER_TURN, DEFAULT_TURNS, deck_groups, deck_odds
from .stats import StatCard, damage_by_colour, deck_stats


def exact(value: Fraction | None) -> dict | None:
    """``{"p": float, "exact": "n/d"}`` of a fraction; ``None`` stays ``None``."""
    if value is None:
        return None
    return {"p": round(float(value), 6), "exact": str(value)}


def stats_json(cards: list[StatCard]) -> dict:
    """``deck_stats`` with ``average_size`` as ``exact(...)`` and ``damage``: for each attacker
    (colourless, red, green, black, white) ``{"distribution": [{"damage", "p", "exact"}],
    "mean": exact}``."""
    stats = deck_stats(cards)
    stats["average_size"] = exact(stats["average_size"])
    stats["damage"] = {
        attacker: {
            "distribution": [{"damage": d, **exact(p)} for d, p in data["distribution"].items()],
            "mean": exact(data["mean"]),
        }
        for attacker, data in damage_by_colour(cards).items()
    }
    return stats


def odds_json(
    cards: list[StatCard], turns: int = DEFAULT_TURNS, played_per_turn: int = DEFAULT_PLAYED_PER_TURN,
    custom: tuple[str, ...] = (),
) -> dict:
    """The odds table: ``{"deck_size", "played_per_turn", "points": [{"key", "turn", "cards"}],
    "groups": [{"key", "kind", "label", "copies", "codes", "at_least": {"1": [exact per
    point], …}, "opening_with_mulligan": {"1": exact, …}}]}``. Raises ``ValueError`` for bad
    ``turns``/``played_per_turn`` (see ``tcg.decks.odds.draw_points``)."""
    size = sum(c.count for c in cards)
    table = deck_odds(size, deck_groups(cards, custom), turns, played_per_turn)
    return {
        "deck_size": size,
        "played_per_turn": played_per_turn,
        "points": [{"key": p.key, "turn": p.turn, "cards": p.cards} for p in table["points"]],
        "groups": [
            {
                **{k: g[k] for k in ("key", "kind", "label", "copies", "codes")},
                "at_least": {str(k): [exact(p) for p in row] for k, row in g["at_least"].items()},
                "opening_with_mulligan": {str(k): exact(p) for k, p in g["opening_with_mulligan"].items()},
            }
            for g in table["groups"]
        ],
    }
