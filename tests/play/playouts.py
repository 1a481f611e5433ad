"""What the engines' property tests share: a random playout that checks every state on the way,
the JSON round trip of a state, and a scan of a view's integers (DESIGN.md, "The game engine
protocol": dump/load round trip, exact replay from seed, options and log)."""
from __future__ import annotations

import json


def assert_round_trip(game, state) -> None:
    """``load(dump(state)) == state`` through JSON text."""
    assert game.load(json.loads(json.dumps(game.dump(state)))) == state


def ints_in(value):
    """Every int in a JSON value, depth first."""
    if isinstance(value, dict):
        for item in value.values():
            yield from ints_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from ints_in(item)
    elif type(value) is int:
        yield value


def checked_playout(game, players: int, seed: int, options: dict, choose, check, limit: int):
    """Play one game to its end: ``check(state, step)`` runs before every move and after the
    last; ``choose(state) -> (seat, action)`` picks each move. Asserts the game ends within
    ``limit`` moves and that replaying the log (each action through JSON text) from the seed and
    options gives the same final state. Returns ``(final_state, log)``."""
    state = game.setup(players, seed, options)
    log: list[tuple[int, dict]] = []
    while game.outcome(state) is None:
        assert len(log) < limit
        check(state, len(log))
        seat, action = choose(state)
        state = game.apply(state, seat, action)
        log.append((seat, action))
    check(state, len(log))
    replayed = game.setup(players, seed, options)
    for seat, action in log:
        replayed = game.apply(replayed, seat, json.loads(json.dumps(action)))
    assert replayed == state
    return state, log
