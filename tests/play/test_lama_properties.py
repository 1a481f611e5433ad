"""Properties of the L.A.M.A. engine over random games (hypothesis): seeds, player counts, options
and the choices of a random playout vary; at every step of every game:

- ``legal_actions`` is exact: every listed action applies, every other action (a fixed universe
  of well-formed ones, random junk, wrong seats) raises ``IllegalAction`` and changes nothing;
- ``load(dump(s)) == s``, through JSON text;
- every view is JSON, and holds no other seat's live hand, no draw-pile order, no generator;
- every move, as each seat and a spectator are shown it (``public_action``), names only cards
  their views show (a played card is on the discard pile);
and at the end, a replay from (players, seed, options, action log) gives the same state.
"""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import IllegalAction, Rng
from play.games import GAMES
from play.games.lama import DECK
from tests.play.playouts import assert_round_trip, assert_shown_actions_hide_cards, checked_playout, ints_in

GAME = GAMES["lama"]
UNIVERSE = [{"type": "play", "card": c} for c in range(1, 8)] + [{"type": "draw"}, {"type": "quit"}]
PER_SEAT_NUMBERS = {"hand_sizes", "scores", "quit", "last_round.points"}

junk_actions = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=4),
    st.lists(st.integers(0, 8), max_size=2),
    st.dictionaries(
        st.sampled_from(["type", "card", "cards", "x"]),
        st.one_of(st.sampled_from(["play", "draw", "quit", "pass", "Play"]), st.integers(-1, 9), st.booleans(),
                  st.none(), st.floats(0, 8), st.text(max_size=2)),
        max_size=3,
    ),
)


@st.composite
def matches(draw):
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {}
    if draw(st.booleans()):
        options["end_at"] = draw(st.integers(1, 60))
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["deck"] = list(Rng.from_seed(seed).shuffled(DECK))
    return players, seed, options, draw(st.integers(0, 2**32)), draw(st.lists(junk_actions, max_size=8))


def refused_unchanged(state, seat, action) -> None:
    before = json.dumps(GAME.dump(state))
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        assert exc.code in ("not_your_turn", "game_over", "malformed_action", "illegal_action"), exc.code
        assert exc.message
    else:
        raise AssertionError(f"seat {seat!r} {action!r} was accepted but is not legal")
    assert json.dumps(GAME.dump(state)) == before


def check_legal_actions_exact(state, junk) -> None:
    to_act = GAME.to_act(state)
    for seat in range(state.tally.players):
        legal = GAME.legal_actions(state, seat)
        if seat not in to_act:
            assert legal == []
        keys = {json.dumps(a, sort_keys=True) for a in legal}
        assert len(keys) == len(legal)
        for action in UNIVERSE + junk:
            if isinstance(action, dict) and json.dumps(action, sort_keys=True) in keys:
                after = GAME.apply(state, seat, action)
                assert after != state
            else:
                refused_unchanged(state, seat, action)
    for seat in (-1, state.tally.players, True, None, "0"):
        assert GAME.legal_actions(state, seat) == []
        refused_unchanged(state, seat, {"type": "quit"})


def card_lists(value, path=""):
    """Every list of ints in a view, with its path, except the per-seat numbers."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from card_lists(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        if path not in PER_SEAT_NUMBERS and value and all(type(v) is int for v in value):
            yield path, value
        elif path not in PER_SEAT_NUMBERS:
            for i, item in enumerate(value):
                yield from card_lists(item, f"{path}[{i}]")


def named_cards(value, state) -> set[int]:
    """The cards a view or an action names: every list of cards in it (:func:`card_lists`),
    the discard pile's top and an action's ``card``."""
    cards = {c for _path, listed in card_lists(value) for c in listed}
    for key in ("card", "discard_top"):
        if type(value.get(key)) is int:
            cards.add(value[key])
    return cards


def check_views(state) -> None:
    tally = state.tally
    public = [tally.over or not active for active in state.active]
    for seat in [None, *range(tally.players)]:
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert json.loads(text) == view
        for word in ("rng", "seed", "draw_pile", "decks", "deck\""):
            assert word not in text
        if tally.rng > 2**20:  # small states (e.g. seed 0, stacked) coincide with ordinary numbers
            assert tally.rng not in set(ints_in(view))
        assert view["hand"] == (None if seat is None else list(state.hands[seat]))
        for path, cards in card_lists(view):
            if path == "hand":
                continue
            if path.startswith("laid_down["):
                other = int(path[len("laid_down["):-1])
                assert public[other], f"seat {seat} sees seat {other}'s live hand"
                assert cards == list(state.hands[other])
            elif path.startswith("last_round.hands["):
                other = int(path[len("last_round.hands["):-1])
                assert cards == list(tally.last_round.hands[other])
            else:
                raise AssertionError(f"unexpected list of cards at {path}")
        for other, shown in enumerate(view["laid_down"]):
            assert (shown is not None) == public[other]
        pile = list(state.draw_pile[:12])
        if len(pile) == 12:
            ints = list(ints_in(view))
            assert all(ints[i:i + 12] != pile for i in range(len(ints) - 11)), "the draw pile's order leaked"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_random_games_keep_every_property(match):
    players, seed, options, choice_seed, junk = match
    choices = Rng.from_seed(choice_seed)

    def check(state, step):
        check_legal_actions_exact(state, junk)
        check_views(state)
        assert_round_trip(GAME, state)

    def choose(state):
        seat = GAME.to_act(state)[0]
        return seat, choices.choice(GAME.legal_actions(state, seat))

    def moved(before, seat, action, after):
        viewers = [None, *range(players)]
        assert_shown_actions_hide_cards(GAME, before, seat, action, after, viewers, named_cards)

    state, _log = checked_playout(GAME, players, seed, options, choose, check, limit=5000, moved=moved)
    outcome = GAME.outcome(state)
    assert outcome.scores == state.tally.scores()
    assert max(outcome.scores) >= state.tally.end_at
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == min(outcome.scores))
