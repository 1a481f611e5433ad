"""Completto's ``determinize``: a full state from one seat's view (completto.md, "Hidden
information": nobody sees a face-down tile, its owner included).

Over random playouts, every drawn state gives the seat the same view and legal actions and
holds the 100 tiles once each (completto.md, "Components"); one hand-built position shows
exactly which tiles are fixed and which are dealt.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.completto import TILES, UPSIDE_DOWN
from tests.play.determinizing import determinized_playout

GAME = GAMES["completto"]


def rng_of(state) -> int:
    return state.series.rng


def printed(state) -> list[int]:
    """Every tile of a state by printed number: rows (face-up by reading), pool, held."""
    tiles = list(state.pool_up) + list(state.pool_down) + ([] if state.held is None else [state.held])
    for row, upside in zip(state.rows, state.upside):
        tiles += [-v if v < 0 else (UPSIDE_DOWN[v] if v in upside else v) for v in row]
    return tiles


@st.composite
def matches(draw):
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {"max_turns": draw(st.integers(1, 30))}
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["games"] = 2
    if draw(st.booleans()):
        options["pool"] = list(Rng.from_seed(seed).shuffled(TILES))
    return players, seed, options, draw(st.integers(0, 2**32))


def choose(state, rng: Rng) -> tuple[int, dict]:
    """The seat to act and one of its actions, mostly not a move (so that rows fill up)."""
    seat = GAME.to_act(state)[0]
    legal = GAME.legal_actions(state, seat)
    others = [a for a in legal if a["type"] != "move"]
    return seat, rng.choice(others if others and rng.random() < 0.8 else legal)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_every_drawn_state_gives_the_seat_its_view_and_its_legal_actions(match):
    players, seed, options, choice_seed = match
    checked, differing = determinized_playout(GAME, players, seed, options, choice_seed, rng_of, every=6,
                                              limit=5000, choose=choose)
    assert checked >= 2
    assert differing >= 1, "two seeds never dealt the hidden tiles differently"


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 60))
def test_drawn_states_hold_the_100_tiles_and_keep_every_face_up_tile(players, seed, moves):
    state = GAME.setup(players, seed, {"games": 2})
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        state = GAME.apply(state, *choose(state, rng))
        if GAME.outcome(state) is not None:
            break
    for seat in range(players):
        drawn = GAME.determinize(GAME.view(state, seat), seat, Rng.from_seed(seed + seat))
        assert sorted(printed(drawn)) == list(TILES)
        for row, real in zip(drawn.rows, state.rows):
            assert [v for v in row if v > 0] == [v for v in real if v > 0]
            assert [v < 0 for v in row] == [v < 0 for v in real]
        assert (drawn.pool_up, drawn.held, drawn.upside) == (state.pool_up, state.held, state.upside)
        assert replace(drawn.series, rng=0) == replace(state.series, rng=0)


# A stacked two-player deal: seat 0's face-down row is 1..17, seat 1's 18..34, then the set-up
# draws 35, 36, ... in turn.
POOL = list(range(1, 101))


def position():
    """Set-up done (seat 0 inserts 35, 37, 39, 41, 43 and seat 1 36, 38, 40, 42, 44, each at the
    right end of its row); then seat 0 takes the face-down tile 45 and returns it face up, and
    seat 1 takes the face-up 45 and holds it."""
    state = GAME.setup(2, 3, {"pool": POOL})
    for _ in range(10):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, {"type": "insert", "position": len(state.rows[seat]), "value": state.held})
    state = GAME.apply(state, 0, {"type": "take"})
    state = GAME.apply(state, 0, {"type": "return"})
    return GAME.apply(state, 1, {"type": "take", "tile": 45})


def test_a_position_keeps_every_face_up_tile_and_deals_the_face_down_ones():
    state = position()
    assert state.rows[0] == (*range(-1, -18, -1), 35, 37, 39, 41, 43)
    assert state.rows[1] == (*range(-18, -35, -1), 36, 38, 40, 42, 44)
    assert (state.pool_up, state.held, state.phase, state.turn) == ((), 45, "hold", 1)
    assert state.pool_down == tuple(range(46, 101))
    view = GAME.view(state, 0)
    drawn = GAME.determinize(view, 0, Rng.from_seed(8))
    # fixed: the face-up tiles where they stand, the held 45, the phase and the turn
    assert drawn.rows[0][17:] == (35, 37, 39, 41, 43) and drawn.rows[1][17:] == (36, 38, 40, 42, 44)
    assert (drawn.pool_up, drawn.held, drawn.phase, drawn.turn, drawn.turns) == ((), 45, "hold", 1, 1)
    # dealt: 2 x 17 face-down row tiles and 55 face-down pool tiles, from the 100 less 35..45
    hidden = [-v for row in drawn.rows for v in row if v < 0] + list(drawn.pool_down)
    assert (len(hidden), len(drawn.pool_down)) == (89, 55)
    assert sorted(hidden) == [*range(1, 35), *range(46, 101)]
    assert all(v < 0 for row in drawn.rows for v in row[:17])
    assert drawn.rows != state.rows or drawn.pool_down != state.pool_down
    assert GAME.view(drawn, 0) == view
    assert GAME.legal_actions(drawn, 1) == GAME.legal_actions(state, 1)
    assert drawn.series.first_player == 0 and drawn.series.rng != state.series.rng
    assert GAME.determinize(view, 0, Rng.from_seed(8)) == drawn
    assert GAME.determinize(view, 0, Rng.from_seed(9)).rows != drawn.rows


def test_an_upside_down_tile_is_seen_by_its_printed_number():
    # seat 0's set-up tile 6 is inserted as 9: the tile 6 is seen, 9 is among the unseen
    pool = [*range(10, 44), 6, *range(44, 101), *range(1, 6), *range(7, 10)]
    state = GAME.setup(2, 3, {"pool": pool})
    state = GAME.apply(state, 0, {"type": "insert", "position": 0, "value": 9})
    drawn = GAME.determinize(GAME.view(state, 1), 1, Rng.from_seed(2))
    assert drawn.rows[0][0] == 9 and drawn.upside == ((9,), ())
    hidden = sorted([-v for row in drawn.rows for v in row if v < 0] + list(drawn.pool_down))
    assert drawn.held == 44 and hidden == [t for t in TILES if t not in (6, 44)]
    assert Counter(printed(drawn)) == Counter(TILES)


def test_a_view_of_another_seat_or_game_is_refused():
    state = position()
    with pytest.raises(ValueError, match="a view of seat 0, not of seat 1"):
        GAME.determinize(GAME.view(state, 0), 1, Rng.from_seed(1))
    with pytest.raises(ValueError, match="not a view of Completto"):
        GAME.determinize(GAMES["lama"].view(GAMES["lama"].setup(2, 1), 0), 0, Rng.from_seed(1))
    with pytest.raises(ValueError, match=r"the view shows more of \[45\] than the game has"):
        GAME.determinize({**GAME.view(state, 0), "pool": [45]}, 0, Rng.from_seed(1))
