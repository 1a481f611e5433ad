"""Completto rule by rule (completto.md), each from a stacked pool."""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction, Rng
from play.games import GAMES
from play.games.completto import READINGS, ROW_SIZES, TILES, UPSIDE_DOWN

GAME = GAMES["completto"]
D = None  # a face-down tile as a view shows it

# seat 0 reveals 10, 30, 50, 70, 90 and seat 1 20, 40, 60, 80, 100, alternately from seat 0
SETUP_TILES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
SETUP_GAPS = (0, 2, 4, 6, 8, 10, 12, 14, 16, 18)
FILL = (11, 12, 13, 31, 32, 33, 51, 52, 53, 71, 72, 73, 91, 92, 93, 94, 95)
"""Face-down draws that fill seat 0's row of the standard set-up left to right."""
ROW_0 = [10, D, D, D, 30, D, D, D, 50, D, D, D, 70, D, D, D, 90, D, D, D, D, D]
ROW_1 = [D, D, 20, D, D, D, 40, D, D, D, 60, D, D, D, 80, D, D, D, 100, D, D, D]


def stack(players=2, down=None, draws=()):
    """A stacked ``pool``: the rows' face-down tiles (``down[seat]``; by default the lowest tiles
    not named elsewhere), then ``draws`` in order, then every other tile ascending."""
    size = ROW_SIZES[players][0]
    named = set(draws) | {t for row in down or () for t in row}
    rest = [t for t in TILES if t not in named]
    if down is None:
        down = [rest[size * i: size * i + size] for i in range(players)]
        rest = rest[size * players:]
    assert all(len(row) == size for row in down)
    pool = [t for row in down for t in row] + list(draws) + rest
    assert sorted(pool) == list(TILES), "a tile is named twice"
    return pool


def start(players=2, down=None, draws=(), seed=0, **options):
    return GAME.setup(players, seed, {"pool": stack(players, down, draws), **options})


def act(state, seat, kind, **fields):
    return GAME.apply(state, seat, {"type": kind, **{"from" if k == "start" else k: v for k, v in fields.items()}})


def refused(state, seat, action, code="illegal_action"):
    """Apply must refuse ``action`` with ``code`` and leave the state as it was; the message."""
    before = json.dumps(GAME.dump(state))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert info.value.code == code, info.value.message
    assert json.dumps(GAME.dump(state)) == before
    return info.value.message


def insert_all(state, gaps):
    """Make the set-up inserts at ``gaps`` in turn order, each with the drawn tile's number;
    ``gaps=None``: the first legal insert, until set-up is over."""
    for gap in gaps or iter(lambda: GAME.view(state, None)["phase"] == "insert", False):
        seat = GAME.to_act(state)[0]
        if gaps is None:
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        else:
            state = act(state, seat, "insert", position=gap, value=GAME.view(state, None)["held"])
    return state


def standard(draws=FILL, seed=0, **options):
    """Two players after set-up: the rows are ``ROW_0`` and ``ROW_1``; the pool's face-down tiles
    come in the order ``draws``."""
    return insert_all(start(2, None, SETUP_TILES + tuple(draws), seed, **options), SETUP_GAPS)


def row(state, seat):
    return GAME.view(state, None)["rows"][seat]


def moves(length, indices):
    return [{"type": "move", "from": i, "to": j} for i in indices for j in range(length) if j != i]


# -- Rows ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, down, up", [(2, 17, 5), (3, 17, 5), (4, 17, 5), (5, 14, 4), (6, 11, 4)])
def test_row_sizes_by_player_count(players, down, up):
    state = GAME.setup(players, 3)
    view = GAME.view(state, None)
    assert view["rows"] == [[D] * down] * players
    assert view["face_down"] == [down] * players
    assert view["to_insert"] == [up] * players
    assert view["pool_face_down"] == 100 - down * players - 1
    state = insert_all(state, None)
    view = GAME.view(state, None)
    assert [len(r) for r in view["rows"]] == [down + up] * players
    assert view["face_down"] == [down] * players
    assert view["to_insert"] == [0] * players
    assert view["phase"] == "take"
    assert view["pool_face_down"] == 100 - (down + up) * players


