"""Elements' ``determinize``: a full state from one seat's view (elements.md, "Hidden
information").

Over random playouts, every drawn state gives the seat the same view and legal actions, holds
each of the 55 cards at most once, and keeps every card the seat sees where it is; one
hand-built position shows exactly which cards are fixed and which are dealt.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.elements.cards import CARDS, COLOURS, card_json
from play.games.elements.state import EMPTY
from tests.play.determinizing import determinized_playout

GAME = GAMES["elements"]


def rng_of(state) -> int:
    return state.tally.rng


def located(state) -> list[int]:
    """Every card the state holds: hands, stock, the row's cards, this deal's bid cards."""
    table = state.deal
    cards = [c for hand in state.hands for c in hand] + list(table.stock) + [c for c in table.placed if c != EMPTY]
    cards += [c for result in table.auctions for bid in result.bids for c in bid]
    if state.auction is not None:
        cards += [c for bid in state.auction.bids for c in bid]
    return cards


@st.composite
def matches(draw):
    players = draw(st.integers(3, 5))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {"deals": draw(st.integers(1, 3))}
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["deck"] = [card_json(c) for c in Rng.from_seed(seed).shuffled(CARDS)]
    if draw(st.booleans()):
        options["colours"] = list(draw(st.permutations(COLOURS)))
    return players, seed, options, draw(st.integers(0, 2**32))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_every_drawn_state_gives_the_seat_its_view_and_its_legal_actions(match):
    players, seed, options, choice_seed = match
    checked, differing = determinized_playout(GAME, players, seed, options, choice_seed, rng_of, every=3, limit=2000)
    assert checked >= 2
    assert differing >= 1, "two seeds never dealt the hidden cards differently"


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 5), st.integers(0, 2**32), st.integers(0, 80))
def test_drawn_states_hold_each_card_once_and_keep_what_the_seat_sees(players, seed, moves):
    state = GAME.setup(players, seed, {"deals": 2})
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if GAME.outcome(state) is not None:
            break
    for seat in range(players):
        drawn = GAME.determinize(GAME.view(state, seat), seat, Rng.from_seed(seed + seat))
        cards = located(drawn)
        assert len(cards) == len(set(cards))
        assert len(cards) == len(located(state))
        assert drawn.hands[seat] == state.hands[seat]
        if state.phase != "place":
            assert drawn.deal.placed == state.deal.placed
        assert (drawn.auction, drawn.phase, drawn.turn) == (state.auction, state.phase, state.turn)
        assert replace(drawn.deal, placed=(), stock=()) == replace(state.deal, placed=(), stock=())
        assert replace(drawn.tally, rng=0) == replace(state.tally, rng=0)


# A stacked three-player deal: seat 0 holds red 0..10, seat 1 yellow 0..10, seat 2 green 0..10;
# the stock is blue 0..10 then purple 0..10 (22 cards). Colours: red nearest the box.
DECK = [card_json(c) for c in CARDS]


def card(colour: str, value: int) -> dict:
    return {"colour": colour, "value": value}


def position():
    """Phase 1 of deal 1: seat 0 puts red 9 under red, seat 1 yellow 4 under yellow; seat 2 to
    place."""
    state = GAME.setup(3, 4, {"deck": DECK, "colours": list(COLOURS)})
    state = GAME.apply(state, 0, {"type": "place", "colour": "red", "card": card("red", 9)})
    return GAME.apply(state, 1, {"type": "place", "colour": "yellow", "card": card("yellow", 4)})


def test_a_position_keeps_the_seats_hand_and_card_and_deals_the_rest():
    state = position()
    view = GAME.view(state, 0)
    assert [place["card"] for place in view["row"]] == [card("red", 9), None, None, None, None]
    drawn = GAME.determinize(view, 0, Rng.from_seed(3))
    red = [c for c in CARDS if c < 11]
    # fixed: seat 0's hand (red 0..10 less the 9) and its red 9 under red
    assert drawn.hands[0] == tuple(c for c in red if c != 9) and drawn.deal.placed[0] == 9
    assert drawn.deal.placed[2:] == (EMPTY, EMPTY, EMPTY)
    assert drawn.deal.placed_by == (0, 1, EMPTY, EMPTY, EMPTY)
    # dealt: seat 1's 10 cards, seat 1's card under yellow, seat 2's 11 and the 22 of the stock,
    # from the 44 cards that are not red
    assert (len(drawn.hands[1]), len(drawn.hands[2]), len(drawn.deal.stock)) == (10, 11, 22)
    hidden = [*drawn.hands[1], *drawn.hands[2], drawn.deal.placed[1], *drawn.deal.stock]
    assert sorted(hidden) == list(range(11, 55))
    assert GAME.view(drawn, 0) == view
    assert len(GAME.legal_actions(drawn, 2)) == 11 * 3  # seat 2's drawn hand under each empty colour
    assert drawn.tally.first_player == 0 and drawn.tally.rng != state.tally.rng
    assert GAME.determinize(view, 0, Rng.from_seed(3)) == drawn
    assert GAME.determinize(view, 0, Rng.from_seed(4)).hands != drawn.hands


def test_once_the_cards_are_turned_up_and_bid_they_stay_fixed():
    state = position()
    state = GAME.apply(state, 2, {"type": "place", "colour": "green", "card": card("green", 10)})
    # the stock fills blue and purple with blue 0 and blue 1; the row re-ranks to green (green 10),
    # red (red 9), yellow (yellow 4), purple (blue 1), blue (blue 0); the prizes are blue 1,
    # yellow 4, red 9 and green 10 (the blue 0 is set aside)
    assert state.phase == "bid" and state.turn == 0
    state = GAME.apply(state, 0, {"type": "bid", "cards": [card("red", 10)]})
    view = GAME.view(state, 1)
    drawn = GAME.determinize(view, 1, Rng.from_seed(7))
    assert drawn.deal.placed == state.deal.placed == (32, 9, 15, 34, 33)
    assert drawn.auction.bids == ((10,), (), ())
    assert drawn.hands[1] == state.hands[1]
    # unseen: the 55 less seat 1's 10 cards, the five row cards and the red 10 bid: 39 cards for
    # seat 0's 9, seat 2's 10 and the stock's 20
    hidden = [*drawn.hands[0], *drawn.hands[2], *drawn.deal.stock]
    seen = {*state.hands[1], 32, 9, 15, 34, 33, 10}
    assert sorted(hidden) == sorted(set(CARDS) - seen)
    assert (len(drawn.hands[0]), len(drawn.hands[2]), len(drawn.deal.stock)) == (9, 10, 20)
    assert drawn.deal.prizes == (34, 15, 9, 32) and drawn.deal.set_aside == (33,)
    assert GAME.legal_actions(drawn, 1) == GAME.legal_actions(state, 1)
    assert GAME.view(drawn, 1) == view


def test_a_view_of_another_seat_or_game_is_refused():
    view = GAME.view(position(), 0)
    with pytest.raises(ValueError, match="a view of seat 0, not of seat 2"):
        GAME.determinize(view, 2, Rng.from_seed(1))
    with pytest.raises(ValueError, match="not a view of Elements"):
        GAME.determinize(GAMES["lama"].view(GAMES["lama"].setup(3, 1), 0), 0, Rng.from_seed(1))
    with pytest.raises(ValueError, match="not an Elements card"):
        GAME.determinize({**view, "hand": [card("black", 1)]}, 0, Rng.from_seed(1))
