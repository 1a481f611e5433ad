"""Elements of Chaos rule by rule (elements-of-chaos.md), each from a stacked deal with exact
expected values. Cards are test cards of set ``X`` written by :func:`card`; a deck is built by
:func:`deck` (hand, area cards, then the rest of the deck top first, filled to 51 with colourless
items). Where a rule needs characters already standing on the area, :func:`position` lays them
(and a plain area card on every empty square) on the state of a stacked deal at turn 1."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from play.engine import Game, IllegalAction
from play.games import GAMES
from play.games.eoc.state import Char, Slot

GAME = GAMES["eoc"]


def card(num: str, kind: str = "item", colours=(), size: int = 0, bonus=None, steps=None, hp: int = 5,
         directions: str = "orthogonal", movement: int = 1, name: str | None = None, effect=None) -> dict:
    """A test card ``X-<num>`` as a catalogue interchange dict."""
    steps = steps or (["defend"], ["defend"], ["defend"])
    data = {
        "code": f"X-{num}", "name": name or f"card {num}", "type": kind, "colours": list(colours), "size": size,
        "size_bonus": None if bonus is None else {"colour": bonus[0], "value": bonus[1]},
        "action_table": {"step1": list(steps[0]), "step2": list(steps[1]), "step3": list(steps[2])}, "set": "X",
    }
    if kind == "character":
        data.update(hp=hp, directions=directions, movement=movement)
    if effect is not None:
        data["effect"] = effect
    return data


ARISA = card("001", "character", ["red"], size=2, bonus=("red", 1), hp=5, directions="orthogonal", movement=2,
             name="Arisa")
MIDORI = card("002", "character", ["green"], hp=4, directions="diagonal", movement=1, name="Midori")
REI = card("003", "character", ["black"], hp=3, directions="any", movement=1, name="Rei")
SERENA = card("004", "character", ["white"], hp=6, directions="orthogonal", movement=1, name="Serena")
ARISA_REPRINT = card("005", "character", ["red"], hp=7, name="Arisa")
FLAME = card("010", "event", ["red"], name="Flame")
DASH = card("011", "event", [], name="Dash")
DUO = card("012", "event", ["red", "green"], name="Duo")
SHIELD = card("020", "item", name="Shield")
BIG = card("030", "item", size=3, bonus=("red", 2), name="Big")
NEG = card("031", "item", size=2, bonus=("red", -3), name="Negative")
GREENISH = card("032", "item", size=4, bonus=("green", 5), name="Greenish")
ALL = card("040", "item", steps=(["move", "attack", "charge"], ["defend", "special", "move"],
                                 ["attack", "charge", "defend"]), name="All")
PLAIN = card("061", "event", name="Plain A")
PLAIN2 = card("062", "event", name="Plain B")
FILL = [card(f"9{i:02d}", name=f"filler {i}") for i in range(17)]


def deck(hand=(), area=(), then=()) -> list[dict]:
    """A 51-card stacked deck, top first: ``hand`` filled to 7 with fillers, ``area`` filled to 4
    with plain cards, ``then``, fillers, and at the bottom one each of the four test characters (so
that :func:`position` may lay them), never more than 3 of a name."""
    counts = Counter(c["name"] for c in [*hand, *area, *then])

    def filler():
        for f in FILL:
            if counts[f["name"]] < 3:
                counts[f["name"]] += 1
                return f
        raise AssertionError("out of fillers")

    hand = list(hand) + [filler() for _ in range(7 - len(hand))]
    area = list(area) + [(PLAIN, PLAIN2)[i % 2] for i in range(len(area), 4)]
    out = hand + area + list(then)
    bottom = [c for c in (ARISA, MIDORI, REI, SERENA) if counts[c["name"]] < 3]  # in every catalogue
    return out + [filler() for _ in range(51 - len(out) - len(bottom))] + bottom


def options(d0, d1, **more) -> dict:
    return {"decks": [d0, d1], "stacked": True, "first_player": 0, **more}


def play(state, *steps):
    for seat, action in steps:
        state = GAME.apply(state, seat, action)
    return state


def begin(d0=None, d1=None, **more):
    """Set-up done with no mulligan and each near row in drawn order: turn 1, seat 0 the AP."""
    d0, d1 = d0 or deck([ALL]), d1 or deck()
    state = GAME.setup(2, 1, options(d0, d1, **more))
    state = play(state, (0, {"type": "mulligan", "take": False}), (1, {"type": "mulligan", "take": False}))
    return play(state, (0, {"type": "arrange", "order": list(state.drawn[0])}),
                (1, {"type": "arrange", "order": list(state.drawn[1])}))


def position(state, *chars):
    """``state`` with a plain area card of seat 0 on every empty square and the characters
    ``(seat, card dict, row, col)`` (optionally a fifth item: HP) on the area."""
    area = tuple(s if s is not None else Slot("X-061", 0, False) for s in state.area)
    placed = tuple(
        Char(i + 1, c[0], c[1]["code"], c[4] if len(c) > 4 else c[1]["hp"], c[2], c[3]) for i, c in enumerate(chars)
    )
    return replace(state, area=area, chars=placed, next_uid=len(chars) + 1)


SKIP = {"type": "skip"}
DONE = {"type": "done"}


def choose(action: str) -> dict:
    return {"type": "choose", "action": action}


def to_step(state, table: str = "X-040", first: str = "move"):
    """From turn 1's character part to the AP's part of STEP 1, with ``table`` laid and ``first``
    chosen (nobody places or sets a card)."""
    return play(state, (0, SKIP), (1, SKIP), (0, SKIP), (1, SKIP), (0, {"type": "action_table", "card": table}),
                (0, choose(first)))


def sq(*squares):
    return [list(s) for s in squares]


def key(action: dict) -> str:
    import json
    return json.dumps(action, sort_keys=True)


def same(actions, expected) -> bool:
    return sorted(map(key, actions)) == sorted(map(key, expected))


def refused(state, seat, action, code="illegal_action", words=""):
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert info.value.code == code
    assert words in info.value.message
    assert GAME.dump(state) == before


def char_on(state, row, col):
    return next((c for c in state.chars if (c.row, c.col) == (row, col)), None)


# -- Cards ---------------------------------------------------------------------------------------
def test_cards_an_event_is_used_by_a_character_with_all_its_colours():
    state = begin(deck([ALL, FLAME, DASH, DUO]))
    state = to_step(position(state, (0, ARISA, 1, 1), (0, MIDORI, 1, 2)))
    events = [a for a in GAME.legal_actions(state, 0) if a["type"] == "event"]
    assert same(events, [
        {"type": "event", "card": "X-010", "by": [1, 1]},
        {"type": "event", "card": "X-011", "by": [1, 1]},
        {"type": "event", "card": "X-011", "by": [1, 2]},
    ])
    refused(state, 0, {"type": "event", "card": "X-012", "by": [1, 1]}, words="colours")
    refused(state, 0, {"type": "event", "card": "X-010", "by": [1, 2]}, words="colours")


def test_cards_a_card_is_shown_by_one_dict_made_once():
    state = begin(deck([FLAME]))
    first, second = GAME.view(state, 0), GAME.view(state, 0)
    assert first["cards"]["X-010"] is second["cards"]["X-010"]
    assert first["cards"]["X-010"] == {
        "code": "X-010", "name": "Flame", "name_en": "", "type": "event", "colours": ["red"], "size": 0,
        "size_bonus": None, "action_table": {"step1": ["defend"], "step2": ["defend"], "step3": ["defend"]},
        "hp": 0, "directions": "", "movement": 0, "effect": None}


def test_cards_a_vanilla_event_and_special_are_spent_with_no_effect():
    state = begin(deck([ALL, DASH]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, REI, 2, 1)))
    after = GAME.apply(state, 0, {"type": "event", "card": "X-011", "by": [1, 1]})
    assert after.hands[0] == tuple(c for c in state.hands[0] if c != "X-011")
    assert after.discards[0] == ("X-011",)
    assert after.chars == state.chars and after.area == state.area and after.decks == state.decks
    assert after.part.events == (1,)


# -- Decks and options -----------------------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    (lambda o: o["decks"][0].pop(), "decks[0]: a deck has exactly 51 cards, not 50"),
    (lambda o: o["decks"][1].__setitem__(slice(0, 4), [ARISA, ARISA, ARISA_REPRINT, ARISA_REPRINT]),
     "decks[1]: at most 3 copies of a card, but Arisa has 5"),
    (lambda o: o.update(rows=6), "rows: must be 4 or 5, not 6"),
    (lambda o: o.update(first_player=2), "first_player: must be 0 or 1, not 2"),
    (lambda o: o.update(stacked="yes"), "stacked: must be true or false"),
    (lambda o: o.update(hand_size=5), "unknown option(s) hand_size"),
    (lambda o: o.pop("decks"), "decks: required"),
    (lambda o: o["decks"][0].__setitem__(0, {"code": "X-001"}), "decks[0][0]: "),
])
def test_decks_and_options_that_break_the_rules_make_setup_fail(change, message):
    opts = options(deck(), deck())
    change(opts)
    with pytest.raises(ValueError) as info:
        GAME.setup(2, 1, opts)
    assert str(info.value).startswith(message)


def test_decks_need_two_players():
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        GAME.setup(3, 1, options(deck(), deck()))


# -- The area ----------------------------------------------------------------------------------------
def test_area_is_4_by_4_with_bases_on_opposite_corners():
    view = GAME.view(begin(), 0)
    assert (view["rows"], view["cols"], len(view["area"]), len(view["area"][0])) == (4, 4, 4, 4)
    assert view["bases"] == [[0, 3], [3, 0]]
    assert [sq is not None for sq in view["area"][1]] == [False] * 4
    assert all(s["owner"] == 0 for s in view["area"][0]) and all(s["owner"] == 1 for s in view["area"][3])


def test_area_rows_option_gives_4_by_5():
    state = begin(rows=5)
    view = GAME.view(state, 1)
    assert len(view["area"]) == 5 and view["bases"] == [[0, 3], [4, 0]]
    assert [s["card"] for s in view["area"][4]] == ["X-061", "X-062", "X-061", "X-062"]
    assert view["area"][3] == [None] * 4


def test_area_move_in_a_line_over_area_cards_never_across_a_gap_or_a_character():
    state = begin()
    state = position(state, (0, ARISA, 1, 0), (1, REI, 2, 0), (0, MIDORI, 2, 2))
    state = replace(state, area=state.area[:6] + (None,) + state.area[7:])  # [1, 2] is empty
    state = to_step(state)
    moves = [a for a in GAME.legal_actions(state, 0) if a["type"] == "move"]
    assert same(moves, [
        {"type": "move", "from": [1, 0], "to": [0, 0]},
        {"type": "move", "from": [1, 0], "to": [1, 1]},
        {"type": "move", "from": [2, 2], "to": [3, 3]},
        {"type": "move", "from": [2, 2], "to": [3, 1]},
        {"type": "move", "from": [2, 2], "to": [1, 3]},
        {"type": "move", "from": [2, 2], "to": [1, 1]},
    ])
    refused(state, 0, {"type": "move", "from": [1, 0], "to": [3, 0]}, words="straight line")
    refused(state, 0, {"type": "move", "from": [1, 0], "to": [1, 3]}, words="never across an empty square")
    after = GAME.apply(state, 0, {"type": "move", "from": [1, 0], "to": [1, 1]})
    refused(after, 0, {"type": "move", "from": [1, 1], "to": [0, 1]}, words="once per STEP")
    assert char_on(after, 1, 1).code == "X-001"


# -- Zones ---------------------------------------------------------------------------------------------
def test_zones_are_distinct_piles_per_seat():
    state = begin(deck([ALL, DASH]))
    state = to_step(position(state, (0, ARISA, 1, 1)))
    state = GAME.apply(state, 0, {"type": "event", "card": "X-011", "by": [1, 1]})
    view = GAME.view(state, 1)
    assert view["action_tables"] == [["X-040"], []]
    assert view["discards"] == [["X-011"], []]
    assert view["downs"] == [[], []]
    assert view["hand_sizes"] == [5, 7] and view["deck_sizes"] == [40, 40]


# -- Set-up ----------------------------------------------------------------------------------------------
def test_setup_stacked_mulligan_puts_the_seven_under_the_deck_and_draws_the_next():
    d0 = deck([ALL], [SHIELD, BIG, NEG, GREENISH], [FLAME, DASH, DUO, ARISA, MIDORI, REI, SERENA])
    state = GAME.setup(2, 1, options(d0, deck()))
    assert GAME.to_act(state) == [0, 1]
    assert same(GAME.legal_actions(state, 0), [{"type": "mulligan", "take": False}, {"type": "mulligan", "take": True}])
    first7 = tuple(c["code"] for c in d0[:7])
    state = GAME.apply(state, 0, {"type": "mulligan", "take": True})
    assert state.hands[0] == tuple(sorted(c["code"] for c in d0[7:14]))
    assert state.decks[0][-7:] == first7 and len(state.decks[0]) == 44
    assert GAME.to_act(state) == [1]
    refused(state, 0, {"type": "mulligan", "take": False}, code="not_your_turn")
    assert GAME.view(state, 1)["mulligans"] == [None, None]
    assert GAME.view(state, 0)["mulligans"] == [True, None]
    state = GAME.apply(state, 1, {"type": "mulligan", "take": False})
    assert GAME.view(state, 1)["mulligans"] == [True, False]
    # the next 4 cards are the area cards: d0[14:18]
    assert state.drawn[0] == tuple(c["code"] for c in d0[14:18]) == ("X-001", "X-002", "X-003", "X-004")
    assert len(state.decks[0]) == 40 and len(state.decks[1]) == 40
    assert len(GAME.legal_actions(state, 0)) == 24
    assert GAME.view(state, 0)["to_arrange"] == ["X-001", "X-002", "X-003", "X-004"]
    assert GAME.view(state, 1)["to_arrange"] == ["X-061", "X-062", "X-061", "X-062"]
    assert len(GAME.legal_actions(state, 1)) == 6  # two pairs of copies: 4!/(2!2!)
    refused(state, 0, {"type": "arrange", "order": ["X-001", "X-002", "X-003", "X-003"]}, words="4 drawn cards")
    state = GAME.apply(state, 1, {"type": "arrange", "order": ["X-062", "X-061", "X-061", "X-062"]})
    assert GAME.view(state, 0)["ap"] is None and state.phase == "arrange"
    state = GAME.apply(state, 0, {"type": "arrange", "order": ["X-004", "X-002", "X-001", "X-003"]})
    view = GAME.view(state, 0)
    assert [s["card"] for s in view["area"][0]] == ["X-004", "X-002", "X-001", "X-003"]
    assert [s["card"] for s in view["area"][3]] == [None] * 4
    assert [s["card"] for s in GAME.view(state, 1)["area"][3]] == ["X-062", "X-061", "X-061", "X-062"]
    assert view["ap"] == 0 and view["turn"] == 1 and view["phase"] == "character"


def test_setup_first_player_option_and_seeded_draw():
    assert begin(first_player=1).ap == 1
    assert GAME.to_act(begin(first_player=1)) == [1]
    opts = options(deck([ALL]), deck())
    del opts["first_player"]
    firsts = []
    for seed in range(8):
        state = GAME.setup(2, seed, opts)
        firsts.append(state.ap)
        assert GAME.setup(2, seed, opts) == state
    assert sorted(set(firsts)) == [0, 1]


def test_setup_unstacked_decks_are_shuffled_by_the_seed():
    opts = {"decks": [deck([ALL]), deck()]}
    a, b = GAME.setup(2, 5, opts), GAME.setup(2, 6, opts)
    assert a == GAME.setup(2, 5, opts)
    assert a.hands != b.hands or a.decks != b.decks
    assert Counter(a.hands[0] + a.decks[0]) == Counter(c["code"] for c in opts["decks"][0])


# -- A turn: 1. refill -------------------------------------------------------------------------------------
def test_refill_draws_both_seats_up_to_seven_from_the_top():
    d0 = deck([ALL], then=[FLAME, DASH, DUO])
    d1 = deck(then=[SHIELD, BIG])
    state = begin(d0, d1)
    state = play(state, (0, SKIP), (1, SKIP),
                 (0, {"type": "set", "card": "X-900", "square": [1, 0]}),
                 (1, {"type": "set", "card": "X-900", "square": [2, 0]}),
                 (0, {"type": "action_table", "card": "X-040"}))
    for _ in range(3):
        state = play(state, (0, choose("move")), (0, DONE), (1, DONE)) if state.step == 1 else play(
            state, (0, choose(GAME.legal_actions(state, 0)[0]["action"])), (0, DONE), (1, DONE))
    assert state.turn == 2 and state.ap == 1 and state.phase == "character"
    assert Counter(state.hands[0]) - Counter(d["code"] for d in d0[:7]) == Counter({"X-010": 1, "X-011": 1})
    assert len(state.hands[0]) == 7 and len(state.hands[1]) == 7
    assert "X-020" in state.hands[1] and state.decks[1][0] == "X-030"
    assert state.decks[0][0] == "X-012"


def _end_of_turn_1(state):
    """Play the rest of turn 1 from the AP's part of STEP 1 with nothing done."""
    state = play(state, (0, DONE), (1, DONE))
    for _ in range(2):
        state = play(state, (0, choose(GAME.legal_actions(state, 0)[0]["action"])), (0, DONE), (1, DONE))
    return state