def test_placed_tiles_keep_the_face_up_tiles_strictly_ascending():
    state = act(standard(draws=(41, 11)), 0, "take")
    assert GAME.view(state, 0)["held"] == 41
    # 41 fits between 30 and 50 only: indices 5, 6, 7
    assert GAME.legal_actions(state, 0) == [{"type": "place", "index": i, "value": 41} for i in (5, 6, 7)] + [
        {"type": "return"}]
    message = refused(state, 0, {"type": "place", "index": 1, "value": 41})
    assert message == "41 there would break the ascending order of the face-up tiles between 10 and 30 (completto.md, Rows)."
    assert "after 90" in refused(state, 0, {"type": "place", "index": 21, "value": 41})
    refused(state, 0, {"type": "place", "index": 9, "value": 41})
    state = act(state, 0, "place", index=7, value=41)
    assert row(state, 0)[4:9] == [30, D, D, 41, 50]


# -- Upside-down tiles ---------------------------------------------------------------------------------


def test_the_fourteen_upside_down_tiles():
    assert UPSIDE_DOWN == {6: 9, 9: 6, 16: 91, 91: 16, 18: 81, 81: 18, 19: 61, 61: 19, 66: 99, 99: 66,
                           68: 89, 89: 68, 86: 98, 98: 86}
    assert [READINGS[t] for t in (6, 9, 69, 96, 11, 88, 10, 100)] == [(6, 9), (6, 9), (69,), (96,), (11,), (88,), (10,), (100,)]
    assert sum(len(r) == 2 for r in READINGS.values()) == 14


def test_an_upside_down_set_up_tile_offers_both_readings_and_keeps_the_chosen_one():
    state = start(2, draws=(16, 50))
    assert GAME.view(state, 1)["held_readings"] == [16, 91]
    assert GAME.legal_actions(state, 0) == [
        {"type": "insert", "position": k, "value": v} for k in range(18) for v in (16, 91)]
    assert refused(state, 0, {"type": "insert", "position": 0, "value": 61}) == (
        "Tile 16 shows 16 or 91, not 61 (completto.md, Upside-down tiles).")
    state = act(state, 0, "insert", position=17, value=91)
    view = GAME.view(state, 1)
    assert view["rows"][0][17] == 91
    assert view["upside_down"] == [[91], []]
    assert view["last"] == {"seat": 0, "kind": "insert", "tile": 16, "index": 17, "to": None, "value": 91, "extra": False}
    # seat 1 inserts its tile (50); seat 0 then draws the next tile of the stacked pool
    state = act(state, 1, "insert", position=0, value=50)
    assert GAME.view(state, 0)["held"] == stack(2, draws=(16, 50))[36]


def test_a_face_up_pool_tile_is_taken_by_its_number_and_read_again_when_placed():
    state = act(standard(draws=(9, 11)), 0, "take")
    assert GAME.legal_actions(state, 0) == [{"type": "return"}]  # 6 and 9 both need a place before 10
    state = act(state, 0, "return")
    assert GAME.view(state, None)["pool"] == [9]
    state = act(state, 1, "take", tile=9)
    assert GAME.view(state, None)["held"] == 9
    assert GAME.legal_actions(state, 1) == [
        {"type": "place", "index": 0, "value": 6}, {"type": "place", "index": 0, "value": 9},
        {"type": "place", "index": 1, "value": 6}, {"type": "place", "index": 1, "value": 9}, {"type": "return"}]
    state = act(state, 1, "place", index=1, value=6)
    view = GAME.view(state, None)
    assert view["rows"][1][:3] == [D, 6, 20] and view["upside_down"] == [[], [6]]
    assert view["pool"] == [] and view["last"]["tile"] == 9 and view["last"]["value"] == 6


