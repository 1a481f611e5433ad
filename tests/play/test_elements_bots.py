"""Elements bots (play/bots): the registry finds the Elements heuristic, bots see only a view and
the legal actions and answer one of them, games are deterministic for a seed, the heuristic's
rules of thumb, its win rate against random bots, and ``manage.py play elements``."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from play.bots import BOTS, HEURISTICS, RandomBot
from play.bots.elements_heuristic import ElementsHeuristic
from play.bots.runner import make_bots, play_game
from play.games import GAMES

GAME = GAMES["elements"]
LETTER = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "p": "purple"}
ROW = ["red", "yellow", "green", "blue", "purple"]


def C(text: str) -> dict:
    return {"colour": LETTER[text[0]], "value": int(text[1:])}


def cards(text: str) -> list[dict]:
    return [C(t) for t in text.split()]


def test_the_registry_has_an_elements_heuristic():
    assert HEURISTICS["elements"] is ElementsHeuristic
    assert isinstance(BOTS["heuristic"](GAME, 1), ElementsHeuristic)
    assert isinstance(BOTS["random"](GAME, 1), RandomBot)


def test_the_heuristic_beats_three_random_bots():
    # 100 fixed-seed 4-player games, the heuristic in every seat in turn; chance level is 25.
    wins = sole = 0
    for i in range(100):
        names = ["random"] * 4
        names[i % 4] = "heuristic"
        state, _ = play_game(GAME, 4, i, None, make_bots(GAME, names, i))
        winners = GAME.outcome(state).winners
        wins += (i % 4) in winners
        sole += winners == (i % 4,)
    assert (wins, sole) == (100, 100)


# -- the heuristic's rules of thumb, on views made by hand ------------------------------------------


def bid_view(hand, *, bids, prize, waiting=(), passed=None, rnd=1, starter=0, sizes=None, seat=0):
    players = len(bids)
    return {
        "seat": seat, "players": players, "phase": "bid", "hand": cards(hand),
        "row": [{"colour": c} for c in ROW],
        "hand_sizes": sizes or [len(hand.split())] + [6] * (players - 1),
        "prizes": [{"card": C(p), "status": "waiting"} for p in waiting],
        "auction": {"prize": C(prize), "round": rnd, "starter": starter, "passed": passed or [False] * players,
                    "bids": [cards(b) for b in bids]},
    }


def legal_bids(hand, rnd=1):
    words = hand.split()
    if rnd < 3:
        return [{"type": "pass"}] + [{"type": "bid", "cards": [C(w)]} for w in words]
    pairs = [[C(a), C(b)] for i, a in enumerate(words) for b in words[i + 1:]]
    return [{"type": "pass"}] + [{"type": "bid", "cards": p} for p in pairs]


BOT = ElementsHeuristic(1)
TEN = "r1 r8 g2 g8 y3 b4 p5 p6 b7 y9"


def test_it_lets_a_low_prize_go_when_better_ones_follow():
    # ten cards afford three prizes; four better ones wait
    view = bid_view(TEN, bids=["", "y7", "", ""], prize="b2", waiting=["r5", "y8", "g9", "p10"])
    assert BOT.choose(view, legal_bids(TEN)) == {"type": "pass"}


def test_it_wins_the_last_prize_with_its_cheapest_winning_card():
    # y7 leads; r8, g8 and y9 beat it (b7 does not: yellow ranks above blue). r8 and g8 cost 18
    # (8, plus 5 for the other 8 and 5 for a colour mate), y9 only 14 (9 plus 5 for y3)
    view = bid_view(TEN, bids=["", "y7", "", ""], prize="p10")
    assert BOT.choose(view, legal_bids(TEN)) == {"type": "bid", "cards": [C("y9")]}
    # without y9, r8 and g8 tie; the first in card order goes
    nine = TEN.replace(" y9", "")
    assert BOT.choose(bid_view(nine, bids=["", "y7", "", ""], prize="p10"), legal_bids(nine)) == {
        "type": "bid", "cards": [C("r8")]}


def test_it_stands_once_it_leads_and_nobody_can_answer():
    view = bid_view("r1 g2", bids=["r8", "y7", "", ""], prize="p10", rnd=2, passed=[False, True, True, True])
    assert BOT.choose(view, legal_bids("r1 g2")) == {"type": "pass"}
    # the others are out of cards: same
    view = bid_view("r1 g2", bids=["r8", "y7", "", ""], prize="p10", rnd=2, sizes=[2, 0, 0, 0])
    assert BOT.choose(view, legal_bids("r1 g2")) == {"type": "pass"}


def test_it_builds_towards_a_set_or_gives_up():
    # a single 10 leads; three 4s make a number set of three by round 3
    view = bid_view("r4 y4 g4", bids=["", "p10", ""], prize="b9")
    assert BOT.choose(view, legal_bids("r4 y4 g4")) == {"type": "bid", "cards": [C("r4")]}
    # no set can be made: pass
    view = bid_view("r1 y2 g3", bids=["", "p10", ""], prize="b9")
    assert BOT.choose(view, legal_bids("r1 y2 g3")) == {"type": "pass"}
    # round 3: the cheapest pair that beats a yellow pair is a number pair
    view = bid_view("r4 b4 g9 g10", bids=["g1", "y8 y9", ""], prize="b9", rnd=3, starter=1, seat=0)
    assert BOT.choose(view, legal_bids("r4 b4 g9 g10", rnd=3)) == {"type": "bid", "cards": [C("r4"), C("b4")]}


def test_it_places_its_least_needed_card_farthest_from_the_box_and_gives_up_lone_low_cards():
    hand = "r1 y2 g3 b9 p9 r9 y10 g10 b0 r5 p7"
    view = {"seat": 0, "phase": "place", "hand": cards(hand),
            "row": [{"colour": c, "placed": c == "purple"} for c in ROW]}
    legal = [{"type": "place", "colour": c, "card": card} for c in ROW[:4] for card in cards(hand)]
    # b0 costs 0 + 5 for its blue mate b9; every other card costs more
    assert BOT.choose(view, legal) == {"type": "place", "colour": "blue", "card": C("b0")}
    hand = "r1 y2 g3 g10 p9 b9"
    view = {"seat": 0, "phase": "discard", "hand": cards(hand)}
    legal = [{"type": "discard", "cards": cards(hand)[:1]}, {"type": "discard", "cards": cards("r1 y2")}]
    assert BOT.choose(view, legal) == {"type": "discard", "cards": cards("r1 y2")}


@pytest.mark.parametrize("bot", [RandomBot(GAME, 1), BOT])
def test_bots_refuse_an_empty_choice(bot):
    with pytest.raises(ValueError):
        bot.choose({"seat": 0}, [])


# -- manage.py play elements --------------------------------------------------------------------------


def run(*args) -> list[str]:
    out = StringIO()
    call_command("play", *args, stdout=out)
    return out.getvalue().splitlines()


def test_the_play_command_plays_a_whole_match_and_narrates_each_deal():
    lines = run("elements", "--bots", "heuristic,random,random,random", "--seed", "7")
    assert lines[0] == "Elements (elements), 4 players, seed 7, bots: heuristic, random, random, random"
    assert lines[1] == "Deal 1: the row is purple 7, blue 5, yellow 3, green 1, red 0 (box first); prizes 1, 3, 5, 7."
    assert lines[2] == "  Prize 1 to seat 3 (red 6, green 8, red 5, purple 8)."
    assert lines[6] == "Deal 1 over: points 12, 3, 0, 1; totals 12, 3, 0, 1."
    assert sum(line.startswith("Deal ") and "over" in line for line in lines) == 4
    assert lines[-1] == "Result after 186 actions: scores 65, 11, 14, 2; winner seat 0."
    quiet = run("elements", "--players", "3", "--seed", "2", "--quiet", "--options", '{"deals": 1}')
    assert len(quiet) == 1 and quiet[0].startswith("Result after ")
