"""Properties of the Elements engine over random games (hypothesis) that only Elements has; the
protocol's properties (exact legal actions, refusals that change nothing, dump/load, replay, no
leak through views or shown moves) are checked over the same kind of games by
``test_protocol_conformance.py`` with :data:`PROFILE`.

Player counts, seeds, options (deals, first player, stacked deck and colours) and the choices of
a random playout vary; at every step of every game, every view shows exactly what
elements.md, "Hidden information", allows: the viewer's own hand and nobody else's; a phase-1
card only to the seat that placed it until all five are turned up; no card of the stock, of
another hand, or among the given-up ones; and at the end the most points share the win, the
game had its deals and no card is held twice.
"""
from __future__ import annotations

import json
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.elements import CARDS, COLOURS, card_json
from play.games.elements.state import EMPTY, PLACE
from tests.play.playouts import Profile, checked_playout, uniform_choice

GAME = GAMES["elements"]

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


def to_apply(state, seat: int, legal: list, step: int, rng: Rng) -> list:
    """Every listed action, or 60 of them at random when more than 300 are listed (a give-up
    step offers up to 2,048)."""
    return legal if len(legal) <= 300 else [rng.choice(legal) for _ in range(60)]


PROFILE = Profile(
    slug="elements", matches=matches(), universe=lambda state, seat, legal, rng: universe(state, rng),
    named_cards=named_cards, probes=[{"type": "pass"}, {"type": "discard", "cards": []}],
    rng=lambda state: state.tally.rng, limit=2000, max_examples=25,
    exhaustive=lambda state, step, rng: GAME.outcome(state) is not None or rng.random() < 0.3 or state.phase != "bid",
    to_apply=to_apply, key=key, view_words=("rng", "seed", "deck", '"stock":'),
)
"""Elements for the protocol's conformance test: the universe of well-formed actions around the
position is tried at every step but seven in ten of the bidding ones."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(matches())
def test_views_show_what_the_hidden_information_rule_allows(match):
    players, seed, options, choice_seed, _junk = match
    rng = Rng.from_seed(choice_seed)
    state, _log = checked_playout(GAME, players, seed, options, lambda s: uniform_choice(GAME, s, rng, 0),
                                  lambda s, step: check_views(s), limit=2000)
    outcome = GAME.outcome(state)
    assert outcome.scores == state.tally.scores
    assert outcome.details == {"deals": options["deals"]}
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == max(outcome.scores))
    held = sorted(c for hand in state.hands for c in hand)
    assert len(held) == len(set(held))