def test_refill_an_empty_deck_loses_and_two_empty_decks_draw():
    state = to_step(begin())
    short = replace(state, decks=(state.decks[0], state.decks[1][:0]))
    end = _end_of_turn_1(short)
    assert GAME.outcome(end).winners == (0,) and end.result.reason == "deck_out"
    assert GAME.outcome(end).scores == (1, 0)
    # seat 0 laid one card and has exactly 1 left: its deck is empty after the refill too
    both = replace(state, decks=(state.decks[0][:1], state.decks[1][:0]))
    end = _end_of_turn_1(both)
    assert GAME.outcome(end).winners == () and GAME.outcome(end).scores == (0, 0)
    assert GAME.outcome(end).details["reason"] == "deck_out"
    enough = replace(state, decks=(state.decks[0][:2], state.decks[1][:1]))
    assert GAME.outcome(_end_of_turn_1(enough)) is None


# -- A turn: 2. character ----------------------------------------------------------------------------------
def test_character_goes_on_the_base_at_full_hp_with_the_limits():
    state = begin(deck([ALL, ARISA, ARISA_REPRINT, MIDORI, REI]), deck([SERENA]))
    assert same(GAME.legal_actions(state, 0), [
        {"type": "place_character", "card": c} for c in ("X-001", "X-002", "X-003", "X-005")] + [SKIP])
    state = GAME.apply(state, 0, {"type": "place_character", "card": "X-001"})
    assert state.chars == (Char(1, 0, "X-001", 5, 0, 3),)
    state = GAME.apply(state, 1, {"type": "place_character", "card": "X-004"})
    assert state.chars[1] == Char(2, 1, "X-004", 6, 3, 0)
    # the same name is refused even with the base free; the base must be free; at most 3
    moved = replace(state, chars=(replace(state.chars[0], row=1, col=3), state.chars[1]), phase="character", actor=0)
    assert same(GAME.legal_actions(moved, 0), [
        {"type": "place_character", "card": c} for c in ("X-002", "X-003")] + [SKIP])
    refused(moved, 0, {"type": "place_character", "card": "X-005"}, words="named Arisa")
    full = replace(moved, phase="character", actor=0)
    refused(replace(full, chars=full.chars + (Char(9, 0, "X-002", 4, 0, 3),)), 0,
            {"type": "place_character", "card": "X-003"}, words="base holds a character")
    three = full.chars + (Char(9, 0, "X-002", 4, 1, 0), Char(10, 0, "X-003", 3, 1, 1))
    refused(replace(full, chars=three), 0, {"type": "place_character", "card": "X-003"}, words="3 characters")
    refused(full, 0, {"type": "place_character", "card": "X-040"}, words="not a character")


