"""The handed Elements cases (cases/games/elements), each played through the engine protocol as
the cases README says: legal steps apply, illegal ones are refused leaving the state unchanged,
legal action lists match as sets (the ``cards`` inside an action as sets too), and the outcome
matches exactly."""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction
from play.games import GAMES
from tests.conftest import case_files, load_case

CASES = case_files("games/elements")


def action_key(action: dict) -> str:
    """An action as text, with its ``cards`` as a set (elements.md, "Actions": their order does
    not matter)."""
    if "cards" in action:
        action = {**action, "cards": sorted(json.dumps(c, sort_keys=True) for c in action["cards"])}
    return json.dumps(action, sort_keys=True)


def as_set(actions: list[dict]) -> set[str]:
    return {action_key(a) for a in actions}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_elements_case(path):
    case = load_case(f"games/elements/{path.name}")
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
            assert seat in game.to_act(state), f"step {number}: seat {seat} may not act"
            state = game.apply(state, seat, step["action"])
    outcome = game.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == case["expect"]["outcome"]["scores"]
    assert list(outcome.winners) == case["expect"]["outcome"]["winners"]
    assert game.to_act(state) == []
