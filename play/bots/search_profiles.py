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
0.1 ms in L.A.M.A., 0.15 ms in Completto (1 ms before its row model was made cheaper), 0.5 ms in
Elements and 1 ms in Elements of Chaos, so a whole game is 20 ms to 1 s, far too long for a
search of a tenth of a second a move):

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
from play.games.lama import PLAYABLE_ON

from .completto_heuristic import RowModel
from .eoc_heuristic import Board, EocHeuristic


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
class Clue:
    """What a seat's moves told of its hidden hand: at most ``at_most`` of its cards have a value
    among ``values``."""

    seat: int
    values: frozenset
    at_most: int

    def holds(self, view: dict) -> bool:
        """Whether the hand of ``view`` (that seat's view of a drawn state) fits the clue."""
        return sum(card in self.values for card in view["hand"]) <= self.at_most


def _no_clues(before: dict, action: dict, view: dict, previous: tuple) -> tuple:
    return ()


def _every(view: dict, legal: list[dict]) -> list[dict]:
    return legal


NO_CLUES = _no_clues
"""The ``clues`` of a profile that reads none (the default)."""


@dataclass(frozen=True)
class Profile:
    """``stop(root_view, view, steps)``: whether the playout ends at the position of ``view``
    (the view of the seat to act there), ``steps`` actions after the searched position whose
    view is ``root_view``; ``worth(view)``: the value per seat of a position where it stopped.
    ``clues(before, action, view, previous)``: what the others' moves since the seat's last
    move (its view ``before`` and its ``action``) tell of their hidden cards, as :class:`Clue`
    objects that drawn states must fit (``previous``: the clues of the last move).
    ``min_rounds``: the rounds of paired playouts before the strong bot's race may drop a
    candidate (``SearchBot``'s ``min_rounds`` when it is not given one).
    ``searched(view, legal)``: the legal actions worth a search (a non-empty part of ``legal``
    that holds the heuristic's choice); the others are never played.
    The default plays to the game's end, reads no clues, searches every action and races after
    4 rounds."""

    stop: Callable[[dict, dict, int], bool] = _never
    worth: Callable[[dict], list[float]] = _even
    clues: Callable[[dict, dict, dict, tuple], tuple] = NO_CLUES
    min_rounds: int = 4
    searched: Callable[[dict, list[dict]], list[dict]] = _every


# -- L.A.M.A. ------------------------------------------------------------------------------------------
LAMA_TEMPERATURE = 8.0
"""Minus points: a lead of 8 points at a round's end is worth a 73% chance in a 2-seat game."""


LAMA_MIN_ROUNDS = 12
"""Rounds before a L.A.M.A. candidate may be dropped. After 4 (the default) a race of 3 or 4
candidates often dropped the heuristic's choice on a handful of worlds that happened to agree
(drawing rather than playing a 3 on a 3, after 12 playouts). At 120 playouts a move and no time
limit (README, "Benchmarks"), with 12 rather than 4: 63.5% of 200 2-player games against the
heuristic (59.8%); one strong bot among 3 heuristic ones, 1.72x the fair share over games 0-99
(1.30x) and 1.32x over games 100-199 (1.14x), 1.52x over the 200 (1.22x). With 20: 1.18x over
games 0-99."""


def lama_stop(root: dict, view: dict, steps: int) -> bool:
    """The round of the searched position is over (lama.md, "Next round and game end")."""
    return view["round"] != root["round"]