# -- A turn: 3. card set -----------------------------------------------------------------------------------
def test_card_set_ap_on_empty_squares_nap_anywhere_replacing_to_the_owners_discard():
    state = play(begin(deck([ALL, SHIELD])), (0, SKIP), (1, SKIP))
    sets = [a for a in GAME.legal_actions(state, 0) if a["type"] == "set"]
    squares = sq(*[(r, c) for r in (1, 2) for c in range(4)])
    codes = sorted(set(state.hands[0]))
    assert same(sets, [{"type": "set", "card": c, "square": s} for c in codes for s in squares])
    refused(state, 0, {"type": "set", "card": "X-020", "square": [0, 1]}, words="without an area card")
    state = GAME.apply(state, 0, {"type": "set", "card": "X-020", "square": [1, 1]})
    assert state.area[5] == Slot("X-020", 0, False)
    nap = [a for a in GAME.legal_actions(state, 1) if a["type"] == "set"]
    assert len(nap) == len(set(state.hands[1])) * 16
    state = GAME.apply(state, 1, {"type": "set", "card": "X-900", "square": [1, 1]})
    assert state.area[5] == Slot("X-900", 1, False)
    assert state.discards == (("X-020",), ())
    assert state.phase == "table" and GAME.to_act(state) == [0]