def test_two_rows_may_show_the_same_value():
    state = insert_all(start(2, None, SETUP_TILES + (6, 9)), (2, 2, 4, 6, 8, 10, 12, 14, 16, 18))
    assert row(state, 0)[:4] == [D, D, 10, D]
    state = act(act(state, 0, "take"), 0, "place", index=0, value=9)  # tile 6 read as 9
    state = act(act(state, 1, "take"), 1, "place", index=0, value=9)  # tile 9
    view = GAME.view(state, None)
    assert (view["rows"][0][0], view["rows"][1][0]) == (9, 9)
    assert view["upside_down"] == [[9], []]


# -- Set-up ----------------------------------------------------------------------------------------------


def test_rows_are_dealt_from_the_stacked_pool_in_seat_order_left_to_right():
    down = [list(range(1, 18)), list(range(18, 35))]
    state = start(2, down, draws=(50, 51, 60, 61, 70, 71, 80, 81, 90, 91, 35))
    assert state.rows == (tuple(-t for t in range(1, 18)), tuple(-t for t in range(18, 35)))
    assert GAME.view(state, 0)["held"] == 50
    state = insert_all(state, (17, 17, 18, 18, 19, 19, 20, 20, 21, 21))
    assert row(state, 1) == [D] * 17 + [51, 61, 71, 81, 91]
    # set-up is over; the next face-down draw is the next tile of the stacked order
    assert GAME.view(act(state, 0, "take"), 0)["held"] == 35
    # a replaced face-down tile goes back face down at the end of the order
    state = act(act(state, 0, "take"), 0, "place", index=0, value=35)
    assert state.pool_down[-1] == 1 and GAME.view(state, 1)["pool_face_down"] == 56


def test_set_up_goes_round_from_the_start_player_one_tile_a_pass():
    state = start(3, draws=(50, 60, 70, 80, 90, 55, 65, 75, 85, 95, 56, 66, 76, 86, 96), first_player=2)
    order = []
    while GAME.view(state, None)["phase"] == "insert":
        seat = GAME.to_act(state)[0]
        assert GAME.legal_actions(state, (seat + 1) % 3) == []
        view = GAME.view(state, None)
        if len(order) == 4:
            assert view["to_insert"] == [4, 4, 3]
        order.append((seat, view["held"]))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert order == [(2, 50), (0, 60), (1, 70), (2, 80), (0, 90), (1, 55), (2, 65), (0, 75), (1, 85), (2, 95),
                     (0, 56), (1, 66), (2, 76), (0, 86), (1, 96)]
    view = GAME.view(state, None)
    assert [v for v in view["rows"][0] if v is not None] == [56, 60, 75, 86, 90]
    assert GAME.to_act(state) == [2] and view["phase"] == "take" and view["start_player"] == 2


def test_set_up_inserts_keep_the_row_ascending_and_never_give_an_extra_turn():
    state = start(2, draws=(40, 60, 41, 30))
    state = act(state, 0, "insert", position=10, value=40)
    state = act(state, 1, "insert", position=0, value=60)
    # 41 must go right of 40 (index 10): gaps 11..18
    assert GAME.legal_actions(state, 0) == [{"type": "insert", "position": k, "value": 41} for k in range(11, 19)]
    message = refused(state, 0, {"type": "insert", "position": 3, "value": 41})
    assert message == "41 there would break the ascending order of the face-up tiles before 40 (completto.md, Rows)."
    assert "gaps 0 to 18, not 19" in refused(state, 0, {"type": "insert", "position": 19, "value": 41})
    state = act(state, 0, "insert", position=11, value=41)  # next to 40: no extra turn in set-up
    assert GAME.to_act(state) == [1] and GAME.view(state, None)["extra_turn"] is False
    assert GAME.view(state, None)["rows"][0][9:13] == [D, 40, 41, D]


