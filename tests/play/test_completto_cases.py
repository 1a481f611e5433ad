"""The handed Completto cases (cases/games/completto), each played through the engine protocol
as the cases README says: legal steps apply, illegal ones are refused leaving the state
unchanged, legal action lists match as sets, and the outcome matches exactly."""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction
from play.games import GAMES
from tests.conftest import case_files, load_case

CASES = case_files("games/completto")


def as_set(actions: list[dict]) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in actions}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_completto_case(path):
    case = load_case(f"games/completto/{path.name}")
    game = GAMES[case["game"]]
    state = game.setup(case["players"], case["seed"], case["options"])
    for number, step in enumerate(case["steps"]):
        seat = step["seat"]
        if "legal_actions" in step:
            legal = game.legal_actions(state, seat)
            assert len(legal) == len(as_set(legal)), f"step {number}: an action is listed twice"
            assert as_set(legal) == as_set(step["legal_actions"]), f"step {number}"
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