def test_card_set_an_item_under_a_character_turns_face_up_other_cards_stay_down():
    state = begin(deck([ALL]), deck([SHIELD, DASH]))
    state = position(state, (0, ARISA, 1, 1), (0, MIDORI, 1, 2))
    state = play(state, (0, SKIP), (1, SKIP), (0, SKIP), (1, {"type": "set", "card": "X-020", "square": [1, 1]}))
    assert state.area[5] == Slot("X-020", 1, True)
    assert char_on(state, 1, 1).code == "X-001"
    other = play(position(begin(deck([ALL]), deck([SHIELD, DASH])), (0, MIDORI, 1, 2)),
                 (0, SKIP), (1, SKIP), (0, SKIP), (1, {"type": "set", "card": "X-011", "square": [1, 2]}))
    assert other.area[6] == Slot("X-011", 1, False)


# -- A turn: 4. action table --------------------------------------------------------------------------------
def test_action_table_laid_by_the_ap_rules_the_turn_and_stays():
    state = play(begin(deck([ALL, SHIELD])), (0, SKIP), (1, SKIP), (0, SKIP), (1, SKIP))
    tables = [{"type": "action_table", "card": c} for c in sorted(set(state.hands[0]))]
    assert same(GAME.legal_actions(state, 0), tables)
    assert GAME.legal_actions(state, 1) == []
    refused(state, 1, {"type": "action_table", "card": "X-900"}, code="not_your_turn")
    state = GAME.apply(state, 0, {"type": "action_table", "card": "X-040"})
    assert same(GAME.legal_actions(state, 0), [choose("move"), choose("attack"), choose("charge")])
    refused(state, 0, choose("defend"), words="STEP 1 of the action table offers move, attack, charge")
    state = _end_of_turn_1(play(state, (0, choose("move"))))
    assert state.tables == (("X-040",), ()) and state.turn == 2