def lama_clues(before: dict, action: dict, view: dict, previous: tuple) -> tuple:
    """What the others' moves since the seat's own tell of their hands (most players play when
    they can, and the same value when they hold it, lama_heuristic.py): a seat that drew held
    nothing playable on the top it saw, so it holds at most one such card now (the one it drew);
    a seat that played the value one higher holds none of the top's value. The others move in
    seat order after the seat; each one's move shows in its hand's size (one more: a draw, one
    less: a play); the top each saw is known up to the second play (the last top is the view's).
    Nothing in a new round, nor for a seat that quit (its hand is laid down)."""
    if view["round"] != before["round"] or action["type"] == "quit":
        return ()
    seat, players = view["seat"], view["players"]
    order = [(seat + k) % players for k in range(1, players)]
    moved = [s for s in order if not before["quit"][s] and not view["quit"][s]]
    plays = sum(view["hand_sizes"][s] == before["hand_sizes"][s] - 1 for s in moved)
    top = action["card"] if action["type"] == "play" else before["discard_top"]
    clues = []
    for other in moved:
        was, now = before["hand_sizes"][other], view["hand_sizes"][other]
        if now == was + 1:
            clues.append(Clue(other, frozenset(PLAYABLE_ON[top]), 1))
        elif now == was - 1:
            if plays > 1:
                break
            if view["discard_top"] != top:
                clues.append(Clue(other, frozenset({top}), 0))
            top = view["discard_top"]
    return tuple(clues)


def lama_searched(view: dict, legal: list[dict]) -> list[dict]:
    """Every legal action but a draw when a card can be played (lama.md, "A round", 3): playing
    never adds minus points and drawing can only add a card (lama_heuristic.py), and the search
    rated a draw above a play on worlds that happened to favour it. One strong bot among three
    heuristic ones at 120 playouts a move (README, "Benchmarks"): 1.50x the fair share over
    games 0-399 with the draw left out (1.40x with it) and 1.41x over the fresh games 400-999
    (1.25x); with 2 players 65.4% of games 0-599 (62.8%). Leaving out the plays of the value
    one up as well gave 1.31x over games 0-399; leaving out quitting as well, 1.45x."""
    if any(a["type"] == "play" for a in legal):
        return [a for a in legal if a["type"] != "draw"]
    return legal


def lama_worth(view: dict) -> list[float]:
    """Fewer minus points is better (lama.md, "Scoring a round")."""
    return shares([-s for s in view["scores"]], LAMA_TEMPERATURE)


# -- Completto --------------------------------------------------------------------------------------
COMPLETTO_STEPS = 8
"""Steps a Completto playout runs (a turn is two: a take, then a place or a return). With 4 (one
turn each with 2 players) the strong bot won 51.7% of 60 2-player games against the heuristic at
60 playouts a move, with 8, 76.7% of the same games: the other seat's answer has to be seen."""
COMPLETTO_TEMPERATURE = 2.0
"""Row costs (:class:`~.completto_heuristic.RowModel`: about the turns a row still needs)."""


def completto_stop(root: dict, view: dict, steps: int) -> bool:
    """``COMPLETTO_STEPS`` steps on, or a new game of a series."""
    return steps >= COMPLETTO_STEPS or view["game"] != root["game"]


def completto_worth(view: dict) -> list[float]:
    """A cheaper row to complete is better (completto.md, "End": the first full row wins), with
    the minus points of a series' finished games on top."""
    costs = [RowModel({**view, "seat": s}).total_cost() for s in range(view["players"])]
    return shares([-(cost + total) for cost, total in zip(costs, view["totals"])], COMPLETTO_TEMPERATURE)


# -- Elements ----------------------------------------------------------------------------------------
ELEMENTS_AUCTIONS = 2
"""Auctions an Elements playout runs past the searched position (or the deal's end)."""
ELEMENTS_TEMPERATURE = 8.0
"""Points (a prize is worth 1 to 10). With 4.0 the strong bot among three heuristic bots at 80
playouts a move won 36.4% of 60 4-player games; a lead of a prize or two then already reads as
a near-certain win (or loss), so the search hardly tells the cards it spends apart."""


def elements_stop(root: dict, view: dict, steps: int) -> bool:
    """``ELEMENTS_AUCTIONS`` more auctions are over, or the deal is (from the give-up step
    between deals: the next deal's first auctions)."""
    if view["deal"] != root["deal"]:
        return len(view["auctions"]) >= ELEMENTS_AUCTIONS
    if view["phase"] == "discard":
        return root["phase"] != "discard"
    return len(view["auctions"]) >= len(root["auctions"]) + ELEMENTS_AUCTIONS


