"""The Elements of Chaos bots: both always choose a legal action; the heuristic keeps a hand with a
character, puts characters on its base, steps onto the enemy base when it can, and beats the
random bot in every one of 12 seeded games with the sample decks (``make bench`` measures the
rate over more games)."""
from __future__ import annotations

from dataclasses import replace

from play.bots import BOTS, HEURISTICS
from play.bots.eoc_heuristic import EocHeuristic
from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from tests.play.test_eoc_rules import ALL, ARISA, SKIP, begin, deck, position, to_step

GAME = GAMES["eoc"]
NAMES = ["SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE"]


def test_the_heuristic_is_registered_for_eoc():
    assert HEURISTICS["eoc"] is EocHeuristic
    assert isinstance(BOTS["heuristic"](GAME, 1), EocHeuristic)


def test_heuristic_beats_random_in_12_seeded_games():
    wins, lengths = 0, []
    for i in range(12):
        seat = i % 2
        names = ["random", "random"]
        names[seat] = "heuristic"
        options = {"decks": [sample_deck(NAMES[i % 4]), sample_deck(NAMES[(i + 1) % 4])]}
        seed = derive_seed(11, i)
        state, log = play_game(GAME, 2, seed, options, make_bots(GAME, names, seed))
        outcome = GAME.outcome(state)
        wins += seat in outcome.winners
        lengths.append(len(log))
    assert wins == 12
    assert lengths == [156, 85, 75, 278, 247, 125, 217, 145, 102, 293, 47, 240]


def test_heuristic_mulligans_a_hand_without_characters_and_keeps_one_with():
    bot = EocHeuristic(0)
    state = GAME.setup(2, 1, {"decks": [deck([ALL]), deck([ARISA])], "stacked": True, "first_player": 0})
    legal = GAME.legal_actions(state, 0)
    assert bot.choose(GAME.view(state, 0), legal) == {"type": "mulligan", "take": True}
    assert bot.choose(GAME.view(state, 1), legal) == {"type": "mulligan", "take": False}


def test_heuristic_places_a_character_and_steps_onto_the_enemy_base():
    bot = EocHeuristic(0)
    state = begin(deck([ALL, ARISA]))
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0)) == {"type": "place_character", "card": "X-001"}
    state = to_step(position(state, (0, ARISA, 2, 0)))
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0)) == {
        "type": "move", "from": [2, 0], "to": [3, 0]}


def test_heuristic_sets_a_card_that_opens_the_way_and_skips_otherwise():
    bot = EocHeuristic(0)
    state = GAME.apply(begin(deck([ALL, ARISA])), 0, {"type": "place_character", "card": "X-001"})
    state = GAME.apply(state, 1, SKIP)
    action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert action["type"] == "set" and action["square"] == [1, 2] and action["card"] != "X-001"
    full = replace(position(state, (0, ARISA, 0, 3)), phase="set", actor=0)
    assert bot.choose(GAME.view(full, 0), GAME.legal_actions(full, 0)) == SKIP

