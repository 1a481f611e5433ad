"""L.A.M.A.'s ``determinize``: a full state from one seat's view (lama.md, "Hidden information").

Over random playouts, every drawn state gives the seat the same view and legal actions, holds
the 56 cards exactly (lama.md, "Components"), and keeps every card the seat sees where it is;
one hand-built position shows exactly which cards are fixed and which are dealt.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.lama import DECK, DECK_COUNTS
from tests.play.determinizing import determinize_position, determinized_playout

GAME = GAMES["lama"]


def rng_of(state) -> int:
    return state.tally.rng


@st.composite
def matches(draw):
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {"end_at": draw(st.integers(1, 40))}
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["deck"] = list(Rng.from_seed(seed).shuffled(DECK))
    return players, seed, options, draw(st.integers(0, 2**32))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_every_drawn_state_gives_the_seat_its_view_and_its_legal_actions(match):
    players, seed, options, choice_seed = match
    checked, differing = determinized_playout(GAME, players, seed, options, choice_seed, rng_of, every=2, limit=5000)
    assert checked >= 2
    assert differing >= 1, "two seeds never dealt the hidden cards differently"


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 2**32))
def test_drawn_states_hold_the_56_cards_and_keep_what_the_seat_sees(players, seed, draw_seed):
    state = GAME.setup(players, seed)
    rng = Rng.from_seed(draw_seed)
    for _ in range(draw_seed % 20):  # a few random moves, so some seats may have quit
        turn = GAME.to_act(state)[0]
        state = GAME.apply(state, turn, rng.choice(GAME.legal_actions(state, turn)))
        if GAME.outcome(state) is not None:
            break
    for seat in range(players):
        drawn = GAME.determinize(GAME.view(state, seat), seat, Rng.from_seed(draw_seed))
        cards = [c for hand in drawn.hands for c in hand] + list(drawn.draw_pile) + list(drawn.discard)
        assert Counter(cards) == DECK_COUNTS
        assert drawn.hands[seat] == state.hands[seat]
        for other in range(players):
            if not state.active[other] or state.tally.over:
                assert drawn.hands[other] == state.hands[other]
        assert drawn.discard[0] == state.discard[0]
        assert drawn.tally.decks == ()
    assert determinize_position(GAME, state, players, draw_seed, rng_of, None) >= 0


# A stacked three-player deal: seat 0 holds 1 1 2 3 4 5, seat 1 six 7s, seat 2 holds 2 2 2 3 3 3;
# the discard pile starts with a 6; the draw pile is the other 37 cards.
HANDS = [[1, 1, 2, 3, 4, 5], [7, 7, 7, 7, 7, 7], [2, 2, 2, 3, 3, 3]]
REST = Counter(DECK) - Counter([c for h in HANDS for c in h] + [6])
DEAL = [c for h in HANDS for c in h] + [6] + sorted(REST.elements())


def position():
    """Seat 0 draws (the draw pile's top is a 1), seat 1 quits (its six llamas are laid down),
    seat 2 draws the next 1; seat 0 to act, with nothing to play on the 6."""
    state = GAME.setup(3, 11, {"deck": DEAL})
    state = GAME.apply(state, 0, {"type": "draw"})
    state = GAME.apply(state, 1, {"type": "quit"})
    return GAME.apply(state, 2, {"type": "draw"})


def test_a_position_keeps_the_seats_hand_the_laid_down_llamas_and_the_top_and_deals_the_rest():
    state = position()
    assert state.hands == ((1, 1, 1, 2, 3, 4, 5), (7, 7, 7, 7, 7, 7), (1, 2, 2, 2, 3, 3, 3))
    assert (state.discard, len(state.draw_pile), state.turn) == ((6,), 35, 0)
    view = GAME.view(state, 0)
    drawn = GAME.determinize(view, 0, Rng.from_seed(5))
    assert drawn.hands[0] == (1, 1, 1, 2, 3, 4, 5)   # fixed: the seat's own hand
    assert drawn.hands[1] == (7, 7, 7, 7, 7, 7)      # fixed: laid down when seat 1 quit
    assert drawn.discard == (6,)                     # fixed: the top, and nothing under it
    assert (len(drawn.hands[2]), len(drawn.draw_pile)) == (7, 35)
    # dealt: seat 2's hand and the draw pile, from the 56 less the 14 cards seat 0 sees
    unseen = Counter(DECK) - Counter([1, 1, 1, 2, 3, 4, 5] + [7] * 6 + [6])
    assert unseen == Counter({1: 5, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 2})
    assert Counter(drawn.hands[2] + drawn.draw_pile) == unseen
    assert drawn.active == (True, False, True) and drawn.turn == 0
    # the tally as it was, but a fresh generator and no stacked decks (secret options)
    assert drawn.tally.rng != state.tally.rng and state.tally.decks == (tuple(DEAL),)
    assert replace(drawn.tally, rng=0) == replace(state.tally, rng=0, decks=())
    assert GAME.view(drawn, 0) == view
    assert GAME.legal_actions(drawn, 0) == [{"type": "draw"}, {"type": "quit"}]
    # the same seed deals the same cards; another seed deals others
    assert GAME.determinize(view, 0, Rng.from_seed(5)) == drawn
    others = {GAME.determinize(view, 0, Rng.from_seed(k)).hands[2] for k in range(6, 16)}
    assert len(others) > 1


def test_a_view_of_another_seat_or_game_is_refused():
    state = position()
    view = GAME.view(state, 0)
    with pytest.raises(ValueError, match="a view of seat 0, not of seat 1"):
        GAME.determinize(view, 1, Rng.from_seed(1))
    with pytest.raises(ValueError, match="not a view of L.A.M.A."):
        GAME.determinize(GAMES["completto"].view(GAMES["completto"].setup(3, 1), 0), 0, Rng.from_seed(1))
    with pytest.raises(ValueError, match="a view of seat None, not of seat 0"):
        GAME.determinize(GAME.view(state, None), 0, Rng.from_seed(1))
    with pytest.raises(ValueError, match=r"the view shows more of \[7\] than the game has"):
        GAME.determinize({**view, "hand": [7, 7, 7]}, 0, Rng.from_seed(1))
