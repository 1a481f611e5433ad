"""The Elements of Chaos bots: both always choose a legal action; the heuristic keeps a hand with a
character, puts characters on its base, steps onto the enemy base when it can, and beats the
random bot in every one of 12 seeded games with the sample decks (``make bench`` measures the
rate over more games). With chosen targets and decisions (docs/eoc-effects.md): the heuristic
aims damage at the enemy it brings down, heals the most damaged ally, stops the enemy that would
reach its base, sets a card from hand where it shortens its way and answers an order decision;
the random bot answers decisions and chooses targets among the legal actions. Cards with effects
are test cards built here."""
from __future__ import annotations

from dataclasses import replace

from play.bots import BOTS, HEURISTICS, RandomBot
from play.bots.eoc_board import FAR, GAP, Board, _moves_to
from play.bots.eoc_heuristic import EocHeuristic
from play.bots.runner import make_bots, play_game
from play.engine import derive_seed
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from tests.play.test_eoc_rules import ALL, ARISA, MIDORI, REI, SERENA, SKIP, begin, card, deck, position, to_step

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
    assert lengths == [87, 139, 75, 184, 357, 294, 235, 135, 138, 415, 48, 91]


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
    # of the squares that shorten the way as much, the one nearest Arisa
    assert action["type"] == "set" and action["square"] == [1, 3] and action["card"] != "X-001"
    full = replace(position(state, (0, ARISA, 0, 3)), phase="set", actor=0)
    assert bot.choose(GAME.view(full, 0), GAME.legal_actions(full, 0)) == SKIP



# -- events, specials and decisions (docs/eoc-effects.md) ------------------------------------------
BOLT = card("101", "event", name="Bolt", effect={"op": "damage", "amount": 1, "target": "adjacent_enemy"})
STRIKER = card("102", "character", ["red"], hp=5, name="Striker",
               effect={"op": "damage", "amount": 1, "target": "adjacent_enemy"})
SPECIALS = card("103", "item", steps=(["special"], ["special"], ["special"]), name="Specials")
ORDER_OWN = card("104", "event", name="Own order", effect={"op": "order", "count": 3, "deck": "own", "to": "top"})
ORDER_FOE = card("105", "event", name="Foe order",
                 effect={"op": "order", "count": 3, "deck": "opponent", "to": "bottom"})
SHIELD_X = card("106", "item", size=0, name="Low")
BIG_X = card("107", "item", size=3, name="High")


def _two_targets(hand=(), then=()):
    """Seat 0's user on [1, 1] with two enemies orthogonally next to it: Rei on [2, 1] at 1 HP
    and Midori on [1, 2] at 3 HP (the nearer to seat 0's base [0, 3])."""
    state = begin(deck([ALL, *hand], then=[*then, STRIKER]))
    return position(state, (0, STRIKER, 1, 1), (1, REI, 2, 1, 1), (1, MIDORI, 1, 2, 3))


def test_heuristic_aims_an_event_at_the_enemy_it_knocks_down():
    state = to_step(_two_targets(hand=[BOLT]))
    legal = GAME.legal_actions(state, 0)
    assert [a.get("targets") for a in legal if a["type"] == "event"] == [[[1, 2]], [[2, 1]]]
    action = EocHeuristic(0).choose(GAME.view(state, 0), legal)
    assert action == {"type": "event", "card": "X-101", "by": [1, 1], "targets": [[2, 1]]}
    after = GAME.apply(state, 0, action)
    assert [(c.code, c.hp) for c in after.chars if c.owner == 1] == [("X-003", 0), ("X-002", 3)]