def test_set_up_takes_only_inserts_and_inserts_end_with_set_up():
    state = start(2, draws=(40,))
    assert "During set-up every turn is an insert" in refused(state, 0, {"type": "take"})
    refused(state, 0, {"type": "move", "from": 0, "to": 1})
    refused(state, 0, {"type": "return"})
    state = standard()
    assert refused(state, 0, {"type": "insert", "position": 0, "value": 5}) == (
        "Set-up is over: insert is for set-up only (completto.md, Set-up).")


# -- A turn ---------------------------------------------------------------------------------------------


def test_the_start_of_a_turn_offers_takes_then_moves():
    state = act(act(standard(draws=(44, 11)), 0, "take"), 0, "return")
    state = act(act(state, 1, "take"), 1, "return")  # 11 is face up in the pool too
    legal = GAME.legal_actions(state, 0)
    face_down = [i for i, v in enumerate(ROW_0) if v is None]
    assert legal == [{"type": "take", "tile": 11}, {"type": "take", "tile": 44}, {"type": "take"}] + moves(22, face_down)
    assert len(legal) == 3 + 17 * 21
    assert GAME.legal_actions(state, 1) == []
    view = GAME.view(state, None)
    assert (view["pool"], view["pool_face_down"]) == ([11, 44], 54)
    assert view["rows"] == [ROW_0, ROW_1]


def test_take_a_face_up_tile_or_the_next_face_down_one():
    state = act(act(standard(draws=(44, 11)), 0, "take"), 0, "return")
    assert refused(state, 1, {"type": "take", "tile": 45}) == "Tile 45 is not face up in the pool (completto.md, A turn)."
    taken = act(state, 1, "take", tile=44)
    view = GAME.view(taken, None)
    assert (view["held"], view["pool"], view["phase"], view["turn"]) == (44, [], "hold", 1)
    taken = act(state, 1, "take")
    assert GAME.view(taken, None)["held"] == 11 and GAME.view(taken, None)["pool"] == [44]


def test_holding_a_tile_allows_only_place_or_return():
    state = act(standard(), 0, "take")
    message = refused(state, 0, {"type": "take"})
    assert message == ("You hold tile 11: place it on one of your face-down tiles or return it, not take "
                       "(completto.md, A turn).")
    refused(state, 0, {"type": "move", "from": 1, "to": 2})
    refused(standard(), 0, {"type": "return"})
    assert "First take a tile" in refused(standard(), 0, {"type": "place", "index": 1, "value": 11})


def test_place_replaces_a_face_down_tile_which_goes_back_to_the_pool_unseen():
    state = act(standard(draws=(20 + 1, 11)), 0, "take")  # 21: between 10 and 30
    before = GAME.view(state, None)["pool_face_down"]
    state = act(state, 0, "place", index=3, value=21)
    view = GAME.view(state, None)
    assert view["rows"][0][:5] == [10, D, D, 21, 30]
    assert view["face_down"] == [16, 17]
    assert view["pool_face_down"] == before + 1
    assert view["last"] == {"seat": 0, "kind": "place", "tile": 21, "index": 3, "to": None, "value": 21, "extra": False}
    assert GAME.to_act(state) == [1]


def test_a_place_must_be_on_a_face_down_tile_of_the_row():
    state = act(standard(draws=(21,)), 0, "take")
    for index in (0, 4, 22, -1):
        assert "is not one of your face-down tiles" in refused(state, 0, {"type": "place", "index": index, "value": 21})


def test_return_is_forced_when_no_face_down_tile_takes_the_tile():
    state = standard(draws=(11, 12, 13, 31, 32, 33, 51, 52, 53, 71, 72, 73, 91, 92, 93, 94, 62))
    while GAME.view(state, None)["face_down"][0] > 1:  # seat 0 fills its row up to the last tile
        state = act(state, 0, "take")
        state = act(state, 0, "place", index=row(state, 0).index(None), value=GAME.view(state, 0)["held"])
    assert GAME.to_act(state) == [0]  # 94 next to 93: extra turn
    state = act(state, 0, "take")
    assert GAME.view(state, None)["held"] == 62
    assert GAME.legal_actions(state, 0) == [{"type": "return"}]
    assert "after 94" in refused(state, 0, {"type": "place", "index": 21, "value": 62})
    state = act(state, 0, "return")
    assert GAME.view(state, None)["pool"] == [62] and GAME.to_act(state) == [1]
    assert GAME.view(state, None)["last"] == {
        "seat": 0, "kind": "return", "tile": 62, "index": None, "to": None, "value": None, "extra": False}


