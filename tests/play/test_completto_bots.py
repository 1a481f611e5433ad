"""Bots for Completto (play/bots): registered under the common names, they see only a view and
the legal actions, always answer one of them, are deterministic for a seed, and the heuristic
beats random players and plays its row sensibly."""
from __future__ import annotations

import pytest

from play.bots import BOTS, HEURISTICS, ComplettoHeuristic, RandomBot
from play.bots.completto_heuristic import RowModel, segment_cost
from play.bots.runner import make_bots, play_game
from play.games import GAMES
from play.games.completto import MOVES

GAME = GAMES["completto"]
D = None
ROW = [10, D, D, D, 30, D, D, D, 50, D, D, D, 70, D, D, D, 90, D, D, D, D, D]


def test_the_registry_knows_the_completto_heuristic():
    assert HEURISTICS["completto"] is ComplettoHeuristic
    assert isinstance(BOTS["heuristic"](GAME, 1), ComplettoHeuristic)
    assert isinstance(BOTS["random"](GAME, 1), RandomBot)


def test_the_heuristic_beats_two_random_bots():
    # 60 fixed-seed 3-player games, the heuristic in every seat in turn; chance level is 20.
    wins = sole = 0
    for i in range(60):
        names = ["random"] * 3
        names[i % 3] = "heuristic"
        state, _ = play_game(GAME, 3, i, None, make_bots(GAME, names, i))
        winners = GAME.outcome(state).winners
        wins += (i % 3) in winners
        sole += winners == (i % 3,)
    assert (wins, sole) == (60, 60)


@pytest.mark.parametrize("players", [2, 5, 6])
def test_heuristic_bots_finish_games_of_every_size_by_completing_a_row(players):
    state, log = play_game(GAME, players, 21, None, make_bots(GAME, ["heuristic"] * players, 21))
    summary = GAME.view(state, None)["last_game"]
    assert summary["completed"] is not None and summary["points"][summary["completed"]] == 0


# -- the heuristic's choices -----------------------------------------------------------------------------


def view(row, phase, held=None, pool=(), upside=None):
    return {"seat": 0, "rows": [row, [D] * 22], "upside_down": upside or [[], []], "pool": list(pool),
            "held": held, "phase": phase}


def turn_start(row, pool=()):
    """The legal actions at a turn's start, in the engine's order."""
    moves = [m for i, v in enumerate(row) if v is None for m in MOVES[len(row)][i]]
    return [{"type": "take", "tile": t} for t in pool] + [{"type": "take"}] + moves


def places(row, tile):
    model = RowModel(view(row, "hold", tile))
    segment = model.segment_of(tile)
    return [{"type": "place", "index": segment.start + k, "value": tile} for k in range(segment.slots)] + [
        {"type": "return"}]


def test_segment_costs():
    assert segment_cost(0, 0) == 0.0
    assert segment_cost(3, 9) == 1.0
    assert segment_cost(2, 1) == 52.0  # one tile too many for the values left
    model = RowModel(view(ROW, "take"))
    assert [(s.low, s.high, s.start, s.slots) for s in model.segments] == [
        (0, 10, 0, 0), (10, 30, 1, 3), (30, 50, 5, 3), (50, 70, 9, 3), (70, 90, 13, 3), (90, 101, 17, 5)]
    assert model.values_between(10, 30) == 19


def test_set_up_spreads_the_face_up_tiles_over_the_row():
    bot = ComplettoHeuristic(1)
    legal = [{"type": "insert", "position": k, "value": 50} for k in range(18)]
    assert bot.choose(view([D] * 17, "insert", 50), legal) == {"type": "insert", "position": 8, "value": 50}
    legal = [{"type": "insert", "position": k, "value": 90} for k in range(18)]
    assert bot.choose(view([D] * 17, "insert", 90), legal) == {"type": "insert", "position": 15, "value": 90}


@pytest.mark.parametrize("tile, index", [(11, 1), (20, 2), (29, 3), (99, 21), (91, 17)])
def test_a_taken_tile_goes_where_it_fits_best(tile, index):
    bot = ComplettoHeuristic(1)
    assert bot.choose(view(ROW, "hold", tile), places(ROW, tile)) == {"type": "place", "index": index, "value": tile}


def test_a_tile_that_fits_nowhere_is_returned():
    assert ComplettoHeuristic(1).choose(view(ROW, "hold", 5), [{"type": "return"}]) == {"type": "return"}


def test_a_face_up_tile_that_earns_an_extra_turn_is_taken():
    bot = ComplettoHeuristic(1)
    assert bot.choose(view(ROW, "take", pool=[11, 60]), turn_start(ROW, [11, 60])) == {"type": "take", "tile": 11}


def test_a_crowded_segment_gives_a_tile_away_by_a_move():
    bot = ComplettoHeuristic(1)
    # two face-down tiles between 10 and 12, where only 11 can ever go
    row = [10, D, D, 12, D, D, D, 50, D, D, D, 70, D, D, D, 90, D, D, D, D, D, D]
    assert bot.choose(view(row, "take"), turn_start(row)) == {"type": "move", "from": 1, "to": 0}
    # the five tiles after 90 crowd their ten values: one goes to the front when no tile is better
    assert bot.choose(view(ROW, "take", pool=[60, 75]), turn_start(ROW, [60, 75])) == {"type": "move", "from": 17, "to": 0}


def test_tiles_face_up_in_any_row_no_longer_count_as_values_to_come():
    other = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, D, D, D]
    # seat 1's 16 is tile 91 upside down, so tile 16 may still come; 18 and 19 may come as the
    # tiles 81 and 61 turned
    model = RowModel({**view(ROW, "take"), "rows": [ROW, other], "upside_down": [[], [16]]})
    assert model.values_between(10, 30) == 3
    assert model.obtainable.count(16) == 1 and 91 not in model.obtainable


# -- the play command ------------------------------------------------------------------------------------


def run_command(*args) -> list[str]:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("play", "completto", *args, stdout=out)
    return out.getvalue().splitlines()


def test_the_play_command_prints_each_game_and_the_result():
    assert run_command("--players", "3", "--seed", "7") == [
        "Completto (completto), 3 players, seed 7, bots: heuristic, heuristic, heuristic",
        "Game 1: seat 0 completed the row after 74 turns; points 0, 2, 1; totals 0, 2, 1.",
        "Result after 154 actions: scores 0, 2, 1; winner seat 0.",
    ]
    assert run_command("--bots", "heuristic,random", "--seed", "3", "--options", '{"games": 2}') == [
        "Completto (completto), 2 players, seed 3, bots: heuristic, random",
        "Game 1: seat 0 completed the row after 51 turns; points 0, 17; totals 0, 17.",
        "Game 2: seat 0 completed the row after 57 turns; points 0, 17; totals 0, 34.",
        "Result after 180 actions: scores 0, 34; winner seat 0.",
    ]
    lines = run_command("--bots", "random,random", "--seed", "1", "--options", '{"max_turns": 3}', "--verbosity", "2")
    assert lines[1] == 'seat 0: {"type": "insert", "position": 9, "value": 59}'
    assert lines[-2:] == ["Game 1: no row complete after 3 turns; points 17, 17; totals 17, 17.",
                          "Result after 13 actions: scores 17, 17; winners seats 0, 1."]


def test_the_play_command_names_a_bad_option():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="cannot set up completto: pool must list the 100 tiles"):
        run_command("--options", '{"pool": [1, 2]}')
    with pytest.raises(CommandError, match="Completto is for 2 to 6 players, not 7"):
        run_command("--players", "7")