# -- A turn: 5. STEPs -----------------------------------------------------------------------------------------
def test_steps_ap_part_then_nap_part_events_first_once_per_character():
    state = begin(deck([ALL, DASH, DASH, FLAME]), deck([DASH]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, REI, 2, 3)))
    assert GAME.to_act(state) == [0]
    state = GAME.apply(state, 0, {"type": "event", "card": "X-011", "by": [1, 1]})
    refused(state, 0, {"type": "event", "card": "X-010", "by": [1, 1]}, words="one event per STEP")
    state = GAME.apply(state, 0, {"type": "move", "from": [1, 1], "to": [2, 1]})
    assert [a for a in GAME.legal_actions(state, 0) if a["type"] == "event"] == []
    state = GAME.apply(state, 0, DONE)
    assert GAME.to_act(state) == [1] and state.step == 1
    assert same(GAME.legal_actions(state, 1), [
        {"type": "event", "card": "X-011", "by": [2, 3]},
        {"type": "move", "from": [2, 3], "to": [1, 3]}, {"type": "move", "from": [2, 3], "to": [3, 3]},
        {"type": "move", "from": [2, 3], "to": [2, 2]}, {"type": "move", "from": [2, 3], "to": [1, 2]},
        {"type": "move", "from": [2, 3], "to": [3, 2]}, DONE])
    state = GAME.apply(state, 1, DONE)
    assert state.step == 2 and state.phase == "choose" and GAME.to_act(state) == [0]
    assert same(GAME.legal_actions(state, 0), [choose("defend"), choose("special"), choose("move")])


def test_attack_turns_the_top_card_adds_its_bonus_and_puts_it_under_the_deck():
    state = begin(deck([ALL], then=[BIG, NEG, GREENISH]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, SERENA, 2, 1), (1, REI, 1, 2)), first="attack")
    assert same(GAME.legal_actions(state, 0), [
        {"type": "attack", "by": [1, 1], "target": [2, 1]}, {"type": "attack", "by": [1, 1], "target": [1, 2]}, DONE])
    after = GAME.apply(state, 0, {"type": "attack", "by": [1, 1], "target": [2, 1]})
    assert char_on(after, 2, 1).hp == 1  # SIZE 3 + red bonus 2 (Arisa is red) = 5
    assert after.decks[0][0] == "X-031" and after.decks[0][-1] == "X-030" and len(after.decks[0]) == 40
    assert GAME.view(after, 1)["turned"] == {"seat": 0, "card": "X-030", "damage": 5}
    refused(after, 0, {"type": "attack", "by": [1, 1], "target": [1, 2]}, words="one attack")
    # a negative bonus counts too: SIZE 2 - 3 -> 0
    neg = replace(state, decks=(state.decks[0][1:] + state.decks[0][:1], state.decks[1]))
    after = GAME.apply(neg, 0, {"type": "attack", "by": [1, 1], "target": [2, 1]})
    assert char_on(after, 2, 1).hp == 6 and after.turned.damage == 0
    # a bonus of a colour the attacker lacks does not count: SIZE 4
    green = replace(state, decks=(state.decks[0][2:] + state.decks[0][:2], state.decks[1]))
    after = GAME.apply(green, 0, {"type": "attack", "by": [1, 1], "target": [2, 1]})
    assert char_on(after, 2, 1).hp == 2
    # HP never below 0
    after = GAME.apply(state, 0, {"type": "attack", "by": [1, 1], "target": [1, 2]})
    assert char_on(after, 1, 2).hp == 0
    refused(state, 0, {"type": "attack", "by": [1, 1], "target": [2, 2]}, words="orthogonally adjacent")
    refused(state, 0, {"type": "charge", "by": [1, 1], "target": [2, 1]}, words="is attack, not charge")


