"""The handed game cases (cases/games/<slug>/*.json) of every game, each played through the
engine protocol as the cases README says: legal steps apply (by a seat that may act), illegal
ones are refused leaving the state unchanged, legal action lists match as sets — the ``cards``
inside an action as sets too (elements.md, "Actions (API)": their order does not matter) and no
action listed twice — and the outcome matches exactly, with nobody left to act."""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction
from play.games import GAMES
from tests.conftest import case_files, load_case

CASES = [path for slug in sorted(GAMES) for path in case_files(f"games/{slug}")]


def action_key(action: dict) -> str:
    """An action as text, with its ``cards`` (if any) as a set."""
    if "cards" in action:
        action = {**action, "cards": sorted(json.dumps(c, sort_keys=True) for c in action["cards"])}
    return json.dumps(action, sort_keys=True)


def as_set(actions: list[dict]) -> set[str]:
    return {action_key(a) for a in actions}


def play_case(case: dict):
    """Play a handed case step by step, asserting each step; returns the final state."""
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
    return state


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}-{p.stem}" for p in CASES])
def test_case(path):
    case = load_case(f"games/{path.parent.name}/{path.name}")
    assert case["game"] == path.parent.name
    game = GAMES[case["game"]]
    state = play_case(case)
    outcome = game.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == case["expect"]["outcome"]["scores"]
    assert list(outcome.winners) == case["expect"]["outcome"]["winners"]
    assert game.to_act(state) == []


def test_every_game_has_handed_cases():
    assert sorted({p.parent.name for p in CASES}) == ["completto", "elements", "eoc", "lama"]


def test_the_eoc_playout_ends_on_a_base_in_turn_9():
    state = play_case(load_case("games/eoc/playout_a.json"))
    game = GAMES["eoc"]
    assert game.outcome(state).details == {"reason": "base", "turns": 9}
    assert [ch.code for ch in state.chars if (ch.row, ch.col) == (0, 3)] == ["T-016"]
    assert game.view(state, 0)["outcome"] == {"scores": [0, 1], "winners": [1], "reason": "base"}
