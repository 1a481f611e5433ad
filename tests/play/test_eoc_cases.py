"""The handed Elements of Chaos case (cases/games/eoc): a vanilla playout from a stacked deal,
played through the engine protocol as the cases README says: legal steps apply, illegal ones are
refused leaving the state unchanged, legal action lists match as sets, and the outcome matches
exactly."""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction
from play.games import GAMES
from tests.conftest import case_files, load_case

CASES = case_files("games/eoc")


def as_set(actions: list[dict]) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in actions}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_eoc_case(path):
    case = load_case(f"games/eoc/{path.name}")
    game = GAMES[case["game"]]
    state = game.setup(case["players"], case["seed"], case["options"])
    for number, step in enumerate(case["steps"]):
        seat = step["seat"]
        if "legal_actions" in step:
            assert as_set(game.legal_actions(state, seat)) == as_set(step["legal_actions"]), f"step {number}"
        elif step.get("illegal"):
            before = game.dump(state)
            with pytest.raises(IllegalAction):
                game.apply(state, seat, step["action"])
            assert game.dump(state) == before, f"step {number}"
        else:
            assert game.outcome(state) is None, f"step {number}: the game ended early"
            state = game.apply(state, seat, step["action"])
    outcome = game.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == case["expect"]["outcome"]["scores"]
    assert list(outcome.winners) == case["expect"]["outcome"]["winners"]


def test_playout_a_ends_on_a_base_in_turn_9():
    case = load_case("games/eoc/playout_a.json")
    game = GAMES["eoc"]
    state = game.setup(case["players"], case["seed"], case["options"])
    for step in case["steps"]:
        if "action" in step and not step.get("illegal"):
            state = game.apply(state, step["seat"], step["action"])
    outcome = game.outcome(state)
    assert outcome.details == {"reason": "base", "turns": 9}
    assert [ch.code for ch in state.chars if (ch.row, ch.col) == (0, 3)] == ["T-016"]
    assert game.view(state, 0)["outcome"] == {"scores": [0, 1], "winners": [1], "reason": "base"}
