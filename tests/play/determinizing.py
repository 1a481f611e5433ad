"""What the determinization tests share (the protocol's ``determinize``): a random playout of a
game, and at some of its positions, for every seat, states drawn from that seat's view alone.

Every drawn state (:func:`check_drawn`):

- gives the seat exactly the view it was drawn from (``view(drawn, seat) == view``), and the
  view given to ``determinize`` is left as it was;
- is one the engine continues from: the same seats to act, the same legal actions for the seat
  (when it is to act), and the listed actions of every seat to act apply (about 40 of each
  seat's, spread over the list);
- dumps and loads back (``load(dump(drawn), options) == drawn``);
- carries a generator state that is not the real one (drawn fresh, so the seed never leaks).

Over a playout, two draws from the same view differ somewhere (:func:`determinized_playout`
returns how many positions gave two different states), so the determinizer really deals.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable

from play.engine import Rng, derive_seed
from tests.play.playouts import uniform_choice


def same_actions(game, state, drawn, seat: int) -> None:
    """``seat`` (to act) has the same legal actions in the real ``state`` and the ``drawn`` one."""
    assert game.legal_actions(drawn, seat) == game.legal_actions(state, seat)


def check_drawn(game, state, seat: int, drawn, view: dict, rng_of: Callable, options,
                actions: Callable = same_actions) -> None:
    """The properties of one state ``drawn`` from ``seat``'s ``view`` of ``state`` (see the
    module's description); ``actions(game, state, drawn, seat)`` compares the legal actions of
    the seat to act (default: :func:`same_actions`)."""
    assert game.view(drawn, seat) == view
    assert game.to_act(drawn) == game.to_act(state)
    assert game.outcome(drawn) == game.outcome(state)
    if seat in game.to_act(state):
        actions(game, state, drawn, seat)
    for actor in game.to_act(drawn):
        legal = game.legal_actions(drawn, actor)
        for action in legal[::max(1, len(legal) // 40)]:  # at most about 40 of them (a give-up step lists 2,048)
            game.apply(drawn, actor, action)
    assert game.load(json.loads(json.dumps(game.dump(drawn))), options) == drawn
    assert rng_of(drawn) != rng_of(state)


def determinize_position(game, state, players: int, seed: int, rng_of: Callable, options,
                         private: Callable[[int], dict | None] = lambda seat: None, draws: int = 2,
                         actions: Callable = same_actions) -> int:
    """Draw ``draws`` states for every seat from its view of ``state`` (each from its own seed)
    and check each (:func:`check_drawn`); the number of seats whose draws were not all equal."""
    differing = 0
    for seat in range(players):
        view = game.view(state, seat)
        before = copy.deepcopy(view)
        drawn = [game.determinize(view, seat, Rng.from_seed(derive_seed(seed, seat, k)), private(seat))
                 for k in range(draws)]
        assert view == before, "determinize changed the view"
        for one in drawn:
            check_drawn(game, state, seat, one, view, rng_of, options, actions)
        differing += any(one != drawn[0] for one in drawn)
    return differing


def determinized_playout(game, players: int, seed: int, options, choice_seed: int, rng_of: Callable,
                         every: int, limit: int, private: Callable[[int], dict | None] = lambda seat: None,
                         choose: Callable | None = None, actions: Callable = same_actions) -> tuple[int, int]:
    """Play a game with uniform random moves (or ``choose(state, rng)``) and check the drawn
    states at every ``every``-th position and the last; returns ``(positions checked, seats
    whose draws differed)``."""
    rng = Rng.from_seed(choice_seed)
    state = game.setup(players, seed, options)
    checked = differing = step = 0
    while True:
        over = game.outcome(state) is not None
        if over or step % every == 0:
            differing += determinize_position(game, state, players, derive_seed(choice_seed, step), rng_of, options,
                                              private, actions=actions)
            checked += 1
        if over:
            return checked, differing
        assert step < limit
        seat, action = choose(state, rng) if choose else uniform_choice(game, state, rng, step)
        state = game.apply(state, seat, action)
        step += 1
