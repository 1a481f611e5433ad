"""``manage.py play``: a whole headless match with bots, its printed rounds and result."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> list[str]:
    out = StringIO()
    call_command("play", *args, stdout=out)
    return out.getvalue().splitlines()


def test_four_heuristic_bots_seed_7():
    lines = run("lama", "--players", "4", "--bots", "4", "--seed", "7")
    assert lines[0] == "L.A.M.A. (lama), 4 players, seed 7, bots: heuristic, heuristic, heuristic, heuristic"
    assert lines[1] == "Round 1: everyone quit, seat 1 last; points 6, 10, 2, 4; totals 6, 10, 2, 4."
    assert lines[3] == "Round 3: seat 2 went out and returned a white chip; points 3, 1, 0, 6; totals 19, 15, 0, 25."
    assert lines[8] == "Round 8: seat 3 went out and returned a black chip; points 1, 17, 15, 0; totals 34, 50, 35, 18."
    assert lines[-1] == "Result after 294 actions: scores 34, 50, 35, 18; winner seat 3."
    assert len(lines) == 10


def test_bots_named_per_seat_and_options():
    lines = run("lama", "--bots", "heuristic,random,random", "--seed", "3", "--options", '{"end_at": 20}')
    assert lines == [
        "L.A.M.A. (lama), 3 players, seed 3, bots: heuristic, random, random",
        "Round 1: seat 0 went out; points 0, 25, 22; totals 0, 25, 22.",
        "Result after 10 actions: scores 0, 25, 22; winner seat 0.",
    ]


def test_bot_kinds_name_the_bots_of_a_count():
    by_kinds = run("lama", "--players", "3", "--bots", "3", "--bot-kinds", "heuristic,random,random", "--seed", "3",
                   "--options", '{"end_at": 20}')
    assert by_kinds == run("lama", "--bots", "heuristic,random,random", "--seed", "3", "--options", '{"end_at": 20}')
    one_kind = run("lama", "--players", "2", "--bot-kinds", "random", "--seed", "1", "--options", '{"end_at": 1}')
    assert one_kind[0] == "L.A.M.A. (lama), 2 players, seed 1, bots: random, random"
    assert one_kind[-1] == "Result after 8 actions: scores 25, 14; winner seat 1."


def test_verbosity_2_prints_every_action_and_quiet_only_the_result():
    args = ("lama", "--bots", "random,random", "--seed", "1", "--options", '{"end_at": 1}')
    lines = run(*args, "--verbosity", "2")
    assert lines[1:3] == ['seat 0: {"type": "play", "card": 6}', 'seat 1: {"type": "play", "card": 7}']
    assert sum(line.startswith("seat ") for line in lines) == 8
    assert lines[-1] == "Result after 8 actions: scores 25, 14; winner seat 1."
    assert run(*args, "--quiet") == ["Result after 8 actions: scores 25, 14; winner seat 1."]
    assert run(*args, "--verbosity", "0") == ["Result after 8 actions: scores 25, 14; winner seat 1."]


def test_shared_wins_are_named():
    # Seed 13 with 2 random bots and end_at 1 ends in a tie.
    assert run("lama", "--bots", "random,random", "--seed", "13", "--quiet", "--options", '{"end_at": 1}') == [
        "Result after 4 actions: scores 16, 16; winners seats 0, 1."]


@pytest.mark.parametrize(
    "args, message",
    [
        (("chess",), "unknown game 'chess'; known: lama"),
        (("lama", "--players", "4", "--bots", "3"),
         "a headless match needs a bot in every seat: --bots 3 does not fill 4 seats"),
        (("lama", "--players", "3", "--bots", "random,random"), "--bots names 2 bot(s) for 3 seats; give one per seat"),
        (("lama", "--bots", "random,clever"), "unknown bot 'clever'; known: random, heuristic, strong"),
        (("lama", "--players", "7"), "cannot set up lama: players: L.A.M.A. is for 2 to 6 players, not 7"),
        (("lama", "--players", "3", "--bot-kinds", "heuristic,random"),
         "--bot-kinds names 2 bot(s) for 3 seats; give one per seat"),
        (("lama", "--bots", "4", "--bot-kinds", "heuristic,clever"), "unknown bot 'clever'; known: random, heuristic, strong"),
        (("lama", "--bots", "random,random", "--bot-kinds", "heuristic"),
         "give the bot names either in --bots or in --bot-kinds, not both"),
        (("lama", "--options", "{end_at: 3}"), "--options is not JSON"),
        (("lama", "--options", "[1]"), "--options must be a JSON object"),
        (("lama", "--options", '{"end_at": 0}'),
         "cannot set up lama: end_at: must be an integer from 1 to 1000, not 0"),
        # whole numbers are read with the one rule (tcg.integers.parse_int): "²" is no count
        (("lama", "--bots", "²"), "unknown bot '²'; known: random, heuristic, strong"),
        (("lama", "--bots", "١"), "unknown bot '١'; known: random, heuristic, strong"),
        (("lama", "--bots", "0"), "--bots 0: a headless match needs at least one bot"),
        (("lama", "--bots", "²", "--bot-kinds", "random"),
         "give the bot names either in --bots or in --bot-kinds, not both"),
        (("lama", "--players", "١"), "Error: argument --players: expected a whole number of at least 1, not '١'"),
        (("lama", "--players", " 2"), "Error: argument --players: expected a whole number of at least 1, not ' 2'"),
        (("lama", "--seed", "1_000"), "Error: argument --seed: expected a whole number, not '1_000'"),
    ],
)
def test_errors_are_clear(args, message):
    out = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("play", *args, stdout=out)
    assert str(info.value).startswith(message)
    assert out.getvalue() == ""


def test_a_count_of_bots_may_have_spaces_around_it():
    assert run("lama", "--bots", " 2 ", "--seed", "1", "--quiet", "--options", '{"end_at": 1}') == \
        run("lama", "--bots", "2", "--seed", "1", "--quiet", "--options", '{"end_at": 1}')
