"""Set-up (elements-of-chaos.md, "Set-up" and "Stacked deals"): shuffling, the 7-card hands, the
mulligan, the 4 area cards of each near row and the first active player."""
from __future__ import annotations

from dataclasses import replace

from play.engine import Rng, replace_at, rule
from tcg.message import gettext_noop
from tcg.numbers import AREA_CARDS, HAND_SIZE

from .area import near_row
from .cards import Catalogue
from .state import ARRANGE, COLS, MULLIGAN, EocState, Part, Slot


def initial_state(cat: Catalogue, decks: tuple[tuple[str, ...], tuple[str, ...]], rng: Rng,
                  first: int | None) -> EocState:
    """The state before the mulligans: decks shuffled by ``rng`` unless stacked, 7 cards drawn by
    each seat, and the first AP fixed (``first``, else drawn from ``rng``; hidden until set-up
    ends)."""
    if not cat.stacked:
        decks = (rng.shuffled(decks[0]), rng.shuffled(decks[1]))
    if first is None:
        first = rng.randrange(2)
    drawn = (decks[0][:HAND_SIZE], decks[1][:HAND_SIZE])
    return EocState(
        cat=cat, rng=rng.state, phase=MULLIGAN, turn=0, ap=first, actor=-1, step=0, rule="", chosen="",
        hands=(tuple(sorted(drawn[0])), tuple(sorted(drawn[1]))),
        decks=(decks[0][HAND_SIZE:], decks[1][HAND_SIZE:]),
        discards=((), ()), downs=((), ()), tables=((), ()),
        area=(None,) * (cat.rows * COLS), chars=(), next_uid=1, defence=(0, 0), pushes=(), part=Part(),
        mods=(), mulligans=(-1, -1), drawn=drawn, arranged=(False, False), turned=None, seen=((), ()),
        result=None,
    )


def mulligan(state: EocState, seat: int, take: bool) -> EocState:
    """Seat ``seat`` answers the mulligan. Taking it shuffles the hand back and draws 7 anew (when
    stacked: the 7 go under the deck in the order they were drawn and the next 7 are drawn).
    Once both have answered, each draws its 4 area cards and arranging begins."""
    if take:
        rng = Rng(state.rng)
        if state.cat.stacked:
            deck = state.decks[seat] + state.drawn[seat]
        else:
            deck = rng.shuffled(state.decks[seat] + state.hands[seat])
        state = replace(state, rng=rng.state, hands=replace_at(state.hands, seat, tuple(sorted(deck[:HAND_SIZE]))),
                        decks=replace_at(state.decks, seat, deck[HAND_SIZE:]))
    state = replace(state, mulligans=replace_at(state.mulligans, seat, 1 if take else 0))
    if -1 in state.mulligans:
        return state
    d0, d1 = state.decks
    return replace(state, phase=ARRANGE, drawn=(d0[:AREA_CARDS], d1[:AREA_CARDS]),
                   decks=(d0[AREA_CARDS:], d1[AREA_CARDS:]))


def arrange(state: EocState, seat: int, order: list) -> EocState:
    """Seat ``seat`` lays its 4 drawn cards face down on its near row, ``order[k]`` on column
    ``k``. ``IllegalAction`` unless ``order`` is an ordering of exactly those 4 codes. Once both
    have arranged, the first turn begins (see :func:`.turn.start_turn`)."""
    if sorted(order) != sorted(state.drawn[seat]):
        raise rule(gettext_noop("The order must place exactly your 4 drawn cards %(cards)s (Set-up, 3)."),
                   cards=str(sorted(state.drawn[seat])))
    row = near_row(seat, state.cat.rows)
    area = list(state.area)
    for col, code in enumerate(order):
        area[row * COLS + col] = Slot(code, seat, False)
    return replace(state, area=tuple(area), drawn=replace_at(state.drawn, seat, ()),
                   arranged=replace_at(state.arranged, seat, True))
