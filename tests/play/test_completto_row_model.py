"""The Completto heuristic's row model (play/bots/completto_heuristic.py) works out its gains by
short cuts (a pointer over each segment's places, each segment's costs worked out once); they
must give exactly the figures of the plain definitions, which try every place for every value
and every pair of segments. Checked over every position of seeded games of 2 to 6 players,
heuristic and random bots mixed (so rows both well and badly spread)."""
from __future__ import annotations

import pytest

from play.bots import ComplettoHeuristic, RandomBot
from play.bots.completto_heuristic import RowModel, segment_cost
from play.bots.runner import play_game
from play.engine import derive_seed
from play.games import GAMES
from play.games.completto import READINGS, TILES

GAME = GAMES["completto"]


def plain_best_place_gain(model: RowModel, tile: int, bonus: float) -> float:
    """The definition: ``place_gain`` on every face-down tile of each reading's segment."""
    best = 0.0
    for value in READINGS[tile]:
        if value in model.highs:
            continue
        segment = model.segment_of(value)
        for left in range(segment.slots):
            best = max(best, model.place_gain(value, segment.start + left, bonus))
    return best


def plain_expected_face_down_gain(model: RowModel) -> float:
    if not model.hidden:
        return 0.0
    return sum(plain_best_place_gain(model, t, 0.0) for t in model.hidden) / len(model.hidden)


def plain_best_move(model: RowModel):
    """The definition: every pair of segments, each cost worked out on the spot."""
    best = None
    for x, source in enumerate(model.segments):
        if not source.slots:
            continue
        values_x = model.values_between(source.low, source.high)
        lose = model.cost(source) - segment_cost(source.slots - 1, values_x)
        for y, target in enumerate(model.segments):
            if y == x:
                continue
            values_y = model.values_between(target.low, target.high)
            gain = lose + model.cost(target) - segment_cost(target.slots + 1, values_y)
            if best is None or gain > best[0]:
                left_tile = target.start - 1
                best = (gain, source.start, left_tile + 1 if left_tile < source.start else left_tile)
    return best


def positions(players: int, games: int) -> list[dict]:
    """Every view of a seat about to act, over seeded games (a random bot in every third seat)."""
    views = []
    for i in range(games):
        seed = derive_seed(5, players, i)
        bots = [RandomBot(GAME, derive_seed(seed, s)) if (s + i) % 3 == 0 else ComplettoHeuristic(0)
                for s in range(players)]
        play_game(GAME, players, seed, {"max_turns": 200}, bots,
                  on_step=lambda before, seat, action, after: views.append(GAME.view(before, seat)))
    return views


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_short_cuts_give_the_figures_of_the_definitions(players):
    views = positions(players, 3)[::2]
    assert len(views) > 100
    checked = 0
    for view in views:
        model = RowModel(view)
        assert model.expected_face_down_gain() == plain_expected_face_down_gain(model)
        assert model.best_move() == plain_best_move(model)
        for tile in TILES[::3]:
            for bonus in (0.0, 1.25):
                assert model.best_place_gain(tile, bonus) == plain_best_place_gain(model, tile, bonus)
                checked += 1
    assert checked == len(views) * 68


def test_a_row_with_one_face_down_tile_counts_the_win():
    # The last face-down tile of a row, between 40 and 45: a tile that fits there completes the
    # row, worth 1000 on top of the split (completto.md, "End").
    row = [10, 20, 30, 40, None, 45] + list(range(50, 66))
    view = {"seat": 0, "rows": [row, [None] * 22], "upside_down": [[], []], "pool": [], "held": None}
    model = RowModel(view)
    assert model.face_down == 1
    fits = [t for t in model.hidden if 40 < t < 45]
    assert fits == [41, 42, 43, 44]
    assert model.best_place_gain(42, 0.0) == 1000.0 + 1 / 4
    assert model.best_place_gain(47, 0.0) == 0.0
    assert model.expected_face_down_gain() == pytest.approx(4 * (1000.0 + 1 / 4) / len(model.hidden))
    assert model.expected_face_down_gain() == plain_expected_face_down_gain(model)
