"""``manage.py play eoc``: a whole headless Elements of Chaos match with bots over the sample
decks named by ``--decks`` (the game's ``cli_options`` hook), its log and its result."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> list[str]:
    out = StringIO()
    call_command("play", *args, stdout=out)
    return out.getvalue().splitlines()


def test_heuristic_against_random_with_two_sample_decks():
    lines = run("eoc", "--decks", "SMP-RED,SMP-GREEN", "--bots", "heuristic,random", "--seed", "3")
    assert lines[:5] == [
        "Elements of Chaos (eoc), 2 players, seed 3, bots: heuristic, random",
        "Turn 1: seat 1 is the active player.",
        "Seat 0 places 火の玉小僧ポポ (SMP-006) on its base.",
        "Turn 2: seat 0 is the active player.",
        "Seat 1 places 新入生 (SMP-063) on its base.",
    ]
    assert lines[-2:] == ["Turn 17: seat 0 wins (base).", "Result after 294 actions: scores 1, 0; winner seat 0."]


def test_two_heuristic_bots_play_a_whole_match():
    lines = run("eoc", "--decks", "SMP-RED,SMP-GREEN", "--bots", "2", "--seed", "3", "--quiet")
    assert lines == ["Result after 1127 actions: scores 1, 0; winner seat 0."]


def test_verbosity_2_prints_every_action():
    lines = run("eoc", "--decks", "SMP-RED,SMP-GREEN", "--bots", "heuristic,random", "--seed", "3", "-v", "2")
    assert lines[1:3] == ['seat 0: {"type": "mulligan", "take": false}', 'seat 1: {"type": "mulligan", "take": false}']
    assert sum(line.startswith("seat ") for line in lines) == 294


@pytest.mark.parametrize("args, message", [
    (("eoc", "--decks", "SMP-RED,SMP-PINK"),
     "cannot set up eoc: unknown deck 'SMP-PINK'; known: SMP-BLACK, SMP-GREEN, SMP-RED, SMP-WHITE"),
    (("eoc", "--decks", "SMP-RED"), "cannot set up eoc: --decks: name two decks, one per seat, not 1"),
    (("eoc",), "cannot set up eoc: decks: required"),
    (("lama", "--decks", "SMP-RED,SMP-GREEN"), "lama takes no --decks"),
])
def test_errors_are_clear(args, message):
    out = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("play", *args, stdout=out)
    assert str(info.value).startswith(message)
    assert out.getvalue() == ""
