"""Card effects as data (elements-of-chaos.md, "Cards"; the language of play/games/eoc/effects.py):
damage and healing with an amount and a target; changes to movement, SIZE and damage received with
a duration; an item's continuous effect while it lies face up; looking at and reordering the top
of a deck; moving a character; removing an area card. Each from a stacked deal."""
from __future__ import annotations

from dataclasses import replace

import pytest

from play.games import GAMES
from play.games.eoc.state import Slot
from tests.play.test_eoc_rules import (
    ALL, ARISA, BIG, DONE, MIDORI, REI, SERENA, begin, card, char_on, choose, deck, options, play, position,
    same, to_step,
)

GAME = GAMES["eoc"]


def event(num: str, effect, colours=()) -> dict:
    return card(num, "event", colours, name=f"effect {num}", effect=effect)


def use(state, code: str, by=(1, 1), targets=None):
    action = {"type": "event", "card": code, "by": list(by)}
    if targets is not None:
        action["targets"] = targets
    return GAME.apply(state, 0, action)


def test_damage_to_the_nearest_enemy_with_defence():
    bolt = event("101", {"op": "damage", "amount": 2, "target": "nearest_enemy"})
    state = to_step(position(begin(deck([ALL, bolt])), (0, ARISA, 1, 1), (1, REI, 2, 1), (1, SERENA, 3, 3)))
    assert [a["targets"] for a in GAME.legal_actions(state, 0) if a.get("card") == "X-101"] == [[[2, 1]]]
    after = use(state, "X-101", targets=[[2, 1]])
    assert char_on(after, 2, 1).hp == 1 and char_on(after, 3, 3).hp == 6
    guarded = use(replace(state, defence=(0, 1)), "X-101", targets=[[2, 1]])
    assert char_on(guarded, 2, 1).hp == 2


def test_heal_adjacent_allies_by_a_special_never_above_full_hp():
    healer = card("102", "character", ["white"], hp=5, name="Healer",
                  effect={"op": "heal", "amount": 2, "target": "adjacent_allies"})
    state = begin(deck([ALL], then=[healer]))
    state = position(state, (0, healer, 1, 1), (0, ARISA, 1, 2, 2), (0, MIDORI, 2, 1, 3), (1, REI, 1, 0, 1))
    state = play(to_step(state), (0, DONE), (1, DONE), (0, choose("special")))
    after = GAME.apply(state, 0, {"type": "special", "by": [1, 1]})
    assert (char_on(after, 1, 2).hp, char_on(after, 2, 1).hp, char_on(after, 1, 0).hp) == (4, 4, 1)


def test_movement_change_lasts_the_step():
    dash = event("103", {"op": "modify", "stat": "movement", "amount": 1, "target": "self", "until": "step"})
    state = to_step(position(begin(deck([ALL, dash])), (0, MIDORI, 1, 1)))
    moves = lambda s: sorted(a["to"] for a in GAME.legal_actions(s, 0) if a["type"] == "move")  # noqa: E731
    assert moves(state) == [[0, 0], [0, 2], [2, 0], [2, 2]]
    after = use(state, "X-103")
    assert moves(after) == [[0, 0], [0, 2], [2, 0], [2, 2], [3, 3]]
    later = play(after, (0, DONE), (1, DONE))
    assert later.mods == () and later.step == 2


def test_size_change_adds_to_an_attack_until_the_end_of_the_turn():
    fury = event("104", {"op": "modify", "stat": "size", "amount": 2, "target": "allies", "until": "turn"})
    state = to_step(position(begin(deck([ALL, fury], then=[BIG])), (0, ARISA, 1, 1), (1, SERENA, 2, 1)), first="attack")
    state = GAME.apply(use(state, "X-104"), 0, {"type": "attack", "by": [1, 1], "target": [2, 1]})
    assert char_on(state, 2, 1).hp == 0 and state.turned.damage == 6  # 3 + red 2 + 2 - 0, HP 6 -> 0


