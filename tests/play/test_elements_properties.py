"""Properties of the Elements engine over random games (hypothesis): player counts, seeds,
options (deals, first player, stacked deck and colours) and the choices of a random playout vary;
at every step of every game:

- ``legal_actions`` is exact: every listed action applies (and is listed once); every other
  action of a universe of well-formed ones (places, single and paired bids, passes, give-ups,
  with their cards in any order), random junk and wrong seats raises ``IllegalAction`` with a
  known code, and nothing changes;
- ``load(dump(s)) == s``, through JSON text;
- every view is JSON and leaks nothing (elements.md, "Hidden information"): the viewer's own hand
  and nobody else's; a phase-1 card only to the seat that placed it until all five are turned up;
  no card of the stock, of another hand, or among the given-up ones; no generator or seed;
- every move, as each seat and a spectator are shown it (``public_action``), names only cards
  their views show (a card placed face down or given up is not named to the others);
and at the end a replay from (players, seed, options, action log) gives the same state.
"""
from __future__ import annotations

import json
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import IllegalAction, Rng
from play.games import GAMES
from play.games.elements import CARDS, COLOURS, card_json
from play.games.elements.state import EMPTY, PLACE
from tests.play.playouts import assert_round_trip, assert_shown_actions_hide_cards, checked_playout, ints_in

GAME = GAMES["elements"]
CODES = ("not_your_turn", "game_over", "malformed_action", "illegal_action")

card_dicts = st.fixed_dictionaries({"colour": st.sampled_from([*COLOURS, "Red", "black"]),
                                    "value": st.one_of(st.integers(-1, 11), st.booleans(), st.floats(0, 10))})
junk_actions = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=4),
    st.lists(card_dicts, max_size=2),
    st.dictionaries(
        st.sampled_from(["type", "cards", "card", "colour", "x"]),
        st.one_of(st.sampled_from(["place", "bid", "pass", "discard", "Pass", "green"]), st.integers(-1, 60),
                  st.none(), st.lists(card_dicts, max_size=3), card_dicts, st.text(max_size=2)),
        max_size=3,
    ),
)


@st.composite
def matches(draw):
    players = draw(st.integers(3, 5))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {}
    if draw(st.booleans()):
        options["deals"] = draw(st.integers(1, 3))
    else:
        options["deals"] = draw(st.sampled_from([1, 2, players]))
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["deck"] = [card_json(c) for c in Rng.from_seed(seed).shuffled(CARDS)]
    if draw(st.booleans()):
        options["colours"] = list(draw(st.permutations(COLOURS)))
    return players, seed, options, draw(st.integers(0, 2**32)), draw(st.lists(junk_actions, max_size=6))


def key(action) -> str | None:
    """An action as text, with its ``cards`` as a set; ``None`` for a non-dict."""
    if not isinstance(action, dict):
        return None
    if isinstance(action.get("cards"), list):
        try:
            action = {**action, "cards": sorted(json.dumps(c, sort_keys=True) for c in action["cards"])}
        except TypeError:
            return None
    return json.dumps(action, sort_keys=True, default=str)


def universe(state, rng: Rng) -> list:
    """Well-formed actions around the position: places of hand and other cards under every
    colour, single bids of every card, pairs from the hands (cards reversed) and at random,
    passes, give-ups of subsets of the hands and of random cards, duplicated cards."""
    held = sorted({c for hand in state.hands for c in hand})
    sample = [rng.choice(CARDS) for _ in range(6)]
    actions: list = [{"type": "pass"}, {"type": "discard", "cards": []}, {"type": "bid", "cards": []}]
    for colour in COLOURS:
        actions += [{"type": "place", "colour": colour, "card": card_json(c)} for c in held[:4] + sample]
    actions += [{"type": "bid", "cards": [card_json(c)]} for c in CARDS]
    for hand in state.hands:
        actions += [{"type": "bid", "cards": [card_json(b), card_json(a)]} for a, b in list(combinations(hand, 2))[:12]]
        actions += [{"type": "discard", "cards": [card_json(c) for c in hand[::-1]]},
                    {"type": "discard", "cards": [card_json(c) for c in hand[:2]] * 2}]
    actions += [{"type": "bid", "cards": [card_json(a), card_json(b)]} for a, b in zip(sample, sample[1:])]
    actions += [{"type": "bid", "cards": [card_json(sample[0])] * 2},
                {"type": "discard", "cards": [card_json(c) for c in sample[:3]]}]
    return actions


