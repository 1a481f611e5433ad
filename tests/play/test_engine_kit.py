"""The game framework's parts: the seeded generator, the state codec, seats, piles, views and the
checks of actions and options (play/engine)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

import pytest

from play.engine import (
    IllegalAction,
    Rng,
    action_type,
    add,
    check_cards,
    check_names,
    check_players,
    check_seed,
    check_viewer,
    deal,
    derive_seed,
    distinct,
    draw,
    from_json,
    full_deck,
    hand_sizes,
    holds,
    int_option,
    is_seat,
    next_active,
    next_seat,
    own_hand,
    public_hands,
    put,
    seat_order,
    take,
    to_json,
)

# -- rng ------------------------------------------------------------------------------------------


def test_splitmix64_reference_outputs_for_seed_0():
    # The first outputs of Vigna's splitmix64.c from state 0.
    rng = Rng.from_seed(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_randrange_exact_values_and_state():
    rng = Rng.from_seed(42)
    assert [rng.randrange(10) for _ in range(10)] == [3, 1, 8, 4, 0, 2, 5, 8, 5, 4]
    assert rng.state == 3326683750974675196


def test_shuffled_exact_permutation_and_the_input_is_left_alone():
    items = list(range(10))
    rng = Rng.from_seed(7)
    assert rng.shuffled(items) == (8, 1, 5, 9, 0, 4, 3, 2, 6, 7)
    assert items == list(range(10))
    assert rng.state == 10372713005361028292


def test_shuffle_in_place_matches_shuffled():
    items = list(range(10))
    Rng.from_seed(7).shuffle(items)
    assert items == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


def test_choice_random_and_two_argument_randrange():
    rng = Rng.from_seed(3)
    assert rng.choice("abcdef") == "d"
    assert rng.random() == 0.7002935135929024
    assert rng.randrange(5, 8) == 5


def test_resuming_from_a_saved_state_continues_the_same_sequence():
    rng = Rng.from_seed(5)
    rng.randrange(100)
    resumed = Rng(json.loads(json.dumps(rng.state)))
    assert [rng.randrange(1000) for _ in range(5)] == [resumed.randrange(1000) for _ in range(5)]


def test_negative_and_huge_seeds_reduce_modulo_2_64():
    assert Rng.from_seed(-1).state == 2**64 - 1
    assert Rng.from_seed(2**64 + 5).state == 5


def test_randrange_covers_the_range_evenly():
    rng = Rng.from_seed(11)
    counts = Counter(rng.randrange(7) for _ in range(7000))
    assert set(counts) == set(range(7))
    assert all(900 < n < 1100 for n in counts.values()), counts


def test_shuffle_is_a_permutation():
    rng = Rng.from_seed(1)
    deck = full_deck(range(1, 8), 8)
    assert Counter(rng.shuffled(deck)) == Counter(deck)


def test_derive_seed_exact_and_order_sensitive():
    assert derive_seed(1, 2) == 13608149317741381227
    assert derive_seed(2, 1) == 16171810823986729605
    assert derive_seed(7) == 7191089600892374487


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_seeds_must_be_ints(bad):
    with pytest.raises(TypeError):
        Rng.from_seed(bad)


def test_generator_errors():
    with pytest.raises(ValueError):
        Rng(-1)
    with pytest.raises(ValueError):
        Rng(2**64)
    with pytest.raises(ValueError):
        Rng.from_seed(1).randrange(0)
    with pytest.raises(ValueError):
        Rng.from_seed(1).randrange(5, 5)
    with pytest.raises(IndexError):
        Rng.from_seed(1).choice([])


# -- codec ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Inner:
    cards: tuple[int, ...]
    note: str | None


@dataclass(frozen=True)
class Outer:
    hands: tuple[tuple[int, ...], ...]
    flags: tuple[bool, ...]
    pair: tuple[int, str]
    inner: Inner | None
    table: dict[str, int]
    tags: frozenset[str]
    ratio: float


SAMPLE = Outer(((1, 2), (), (7,)), (True, False), (3, "x"), Inner((4, 4), None), {"a": 1}, frozenset({"b", "a"}), 0.5)


def test_codec_round_trip_through_json_text():
    data = to_json(SAMPLE)
    assert data == {
        "hands": [[1, 2], [], [7]], "flags": [True, False], "pair": [3, "x"],
        "inner": {"cards": [4, 4], "note": None}, "table": {"a": 1}, "tags": ["a", "b"], "ratio": 0.5,
    }
    assert from_json(Outer, json.loads(json.dumps(data))) == SAMPLE


def test_codec_none_in_a_union():
    value = Outer((), (), (0, ""), None, {}, frozenset(), 1.0)
    assert from_json(Outer, to_json(value)) == value


@pytest.mark.parametrize(
    "change, path",
    [
        ({"hands": [[1, "2"]]}, "hands[0][1]"),
        ({"flags": [1]}, "flags[0]"),
        ({"pair": [3]}, "pair"),
        ({"inner": {"cards": [True], "note": None}}, "inner.cards[0]"),
        ({"inner": {"cards": []}}, "inner"),
        ({"table": []}, "table"),
        ({"hands": {"0": [1]}}, "hands"),
    ],
)
def test_codec_refuses_data_of_the_wrong_shape_naming_the_path(change, path):
    data = {**to_json(SAMPLE), **change}
    with pytest.raises(ValueError, match=path.replace("[", r"\[").replace("]", r"\]")):
        from_json(Outer, data)


def test_codec_refuses_missing_and_unknown_fields():
    data = to_json(SAMPLE)
    del data["ratio"]
    data["extra"] = 1
    with pytest.raises(ValueError, match=r"missing fields \['ratio'\], unknown fields \['extra'\]"):
        from_json(Outer, data)
    with pytest.raises(ValueError):
        from_json(Outer, [1, 2])


def test_to_json_refuses_values_json_cannot_hold():
    with pytest.raises(TypeError):
        to_json({1: "a"})
    with pytest.raises(TypeError):
        to_json(object())


# -- seats ----------------------------------------------------------------------------------------


def test_seats():
    assert seat_order(2, 4) == (2, 3, 0, 1)
    assert next_seat(3, 4) == 0
    assert next_active(1, (True, False, False, True)) == 3
    assert next_active(3, (True, False, False, True)) == 0
    assert next_active(0, (True, False, False)) == 0
    assert next_active(0, (False, False, False)) is None
    assert is_seat(0, 2) and is_seat(1, 2)
    assert not is_seat(2, 2) and not is_seat(-1, 2) and not is_seat(True, 2) and not is_seat("0", 2)


# -- piles ----------------------------------------------------------------------------------------


def test_full_deck_and_deal_in_blocks_from_the_top():
    assert full_deck((1, 2), 3) == (1, 1, 1, 2, 2, 2)
    hands, rest = deal((5, 1, 3, 2, 9, 8, 7), 2, 3)
    assert hands == ((1, 3, 5), (2, 8, 9))
    assert rest == (7,)
    with pytest.raises(ValueError):
        deal((1, 2, 3), 2, 2)


def test_draw_put_take_add_holds_distinct():
    assert draw((4, 5, 6), 2) == ((4, 5), (6,))
    with pytest.raises(ValueError):
        draw((4,), 2)
    assert put((5, 6), 4) == (4, 5, 6)
    assert take((1, 4, 4, 7), 4) == (1, 4, 7)
    with pytest.raises(ValueError):
        take((1, 2), 3)
    assert add((1, 4, 7), 5) == (1, 4, 5, 7)
    assert holds((1, 4, 7), 4) and not holds((1, 4, 7), 5) and not holds((), 1)
    assert distinct((7, 4, 4)) == (4, 7)


def test_check_cards_names_what_is_wrong():
    expected = Counter(full_deck((1, 2, 3), 2))
    check_cards([1, 2, 3, 3, 2, 1], expected, "deck")
    message = r"deck must hold 6 cards, 2 of each value; it has 3 of 1 \(not 2\), 1 of 3 \(not 2\)"
    with pytest.raises(ValueError, match=message):
        check_cards([1, 1, 1, 2, 2, 3], expected, "deck")
    with pytest.raises(ValueError, match="deck holds 9, which is not a card"):
        check_cards([1, 1, 2, 2, 3, 9], expected, "deck")
    with pytest.raises(ValueError, match="deck must be a list"):
        check_cards("112233", expected, "deck")
    with pytest.raises(ValueError, match="not a card"):
        check_cards([[1]], expected, "deck")


# -- views ----------------------------------------------------------------------------------------


def test_view_helpers():
    hands = ((1, 2), (3,), ())
    assert hand_sizes(hands) == [2, 1, 0]
    assert own_hand(hands, 1) == [3]
    assert own_hand(hands, None) is None
    assert public_hands(hands, [False, True, False]) == [None, [3], None]
    check_viewer(None, 3)
    check_viewer(2, 3)
    for bad in (3, -1, True, "1"):
        with pytest.raises(ValueError):
            check_viewer(bad, 3)


# -- actions and options --------------------------------------------------------------------------

SHAPES = {"play": {"card": int}, "pick": {"cards": lambda v: isinstance(v, list)}, "pass": {}}


def test_action_type_accepts_exact_shapes():
    assert action_type({"type": "play", "card": 3}, SHAPES) == "play"
    assert action_type({"type": "pick", "cards": []}, SHAPES) == "pick"
    assert action_type({"type": "pass"}, SHAPES) == "pass"


@pytest.mark.parametrize(
    "action",
    [
        None, [], "play", {"card": 3}, {"type": "fly"}, {"type": 1}, {"type": "play"},
        {"type": "play", "card": 3, "x": 1}, {"type": "play", "card": True}, {"type": "play", "card": "3"},
        {"type": "pick", "cards": "ab"}, {"type": "pass", "card": 1},
    ],
)
def test_action_type_refuses_malformed_actions(action):
    with pytest.raises(IllegalAction) as info:
        action_type(action, SHAPES)
    assert info.value.code == "malformed_action"


def test_option_checks():
    assert check_players(4, 2, 6, "G") == 4
    for bad in (1, 7, True, "4", 4.0):
        with pytest.raises(ValueError, match="players"):
            check_players(bad, 2, 6, "G")
    assert check_seed(-3) == -3
    for bad in (True, "1", 1.5, None):
        with pytest.raises(ValueError, match="seed"):
            check_seed(bad)
    assert check_names(None, ("a",)) == {}
    with pytest.raises(ValueError, match="unknown option"):
        check_names({"a": 1, "zz": 2}, ("a",))
    with pytest.raises(ValueError, match="options"):
        check_names([("a", 1)], ("a",))
    assert int_option({}, "n", 5, 1, 9) == 5
    assert int_option({"n": 9}, "n", 5, 1, 9) == 9
    for bad in (0, 10, True, "3", 3.0, None):
        with pytest.raises(ValueError, match="^n: "):
            int_option({"n": bad}, "n", 5, 1, 9)
