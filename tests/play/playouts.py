"""What the engines' property tests share: a random playout that checks every state and every
move on the way, the JSON round trip of a state, a scan of a view's integers, and the check that
an action as each viewer is shown it names no card that viewer may not know (DESIGN.md, "The
game engine protocol": dump/load round trip, exact replay from seed, options and log; a seat sees
exactly what it may know)."""
from __future__ import annotations

import json

from play.engine import public_action


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


def assert_shown_actions_hide_cards(game, before, seat: int, action: dict, after, viewers, cards) -> None:
    """For every viewer of ``viewers`` (seats, ``None`` for a spectator): the action ``seat``
    took from ``before`` to ``after``, as that viewer is shown it (``play.engine.public_action``,
    the one door of the log, a view's ``last_action``, the websocket and the replay), is JSON and
    names only cards the viewer may know: cards the viewer's view shows before or after the
    action. ``cards(value, state) -> set`` gives the card identities a JSON value names (the
    check is exact when every card of the game is one of a kind)."""
    for viewer in viewers:
        shown = public_action(game, action, seat, viewer)
        assert json.loads(json.dumps(shown)) == shown
        known = cards(game.view(before, viewer), before) | cards(game.view(after, viewer), after)
        leaked = cards(shown, before) - known
        assert not leaked, f"{action!r} of seat {seat} shows {sorted(leaked)} to viewer {viewer!r}"


def checked_playout(game, players: int, seed: int, options: dict, choose, check, limit: int, moved=None):
    """Play one game to its end: ``check(state, step)`` runs before every move and after the
    last; ``choose(state) -> (seat, action)`` picks each move; ``moved(before, seat, action,
    after)``, when given, runs after every move. Asserts the game ends within ``limit`` moves and
    that replaying the log (each action through JSON text) from the seed and options gives the
    same final state. Returns ``(final_state, log)``."""
    state = game.setup(players, seed, options)
    log: list[tuple[int, dict]] = []
    while game.outcome(state) is None:
        assert len(log) < limit
        check(state, len(log))
        seat, action = choose(state)
        before, state = state, game.apply(state, seat, action)
        if moved is not None:
            moved(before, seat, action, state)
        log.append((seat, action))
    check(state, len(log))
    replayed = game.setup(players, seed, options)
    for seat, action in log:
        replayed = game.apply(replayed, seat, json.loads(json.dumps(action)))
    assert replayed == state
    return state, log