def test_return_is_allowed_by_choice():
    state = act(standard(), 0, "take")
    assert len(GAME.legal_actions(state, 0)) == 4  # 11 fits at indices 1, 2, 3
    state = act(state, 0, "return")
    assert GAME.view(state, None)["pool"] == [11] and GAME.to_act(state) == [1]


def test_move_puts_a_face_down_tile_elsewhere_and_the_row_closes_up():
    state = standard()
    down = state.rows[0]
    state = act(state, 0, "move", start=1, to=21)
    assert row(state, 0) == [10, D, D, 30, D, D, D, 50, D, D, D, 70, D, D, D, 90, D, D, D, D, D, D]
    assert state.rows[0] == down[:1] + down[2:] + down[1:2]
    assert GAME.to_act(state) == [1] and GAME.view(state, None)["last"]["kind"] == "move"
    state = act(state, 1, "move", start=21, to=0)
    assert row(state, 1)[:4] == [D, D, D, 20] and row(state, 1)[-3:] == [100, D, D]
    state = act(state, 0, "move", start=14, to=4)
    assert row(state, 0)[:10] == [10, D, D, 30, D, D, D, D, 50, D]


def test_only_face_down_tiles_move_and_never_to_their_own_place():
    state = standard()
    assert "only face-down tiles are moved" in refused(state, 0, {"type": "move", "from": 0, "to": 3})
    assert "only face-down tiles are moved" in refused(state, 0, {"type": "move", "from": 22, "to": 3})
    assert "not 1, not 1" in refused(state, 0, {"type": "move", "from": 1, "to": 1})
    refused(state, 0, {"type": "move", "from": 1, "to": 22})
    refused(state, 0, {"type": "move", "from": 1, "to": -1})


# -- Extra turn ------------------------------------------------------------------------------------------


def test_a_place_next_to_a_tile_one_lower_gives_an_extra_turn():
    state = act(standard(), 0, "take")
    state = act(state, 0, "place", index=1, value=11)
    view = GAME.view(state, None)
    assert GAME.to_act(state) == [0] and view["extra_turn"] is True and view["last"]["extra"] is True
    state = act(state, 0, "take")
    assert GAME.view(state, None)["extra_turn"] is True  # still the extra turn while holding the tile
    state = act(state, 0, "place", index=2, value=12)  # extra turns chain
    assert GAME.to_act(state) == [0]
    state = act(state, 0, "move", start=3, to=21)  # a move never gives one
    assert GAME.to_act(state) == [1] and GAME.view(state, None)["extra_turn"] is False


def test_a_place_next_to_a_tile_one_higher_gives_an_extra_turn_but_not_across_a_face_down_tile():
    state = act(standard(draws=(29, 11)), 0, "take")
    assert GAME.to_act(act(state, 0, "place", index=3, value=29)) == [0]
    assert GAME.to_act(act(state, 0, "place", index=2, value=29)) == [1]
    state = act(act(standard(draws=(11,)), 0, "take"), 0, "place", index=2, value=11)
    assert GAME.to_act(state) == [1]


def test_joining_two_neighbours_gives_one_extra_turn():
    state = start(2, draws=(33, 60, 35, 61, 70, 62, 80, 63, 90, 64, 34))
    state = insert_all(state, [0, 0, 2, 1, 4, 2, 5, 3, 6, 4])
    assert row(state, 0)[:8] == [33, D, 35, D, 70, 80, 90, D]
    state = act(act(state, 0, "take"), 0, "place", index=1, value=34)
    assert GAME.to_act(state) == [0]
    state = act(act(state, 0, "take"), 0, "return")  # the one extra turn, then seat 1
    assert GAME.to_act(state) == [1]


