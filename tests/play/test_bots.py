"""Bots and the headless runner (play/bots): bots see only a view and the legal actions, always
answer one of them, are deterministic for a seed, and the heuristic beats random players."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from play.bots import BOTS, HEURISTICS, LamaHeuristic, RandomBot, heuristic
from play.bots.runner import make_bots, play_game
from play.engine import IllegalAction
from play.games import GAMES
from play.games.lama import PLAYABLE_ON

GAME = GAMES["lama"]


def test_the_registry():
    assert set(BOTS) == {"random", "heuristic", "strong"}
    assert HEURISTICS["lama"] is LamaHeuristic  # other games register their own beside it
    assert isinstance(BOTS["random"](GAME, 1), RandomBot)
    assert isinstance(BOTS["heuristic"](GAME, 1), LamaHeuristic)
    with pytest.raises(ValueError, match="no heuristic bot for 'solitaire'"):
        heuristic(SimpleNamespace(slug="solitaire"), 1)


def test_the_heuristic_beats_three_random_bots():
    # 200 fixed-seed 4-player games, the heuristic in every seat in turn; chance level is 50.
    wins = sole = 0
    for i in range(200):
        names = ["random"] * 4
        names[i % 4] = "heuristic"
        state, _ = play_game(GAME, 4, i, None, make_bots(GAME, names, i))
        winners = GAME.outcome(state).winners
        wins += (i % 4) in winners
        sole += winners == (i % 4,)
    assert (wins, sole) == (190, 188)


def view(hand, top, *, sizes=None, quit=None, draw_count=30, seat=0):
    sizes = sizes or [len(hand), 6, 6]
    return {"seat": seat, "hand": hand, "discard_top": top, "hand_sizes": sizes,
            "quit": quit or [False] * len(sizes), "draw_count": draw_count}


def legal_for(hand, top, can_draw=True):
    """The legal actions of ``hand`` on ``top`` in the engine's order (lama.md, "A round")."""
    plays = [{"type": "play", "card": c} for c in PLAYABLE_ON[top] if c in hand]
    return plays + ([{"type": "draw"}] if can_draw else []) + [{"type": "quit"}]


def test_the_heuristic_plays_when_it_can_the_same_value_first():
    bot = LamaHeuristic(1)
    # on a 6: the 6 keeps 6, llama, 1, 1, 2 playable in a row; the llama would drop 10 points now
    # but leave only 1, 1, 2.
    assert bot.choose(view([6, 6, 7, 1, 1, 2], 6), legal_for([6, 6, 7, 1, 1, 2], 6)) == {"type": "play", "card": 6}
    assert bot.choose(view([7, 7, 1], 7), legal_for([7, 7, 1], 7)) == {"type": "play", "card": 7}
    assert bot.choose(view([1, 2, 2], 1), legal_for([1, 2, 2], 1)) == {"type": "play", "card": 1}
    assert bot.choose(view([2, 5, 6], 5), legal_for([2, 5, 6], 5)) == {"type": "play", "card": 5}
    assert bot.choose(view([2, 6, 7], 5), legal_for([2, 6, 7], 5)) == {"type": "play", "card": 6}
    assert bot.choose(view([1, 3], 7), legal_for([1, 3], 7)) == {"type": "play", "card": 1}
    assert bot.choose(view([5], 5), legal_for([5], 5)) == {"type": "play", "card": 5}  # going out


def test_the_heuristic_draws_or_quits_by_its_points_and_the_table():
    bot = LamaHeuristic(1)
    assert bot.choose(view([5, 6, 7], 2), legal_for([5, 6, 7], 2)) == {"type": "draw"}
    assert bot.choose(view([1, 1, 2], 4), legal_for([1, 1, 2], 4)) == {"type": "quit"}  # 3 points: keep them
    assert bot.choose(view([5, 6, 7], 2, draw_count=2), legal_for([5, 6, 7], 2)) == {"type": "quit"}
    close = view([2, 3, 1], 5, sizes=[3, 1, 6])  # seat 1 is about to go out
    assert bot.choose(close, legal_for([2, 3, 1], 5)) == {"type": "quit"}
    gone = view([2, 3, 1], 5, sizes=[3, 1, 6], quit=[False, True, False])  # ...but has quit
    assert bot.choose(gone, legal_for([2, 3, 1], 5)) == {"type": "draw"}
    assert bot.choose(view([5, 6, 7], 2), legal_for([5, 6, 7], 2, can_draw=False)) == {"type": "quit"}


@pytest.mark.parametrize("make", [lambda: RandomBot(GAME, 1), lambda: LamaHeuristic(1)])
def test_bots_refuse_an_empty_choice(make):
    with pytest.raises(ValueError):
        make().choose(view([1], 1), [])


def test_runner_errors():
    with pytest.raises(ValueError, match="4 seats need 4 bots, not 3"):
        play_game(GAME, 4, 1, None, make_bots(GAME, ["random"] * 3, 1))
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bots(GAME, ["random", "clever"], 1)
    with pytest.raises(ValueError, match="end_at"):
        play_game(GAME, 2, 1, {"end_at": 0}, make_bots(GAME, ["random"] * 2, 1))
    with pytest.raises(RuntimeError, match="no end after 5 actions"):
        play_game(GAME, 2, 1, None, make_bots(GAME, ["heuristic"] * 2, 1), max_steps=5)


class Cheat:
    def choose(self, view, legal):
        return {"type": "play", "card": 8}


def test_a_bot_answering_an_illegal_action_stops_the_runner():
    with pytest.raises(IllegalAction):
        play_game(GAME, 2, 1, None, [Cheat(), Cheat()])