def check_actions(state, junk, rng: Rng) -> None:
    to_act = GAME.to_act(state)
    players = state.tally.players
    before = json.dumps(GAME.dump(state))
    others = universe(state, rng) + junk
    for seat in range(players):
        legal = GAME.legal_actions(state, seat)
        assert (legal != []) == (seat in to_act)
        keys = {key(a) for a in legal}
        assert len(keys) == len(legal)
        listed = legal if len(legal) <= 300 else [rng.choice(legal) for _ in range(60)]
        for action in listed:
            assert GAME.apply(state, seat, action) != state
        for action in others:
            if key(action) in keys:
                GAME.apply(state, seat, action)  # the same action with its cards in another order
                continue
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as exc:
                assert exc.code in CODES and exc.message
            else:
                raise AssertionError(f"seat {seat} {action!r} was accepted but is not listed")
    for seat in (-1, players, True, None, "0"):
        assert GAME.legal_actions(state, seat) == []
        for action in ({"type": "pass"}, {"type": "discard", "cards": []}):
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as exc:
                assert exc.code in ("not_your_turn", "game_over")
            else:
                raise AssertionError(f"seat {seat!r} was allowed to act")
    assert json.dumps(GAME.dump(state)) == before


def cards_in(value, path=""):
    """Every card dict in a view, with its path."""
    if isinstance(value, dict):
        if set(value) == {"colour", "value"} and type(value["value"]) is int:
            yield path, (COLOURS.index(value["colour"]) * 11 + value["value"])
            return
        for k, item in value.items():
            yield from cards_in(item, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from cards_in(item, f"{path}[{i}]")


def named_cards(value, state) -> set[int]:
    """The cards a view or an action names (each card is one of a kind)."""
    return {card for _path, card in cards_in(value)}


def public_cards(state, seat) -> set[int]:
    """What ``seat`` may see on the table this deal (elements.md, "Hidden information")."""
    table = state.deal
    seen = set(table.set_aside) | set(table.prizes) | {c for won in table.won for c in won}
    seen |= {c for result in table.auctions for bid in result.bids for c in bid}
    if state.auction is not None:
        seen |= {c for bid in state.auction.bids for c in bid}
    for card, by in zip(table.placed, table.placed_by):
        if card != EMPTY and (state.phase != PLACE or by == seat):
            seen.add(card)
    return seen


def check_views(state) -> None:
    for seat in [None, *range(state.tally.players)]:
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert json.loads(text) == view
        for word in ("rng", "seed", "deck", '"stock":'):
            assert word not in text
        if state.tally.rng > 2**20:
            assert state.tally.rng not in set(ints_in(view))
        own = [] if seat is None else list(state.hands[seat])
        assert view["hand"] == (None if seat is None else [card_json(c) for c in own])
        visible = public_cards(state, seat)
        for path, card in cards_in(view):
            if path.startswith("hand[") or path.startswith("last_deal."):
                continue
            assert card in visible, f"seat {seat} sees {card_json(card)} at {path}"
        for entry, card, by in zip(view["row"], state.deal.placed, state.deal.placed_by):
            shown = card != EMPTY and (state.phase != PLACE or by == seat)
            assert (entry["card"] is not None) == shown
        assert view["stock_size"] == len(state.deal.stock)
        assert view["hand_sizes"] == [len(h) for h in state.hands]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(matches())
def test_random_games_keep_every_property(match):
    players, seed, options, choice_seed, junk = match
    choices = Rng.from_seed(choice_seed)

    def check(state, step):
        if GAME.outcome(state) is not None or choices.random() < 0.3 or state.phase != "bid":
            check_actions(state, junk, choices)
            check_views(state)
            assert_round_trip(GAME, state)

    def choose(state):
        seat = choices.choice(GAME.to_act(state))
        return seat, choices.choice(GAME.legal_actions(state, seat))

    def moved(before, seat, action, after):
        viewers = [None, *range(players)]
        assert_shown_actions_hide_cards(GAME, before, seat, action, after, viewers, named_cards)

    state, _log = checked_playout(GAME, players, seed, options, choose, check, limit=2000, moved=moved)
    outcome = GAME.outcome(state)
    assert outcome.scores == state.tally.scores
    assert outcome.details == {"deals": options["deals"]}
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == max(outcome.scores))
    held = sorted(c for hand in state.hands for c in hand)
    assert len(held) == len(set(held))
