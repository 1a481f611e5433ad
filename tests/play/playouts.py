"""What the engines' property tests share: the game protocol's properties checked over a random
playout of any game (DESIGN.md, "The game engine protocol"), each game described by a
:class:`Profile` of what only it knows (how to draw a match, which well-formed actions lie around
a position, which cards a view or an action names).

At every step of a playout (:func:`protocol_playout`):

- ``to_act`` is ``[]`` exactly once the game is over, and otherwise names seats that each have a
  legal action; a seat not to act has only actions the record leaves to people (sandbox moves);
- ``legal_actions`` is exact: every listed action (listed once) applies, and every other action
  of the profile's universe, of random junk and of seats that are no seat of the game is refused
  with ``IllegalAction`` of a known code and a message to translate, leaving the state as it was;
- ``load(dump(s), options) == s`` through JSON text (``options``: the match's);
- no leak: every view (each seat's and a spectator's) is JSON, holds no generator or seed, and
  raises ``ValueError`` for a viewer that is no seat; every move, as each viewer is shown it
  (the game's ``public_action``, the one door of the log, a view's ``last_action``, the websocket
  and the replay), names only cards that viewer's view shows before or after it;

and at the end the game is over within the profile's limit, nobody may act, the outcome has a
score per seat, and a replay from (players, seed, options, action log) through JSON text gives the
same final state and outcome. Every refusal met on the way is said in Japanese by the site's
catalogue.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from hypothesis import strategies as st

from core.messages import localize
from play.engine import IllegalAction, Rng
from tcg.message import Message

CODES = ("not_your_turn", "game_over", "malformed_action", "illegal_action")
BAD_SEATS = (-1, "players", True, None, "0")
"""Seats that are none of a game's (``"players"``: the player count, one past the last seat)."""


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
    took from ``before`` to ``after``, as that viewer is shown it (the game's ``public_action``,
    the one door of the log, a view's ``last_action``, the websocket and the replay), is JSON and
    names only cards the viewer may know: cards the viewer's view shows before or after the
    action. ``cards(value, state) -> set`` gives the card identities a JSON value names (the
    check is exact when every card of the game is one of a kind)."""
    for viewer in viewers:
        shown = game.public_action(action, seat, viewer)
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
    assert game.outcome(replayed) == game.outcome(state)
    return state, log


def action_key(action) -> str:
    """An action as text (keys sorted): two actions with the same key are the same action."""
    return json.dumps(action, sort_keys=True, default=str)


def uniform_choice(game, state, rng: Rng, step: int, memo: dict | None = None) -> tuple[int, dict]:
    """A seat to act and one of its legal actions a bot takes (``GameSpec.bot_actions``),
    uniformly."""
    seat = rng.choice(game.to_act(state))
    return seat, rng.choice(game.spec.bot_actions(game.legal_actions(state, seat), seat))


@dataclass(frozen=True)
class Profile:
    """What the protocol playout needs to know of one game (its property file declares it).

    ``matches``: a strategy of ``(players, seed, options, choice_seed, junk)``, ``junk`` a list of
    malformed actions; ``universe(state, seat, legal, rng)``: well-formed actions around the
    position, for ``seat`` (near misses of the legal ones); ``named_cards(value, state)``: the
    cards a view or an action names; ``probes``: actions tried from seats that are no seat;
    ``choose(game, state, rng, step, memo)``: a move (default: uniform; ``memo`` a dict kept
    through one playout); ``exhaustive(state, step,
    rng)``: whether to try the universe at this step (default: every step); ``to_apply(state,
    seat, legal, step, rng)``: which listed actions to apply (default: all);
    ``key(action)``: the same action in any of its forms (default: :func:`action_key`);
    ``moves_change_state``: every listed action changes the state; ``view_words``: words no view
    holds; ``rng(state)``: the generator's state, which no view may show; ``limit``: moves within
    which a game ends; ``max_examples``: hypothesis examples."""

    slug: str
    matches: st.SearchStrategy
    universe: Callable[[Any, int, list, Rng], list]
    named_cards: Callable[[Any, Any], set]
    probes: Sequence[dict]
    rng: Callable[[Any], int]
    limit: int
    max_examples: int
    choose: Callable = uniform_choice
    exhaustive: Callable = lambda state, step, rng: True
    to_apply: Callable = lambda state, seat, legal, step, rng: legal
    key: Callable[[Any], str] = action_key
    moves_change_state: bool = True
    view_words: tuple[str, ...] = ("rng", "seed")


def refused(game, state, seat, action, codes=CODES) -> Message:
    """``action`` of ``seat`` is refused with a known code and a message to translate."""
    try:
        game.apply(state, seat, action)
    except IllegalAction as exc:
        assert exc.code in codes, (exc.code, action)
        assert exc.message and isinstance(exc.message, Message), repr(exc.message)
        return exc.message
    raise AssertionError(f"seat {seat!r} {action!r} was accepted but is not listed")


def check_views(profile: Profile, game, state, players: int) -> None:
    """Every view is JSON, holds none of the profile's words nor the generator's state, and a
    viewer that is no seat is refused."""
    secret = profile.rng(state)
    for viewer in [None, *range(players)]:
        view = game.view(state, viewer)
        text = json.dumps(view)
        assert json.loads(text) == view
        for word in profile.view_words:
            assert word not in text, (word, viewer)
        if secret > 2**20:  # small states (e.g. seed 0) coincide with ordinary numbers
            assert secret not in set(ints_in(view))
    for viewer in (players, -1, True):
        try:
            game.view(state, viewer)
        except ValueError:
            continue
        raise AssertionError(f"a view for seat {viewer!r} of a {players}-player game")


def check_position(profile: Profile, game, state, players: int, junk: list, step: int, rng: Rng,
                   messages: set, options: dict) -> None:
    """The protocol's properties at one position (see the module's description); the refusals'
    messages are added to ``messages``."""
    to_act = game.to_act(state)
    assert (to_act == []) == (game.outcome(state) is not None)
    assert len(set(to_act)) == len(to_act) and all(type(s) is int and 0 <= s < players for s in to_act)
    before = json.dumps(game.dump(state))
    copy = game.load(json.loads(before), options)
    assert copy == state
    check_views(profile, game, state, players)
    exhaustive = profile.exhaustive(state, step, rng)
    people = game.spec.people_only_actions
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        keys = {profile.key(a) for a in legal}
        assert len(keys) == len(legal), "an action is listed twice"
        if seat in to_act:
            assert legal, f"seat {seat} is to act but has no legal action"
            # a seat a bot plays (or a person's, when their clock runs out) is never stuck
            assert game.spec.bot_actions(legal, seat), f"seat {seat} is to act but has no action a bot takes"
        else:
            assert all(a["type"] in people for a in legal), f"seat {seat} may act out of turn"
        if not exhaustive:
            continue
        for action in profile.to_apply(state, seat, legal, step, rng):
            after = game.apply(state, seat, action)
            if profile.moves_change_state:
                assert after != state, action
        for action in profile.universe(state, seat, legal, rng) + junk:
            if isinstance(action, dict) and profile.key(action) in keys:
                game.apply(state, seat, action)  # the same action in another form applies too
            else:
                messages.add(refused(game, state, seat, action))
    for seat in BAD_SEATS:
        seat = players if seat == "players" else seat
        assert game.legal_actions(state, seat) == []
        for action in profile.probes:
            messages.add(refused(game, state, seat, action, ("not_your_turn", "game_over")))
    assert json.dumps(game.dump(state)) == before and state == copy, "a refusal changed the state"


def protocol_playout(profile: Profile, game, match) -> tuple[Any, list]:
    """Play ``match`` (drawn from ``profile.matches``) to its end, checking the protocol's
    properties at every step and after every move; returns ``(final_state, log)``."""
    players, seed, options, choice_seed, junk = match
    rng = Rng.from_seed(choice_seed)
    messages: set[Message] = set()

    def check(state, step):
        check_position(profile, game, state, players, junk, step, rng, messages, options)

    def moved(before, seat, action, after):
        assert_shown_actions_hide_cards(game, before, seat, action, after, [None, *range(players)],
                                        profile.named_cards)

    steps, memo = iter(range(profile.limit + 1)), {}
    state, log = checked_playout(game, players, seed, options,
                                 lambda s: profile.choose(game, s, rng, next(steps), memo), check, profile.limit, moved)
    outcome = game.outcome(state)
    assert game.to_act(state) == [] and all(game.legal_actions(state, s) == [] for s in range(players))
    assert len(outcome.scores) == players
    assert list(outcome.winners) == sorted(set(outcome.winners)) and all(0 <= s < players for s in outcome.winners)
    assert_said_in_japanese(messages)
    return state, log


def assert_said_in_japanese(messages) -> None:
    """Every message (and every message among its parameters) has its Japanese in the site's
    catalogue, so a client asking for Japanese gets Japanese."""
    with translation.override("ja"):
        for message in messages:
            for part in _parts(message):
                said = translation.gettext(part.template)
                assert said != part.template, f"no Japanese for {part.template!r}"
            assert "%(" not in localize(message)


def _parts(message: Message):
    yield message
    for value in message.params.values():
        if isinstance(value, Message):
            yield from _parts(value)
