"""Properties of the L.A.M.A. engine over random games (hypothesis) that only L.A.M.A. has; the
protocol's properties (exact legal actions, refusals that change nothing, dump/load, replay, no
leak through views or shown moves) are checked over the same kind of games by
``test_protocol_conformance.py`` with :data:`PROFILE`.

Seeds, player counts, options and the choices of a random playout vary; at every step of every
game, every view holds the viewer's own hand and no other seat's live hand (lama.md, "Hidden
information": a hand lies open once its player quits, every hand once the game is over), the
last round's hands as they ended, and never a run of the draw pile's order; at the end the
scores are the chips, a score reached ``end_at`` and the fewest minus points share the win.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.lama import DECK
from tests.play.playouts import Profile, checked_playout, ints_in, uniform_choice

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


PROFILE = Profile(
    slug="lama", matches=matches(), universe=lambda state, seat, legal, rng: UNIVERSE, named_cards=named_cards,
    probes=[{"type": "quit"}], rng=lambda state: state.tally.rng, limit=5000, max_examples=30,
    view_words=("rng", "seed", "draw_pile", "decks", "deck\""),
)
"""L.A.M.A. for the protocol's conformance test: every action of the game's universe (the seven
cards, draw and quit) is tried at every step."""


def check_views(state) -> None:
    tally = state.tally
    public = [tally.over or not active for active in state.active]
    for seat in [None, *range(tally.players)]:
        view = GAME.view(state, seat)
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
def test_views_show_only_open_hands_and_the_chips_decide(match):
    players, seed, options, choice_seed, _junk = match
    rng = Rng.from_seed(choice_seed)
    state, _log = checked_playout(GAME, players, seed, options, lambda s: uniform_choice(GAME, s, rng, 0),
                                  lambda s, step: check_views(s), limit=5000)
    outcome = GAME.outcome(state)
    assert outcome.scores == state.tally.scores()
    assert max(outcome.scores) >= state.tally.end_at
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == min(outcome.scores))