def test_a_returned_tile_never_gives_an_extra_turn():
    state = act(act(standard(), 0, "take"), 0, "return")
    assert GAME.to_act(state) == [1] and GAME.view(state, None)["extra_turn"] is False


# -- End ---------------------------------------------------------------------------------------------------


def fill_row_0(state):
    """Seat 0 fills its standard row with ``FILL``, one chain of extra turns."""
    for tile in FILL:
        assert GAME.to_act(state) == [0]
        state = act(state, 0, "take")
        state = act(state, 0, "place", index=row(state, 0).index(None), value=tile)
    return state


def test_a_complete_row_ends_the_game_at_once_and_wins():
    state = fill_row_0(standard())
    assert GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert (outcome.scores, outcome.winners, outcome.details) == ((0, 17), (0,), {"games": 1})
    view = GAME.view(state, None)
    assert view["over"] is True and view["phase"] == "over" and view["turn"] is None
    assert view["rows"][0] == [10, 11, 12, 13, 30, 31, 32, 33, 50, 51, 52, 53, 70, 71, 72, 73, 90, 91, 92, 93, 94, 95]
    assert view["last_game"] == {
        "game": 1, "rows": view["rows"], "points": [0, 17], "completed": 0, "winners": [0], "turns": 17}
    assert view["totals"] == [0, 17]
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []
    assert refused(state, 1, {"type": "take"}, "game_over") == "The game is over."


def test_max_turns_ends_the_game_and_the_fewest_face_down_tiles_win():
    state = standard(max_turns=3)
    state = act(act(state, 0, "take"), 0, "place", index=1, value=11)  # turn 1, extra
    state = act(act(state, 0, "take"), 0, "place", index=2, value=12)  # turn 2, extra
    assert GAME.outcome(state) is None and GAME.view(state, None)["turns"] == 2
    state = act(state, 0, "move", start=3, to=5)  # turn 3: the limit
    outcome = GAME.outcome(state)
    assert (outcome.scores, outcome.winners) == ((15, 17), (0,))
    assert GAME.view(state, None)["last_game"]["completed"] is None


def test_max_turns_ties_share_the_win():
    state = standard(max_turns=2)
    state = act(state, 0, "move", start=1, to=2)
    state = act(act(state, 1, "take"), 1, "return")
    assert (GAME.outcome(state).scores, GAME.outcome(state).winners) == ((17, 17), (0, 1))


def test_the_default_limit_is_1000_turns():
    state = standard()
    assert GAME.view(state, None)["max_turns"] == 1000
    for turn in range(1000):
        seat = GAME.to_act(state)[0]
        state = act(state, seat, "move", start=GAME.view(state, None)["rows"][seat].index(None), to=21)
    assert GAME.outcome(state).scores == (17, 17)


def test_a_series_sums_the_minus_points_deals_from_the_generator_and_moves_the_start_player():
    state = fill_row_0(standard(games=2, max_turns=20))
    assert GAME.outcome(state) is None
    view = GAME.view(state, None)
    assert (view["game"], view["games"], view["phase"], view["totals"]) == (2, 2, "insert", [0, 17])
    assert view["start_player"] == 1 and GAME.to_act(state) == [1]
    assert view["rows"] == [[D] * 17, [D] * 17] and view["pool"] == []
    assert view["last_game"]["points"] == [0, 17]
    # game 2 is dealt by the match's generator, not from the stacked pool
    assert state.rows[0] != tuple(-t for t in stack(2, None, SETUP_TILES + FILL)[:17])
    state = insert_all(state, None)
    for _ in range(20):
        seat = GAME.to_act(state)[0]
        state = act(state, seat, "move", start=row(state, seat).index(None), to=21)
    outcome = GAME.outcome(state)
    assert (outcome.scores, outcome.winners, outcome.details) == ((17, 34), (0,), {"games": 2})


