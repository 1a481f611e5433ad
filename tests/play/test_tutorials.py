"""The guided first matches (``play.tutorials``): each is reached from its stacked deal by moves
that are legal when they are made, the script ends the match with the learner winning, and the
hints the table shows follow the script (plain Python: the engines only)."""
import json

import pytest
from django.utils import translation

from play.bots import make_bot
from play.bots.scripted import ScriptedBot
from play.examples import IllegalExample
from play.games import GAMES
from play.tutorials import (
    OFF_SCRIPT, OVER, TUTORIALS, WAIT, Step, Tutorial, guide, hints, on_path, scripted_action, walk,
)

ALL = sorted(TUTORIALS)


def stored(slug, state) -> dict:
    """The state as the match row stores it (``game.dump`` through JSON)."""
    return json.loads(json.dumps(GAMES[slug].dump(state)))


def test_every_game_has_a_guided_match():
    assert set(TUTORIALS) == set(GAMES)
    assert all(TUTORIALS[slug].slug == slug for slug in TUTORIALS)


@pytest.mark.parametrize("slug", ALL)
def test_every_scripted_step_is_legal_in_turn_and_the_learner_wins(slug):
    tutorial = TUTORIALS[slug]
    game = GAMES[slug]
    state = game.setup(tutorial.players, tutorial.seed, tutorial.options)
    assert game.spec.stacked_options(tutorial.options), "a guided match is a stacked deal"
    for index, step in enumerate(tutorial.steps):
        assert game.outcome(state) is None, f"the match ended before step {index}"
        assert step.seat in game.to_act(state), index
        assert step.action in game.legal_actions(state, step.seat), (index, step.action)
        state = game.apply(state, step.seat, step.action)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (tutorial.learner,)
    assert game.dump(walk(tutorial)[-1]) == game.dump(state)


def test_the_short_scripts_end_where_they_say():
    lama, completto = TUTORIALS["lama"], TUTORIALS["completto"]
    assert (lama.learner_steps, len(lama.steps)) == (6, 11)
    assert GAMES["lama"].outcome(walk(lama)[-1]).scores == (0, 10)
    assert (completto.learner_steps, len(completto.steps)) == (13, 20)
    assert GAMES["completto"].outcome(walk(completto)[-1]).scores == (13, 17)
    elements, eoc = TUTORIALS["elements"], TUTORIALS["eoc"]
    assert (elements.learner_steps, len(elements.steps)) == (9, 25)
    assert GAMES["elements"].outcome(walk(elements)[-1]).scores == (17, 8, 4)
    assert (eoc.learner_steps, len(eoc.steps)) == (16, 30)
    won = GAMES["eoc"].outcome(walk(eoc)[-1])
    assert (won.scores, won.details) == ((1, 0), {"reason": "base", "turns": 2})


def test_walk_refuses_a_step_the_engine_does_not_allow():
    tutorial = TUTORIALS["lama"]
    bad = Tutorial("lama", 2, tutorial.seed, tutorial.options, (Step(0, {"type": "play", "card": 6}, "x"),), "done")
    with pytest.raises(IllegalExample, match="guided step 0: seat 0 may not"):
        walk(bad)


def test_a_learner_step_needs_a_hint():
    with pytest.raises(ValueError, match=r"the learner's steps \[0\] have no hint"):
        Tutorial("lama", 2, 1, {}, (Step(0, {"type": "draw"}),), "done")


def test_the_guide_names_each_hint_of_the_lama_path():
    tutorial = TUTORIALS["lama"]
    game = GAMES["lama"]
    states = walk(tutorial)
    seen = [guide(tutorial, stored("lama", s), v, game.outcome(s) is not None) for v, s in enumerate(states)]
    assert [g["hint"] for g in seen] == [
        "step-0", "wait", "step-1", "wait", "step-2", "wait", "step-3", "wait", "step-4", "wait", "step-5", "done"]
    assert [g["step"] for g in seen] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    assert seen[0] == {"game": "lama", "hint": "step-0", "step": 0, "steps": 6, "action": {"type": "play", "card": 3}}
    assert seen[1]["action"] is None and seen[-1]["action"] is None