def test_heuristic_aims_a_special_at_the_enemy_it_knocks_down():
    state = to_step(_two_targets(hand=[SPECIALS]), table="X-103", first="special")
    action = EocHeuristic(0).choose(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert action == {"type": "special", "by": [1, 1], "targets": [[2, 1]]}


def test_heuristic_keeps_an_event_that_knocks_nobody_down_and_hits_the_enemy_nearest_its_base_with_a_special():
    state = position(begin(deck([ALL, BOLT, SPECIALS], then=[STRIKER])), (0, STRIKER, 1, 1), (1, REI, 2, 1, 3),
                     (1, MIDORI, 1, 2, 3))
    bot = EocHeuristic(0)
    at_move = to_step(state)
    assert bot.choose(GAME.view(at_move, 0), GAME.legal_actions(at_move, 0)) == {
        "type": "move", "from": [1, 1], "to": [1, 0]}
    at_special = to_step(state, table="X-103", first="special")
    assert bot.choose(GAME.view(at_special, 0), GAME.legal_actions(at_special, 0)) == {
        "type": "special", "by": [1, 1], "targets": [[1, 2]]}


def _ordering(event: dict):
    state = to_step(position(begin(deck([ALL, event], then=[SHIELD_X, ARISA, BIG_X]),
                                   deck(then=[BIG_X, SHIELD_X, ARISA])), (0, REI, 1, 1)))
    return GAME.apply(state, 0, {"type": "event", "card": event["code"], "by": [1, 1]})


def test_heuristic_orders_its_own_deck_wanted_cards_on_top():
    state = _ordering(ORDER_OWN)
    view = GAME.view(state, 0)
    assert view["decision"] == {"seat": 0, "kind": "order", "count": 3, "deck": 0, "to": "top",
                                "cards": ["X-106", "X-001", "X-107"]}
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 6
    action = EocHeuristic(0).choose(view, legal)
    assert action == {"type": "order", "cards": ["X-001", "X-107", "X-106"]}
    assert GAME.apply(state, 0, action).decks[0][:3] == ("X-001", "X-107", "X-106")


def test_heuristic_orders_the_opponents_deck_best_cards_deepest():
    state = _ordering(ORDER_FOE)
    action = EocHeuristic(0).choose(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert action == {"type": "order", "cards": ["X-106", "X-107", "X-001"]}
    assert GAME.apply(state, 0, action).decks[1][-3:] == ("X-106", "X-107", "X-001")


def test_random_bot_answers_decisions_and_chooses_targets():
    state = _ordering(ORDER_OWN)
    legal = GAME.legal_actions(state, 0)
    assert RandomBot(GAME, 3).choose(GAME.view(state, 0), legal) in legal
    both = deck([ALL, BOLT, ORDER_OWN, ORDER_FOE], then=[STRIKER, BOLT, BOLT, ORDER_OWN, ORDER_FOE])
    tallies = []
    for seed in range(3):
        state, log = play_game(GAME, 2, seed, {"decks": [both, both]}, make_bots(GAME, ["random", "random"], seed))
        assert GAME.outcome(state) is not None
        tallies.append((len(log), sum(e["action"]["type"] == "order" for e in log),
                        sum("targets" in e["action"] for e in log)))
    assert tallies == [(507, 4, 4), (497, 3, 5), (497, 6, 3)]


def test_heuristic_heals_the_most_damaged_ally():
    healer = card("108", "character", ["green"], hp=5, name="Healer",
                  effect={"op": "heal", "amount": 2, "target": "ally"})
    state = begin(deck([ALL, SPECIALS], then=[healer]))
    state = position(state, (0, healer, 1, 1), (0, ARISA, 0, 0, 3), (0, MIDORI, 0, 2, 1), (1, REI, 3, 3))
    state = to_step(state, table="X-103", first="special")
    legal = GAME.legal_actions(state, 0)
    assert [a["targets"] for a in legal if a["type"] == "special" and a["by"] == [1, 1]] == [
        [[0, 0]], [[0, 2]], [[1, 1]]]
    assert EocHeuristic(0).choose(GAME.view(state, 0), legal) == {"type": "special", "by": [1, 1], "targets": [[0, 2]]}


def test_heuristic_stops_the_enemy_that_would_reach_its_base():
    snare = card("109", "event", name="Snare",
                 effect={"op": "prohibit", "what": "move", "target": "enemy", "until": "turn"})
    state = position(begin(deck([ALL, snare])), (0, ARISA, 1, 1), (1, SERENA, 3, 3), (1, REI, 1, 2))
    state = to_step(state)
    action = EocHeuristic(0).choose(GAME.view(state, 0), GAME.legal_actions(state, 0))
    assert action == {"type": "event", "card": "X-109", "by": [1, 1], "targets": [[1, 2]]}
    after = GAME.apply(state, 0, action)
    assert GAME.view(after, 0)["characters"][2] == {
        "square": [1, 2], "owner": 1, "card": "X-003", "hp": 3, "max_hp": 3, "prohibited": ["move"],
        "changes": [{"kind": "not:move", "amount": 0, "until": "turn"}]}


def test_heuristic_sets_a_card_from_hand_where_it_shortens_the_way():
    gardener = card("110", "character", ["green"], hp=4, name="Gardener", effect={"op": "set_from_hand"})
    state = begin(deck([ALL, SPECIALS, ARISA, BIG_X], then=[gardener]))
    state = position(state, (0, gardener, 1, 1), (1, SERENA, 3, 3))
    area = list(state.area)
    for col in range(4):
        area[2 * 4 + col] = None
    state = to_step(replace(state, area=tuple(area)), table="X-103", first="special")
    legal = GAME.legal_actions(state, 0)
    assert [a["targets"] for a in legal if a["type"] == "special"] == [
        [[2, 1], code] for code in ("X-001", "X-040", "X-107", "X-900")]
    action = EocHeuristic(0).choose(GAME.view(state, 0), legal)
    assert action == {"type": "special", "by": [1, 1], "targets": [[2, 1], "X-040"]}


def test_the_board_remembers_ways_and_counts_gaps_in_them():
    view = {"rows": 4, "cols": 4, "characters": [],
            "area": [[{}, None, None, None], [{}, None, None, None], [{}, {}, {}, None], [None, None, {}, {}]]}
    board = Board(view)
    _moves_to.cache_clear()
    # down the filled column, along row 2, down to (3, 2), then right: 6 moves, no gap
    assert board.moves_to((0, 0), [(3, 3)], "orthogonal", 1) == 6
    # each square without a card on the way costs GAP more
    assert board.moves_to((0, 0), [(0, 3)], "orthogonal", 1) == 3 + 3 * GAP
    assert board.moves_to((0, 0), [(3, 3)], "orthogonal", 0) == FAR
    assert board.moves_to((0, 0), {(3, 3)}, "orthogonal", 1) == 6
    assert _moves_to.cache_info().hits == 1 and _moves_to.cache_info().misses == 3
    assert Board(view, extra=[(0, 1), (0, 2)]).moves_to((0, 0), [(0, 3)], "orthogonal", 1) == 3 + GAP
