"""Chosen targets, decisions, looks at hidden cards, prohibitions, maximum HP and charge damage
changes, and item triggers of the Elements of Chaos engine (docs/eoc-effects.md), each from a
stacked deal with exact expected states. Cards are built here; the sample catalogue's own cards
are run one by one in ``test_eoc_smp_effects.py``.

The board of most tests (seat 0 is the AP; squares ``[row, col]`` as seen from seat 0)::

    row 3:  F    F    F    F        seat 1's face-down area cards (its near row)
    row 2:  .    .    .    .
    row 1:  .    U    E1   .        U the user (seat 0), E1 Rei (seat 1) HP 3
    row 0:  .    E3   .    .        E3 Serena (seat 1) HP 6
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from play.engine import IllegalAction, fields_to_json
from play.games import GAMES
from play.games.eoc import modifiers
from play.games.eoc.area import set_slot
from play.games.eoc.state import Peek, Slot
from tests.play.test_eoc_rules import ALL, ARISA, DONE, MIDORI, REI, SERENA, begin, card, char_on, choose, deck, \
    play, position, refused, to_step

GAME = GAMES["eoc"]
U, E1, E3 = (1, 1), (1, 2), (0, 1)

OMNI = card("201", "character", ["red", "green", "black", "white"], hp=6, name="Omni")
ZAP = card("210", "event", name="Zap", effect={"op": "damage", "amount": 1, "target": "adjacent_enemy"})
HOLD = card("211", "event", name="Hold", effect={"op": "prohibit", "what": "move", "target": "enemy",
                                                 "until": "turn"})
SORT = card("212", "event", name="Sort", effect=[{"op": "order", "count": 3, "deck": "own", "to": "bottom"},
                                                 {"op": "damage", "amount": 1, "target": "adjacent_enemy"}])
STACK = card("213", "event", name="Stack", effect={"op": "order", "count": 2, "deck": "opponent", "to": "top"})
SPY = card("214", "event", name="Spy", effect={"op": "peek_hand", "count": 2})
SCOUT = card("215", "event", name="Scout", effect={"op": "peek_area"})
PLANT = card("216", "event", name="Plant", effect={"op": "set_from_hand"})
SHINAI = card("220", "item", name="Shinai", effect={"op": "modify", "stat": "charge_damage", "amount": 1,
                                                    "target": "holder"})
SAPLING = card("221", "item", name="Sapling", effect={"op": "modify", "stat": "max_hp", "amount": 1,
                                                      "target": "holder_ally"})
CLOAK = card("222", "item", name="Cloak", effect={"op": "prohibit", "what": "be_charged", "target": "holder_ally"})
LILY = card("223", "item", name="Lily", effect={"op": "prohibit", "what": "be_pushed", "target": "holder"})
KEY = card("224", "item", name="Key", effect={"op": "prohibit", "what": "special", "target": "holder_enemy"})
BED = card("225", "item", name="Bed", effect={"op": "trigger", "when": "after_step",
                                              "do": [{"op": "heal", "amount": 1, "target": "holder_ally"}]})
FIRE = card("226", "item", name="Fire", effect={"op": "trigger", "when": "after_step",
                                                "do": [{"op": "damage", "amount": 1, "target": "around_enemies"}]})
CLOSET = card("227", "item", name="Closet", effect={"op": "trigger", "when": "stop", "do": [
    {"op": "prohibit", "what": "move", "target": "holder", "until": "turn"}]})
SNIPER = card("230", "character", ["red"], hp=5, name="Sniper",
              effect={"op": "damage", "amount": 2, "target": "nearest_enemy"})


def board(hand=(), then=(), user=OMNI, user_hp=None, d1=None):
    """Turn 1, seat 0's part of STEP 1 (move chosen), the board above; ``hand`` in seat 0's
    hand, ``then`` the next cards of its deck."""
    state = begin(deck([ALL, *hand], then=[*then, user]), d1 or deck())
    state = position(state, (0, user, *U, user_hp or user["hp"]), (1, REI, *E1, 3), (1, SERENA, *E3, 6))
    return to_step(state)


def with_slot(state, square, code, owner=0, face_up=True):
    area = list(state.area)
    area[square[0] * 4 + square[1]] = None if code is None else Slot(code, owner, face_up)
    return replace(state, area=tuple(area))


def events(state, code):
    return [a for a in GAME.legal_actions(state, 0) if a["type"] == "event" and a["card"] == code]


# -- chosen targets ---------------------------------------------------------------------------------
def test_an_event_lists_one_action_per_target_and_hits_the_one_chosen():
    state = board([ZAP])
    assert events(state, "X-210") == [
        {"type": "event", "card": "X-210", "by": [1, 1], "targets": [[0, 1]]},
        {"type": "event", "card": "X-210", "by": [1, 1], "targets": [[1, 2]]},
    ]
    after = GAME.apply(state, 0, events(state, "X-210")[0])
    assert (char_on(after, *E3).hp, char_on(after, *E1).hp) == (5, 3)
    after = GAME.apply(state, 0, events(state, "X-210")[1])
    assert (char_on(after, *E3).hp, char_on(after, *E1).hp) == (6, 2)


@pytest.mark.parametrize("targets, words", [
    (None, "asks for 1 choices"),
    ([], "asks for 1 choices"),
    ([[1, 2], [0, 1]], "asks for 1 choices"),
    ([[2, 3]], "targets[0] of X-210 must be one of [0, 1], [1, 2]"),
    ([None], "targets[0] of X-210 must be one of [0, 1], [1, 2]"),
    (["X-210"], "must be one of"),
])
def test_a_target_that_is_not_offered_is_refused_and_changes_nothing(targets, words):
    state = board([ZAP])
    action = {"type": "event", "card": "X-210", "by": [1, 1]}
    if targets is not None:
        action["targets"] = targets
    refused(state, 0, action, words=words)


def test_malformed_targets_and_targets_on_an_effect_without_choices_are_refused():
    state = board([ZAP, card("217", "event", name="Blank")])
    refused(state, 0, {"type": "event", "card": "X-210", "by": [1, 1], "targets": "E1"}, code="malformed_action",
            words='targets of a "event" action')
    refused(state, 0, {"type": "event", "card": "X-210", "by": [1, 1], "targets": [[1, "2"]]},
            code="malformed_action")
    refused(state, 0, {"type": "event", "card": "X-217", "by": [1, 1], "targets": []},
            words="X-217 asks for no choice")
    assert events(state, "X-217") == [{"type": "event", "card": "X-217", "by": [1, 1]}]


def test_an_effect_without_a_candidate_is_still_used_with_null_and_does_nothing():
    state = board([ZAP])
    state = replace(state, chars=tuple(c for c in state.chars if (c.row, c.col) == U))
    assert events(state, "X-210") == [{"type": "event", "card": "X-210", "by": [1, 1], "targets": [None]}]
    after = GAME.apply(state, 0, events(state, "X-210")[0])
    assert after.chars == state.chars and after.discards[0] == ("X-210",)


def test_nearest_enemy_is_a_choice_only_among_the_equally_near():
    state = board(user=SNIPER)
    state = play(state, (0, DONE), (1, DONE), (0, choose("special")))
    specials = [a for a in GAME.legal_actions(state, 0) if a["type"] == "special"]
    assert specials == [{"type": "special", "by": [1, 1], "targets": [[0, 1]]},
                        {"type": "special", "by": [1, 1], "targets": [[1, 2]]}]
    state = replace(state, chars=tuple(replace(c, row=2, col=2) if (c.row, c.col) == E1 else c for c in state.chars))
    specials = [a for a in GAME.legal_actions(state, 0) if a["type"] == "special"]
    assert specials == [{"type": "special", "by": [1, 1], "targets": [[0, 1]]}]


# -- decisions ------------------------------------------------------------------------------------------
def test_order_waits_on_a_decision_of_the_user_then_runs_the_rest_of_the_effect():
    top = [card(f"30{i}", name=f"top {i}") for i in range(3)]
    state = board([SORT], then=top)
    deck_before = state.decks[0]
    assert deck_before[:3] == ("X-300", "X-301", "X-302")
    action = {"type": "event", "card": "X-212", "by": [1, 1], "targets": [[1, 2]]}
    assert action in events(state, "X-212")
    asked = GAME.apply(state, 0, action)
    assert GAME.to_act(asked) == [0]
    assert char_on(asked, *E1).hp == 3                      # the damage waits for the answer
    answers = GAME.legal_actions(asked, 0)
    assert len(answers) == 6 and answers[0] == {"type": "order", "cards": ["X-300", "X-301", "X-302"]}
    assert GAME.view(asked, 0)["decision"] == {"seat": 0, "kind": "order", "count": 3, "deck": 0, "to": "bottom",
                                               "cards": ["X-300", "X-301", "X-302"]}
    assert GAME.view(asked, 1)["decision"] == {"seat": 0, "kind": "order", "count": 3, "deck": 0, "to": "bottom",
                                               "cards": None}
    assert GAME.view(asked, None)["decision"]["cards"] is None
    refused(asked, 0, {"type": "done"}, words="First answer the decision")
    refused(asked, 1, {"type": "done"}, code="not_your_turn")
    refused(asked, 0, {"type": "order", "cards": ["X-300", "X-301"]}, words="Answer with the cards you looked at")
    refused(asked, 0, {"type": "order", "cards": ["X-300", "X-301", "X-301"]})
    answer = {"type": "order", "cards": ["X-302", "X-300", "X-301"]}
    done = GAME.apply(asked, 0, answer)
    assert done.pending is None and done.decks[0] == deck_before[3:] + ("X-302", "X-300", "X-301")
    assert done.seen[0] == ("X-302", "X-300", "X-301") and char_on(done, *E1).hp == 2
    assert GAME.public_action(answer, 0, 1) == {"type": "order"} and GAME.public_action(answer, 0, 0) == answer
    assert GAME.load(GAME.dump(asked), None) == asked


def test_order_on_top_of_the_opponents_deck_and_an_empty_deck_asks_nothing():
    state = board([STACK])
    theirs = state.decks[1]
    asked = GAME.apply(state, 0, {"type": "event", "card": "X-213", "by": [1, 1]})
    assert asked.pending.cards == theirs[:2] and asked.pending.deck == 1
    done = GAME.apply(asked, 0, {"type": "order", "cards": [theirs[1], theirs[0]]})
    assert done.decks[1] == (theirs[1], theirs[0]) + theirs[2:]
    empty = replace(state, decks=(state.decks[0], ()))
    assert GAME.apply(empty, 0, {"type": "event", "card": "X-213", "by": [1, 1]}).pending is None


def test_no_order_is_asked_when_none_is_pending():
    refused(board(), 0, {"type": "order", "cards": []}, words="No order of cards is asked of you now.")


# -- looks at hidden cards ----------------------------------------------------------------------------
def test_a_look_at_the_opponents_hand_is_in_the_users_view_only_until_the_end_of_the_turn():
    state = board([SPY])
    after = GAME.apply(state, 0, {"type": "event", "card": "X-214", "by": [1, 1]})
    seen = [p.code for p in after.peeks[0]]
    assert len(seen) == 2 and all(c in after.hands[1] for c in seen) and after.peeks[1] == ()
    assert GAME.view(after, 0)["peeks"] == [{"card": c, "from": "hand", "square": None} for c in seen]
    assert GAME.view(after, 1)["peeks"] == [] and GAME.view(after, None)["peeks"] is None
    assert GAME.view(after, 1) == GAME.view(replace(after, peeks=((), ())), 1)
    assert modifiers.end_turn(after).peeks == ((), ())


def test_a_look_at_a_face_down_area_card_lasts_while_it_lies_there_face_down():
    state = board([SCOUT])
    offered = events(state, "X-215")
    assert [a["targets"] for a in offered] == [[[3, 0]], [[3, 1]], [[3, 2]], [[3, 3]]]
    after = GAME.apply(state, 0, offered[2])
    code = after.area[3 * 4 + 2].code
    assert after.peeks == ((Peek("area", code, 3, 2),), ())
    assert GAME.view(after, 0)["peeks"] == [{"card": code, "from": "area", "square": [3, 2]}]
    assert modifiers.end_turn(after).peeks == after.peeks
    turned = with_slot(after, (3, 2), code, owner=1, face_up=True)
    assert GAME.view(turned, 0)["peeks"] == [] and modifiers.end_turn(turned).peeks == ((), ())
    replaced = set_slot(after, 3, 2, Slot("X-061", 1, False))  # a card set over it: the look ends
    assert replaced.peeks == ((), ()) and GAME.view(replaced, 0)["peeks"] == []


def test_set_from_hand_lays_the_chosen_card_face_down_on_the_chosen_empty_square():
    hidden = card("218", name="Hidden")
    state = with_slot(with_slot(board([PLANT, hidden]), (2, 1), None), (1, 0), None)
    offered = events(state, "X-216")
    assert {(tuple(a["targets"][0]), a["targets"][1]) for a in offered} == {
        (sq, code) for sq in ((1, 0), (2, 1)) for code in set(state.hands[0]) - {"X-216"}}
    action = {"type": "event", "card": "X-216", "by": [1, 1], "targets": [[2, 1], "X-218"]}
    after = GAME.apply(state, 0, action)
    assert after.area[2 * 4 + 1] == Slot("X-218", 0, False) and "X-218" not in after.hands[0]
    assert GAME.public_action(action, 0, 1) == {**action, "targets": [[2, 1], None]}
    assert GAME.public_action(action, 0, 0) == action


# -- prohibitions -------------------------------------------------------------------------------------
def test_cannot_move_this_turn_takes_the_enemys_moves_away_until_the_turn_ends():
    state = board([HOLD])
    after = GAME.apply(state, 0, {"type": "event", "card": "X-211", "by": [1, 1], "targets": [[1, 2]]})
    rei = char_on(after, *E1)
    assert modifiers.prohibited(after, rei) == {"move"}
    assert [c["prohibited"] for c in GAME.view(after, 1)["characters"]] == [[], ["move"], []]
    after = play(after, (0, DONE))
    assert not [a for a in GAME.legal_actions(after, 1) if a["type"] == "move" and a["from"] == [1, 2]]
    assert [a for a in GAME.legal_actions(after, 1) if a["type"] == "move" and a["from"] == [0, 1]]
    refused(after, 1, {"type": "move", "from": [1, 2], "to": [2, 2]}, words="cannot move")
    assert modifiers.prohibited(modifiers.end_turn(after), rei) == frozenset()


def test_an_item_that_forbids_charges_specials_and_push_backs():
    state = position(begin(deck([ALL]), deck()), (0, ARISA, *U), (1, REI, *E1))
    cloaked = to_step(with_slot(state, E1, "X-222", owner=1), first="charge")
    cloaked = replace(cloaked, cat=GAME.setup(2, 1, _opts(CLOAK)).cat)
    assert not [a for a in GAME.legal_actions(cloaked, 0) if a["type"] == "charge"]
    refused(cloaked, 0, {"type": "charge", "by": [1, 1], "target": [1, 2]}, words="cannot be the target of a charge")


def _opts(*extra):
    return {"decks": [deck([ALL], then=list(extra)), deck()], "stacked": True, "first_player": 0}


def _with(state, *extra):
    """``state`` with a catalogue that also holds ``extra`` cards."""
    return replace(state, cat=GAME.setup(2, 1, _opts(*extra)).cat)


def test_a_special_forbidden_by_an_item_under_an_enemy():
    user = card("231", "character", ["red"], hp=5, name="Keyed",
                effect={"op": "heal", "amount": 1, "target": "self"})
    state = _with(position(begin(deck([ALL]), deck()), (0, user, *U, 3)), KEY, user)
    state = play(to_step(state), (0, DONE), (1, DONE), (0, choose("special")))
    assert [a for a in GAME.legal_actions(state, 0) if a["type"] == "special"] == [{"type": "special", "by": [1, 1]}]
    mine = with_slot(state, U, "X-224", owner=0)        # the key's owner's own character: allowed
    assert [a for a in GAME.legal_actions(mine, 0) if a["type"] == "special"]
    keyed = with_slot(state, U, "X-224", owner=1)
    assert [a for a in GAME.legal_actions(keyed, 0) if a["type"] == "special"] == []
    refused(keyed, 0, {"type": "special", "by": [1, 1]}, words="cannot use its special ability")


def test_a_character_that_may_not_be_pushed_back_stays_at_the_end_of_the_turn():
    base = _with(position(begin(deck([ALL]), deck()), (0, ARISA, *U), (1, REI, *E1)), LILY)
    for code, where in ((None, (1, 3)), ("X-223", (1, 2))):
        state = base if code is None else with_slot(base, E1, code, owner=1)
        state = to_step(state, first="charge")
        state = play(state, (0, {"type": "charge", "by": [1, 1], "target": [1, 2]}))
        while state.turn == 1:
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, next(a for a in GAME.legal_actions(state, seat)
                                                 if a["type"] in ("done", "choose")))
        rei = next(c for c in state.chars if c.code == "X-003")
        assert (rei.row, rei.col) == where, code


# -- maximum HP and charge damage ------------------------------------------------------------------------
def test_a_charge_on_a_shinai_deals_two():
    state = _with(position(begin(deck([ALL]), deck()), (0, ARISA, *U), (1, SERENA, *E1)), SHINAI)
    state = to_step(with_slot(state, U, "X-220", owner=1), first="charge")
    after = GAME.apply(state, 0, {"type": "charge", "by": [1, 1], "target": [1, 2]})
    assert char_on(after, *E1).hp == 6 - 2


def test_a_maximum_hp_raise_adds_hp_when_it_begins_and_caps_hp_when_it_ends():
    state = _with(position(begin(deck([ALL]), deck()), (0, MIDORI, 1, 1, 3)), SAPLING)
    state = to_step(with_slot(state, (2, 2), "X-221", owner=0, face_up=False))
    onto = GAME.apply(state, 0, {"type": "move", "from": [1, 1], "to": [2, 2]})
    midori = char_on(onto, 2, 2)
    assert (midori.hp, modifiers.max_hp(onto, midori)) == (4, 5)
    assert GAME.view(onto, 1)["characters"][0]["max_hp"] == 5
    full = replace(onto, chars=(replace(midori, hp=5),))
    off = GAME.apply(play(full, (0, DONE), (1, DONE), (0, choose("move"))), 0, {"type": "move", "from": [2, 2], "to": [3, 3]})
    assert char_on(off, 3, 3).hp == 4                       # 5 falls to the card's 4
    low = replace(onto, chars=(replace(midori, hp=2),))
    off = GAME.apply(play(low, (0, DONE), (1, DONE), (0, choose("move"))), 0, {"type": "move", "from": [2, 2], "to": [3, 3]})
    assert char_on(off, 3, 3).hp == 2                       # at or below the maximum: kept


# -- triggers ---------------------------------------------------------------------------------------
def test_after_each_step_a_bed_heals_its_owners_character_and_a_campfire_burns_enemies_around():
    state = _with(position(begin(deck([ALL]), deck()), (0, ARISA, 1, 1, 2), (1, REI, 1, 2, 3), (1, SERENA, 2, 1, 6)),
                  BED, FIRE)
    state = with_slot(with_slot(state, (1, 1), "X-225", owner=0), (1, 0), "X-226", owner=0)
    state = to_step(state, first="attack")
    after = play(state, (0, DONE), (1, DONE))
    assert after.step == 2
    assert [(c.row, c.col, c.hp) for c in after.chars] == [(1, 1, 3), (1, 2, 3), (2, 1, 6)]
    burning = with_slot(state, (2, 2), "X-226", owner=0)    # next to Rei (1, 2) and Serena (2, 1)
    after = play(burning, (0, DONE), (1, DONE))
    assert [(c.row, c.col, c.hp) for c in after.chars] == [(1, 1, 3), (1, 2, 2), (2, 1, 5)]


def test_a_trigger_runs_before_the_steps_down_check():
    state = _with(position(begin(deck([ALL]), deck()), (0, ARISA, 1, 1, 5), (1, REI, 1, 2, 1)), FIRE)
    state = to_step(with_slot(state, (2, 2), "X-226", owner=0), first="attack")
    after = play(state, (0, DONE), (1, DONE))
    assert [c.code for c in after.chars] == ["X-001"] and after.downs[1] == ("X-003",)


def test_a_character_that_stops_on_a_closet_cannot_move_again_this_turn():
    state = _with(position(begin(deck([ALL]), deck()), (0, ARISA, 1, 1)), CLOSET)
    state = to_step(with_slot(state, (2, 1), "X-227", owner=1, face_up=False))
    after = GAME.apply(state, 0, {"type": "move", "from": [1, 1], "to": [2, 1]})
    arisa = char_on(after, 2, 1)
    assert after.area[2 * 4 + 1].face_up and modifiers.prohibited(after, arisa) == {"move"}
    later = play(after, (0, DONE), (1, DONE), (0, choose("move")))
    assert not [a for a in GAME.legal_actions(later, 0) if a["type"] == "move"]
    passing = GAME.apply(state, 0, {"type": "move", "from": [1, 1], "to": [3, 1]})
    assert modifiers.prohibited(passing, char_on(passing, 3, 1)) == frozenset()


# -- storage --------------------------------------------------------------------------------------------
def test_a_state_stored_before_decisions_and_looks_loads_with_none_pending():
    state = board([SPY])
    data = {**fields_to_json(state, frozenset({"cat"})), "cards": state.cat.key}  # the codec's form, stored then
    del data["pending"], data["peeks"]
    assert GAME.load(data, None) == state
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "order", "cards": []})


def test_in_sandbox_a_face_down_card_of_the_opponent_is_never_offered_a_character_square():
    # Listing character squares only for a hidden card that is a character would tell its type.
    state = begin(deck([ALL]), deck([REI]), sandbox=True)
    state = position(state, (0, ARISA, 1, 1))
    state = with_slot(state, (2, 2), "X-003", owner=1, face_up=False)     # Rei, face down, seat 1's
    moves = [a for a in GAME.legal_actions(state, 0) if a["type"] == "sandbox_move"
             and a["from"] == {"zone": "area", "square": [2, 2]}]
    assert moves and not [a for a in moves if a["to"]["zone"] == "character"]
    refused(state, 0, {"type": "sandbox_move", "from": {"zone": "area", "square": [2, 2]},
                       "to": {"zone": "character", "square": [0, 0]}}, words="moved unseen")
    own = [a for a in GAME.legal_actions(state, 1) if a["type"] == "sandbox_move"
           and a["from"] == {"zone": "area", "square": [2, 2]} and a["to"]["zone"] == "character"]
    assert own


def test_a_look_then_an_order_keeps_every_card_the_look_showed_in_seen():
    peek_then_order = card("219", "event", name="Peer", effect=[
        {"op": "look", "count": 3, "deck": "own"}, {"op": "order", "count": 2, "deck": "own", "to": "top"}])
    top = [card(f"31{i}", name=f"peer {i}") for i in range(3)]
    state = board([peek_then_order], then=top)
    asked = GAME.apply(state, 0, {"type": "event", "card": "X-219", "by": [1, 1]})
    assert asked.seen[0] == ("X-310", "X-311", "X-312") and asked.pending.cards == ("X-310", "X-311")
    done = GAME.apply(asked, 0, {"type": "order", "cards": ["X-311", "X-310"]})
    assert done.seen[0] == ("X-311", "X-310", "X-312") and done.decks[0][:3] == ("X-311", "X-310", "X-312")