def elements_worth(view: dict) -> list[float]:
    """More points is better (elements.md, "End"): each seat's total, what it won in this deal,
    and a share of the prizes still to come in proportion to the cards in its hand."""
    won = [sum(card["value"] for card in cards) for cards in view["won"]] if view["phase"] != "discard" else [0] * view["players"]
    waiting = sum(p["card"]["value"] for p in view["prizes"] if p["status"] in ("waiting", "current"))
    if view["phase"] == "place":  # the prizes are not made yet: the colour cards' placed cards
        waiting = 0
    held = view["hand_sizes"]
    cards = sum(held) or 1
    points = [s + w + waiting * n / cards for s, w, n in zip(view["scores"], won, held)]
    return shares(points, ELEMENTS_TEMPERATURE)


# -- Elements of Chaos --------------------------------------------------------------------------------
EOC_TURNS = 2
"""Turns an Elements of Chaos playout runs into: it stops when the turn after this many starts.
With 1 (the rest of the searching seat's own turn) the strong bot won 45.0% of 40 games against
the heuristic at 0.5 s a move, with 2 (the other seat's answer seen) 57.5% of 40 (README)."""
EOC_STEPS = 60
"""At most this many steps, whatever the turn."""
EOC_TEMPERATURE = 3.0
"""In the units of :func:`eoc_score`: one move of a character towards the enemy base."""
EOC_DOWN = 4.0
"""The worth of a character of one's own gone down, in moves (four down lose the game)."""
EOC_SHORT_DECK = 10
EOC_DECK = 2.0
"""Each card a deck holds under ``EOC_SHORT_DECK`` costs this much (an empty deck loses)."""
EOC_FAR = 30
EOC_MIN_ROUNDS = 8
"""Rounds before a candidate may be dropped: with 4, most moves were decided on 4 drawn states
well within the budget (a playout's worth swings with the hidden cards and the draws). With 8 (and
the cheaper playouts of cached card views and ways) the strong bot won 62.5% of 40 games against
the heuristic at 0.5 s a move on a loaded machine (95% CI 47.0..75.8%; 57.5% of 40 with 4)."""


def eoc_stop(root: dict, view: dict, steps: int) -> bool:
    """``EOC_TURNS`` turns on (the push-backs and down checks of the turn done), or
    ``EOC_STEPS`` steps."""
    return view["turn"] >= root["turn"] + EOC_TURNS or steps >= EOC_STEPS


def eoc_score(view: dict, seat: int) -> float:
    """How well ``seat`` stands (elements-of-chaos.md, "Winning"): minus the cost of its
    cheapest way to the enemy base (the heuristic's measure, in moves; from its own base when it
    has no character), minus :data:`EOC_DOWN` per character of its own down, minus
    :data:`EOC_DECK` per card its deck is short of ``EOC_SHORT_DECK``."""
    seen = {**view, "seat": seat}
    distance = min(EocHeuristic(0)._distance(seen, Board(seen)), EOC_FAR)
    short = max(0, EOC_SHORT_DECK - view["deck_sizes"][seat])
    return -distance - EOC_DOWN * len(view["downs"][seat]) - EOC_DECK * short


def eoc_worth(view: dict) -> list[float]:
    """The two seats' :func:`eoc_score` as shares."""
    return shares([eoc_score(view, 0), eoc_score(view, 1)], EOC_TEMPERATURE)


PROFILES: dict[str, Profile] = {
    "eoc": Profile(eoc_stop, eoc_worth, min_rounds=EOC_MIN_ROUNDS),
    "lama": Profile(lama_stop, lama_worth, lama_clues, min_rounds=LAMA_MIN_ROUNDS, searched=lama_searched),
    "completto": Profile(completto_stop, completto_worth),
    "elements": Profile(elements_stop, elements_worth),
}
"""The profile of each game by slug (a game without one plays out to its end)."""