def test_defend_lowers_every_damage_by_one_per_step_charges_too_and_resets():
    state = begin(deck([ALL], then=[BIG]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, SERENA, 2, 1)), first="charge")
    state = play(state, (0, DONE), (1, DONE), (0, choose("defend")), (0, DONE))
    assert same(GAME.legal_actions(state, 1), [{"type": "defend"}, DONE])
    state = GAME.apply(state, 1, {"type": "defend"})
    refused(state, 1, {"type": "defend"}, words="once per STEP")
    state = play(state, (1, DONE), (0, choose("charge")))
    charged = GAME.apply(state, 0, {"type": "charge", "by": [1, 1], "target": [2, 1]})
    assert char_on(charged, 2, 1).hp == 6  # 1 - 1
    attacked = play(state, (0, DONE), (1, DONE))
    assert attacked.defence == (0, 0) and attacked.turn == 2  # reset at the end of the turn
    two = replace(state, defence=(0, 2), chosen="attack")
    after = GAME.apply(two, 0, {"type": "attack", "by": [1, 1], "target": [2, 1]})
    assert char_on(after, 2, 1).hp == 3  # 5 - 2
    with_none = to_step(begin(), first="charge")
    with_none = play(with_none, (0, DONE), (1, DONE), (0, choose("defend")))
    assert same(GAME.legal_actions(with_none, 0), [{"type": "defend"}, DONE])  # allowed with no characters


def test_charge_deals_one_and_pushes_back_after_step_3():
    state = begin(deck([ALL]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, REI, 2, 1)), first="charge")
    decks = state.decks
    state = GAME.apply(state, 0, {"type": "charge", "by": [1, 1], "target": [2, 1]})
    assert char_on(state, 2, 1).hp == 2 and state.decks == decks and state.turned is None
    state = play(state, (0, DONE), (1, DONE), (0, choose("move")), (0, DONE))
    assert char_on(state, 2, 1).code == "X-003"  # not yet pushed
    state = play(state, (1, {"type": "move", "from": [2, 1], "to": [2, 2]}), (1, DONE),
                 (0, choose("defend")), (0, DONE), (1, DONE))
    assert state.turn == 2
    rei = next(c for c in state.chars if c.code == "X-003")
    assert (rei.row, rei.col, rei.hp) == (3, 2, 3)  # pushed down from where it stood, HP back to full


def test_pushbacks_ap_first_blocked_twice_and_not_when_down():
    state = begin(deck([ALL]), deck())
    # the NAP charges in STEP 1, the AP in STEP 3; the AP's push resolves first
    state = position(state, (0, ARISA, 1, 0), (0, MIDORI, 2, 1), (1, SERENA, 2, 0), (1, REI, 2, 2))
    state = to_step(state, first="charge")
    state = play(state, (0, DONE), (1, {"type": "charge", "by": [2, 2], "target": [2, 1]}), (1, DONE),
                 (0, choose("move")), (0, DONE), (1, DONE), (0, choose("charge")),
                 (0, {"type": "charge", "by": [1, 0], "target": [2, 0]}), (0, DONE), (1, DONE))
    assert (char_on(state, 3, 0).code, char_on(state, 2, 0).code) == ("X-004", "X-002")
    # blocked by a character, off the area, by an empty square
    state = begin(deck([ALL]), deck())
    state = position(state, (0, ARISA, 1, 1), (1, REI, 2, 1), (1, SERENA, 3, 1), (0, MIDORI, 1, 3))
    state = to_step(state, first="charge")
    state = play(state, (0, {"type": "charge", "by": [1, 1], "target": [2, 1]}), (0, DONE), (1, DONE),
                 (0, choose("move")), (0, DONE), (1, DONE), (0, choose("defend")), (0, DONE), (1, DONE))
    assert char_on(state, 2, 1).code == "X-003"
    # charged twice: pushed twice
    state = begin(deck([ALL]), deck())
    state = to_step(position(state, (0, ARISA, 1, 0), (1, REI, 1, 1)), first="charge")
    state = play(state, (0, {"type": "charge", "by": [1, 0], "target": [1, 1]}), (0, DONE), (1, DONE),
                 (0, choose("move")), (0, DONE), (1, DONE), (0, choose("charge")),
                 (0, {"type": "charge", "by": [1, 0], "target": [1, 1]}), (0, DONE), (1, DONE))
    assert char_on(state, 1, 3).code == "X-003" and char_on(state, 1, 1) is None
    # a target that went down is not pushed, even after 0 damage elsewhere
    state = begin(deck([ALL]), deck())
    state = to_step(position(state, (0, ARISA, 1, 1), (1, SERENA, 2, 1, 1)), first="charge")
    state = play(state, (0, {"type": "charge", "by": [1, 1], "target": [2, 1]}), (0, DONE), (1, DONE))
    assert state.downs == ((), ("X-004",)) and state.chars == (Char(1, 0, "X-001", 5, 1, 1),)
    assert GAME.view(state, 0)["pushes"] == [{"seat": 0, "target": None, "direction": [1, 0]}]
    state = play(state, (0, choose("move")), (0, DONE), (1, DONE), (0, choose("defend")), (0, DONE), (1, DONE))
    assert state.turn == 2 and state.chars == (Char(1, 0, "X-001", 5, 1, 1),)