def test_leaving_the_path_turns_the_hint_off_and_the_bot_to_its_own_game():
    tutorial = TUTORIALS["lama"]
    game = GAMES["lama"]
    strayed = game.apply(walk(tutorial)[0], 0, {"type": "draw"})
    dump = stored("lama", strayed)
    assert not on_path(tutorial, dump, 1)
    assert guide(tutorial, dump, 1, False) == {"game": "lama", "hint": "off", "step": None, "steps": 6, "action": None}
    assert guide(tutorial, dump, 1, True)["hint"] == "over"
    assert scripted_action(tutorial, dump, 1, 1) is None
    on = stored("lama", walk(tutorial)[1])
    assert scripted_action(tutorial, on, 1, 1) == {"type": "play", "card": 3}
    assert scripted_action(tutorial, on, 1, 0) is None  # not seat 0's scripted move
    assert scripted_action(tutorial, on, 2, 1) is None  # the version does not match the state


def test_the_scripted_bot_plays_its_move_or_falls_back_to_the_heuristic_one():
    game = GAMES["lama"]
    fallback = make_bot("heuristic", game, 5)
    legal = [{"type": "play", "card": 3}, {"type": "draw"}, {"type": "quit"}]
    assert ScriptedBot({"type": "draw"}, fallback).choose({}, legal) == {"type": "draw"}
    state = walk(TUTORIALS["lama"])[1]
    view, legal = game.view(state, 1), game.legal_actions(state, 1)
    expected = make_bot("heuristic", game, 5).choose(view, legal)
    assert ScriptedBot(None, make_bot("heuristic", game, 5)).choose(view, legal) == expected
    assert ScriptedBot({"type": "play", "card": 6}, make_bot("heuristic", game, 5)).choose(view, legal) == expected


@pytest.mark.parametrize("slug", ALL)
def test_every_hint_is_said_in_japanese(slug):
    every = hints(TUTORIALS[slug])
    assert {"wait", "off", "done", "over"} <= set(every) and every["wait"] == WAIT
    assert (every["off"], every["over"]) == (OFF_SCRIPT, OVER)
    assert len([k for k in every if k.startswith("step-")]) == TUTORIALS[slug].learner_steps
    with translation.override("ja"):
        untranslated = [text for text in every.values() if translation.gettext(text) == text]
    assert untranslated == []


def test_where_both_seats_answer_at_once_the_bot_may_go_first_and_the_path_holds():
    tutorial = TUTORIALS["eoc"]
    game = GAMES["eoc"]
    start = walk(tutorial)[0]
    assert game.to_act(start) == [0, 1]  # the mulligan: both answer, in either order
    keep = {"type": "mulligan", "take": False}
    assert scripted_action(tutorial, stored("eoc", start), 0, 1) == keep  # the bot does not wait
    early = game.apply(start, 1, keep)
    assert on_path(tutorial, stored("eoc", early), 1)
    assert guide(tutorial, stored("eoc", early), 1, False) == {
        "game": "eoc", "hint": "step-0", "step": 0, "steps": 16, "action": keep}
    assert scripted_action(tutorial, stored("eoc", early), 1, 1) is None  # its move is made
    both = game.apply(early, 0, keep)
    assert game.dump(both) == game.dump(walk(tutorial)[2])
    assert guide(tutorial, stored("eoc", both), 2, False)["hint"] == "step-1"
    # The learner first: the bot's keep is next, and the learner waits for it.
    first = walk(tutorial)[1]
    assert guide(tutorial, stored("eoc", first), 1, False)["hint"] == "wait"
    assert scripted_action(tutorial, stored("eoc", first), 1, 1) == keep