def test_item_effects_hold_while_face_up_for_the_holder():
    shield = card("105", "item", name="Warded", effect={"op": "modify", "stat": "damage_taken", "amount": -1,
                                                          "target": "holder"})
    snare = card("106", "item", name="Snare", effect={"op": "modify", "stat": "movement", "amount": -1,
                                                        "target": "holder_enemy"})
    state = begin(deck([ALL, shield, snare]))
    state = position(state, (0, ARISA, 1, 1), (1, REI, 2, 1), (0, MIDORI, 0, 1))
    area = list(state.area)
    area[9] = Slot("X-105", 0, False)   # [2, 1], face down: no effect yet
    area[1] = Slot("X-106", 1, True)    # [0, 1], seat 1's snare under seat 0's MIDORI
    state = to_step(replace(state, area=tuple(area)), first="charge")
    down = GAME.apply(state, 0, {"type": "charge", "by": [1, 1], "target": [2, 1]})
    assert char_on(down, 2, 1).hp == 2
    area[9] = Slot("X-105", 0, True)
    up = GAME.apply(replace(state, area=tuple(area)), 0, {"type": "charge", "by": [1, 1], "target": [2, 1]})
    assert char_on(up, 2, 1).hp == 3
    assert not [a for a in GAME.legal_actions(play(state, (0, DONE), (1, DONE), (0, choose("move"))), 0)
                if a["type"] == "move" and a["from"] == [0, 1]]


def test_look_shows_the_top_of_the_deck_to_the_user_only_and_reorder():
    peek = event("107", [{"op": "look", "count": 2, "deck": "own"},
                         {"op": "reorder", "count": 1, "deck": "opponent", "to": "bottom"}])
    d1 = deck(then=[SERENA, REI])
    state = to_step(position(begin(deck([ALL, peek], then=[BIG, SERENA]), d1), (0, ARISA, 1, 1)))
    after = use(state, "X-107")
    assert GAME.view(after, 0)["seen"] == ["X-030", "X-004"]
    assert GAME.view(after, 1)["seen"] == [] and GAME.view(after, None)["seen"] is None
    assert after.decks[1][0] == "X-003" and after.decks[1][-1] == "X-004"
    assert GAME.view(_end(after), 0)["seen"] == []


def _end(state):
    state = play(state, (0, DONE), (1, DONE))
    for _ in range(2):
        state = play(state, (0, choose(GAME.legal_actions(state, 0)[0]["action"])), (0, DONE), (1, DONE))
    return state


def test_move_forward_and_onto_the_enemy_base_wins():
    leap = event("108", {"op": "move", "target": "self", "distance": 2, "direction": "forward"})
    state = to_step(position(begin(deck([ALL, leap])), (0, ARISA, 1, 0)))
    after = use(state, "X-108", by=(1, 0))
    assert char_on(after, 3, 0).code == "X-001" and GAME.outcome(after).winners == (0,)
    assert after.result.reason == "base"
    blocked = to_step(position(begin(deck([ALL, leap])), (0, ARISA, 1, 0), (1, REI, 3, 0)))
    after = use(blocked, "X-108", by=(1, 0))
    assert char_on(after, 2, 0).code == "X-001" and GAME.outcome(after) is None


def test_remove_the_area_card_in_front_to_its_owners_discard():
    eraser = event("109", {"op": "remove_area", "square": "front"})
    state = to_step(position(begin(deck([ALL, eraser])), (0, ARISA, 2, 2)))
    after = use(state, "X-109", by=(2, 2))
    assert after.area[3 * 4 + 2] is None and after.discards == (("X-109",), ("X-061",))
    assert same([a for a in GAME.legal_actions(after, 0) if a["type"] == "move"], [
        {"type": "move", "from": [2, 2], "to": to} for to in ([1, 2], [0, 2], [2, 1], [2, 0], [2, 3])])


def test_manual_and_absent_effects_are_vanilla_and_bad_effects_fail_setup():
    manual = event("110", "manual")
    state = to_step(position(begin(deck([ALL, manual])), (0, ARISA, 1, 1), (1, REI, 2, 1)))
    after = use(state, "X-110")
    assert after.chars == state.chars and after.decks == state.decks and after.mods == ()
    for bad, words in [
        ({"op": "explode"}, "\"op\" one of"),
        ({"op": "damage", "amount": 2}, "missing ['target']"),
        ({"op": "damage", "amount": -2, "target": "self"}, "bad amount"),
        ({"op": "modify", "stat": "size", "amount": 1, "target": "self"}, "needs \"until\""),
    ]:
        with pytest.raises(ValueError, match="X-111: effect") as info:
            GAME.setup(2, 1, options(deck([ALL, event("111", bad)]), deck()))
        assert words in str(info.value)
    with pytest.raises(ValueError, match="an item's effect is a modify"):
        GAME.setup(2, 1, options(deck([ALL, card("112", "item", effect={"op": "heal", "amount": 1, "target": "self"})]),
                                 deck()))