def test_special_once_per_character_per_step_and_vanilla_does_nothing():
    state = to_step(position(begin(), (0, ARISA, 1, 1), (0, MIDORI, 1, 2), (1, REI, 2, 1)))
    state = play(state, (0, DONE), (1, DONE), (0, choose("special")))
    specials = [{"type": "special", "by": [1, 1]}, {"type": "special", "by": [1, 2]}, DONE]
    assert same(GAME.legal_actions(state, 0), specials)
    after = GAME.apply(state, 0, {"type": "special", "by": [1, 1]})
    assert after.chars == state.chars and after.hands == state.hands and after.part.specials == (1,)
    refused(after, 0, {"type": "special", "by": [1, 1]}, words="once per STEP")
    refused(after, 0, {"type": "special", "by": [2, 1]}, words="no character on [2, 1]")
    assert same(GAME.legal_actions(after, 0), [{"type": "special", "by": [1, 2]}, DONE])


# -- After each STEP: the down check ------------------------------------------------------------------------
def test_down_check_after_the_step_a_character_at_0_hp_still_acts_until_then():
    state = begin(deck([ALL]), deck([DASH]))
    state = to_step(position(state, (0, ARISA, 1, 1), (1, SERENA, 2, 1, 1)), first="charge")
    state = play(state, (0, {"type": "charge", "by": [1, 1], "target": [2, 1]}), (0, DONE))
    assert char_on(state, 2, 1).hp == 0
    assert same(GAME.legal_actions(state, 1), [
        {"type": "event", "card": "X-011", "by": [2, 1]}, {"type": "charge", "by": [2, 1], "target": [1, 1]}, DONE])
    state = play(state, (1, {"type": "event", "card": "X-011", "by": [2, 1]}),
                 (1, {"type": "charge", "by": [2, 1], "target": [1, 1]}))
    assert char_on(state, 1, 1).hp == 4 and char_on(state, 2, 1).hp == 0
    state = GAME.apply(state, 1, DONE)
    assert char_on(state, 2, 1) is None and state.downs == ((), ("X-004",)) and state.step == 2
    assert GAME.view(state, 0)["downs"] == [[], ["X-004"]]


def test_winning_four_down_and_both_at_one_check_is_a_draw():
    state = begin(deck([ALL]), deck())
    three = ("X-900", "X-901", "X-902")
    state = to_step(position(state, (0, ARISA, 1, 1, 1), (1, SERENA, 2, 1, 1)), first="charge")
    state = replace(state, downs=(three, three))
    one = play(state, (0, {"type": "charge", "by": [1, 1], "target": [2, 1]}), (0, DONE), (1, DONE))
    assert GAME.outcome(one).winners == (0,) and one.result.reason == "down" and len(one.downs[1]) == 4
    both = play(state, (0, {"type": "charge", "by": [1, 1], "target": [2, 1]}), (0, DONE),
                (1, {"type": "charge", "by": [2, 1], "target": [1, 1]}), (1, DONE))
    outcome = GAME.outcome(both)
    assert (outcome.scores, outcome.winners, outcome.details["reason"]) == ((0, 0), (), "down")


# -- Items -------------------------------------------------------------------------------------------------------
def test_items_turn_face_up_when_a_character_stops_not_when_it_passes():
    state = begin(deck([ALL, SHIELD]))
    state = position(state, (0, ARISA, 1, 0))
    area = list(state.area)
    area[5], area[6] = Slot("X-020", 0, False), Slot("X-020", 0, False)  # [1, 1] and [1, 2]
    state = to_step(replace(state, area=tuple(area)))
    after = GAME.apply(state, 0, {"type": "move", "from": [1, 0], "to": [1, 2]})
    assert after.area[5] == Slot("X-020", 0, False) and after.area[6] == Slot("X-020", 0, True)
    assert GAME.view(after, 1)["area"][1][2] == {"owner": 0, "face_up": True, "card": "X-020"}
    assert GAME.view(after, 1)["area"][1][1] == {"owner": 0, "face_up": False, "card": None}
    # a push-back that stops on an item turns it face up too
    state = begin(deck([ALL, SHIELD]))
    state = position(state, (0, ARISA, 0, 1), (1, REI, 1, 1))
    area = list(state.area)
    area[9] = Slot("X-020", 0, False)  # [2, 1]
    state = to_step(replace(state, area=tuple(area)), first="charge")
    state = play(state, (0, {"type": "charge", "by": [0, 1], "target": [1, 1]}), (0, DONE), (1, DONE),
                 (0, choose("move")), (0, DONE), (1, DONE), (0, choose("defend")), (0, DONE), (1, DONE))
    assert char_on(state, 2, 1).code == "X-003" and state.area[9] == Slot("X-020", 0, True)


# -- Winning -------------------------------------------------------------------------------------------------------
def test_winning_a_move_onto_the_opponents_base_ends_the_match_at_once():
    state = to_step(position(begin(), (0, ARISA, 1, 0)))
    over = GAME.apply(state, 0, {"type": "move", "from": [1, 0], "to": [3, 0]})
    outcome = GAME.outcome(over)
    assert (outcome.scores, outcome.winners, outcome.details["reason"]) == ((1, 0), (0,), "base")
    assert GAME.to_act(over) == [] and GAME.legal_actions(over, 0) == [] and GAME.legal_actions(over, 1) == []
    assert GAME.view(over, 1)["outcome"] == {"scores": [1, 0], "winners": [0], "reason": "base"}
    refused(over, 1, {"type": "nonsense"}, code="game_over")
    refused(over, 0, DONE, code="game_over")
    # onto one's own base is no win
    own = GAME.apply(to_step(position(begin(), (0, ARISA, 0, 1))), 0, {"type": "move", "from": [0, 1], "to": [0, 3]})
    assert GAME.outcome(own) is None