def test_a_series_is_the_same_for_the_same_seed_and_options():
    def second_game(seed):
        return fill_row_0(standard(seed=seed, games=3)).rows

    assert second_game(5) == second_game(5)
    assert second_game(5) != second_game(6)


def test_narrate_names_the_end_of_each_game():
    state = standard(games=2)
    before = state
    state = fill_row_0(state)
    assert GAME.narrate(before, state) == ["Game 1: seat 0 completed the row after 17 turns; points 0, 17; totals 0, 17."]
    assert GAME.narrate(state, state) == []


# -- Hidden information ----------------------------------------------------------------------------------


def test_every_seat_and_a_spectator_see_the_same_public_table():
    state = act(standard(draws=(44, 11)), 0, "take")
    views = [GAME.view(state, seat) for seat in (None, 0, 1)]
    assert [v.pop("seat") for v in views] == [None, 0, 1]
    assert views[0] == views[1] == views[2] == {
        "players": 2, "game": 1, "games": 1, "phase": "hold", "turn": 0, "start_player": 0, "turns": 0,
        "max_turns": 1000, "over": False,
        "rows": [ROW_0, ROW_1],
        "upside_down": [[], []], "face_down": [17, 17], "to_insert": [0, 0],
        "pool": [], "pool_face_down": 55, "held": 44, "held_readings": [44], "extra_turn": False,
        "last": {"seat": 0, "kind": "take", "tile": 44, "index": None, "to": None, "value": None, "extra": False},
        "totals": [0, 0], "last_game": None,
    }
    with pytest.raises(ValueError):
        GAME.view(state, 2)


def test_a_view_tells_nothing_of_face_down_tiles_or_the_pool_order():
    one, two = standard(draws=(44, 11)), standard(draws=(11, 44))
    assert one != two
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert "rng" not in json.dumps(GAME.view(one, 0)) and "seed" not in json.dumps(GAME.view(one, 0))


# -- Actions (API) and set-up's arguments ---------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    None, 3, "take", [], {}, {"type": "Take"}, {"type": "take", "tile": "5"}, {"type": "take", "tile": True},
    {"type": "take", "tiles": 5}, {"type": "take", "tile": 5, "x": 1}, {"type": "move", "from": 1},
    {"type": "move", "from": 1, "to": 2.0}, {"type": "place", "index": 1}, {"type": "return", "tile": 4},
    {"type": "insert", "position": 0, "value": None},
])
def test_malformed_actions(action):
    refused(standard(), 0, action, "malformed_action")


def test_not_your_turn():
    state = standard()
    assert refused(state, 1, {"type": "take"}, "not_your_turn") == "It is seat 0's turn, not seat 1's."
    for seat in (2, -1, True, None, "0"):
        refused(state, seat, {"type": "take"}, "not_your_turn")
        assert GAME.legal_actions(state, seat) == []


@pytest.mark.parametrize("players, options, mentions", [
    (1, None, "players"), (7, None, "players"), ("2", None, "players"),
    (2, {"colour": 1}, "colour"), (2, {"first_player": 2}, "first_player"), (2, {"games": 0}, "games"),
    (2, {"max_turns": 0}, "max_turns"), (2, {"max_turns": True}, "max_turns"), (2, [], "options"),
    (2, {"pool": list(range(1, 100))}, "pool"), (2, {"pool": list(range(1, 100)) + [1]}, "pool"),
    (2, {"pool": list(range(0, 100))}, "pool"), (2, {"pool": [True] + list(range(2, 101))}, "pool"),
    (2, {"pool": "1..100"}, "pool"),
])
def test_bad_set_up_arguments_name_the_problem(players, options, mentions):
    with pytest.raises(ValueError, match=mentions):
        GAME.setup(players, 1, options)


def test_an_unstacked_deal_comes_from_the_seed():
    assert GAME.setup(4, 12) == GAME.setup(4, 12)
    assert GAME.setup(4, 12) != GAME.setup(4, 13)
    assert GAME.setup(4, 12).pool_down == Rng.from_seed(12).shuffled(TILES)[4 * 17 + 1:]
