"""Sandbox play (elements-of-chaos.md, "Sandbox play"): with option ``sandbox``, both seats move
any card between zones and set a character's HP at any time, out of turn too, each change an
action that is logged and shown to both; a card marked ``manual`` opens the same actions to the
seat that used it, in any match. Exact expected values from stacked deals."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from play.engine import IllegalAction
from play.games.eoc.decklists import sample_deck
from play.games.eoc.state import Slot
from play.models import Match, MatchAction
from play.selectors.match import match_view
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.clocks import time_out
from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HUMAN, person
from tests.play.test_eoc_rules import (
    ARISA,
    DONE,
    GAME,
    SERENA,
    begin,
    card,
    choose,
    deck,
    play,
    position,
)

MOVE, HP = "sandbox_move", "sandbox_hp"
HAND0 = {"zone": "hand", "seat": 0}


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    assert caught.value.code == code, caught.value.message
    return caught.value.message


def sandbox_turn_one(**more):
    """A sandbox match at turn 1, seat 0 (the AP) to place a character; Arisa (seat 0, HP 5) on
    [1, 1] and Serena (seat 1, HP 6) on [2, 1]."""
    return position(begin(sandbox=True, **more), (0, ARISA, 1, 1), (1, SERENA, 2, 1))


def test_the_option_is_checked():
    with pytest.raises(ValueError, match="sandbox: must be true or false"):
        GAME.setup(2, 1, {"decks": [deck(), deck()], "sandbox": "yes"})


def test_both_seats_may_change_things_at_any_time_and_the_turn_stays():
    state = sandbox_turn_one()
    assert (state.phase, GAME.to_act(state)) == ("character", [0])
    hand = state.hands[1]
    card_code = hand[0]
    moved = GAME.apply(state, 1, {"type": MOVE, "from": {"zone": "hand", "seat": 1, "card": card_code},
                                  "to": {"zone": "discard", "seat": 1}})
    assert moved.discards[1] == (card_code,)
    assert len(moved.hands[1]) == len(hand) - 1
    assert (moved.phase, GAME.to_act(moved), moved.actor) == ("character", [0], 0)
    assert GAME.view(moved, 0)["sandbox"] is True


def test_hp_is_set_by_hand():
    state = sandbox_turn_one()
    after = GAME.apply(state, 1, {"type": HP, "square": [1, 1], "hp": 2})
    assert [(c.code, c.hp) for c in after.chars] == [("X-001", 2), ("X-004", 6)]
    assert "from 0 to 5, other than its current 5" in refused(state, 0, {"type": HP, "square": [1, 1], "hp": 5},
                                                               "illegal_action")
    refused(state, 0, {"type": HP, "square": [1, 1], "hp": 6}, "illegal_action")
    refused(state, 0, {"type": HP, "square": [0, 0], "hp": 1}, "illegal_action")
    refused(state, 0, {"type": HP, "square": [1, 1], "hp": "2"}, "malformed_action")
    refused(state, 0, {"type": HP, "square": [1, 1]}, "malformed_action")


def test_cards_move_between_the_area_characters_and_piles():
    state = sandbox_turn_one()
    # a character moves to another square keeping its HP and identity
    hurt = GAME.apply(state, 0, {"type": HP, "square": [2, 1], "hp": 4})
    moved = GAME.apply(hurt, 0, {"type": MOVE, "from": {"zone": "character", "square": [2, 1]},
                                 "to": {"zone": "character", "square": [2, 3]}})
    serena = next(c for c in moved.chars if c.code == "X-004")
    assert (serena.uid, serena.owner, serena.hp, serena.row, serena.col) == (2, 1, 4, 2, 3)
    # an area card goes to a discard pile, then back on another square keeping its owner
    under = moved.area[2 * 4 + 1]
    taken = GAME.apply(moved, 1, {"type": MOVE, "from": {"zone": "area", "square": [2, 1]},
                                  "to": {"zone": "discard", "seat": 0}})
    assert taken.area[2 * 4 + 1] is None and taken.discards[0] == (under.code,)
    placed = GAME.apply(taken, 1, {"type": MOVE, "from": {"zone": "discard", "seat": 0},
                                   "to": {"zone": "area", "square": [2, 1]}})
    assert placed.area[2 * 4 + 1] == Slot(under.code, 1, False) and placed.discards[0] == ()
    # a character to the down pile: with a down pile of 4 its opponent wins at once
    downs = ("X-061", "X-061", "X-062")
    near = GAME.apply(replace(taken, downs=(downs, ())), 0,
                      {"type": MOVE, "from": {"zone": "character", "square": [1, 1]},
                       "to": {"zone": "down", "seat": 0}})
    assert near.downs[0] == ("X-001",) + downs
    assert (near.result.winners, near.result.reason) == ((1,), "down")
    assert GAME.legal_actions(near, 0) == [] and GAME.legal_actions(near, 1) == []


def test_what_cannot_be_moved_is_refused():
    state = sandbox_turn_one()
    top_of_deck = {"zone": "deck", "seat": 0}
    assert refused(
        state, 0, {"type": MOVE, "from": {"zone": "area", "square": [1, 1]}, "to": {"zone": "discard", "seat": 0}},
        "illegal_action") == "A character stands on [1, 1]: move it first (Sandbox play)"
    refused(state, 0, {"type": MOVE, "from": top_of_deck, "to": {"zone": "character", "square": [3, 3]}},
            "illegal_action")
    refused(state, 0, {"type": MOVE, "from": {"zone": "hand", "seat": 1, "card": state.hands[1][0]},
                       "to": {"zone": "discard", "seat": 1}}, "illegal_action")
    assert refused(state, 0, {"type": MOVE, "from": {**HAND0, "card": state.hands[0][0]},
                              "to": {"zone": "area", "square": [1, 1]}},
                   "illegal_action") == "[1, 1] already holds an area card (Sandbox play)"
    refused(state, 0, {"type": MOVE, "from": {"zone": "graveyard", "seat": 0}, "to": top_of_deck}, "malformed_action")
    refused(state, 0, {"type": MOVE, "from": top_of_deck, "to": {"zone": "deck", "seat": 2}}, "malformed_action")


def test_legal_sandbox_actions_are_exactly_those_apply_accepts():
    state = sandbox_turn_one()
    legal = GAME.legal_actions(state, 1)
    assert legal[0]["type"] == HP and all(a["type"] in (MOVE, HP) for a in legal)
    hp_actions = [a for a in legal if a["type"] == HP]
    assert len(hp_actions) == 5 + 6  # Arisa 0..5 but 5, Serena 0..6 but 6
    for action in legal:
        GAME.apply(state, 1, action)  # raises if not accepted
    # the AP's list starts with the rules' actions
    assert GAME.legal_actions(state, 0)[-1]["type"] == MOVE
    assert {"type": "skip"} in GAME.legal_actions(state, 0)
    # a deck's top card is never named, a character card may stand on a free square
    deck_moves = [a for a in legal if a["type"] == MOVE and a["from"]["zone"] == "deck"]
    assert deck_moves and all("card" not in a["from"] and a["to"]["zone"] != "character" for a in deck_moves)


def test_a_hand_card_is_named_only_to_those_who_see_where_it_goes():
    # elements-of-chaos.md, "Hidden information": a hand, a deck and a face-down area card are
    # hidden; piles, characters and the area's face-up cards are not.
    source = {"zone": "hand", "seat": 1, "card": "X-900"}
    unnamed = {"zone": "hand", "seat": 1}
    seen = {  # destination: the viewers (seat 0, seat 1, a spectator) who see the card named
        "hand of 1": ({"zone": "hand", "seat": 1}, (False, True, False)),
        "hand of 0": ({"zone": "hand", "seat": 0}, (True, True, False)),
        "deck of 1": ({"zone": "deck", "seat": 1}, (False, True, False)),
        "deck of 0": ({"zone": "deck", "seat": 0}, (False, True, False)),
        "face down": ({"zone": "area", "square": [2, 2]}, (False, True, False)),
        "discard": ({"zone": "discard", "seat": 0}, (True, True, True)),
        "down": ({"zone": "down", "seat": 1}, (True, True, True)),
        "table": ({"zone": "table", "seat": 1}, (True, True, True)),
        "character": ({"zone": "character", "square": [2, 2]}, (True, True, True)),
    }
    for name, (target, named) in seen.items():
        action = {"type": MOVE, "from": source, "to": target}
        hidden = {"type": MOVE, "from": unnamed, "to": target}
        assert [GAME.public_action(action, 1, viewer) for viewer in (0, 1, None)] == [
            action if shown else hidden for shown in named], name
    # moves that name no card, and HP, are shown whole
    for action in ({"type": MOVE, "from": {"zone": "deck", "seat": 1}, "to": {"zone": "area", "square": [2, 2]}},
                   {"type": MOVE, "from": {"zone": "area", "square": [3, 0]}, "to": {"zone": "hand", "seat": 1}},
                   {"type": HP, "square": [1, 1], "hp": 2}):
        assert GAME.public_action(action, 1, 0) == GAME.public_action(action, 1, None) == action


def test_a_hand_card_laid_face_down_is_hidden_on_the_square_and_in_the_move():
    state = GAME.apply(sandbox_turn_one(), 1, {"type": MOVE, "from": {"zone": "area", "square": [2, 2]},
                                               "to": {"zone": "discard", "seat": 1}})
    code = state.hands[0][0]
    move = {"type": MOVE, "from": {**HAND0, "card": code}, "to": {"zone": "area", "square": [2, 2]}}
    after = GAME.apply(state, 0, move)
    assert after.area[2 * 4 + 2] == Slot(code, 0, False)
    assert GAME.view(after, 0)["area"][2][2] == {"owner": 0, "face_up": False, "card": code}
    for viewer in (1, None):
        assert GAME.view(after, viewer)["area"][2][2] == {"owner": 0, "face_up": False, "card": None}
        assert GAME.public_action(move, 0, viewer) == {**move, "from": HAND0}
    assert GAME.public_action(move, 0, 0) == move


def test_without_the_option_a_manual_card_opens_sandbox_actions_to_its_user_for_its_part():
    manual = card("070", "event", name="By hand", effect="manual")
    table = card("041", "item", steps=(["attack"], ["defend"], ["defend"]), name="Attack first")
    state = position(begin(deck([manual, table])), (0, ARISA, 1, 1), (1, SERENA, 2, 1))
    state = play(state, (0, {"type": "skip"}), (1, {"type": "skip"}), (0, {"type": "skip"}), (1, {"type": "skip"}),
                 (0, {"type": "action_table", "card": "X-041"}), (0, choose("attack")))
    hp = {"type": HP, "square": [2, 1], "hp": 3}
    refused(state, 0, hp, "illegal_action")
    refused(state, 1, hp, "not_your_turn")
    assert not any(a["type"] in (MOVE, HP) for a in GAME.legal_actions(state, 0))
    used = GAME.apply(state, 0, {"type": "event", "card": "X-070", "by": [1, 1]})
    assert used.part.manual is True and GAME.view(used, 0)["part"]["manual"] is True
    assert hp in GAME.legal_actions(used, 0)
    resolved = GAME.apply(used, 0, hp)
    assert [(c.code, c.hp) for c in resolved.chars] == [("X-001", 5), ("X-004", 3)]
    refused(resolved, 1, hp, "not_your_turn")
    after = GAME.apply(resolved, 0, DONE)
    assert after.part.manual is False
    assert not any(a["type"] in (MOVE, HP) for a in GAME.legal_actions(after, 1))


@pytest.mark.usefixtures("sample_catalogue")
def test_a_sandbox_match_takes_changes_out_of_turn_and_logs_them(user, other_user):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], {"first_player": 0, "sandbox": True},
                         deck="SMP-RED")
    join_match(person(other_user), match.id, deck="SMP-GREEN")
    for version, seat in enumerate((0, 1)):
        act(person([user, other_user][seat]), match.id, version, {"type": "mulligan", "take": False})
    match = Match.objects.get(pk=match.id)
    state = GAME.load(match.state, match.options)
    for seat, who in ((0, user), (1, other_user)):
        act(person(who), match.id, match.version, {"type": "arrange", "order": list(state.drawn[seat])})
        match.refresh_from_db()
    state = GAME.load(match.state, match.options)
    assert GAME.to_act(state) == [0]
    code = state.hands[1][0]
    change = {"type": MOVE, "from": {"zone": "hand", "seat": 1, "card": code}, "to": {"zone": "discard", "seat": 1}}
    bob_view = act(person(other_user), match.id, match.version, change)
    assert bob_view["state"]["discards"][1] == [code] and bob_view["to_act"] == [0]
    assert MatchAction.objects.filter(match=match).last().action == change
    alice = match_view(Match.objects.get(pk=match.id), person(user))
    assert alice["last_action"]["action"] == change and alice["state"]["discards"][1] == [code]
    assert alice["legal_actions"][-1]["type"] == MOVE and {"type": "skip"} in alice["legal_actions"]


@pytest.mark.usefixtures("sample_catalogue")
def test_bots_never_take_sandbox_actions(user):
    options = {"decks": [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")], "stacked": True, "first_player": 1,
               "sandbox": True}
    alice = person(user)
    match = create_match(alice, "eoc", [HUMAN, {"kind": "bot", "bot": "heuristic"}], options, seed=4)
    assert play_bot_turn(match.id, 0) is True  # the bot's mulligan
    act(alice, match.id, 1, {"type": "mulligan", "take": False})
    assert play_bot_turn(match.id, 2) is True  # the bot's arrangement
    row = Match.objects.get(pk=match.id)
    state = GAME.load(row.state, row.options)
    act(alice, match.id, 3, {"type": "arrange", "order": list(state.drawn[0])})
    version = 4
    while play_bot_turn(match.id, version):
        version += 1
    match = Match.objects.get(pk=match.id)
    state = GAME.load(match.state, match.options)
    assert GAME.to_act(state) == [0] and version > 4
    assert GAME.legal_actions(state, 1)[0]["type"] in (HP, MOVE)  # the bot's seat could, out of turn
    bot_moves = [a.action["type"] for a in MatchAction.objects.filter(match=match, by="bot")]
    assert bot_moves[:2] == ["mulligan", "arrange"] and "place_character" in bot_moves
    assert not any(kind.startswith("sandbox") for kind in bot_moves)


def empty_hand_at_table(alice, match, other=None) -> tuple[int, object]:
    """Play ``match`` (seat 0 ``alice``, seat 1 a bot or the person ``other``, who takes their
    first action a bot would) until seat 0 is at its action table with an empty hand: seat 0
    discards its hand card by card (sandbox moves) and skips; returns ``(version, state)`` then."""

    def now():
        row = Match.objects.get(pk=match.id)
        return row.version, GAME.load(row.state, row.options)

    version, state = now()
    while state.phase != "table":
        if GAME.to_act(state) == [1]:
            if other is None:
                assert play_bot_turn(match.id, version) is True
            else:
                act(other, match.id, version, GAME.spec.bot_actions(GAME.legal_actions(state, 1), 1)[0])
        elif state.phase in ("mulligan", "arrange"):
            act(alice, match.id, version, {"type": "mulligan", "take": False} if state.phase == "mulligan"
                else {"type": "arrange", "order": list(state.drawn[0])})
        elif state.hands[0]:
            act(alice, match.id, version, next(a for a in GAME.legal_actions(state, 0) if a["type"] == MOVE
                                               and a["from"]["zone"] == "hand" and a["to"]["zone"] == "discard"))
        else:
            act(alice, match.id, version, {"type": "skip"})
        version, state = now()
    assert (state.ap, GAME.to_act(state), state.hands[0]) == (0, [0], ())
    assert [a["type"] for a in GAME.legal_actions(state, 0) if a["type"] not in (MOVE, HP)] == []
    return version, state


DRAW0 = {"type": MOVE, "from": {"zone": "deck", "seat": 0}, "to": HAND0}


@pytest.mark.usefixtures("sample_catalogue")
def test_a_seat_left_without_a_rules_action_takes_its_decks_top_card_when_the_clock_plays_it(user):
    """In a sandbox match a person may move every card out of their own hand; at their action
    table (A turn, 4) they then have only sandbox actions, which a bot takes only to get out of
    there (``GameSpec.bot_fallback``): when their turn clock runs out, the bot that plays for
    them takes their deck's top card into their hand, and the turn goes on from there."""
    options = {"decks": [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")], "stacked": True, "first_player": 0,
               "sandbox": True}
    alice = person(user)
    match = create_match(alice, "eoc", [HUMAN, {"kind": "bot", "bot": "heuristic"}], options, seed=4)
    version, state = empty_hand_at_table(alice, match)
    top = state.decks[0][0]
    assert GAME.spec.bot_actions(GAME.legal_actions(state, 0), 0) == [DRAW0]
    assert play_bot_turn(match.id, version, by=MatchAction.By.CLOCK) is True
    row = Match.objects.get(pk=match.id)
    after = GAME.load(row.state, options)
    assert (row.version, after.hands[0], after.decks[0], after.phase) == (
        version + 1, (top,), state.decks[0][1:], "table")
    logged = MatchAction.objects.get(match=row, version=version + 1)
    assert (logged.seat, logged.by, logged.action) == (0, "clock", DRAW0)


@pytest.mark.usefixtures("sample_catalogue")
def test_a_person_timed_out_with_an_empty_hand_leaves_a_seat_its_bot_plays_on(user, other_user):
    """Two people in a sandbox match; the first empties their hand and goes away at their
    action table. The absence rule hands the seat to a bot, which takes a card into the hand
    and lays its action table, so the person still there is not left waiting for ever."""
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "eoc", [HUMAN, HUMAN], {"first_player": 0, "sandbox": True}, seed=4, deck="SMP-RED")
    join_match(bob, match.id, deck="SMP-GREEN")
    version, state = empty_hand_at_table(alice, match, other=bob)
    Match.objects.filter(pk=match.id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert time_out(match.id, version) is True
    while True:
        row = Match.objects.get(pk=match.id)
        if GAME.to_act(GAME.load(row.state, row.options)) != [0]:
            break
        assert play_bot_turn(match.id, row.version) is True
    after = GAME.load(row.state, row.options)
    moves = list(MatchAction.objects.filter(match=row, version__gt=version).values_list("seat", "by", "action"))
    assert moves[0] == (0, "bot", DRAW0)
    assert [m[2]["type"] for m in moves[1:]] == ["action_table", "choose", "done"]
    assert (row.status, after.phase, GAME.to_act(after)) == ("running", "part", [1])