def test_winning_a_pushback_onto_the_opponents_base_and_later_pushes_do_not_resolve():
    state = begin(deck([ALL]), deck())
    state = position(state, (0, ARISA, 2, 3), (0, MIDORI, 2, 1), (1, REI, 1, 3), (1, SERENA, 2, 0))
    state = to_step(state, first="charge")
    state = play(state, (0, DONE), (1, {"type": "charge", "by": [2, 0], "target": [2, 1]}), (1, DONE),
                 (0, choose("move")), (0, DONE), (1, DONE), (0, choose("charge")),
                 (0, {"type": "charge", "by": [2, 3], "target": [1, 3]}), (0, DONE), (1, DONE))
    assert GAME.outcome(state).winners == (1,) and state.result.reason == "base"
    assert char_on(state, 0, 3).code == "X-003" and char_on(state, 2, 1).code == "X-002"


# -- Hidden information ---------------------------------------------------------------------------------------------
def test_hidden_information_own_hand_own_area_faces_no_deck_order():
    state = play(begin(deck([ALL, FLAME]), deck([DASH])), (0, SKIP), (1, SKIP))
    view0, view1, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert view0["hand"] == list(state.hands[0]) and view1["hand"] == list(state.hands[1])
    assert spectator["hand"] is None and spectator["seen"] is None
    assert [s["card"] for s in view0["area"][0]] == ["X-061", "X-062", "X-061", "X-062"]
    assert [s["card"] for s in view0["area"][3]] == [None] * 4
    assert [s["card"] for s in view1["area"][0]] == [None] * 4
    assert all(s["card"] is None for row in spectator["area"] for s in row if s)
    assert "X-011" not in view0["cards"] and "X-010" not in view1["cards"] and "X-010" in view0["cards"]
    assert view0["deck_sizes"] == [40, 40] and view0["hand_sizes"] == [7, 7]
    text = repr(view0)
    assert "decks" not in view0 and "rng" not in text and "X-011" not in text


# -- Actions (API): refusals ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat, action, code", [
    (1, {"type": "nonsense"}, "not_your_turn"),
    (1, SKIP, "not_your_turn"),
    (2, SKIP, "not_your_turn"),
    (True, SKIP, "not_your_turn"),
    (0, {"type": "nonsense"}, "malformed_action"),
    (0, {"type": "skip", "card": "X-040"}, "malformed_action"),
    (0, {"type": "place_character"}, "malformed_action"),
    (0, {"type": "place_character", "card": 1}, "malformed_action"),
    (0, {"type": "set", "card": "X-040", "square": [1]}, "malformed_action"),
    (0, {"type": "set", "card": "X-040", "square": [1, True]}, "malformed_action"),
    (0, {"type": "mulligan", "take": 1}, "malformed_action"),
    (0, ["skip"], "malformed_action"),
    (0, {"type": "move", "from": [0, 0], "to": [1, 0]}, "illegal_action"),
    (0, {"type": "place_character", "card": "X-999"}, "illegal_action"),
    (0, {"type": "mulligan", "take": True}, "illegal_action"),
])
def test_refusals_in_the_pages_order(seat, action, code):
    refused(begin(), seat, action, code=code)


def test_attack_needs_a_card_to_turn_charge_does_not():
    state = to_step(position(begin(), (0, ARISA, 1, 1), (1, REI, 2, 1)), first="attack")
    empty = replace(state, decks=((), state.decks[1]))
    assert GAME.legal_actions(empty, 0) == [DONE]
    refused(empty, 0, {"type": "attack", "by": [1, 1], "target": [2, 1]}, words="your deck is empty")
    charge = replace(empty, chosen="charge")
    assert same(GAME.legal_actions(charge, 0), [{"type": "charge", "by": [1, 1], "target": [2, 1]}, DONE])


def test_the_engine_implements_the_protocol_and_is_registered():
    assert isinstance(GAME, Game)
    assert (GAME.slug, GAME.name, GAME.min_players, GAME.max_players) == ("eoc", "Elements of Chaos", 2, 2)
    state = begin()
    assert GAME.load(GAME.dump(state)) == state
    with pytest.raises(ValueError):
        GAME.view(state, 2)


def test_cards_each_cards_text_by_code_in_either_language():
    # "Cards": the text made from the effect; a manual effect keeps the card's written text.
    hit = card("050", "event", ["red"], name="Hit", effect={"op": "damage", "target": "adjacent_enemy", "amount": 1})
    manual_item = {**card("051", "item", name="Odd"), "effect": "manual", "text": "各STEPの後に1ダメージ。"}
    manual_char = {**card("052", "character", name="Quiet"), "effect": "manual"}
    decks = [deck(hand=[hit, manual_item, manual_char]), deck()]
    en, ja = GAME.card_texts({"decks": decks}, "en"), GAME.card_texts({"decks": decks}, "ja")
    assert en.keys() == ja.keys() == {c["code"] for d in decks for c in d}
    assert (en["X-050"], ja["X-050"]) == ("1 damage to one adjacent enemy character.", "隣接する敵キャラクター1体に1ダメージ。")
    assert (en["X-051"], ja["X-051"]) == ("各STEPの後に1ダメージ。", "各STEPの後に1ダメージ。")
    assert (en["X-052"], ja["X-052"]) == ("", "")
    assert (en["X-001"], ja["X-001"]) == ("No special ability.", "特殊能力なし。")
    assert (en["X-900"], ja["X-900"]) == ("No effect.", "効果なし。")
    assert GAME.card_texts({}, "en") == {} and GAMES["lama"].card_texts({"end_at": 10}, "en") == {}
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        GAME.card_texts({"decks": decks}, "fr")
