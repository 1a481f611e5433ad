"""Properties of the Completto engine over random games (hypothesis) that only Completto has; the
protocol's properties (exact legal actions, refusals that change nothing, dump/load, replay, no
leak through views or shown moves) are checked over the same kind of games by
``test_protocol_conformance.py`` with :data:`PROFILE`.

Player counts, seeds, options and the choices of a playout vary; at every step of every game:

- the 100 tiles are all somewhere, once, and every row's face-up tiles ascend;
- the views tell nothing of the face-down tiles: dealing the face-down numbers (rows and pool,
  the pool's order included) differently gives the same views and the same legal actions, and a
  view's rows and pool are the face-up tiles as they lie;

and at the end the totals are the scores, the fewest share the win and the series was played
whole.
"""
from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.completto import READINGS, TILES, UPSIDE_DOWN
from tests.play.playouts import Profile, checked_playout

GAME = GAMES["completto"]

junk_actions = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=4),
    st.lists(st.integers(0, 30), max_size=2),
    st.dictionaries(
        st.sampled_from(["type", "tile", "index", "value", "position", "from", "to", "x"]),
        st.one_of(st.sampled_from(["take", "place", "return", "move", "insert", "Take"]), st.integers(-2, 102),
                  st.booleans(), st.none(), st.floats(0, 30), st.text(max_size=2)),
        max_size=4,
    ),
)


@st.composite
def matches(draw):
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(-(2**63), 2**64))
    options = {"max_turns": draw(st.integers(1, 40))}
    if draw(st.booleans()):
        options["first_player"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        options["games"] = 2
    if draw(st.booleans()):
        options["pool"] = list(Rng.from_seed(seed).shuffled(TILES))
    return players, seed, options, draw(st.integers(0, 2**32)), draw(st.lists(junk_actions, max_size=6))


def near_misses(state) -> list[dict]:
    """Well-formed actions around the legal ones: every index, edge positions, other values."""
    length = max(len(r) for r in state.rows)
    held = state.held or 50
    values = sorted({*READINGS[held], held - 1, held + 1, 0, 1, 100, 101})
    tiles = sorted({0, 101, held, *state.pool_up[:3], *state.pool_down[:2], *(abs(v) for r in state.rows for v in r[:3])})
    out = [{"type": "take"}, {"type": "return"}]
    out += [{"type": "take", "tile": t} for t in tiles]
    out += [{"type": "insert", "position": k, "value": v} for k in (-1, 0, 1, length // 2, length, length + 1) for v in values]
    out += [{"type": "place", "index": i, "value": v} for i in range(-1, length + 1) for v in (*READINGS[held], held + 1)]
    out += [{"type": "move", "from": i, "to": j} for i in range(-1, length + 1) for j in {-1, 0, i, i + 1, length - 1, length}]
    return out


def choose(game, state, rng: Rng, step: int, memo: dict | None = None) -> tuple[int, dict]:
    """The seat to act and one of its actions, mostly not a move (so that rows fill up)."""
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    others = [a for a in legal if a["type"] != "move"]
    return seat, rng.choice(others if others and rng.random() < 0.8 else legal)


def check_tiles(state) -> None:
    """Every tile once: in a row (face down, or face up by its reading), the pool, or held."""
    tiles = list(state.pool_up) + list(state.pool_down) + ([state.held] if state.held is not None else [])
    for row, upside in zip(state.rows, state.upside):
        face_up = [v for v in row if v > 0]
        assert face_up == sorted(set(face_up)), "the face-up tiles of a row must ascend"
        assert set(upside) <= set(face_up)
        tiles += [-v if v < 0 else UPSIDE_DOWN[v] if v in upside else v for v in row]
    assert sorted(tiles) == list(TILES)
    assert list(state.pool_up) == sorted(state.pool_up)


def redealt(state, seed: int):
    """``state`` with its face-down numbers (rows and pool) dealt again at random."""
    hidden = [-v for r in state.rows for v in r if v < 0] + list(state.pool_down)
    shuffled = list(Rng.from_seed(seed).shuffled(hidden))
    rows = []
    for r in state.rows:
        rows.append(tuple(-shuffled.pop(0) if v < 0 else v for v in r))
    return replace(state, rows=tuple(rows), pool_down=tuple(shuffled))


def named_tiles(value, state) -> set[int]:
    """The tiles a view or an action names: an action's ``tile`` and ``value``; a view's face-up
    row values, the pool's face-up tiles, the held tile and its readings."""
    tiles = {value[key] for key in ("tile", "value", "held") if type(value.get(key)) is int}
    tiles |= set(value.get("pool") or []) | set(value.get("held_readings") or [])
    for row in value.get("rows") or []:
        tiles |= {v for v in row if v is not None}
    return tiles


def universe(state, seat: int, legal: list, rng: Rng) -> list[dict]:
    """The near misses of the position for the seat to act; a take for the others."""
    return near_misses(state) if seat in GAME.to_act(state) else [{"type": "take"}]


PROFILE = Profile(
    slug="completto", matches=matches(), universe=universe,
    named_cards=named_tiles, probes=[{"type": "take"}], rng=lambda state: state.series.rng, limit=2000,
    max_examples=25, choose=choose, view_words=("rng", "seed", "pool_down"),
)
"""Completto for the protocol's conformance test: the near misses of every position are tried at
every step."""


def check_views(state, seed: int) -> None:
    other = redealt(state, seed)
    for seat in [None, *range(state.series.players)]:
        view = GAME.view(state, seat)
        assert view == GAME.view(other, seat), "a view depends on a face-down tile or the pool's order"
        assert GAME.legal_actions(other, seat if seat is not None else 0) == GAME.legal_actions(
            state, seat if seat is not None else 0)
        assert view["rows"] == [[v if v > 0 else None for v in r] for r in state.rows]
        assert view["pool"] == list(state.pool_up) and view["pool_face_down"] == len(state.pool_down)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_tiles_stay_whole_and_views_tell_nothing_of_face_down_tiles(match):
    players, seed, options, choice_seed, _junk = match
    rng = Rng.from_seed(choice_seed)

    def check(state, step):
        check_tiles(state)
        check_views(state, choice_seed + step)

    state, _log = checked_playout(GAME, players, seed, options, lambda s: choose(GAME, s, rng, 0), check, limit=2000)
    outcome = GAME.outcome(state)
    assert outcome.scores == state.series.totals
    assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == min(outcome.scores))
    assert state.series.game == options.get("games", 1)
