"""Winning (elements-of-chaos.md, "Winning"): a character ending a move or push-back on the
opponent's base, the opponent's down pile at 4 or more, the opponent's deck empty. Two wins at one
moment make a draw."""
from __future__ import annotations

from dataclasses import replace

from tcg.numbers import DOWN_LIMIT

from .area import base_of
from .state import OVER, Char, EocState, Result


def finish(state: EocState, winners: tuple[int, ...], reason: str) -> EocState:
    """The match over: ``winners`` (``()`` for a draw) for ``reason`` (``"base"``, ``"down"``
    or ``"deck_out"``)."""
    return replace(state, phase=OVER, result=Result(tuple(sorted(winners)), reason))


def on_enemy_base(state: EocState, ch: Char) -> bool:
    """Whether ``ch`` stands on its owner's opponent's base."""
    return (ch.row, ch.col) == base_of(1 - ch.owner, state.cat.rows)


def check_base(state: EocState, ch: Char) -> EocState:
    """After ``ch`` ended a move or a push-back: its owner wins at once on the opponent's base."""
    if on_enemy_base(state, ch):
        return finish(state, (ch.owner,), "base")
    return state


def check_down(state: EocState) -> EocState:
    """After a down check: a seat wins when the opponent's down pile holds 4 or more cards; both
    at once is a draw."""
    winners = tuple(s for s in (0, 1) if len(state.downs[1 - s]) >= DOWN_LIMIT)
    if winners:
        return finish(state, () if len(winners) == 2 else winners, "down")
    return state


def check_deck_out(state: EocState) -> EocState:
    """When a deck may have become empty (after the refill, or a card effect taking from a deck):
    the seat whose deck is empty loses; both at once is a draw."""
    empty = [s for s in (0, 1) if not state.decks[s]]
    if not empty:
        return state
    return finish(state, () if len(empty) == 2 else (1 - empty[0],), "deck_out")
