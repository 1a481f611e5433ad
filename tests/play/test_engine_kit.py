"""The game framework's parts: the seeded generator, the state codec, seats, piles, views, the
checks of actions and options, the record a game declares, the base a game inherits and the
refusals (play/engine)."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import pytest

from play.engine import (
    action_type,
    shown,
    BOOL,
    DATA,
    INT,
    SEAT,
    BaseGame,
    CliOption,
    GameSpec,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    acting,
    action_type,
    add,
    check_cards,
    check_names,
    check_seat_view,
    check_players,
    check_seed,
    check_viewer,
    deal,
    derive_seed,
    distinct,
    draw,
    either,
    fields_to_json,
    from_json,
    full_deck,
    hand_sizes,
    game_over,
    holds,
    illegal,
    is_seat,
    is_turn,
    next_active,
    next_seat,
    not_your_turn,
    own_hand,
    public_hands,
    put,
    replace_at,
    rule,
    seat_order,
    split_cards,
    take,
    to_json,
    unseen_cards,
)
from tcg.errors import DomainError
from tcg.message import Message

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


@dataclass(frozen=True)
class Square:
    code: str
    owner: int
    face_up: bool

    json_list: ClassVar[bool] = True


@dataclass(frozen=True)
class Board:
    shared: Inner
    squares: tuple[Square | None, ...]


def test_a_compact_dataclass_is_a_list_of_its_fields_and_loads_from_its_object_too():
    board = Board(Inner((1,), "deck"), (Square("A-1", 0, True), None))
    assert to_json(board) == {"shared": {"cards": [1], "note": "deck"}, "squares": [["A-1", 0, True], None]}
    assert from_json(Board, to_json(board)) == board
    old = {"shared": {"cards": [1], "note": "deck"}, "squares": [{"code": "A-1", "owner": 0, "face_up": True}, None]}
    assert from_json(Board, old) == board
    with pytest.raises(ValueError, match=r"squares\[0\]: expected a list of 3 for Square"):
        from_json(Board, {**old, "squares": [["A-1", 0], None]})
    with pytest.raises(ValueError, match=r"squares\[0\]\[1\]: expected an int"):
        from_json(Board, {**old, "squares": [["A-1", "0", True], None]})


def test_fields_left_out_of_the_dump_are_given_back_to_the_load():
    board = Board(Inner((1,), "deck"), (None,))
    data = fields_to_json(board, {"shared"})
    assert data == {"squares": [None]}
    assert from_json(Board, data, given={"shared": board.shared}) == board
    with pytest.raises(ValueError, match=r"missing fields \['shared'\]"):
        from_json(Board, data)
    with pytest.raises(ValueError, match=r"unknown fields \['shared'\]"):
        from_json(Board, to_json(board), given={"shared": board.shared})


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


def test_determinization_helpers():
    keys = {"seat", "hand"}
    check_seat_view({"seat": 1, "hand": []}, 1, keys, "Game")
    with pytest.raises(ValueError, match="^not a view of Game$"):
        check_seat_view({"seat": 1, "hand": [], "board": []}, 1, keys, "Game")
    with pytest.raises(ValueError, match="^not a view of Game$"):
        check_seat_view([1], 1, keys, "Game")
    with pytest.raises(ValueError, match="^a view of seat 1, not of seat 0$"):
        check_seat_view({"seat": 1, "hand": []}, 0, keys, "Game")
    with pytest.raises(ValueError, match="^a view of seat None, not of seat 0$"):
        check_seat_view({"seat": None, "hand": []}, 0, keys, "Game")
    with pytest.raises(ValueError, match="^a view of seat True, not of seat 1$"):
        check_seat_view({"seat": True, "hand": []}, 1, keys, "Game")
    assert unseen_cards(Counter({1: 2, 2: 2, 3: 1}), [2, 1, 1]) == [2, 3]
    assert unseen_cards(Counter({1: 2}), []) == [1, 1]
    with pytest.raises(ValueError, match=r"^the view shows more of \[1, 4\] than the game has$"):
        unseen_cards(Counter({1: 2}), [1, 1, 1, 4])
    assert split_cards((5, 6, 7, 8), [1, 0, 3]) == [(5,), (), (6, 7, 8)]
    with pytest.raises(ValueError, match=r"^cannot cut 4 cards into \[1, 2\]$"):
        split_cards((5, 6, 7, 8), [1, 2])
    with pytest.raises(ValueError, match=r"^cannot cut 1 cards into \[2, -1\]$"):
        split_cards((5,), [2, -1])


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
    assert check_players(2, 2, 2, "G") == 2
    with pytest.raises(ValueError, match="^players: G is for 2 players, not 3$"):
        check_players(3, 2, 2, "G")


# -- the record ---------------------------------------------------------------------------------


def test_an_int_option_reads_its_default_and_refuses_values_off_its_range():
    option = Option("n", INT, default=5, low=1, high=9)
    assert option.read({}) == 5
    assert option.read({"n": 9}) == 9
    assert option.read({}, default=7) == 7
    for bad in (0, 10, True, "3", 3.0, None):
        with pytest.raises(ValueError, match="^n: must be an integer from 1 to 9, not "):
            option.read({"n": bad})


def test_choice_bool_seat_and_data_options():
    rows = Option("rows", INT, default=4, choices=(4, 5))
    assert rows.read({"rows": 5}) == 5 and rows.read({}) == 4
    with pytest.raises(ValueError, match="^rows: must be 4 or 5, not 6$"):
        rows.read({"rows": 6})
    flag = Option("flag", BOOL, default=False)
    assert flag.read({"flag": True}) is True and flag.read({}) is False
    with pytest.raises(ValueError, match='^flag: must be true or false, not "yes"$'):
        flag.read({"flag": "yes"})
    seat = Option("first", SEAT, default=0)
    assert seat.read({"first": 3}, players=4) == 3 and seat.bounds(4) == (0, 3)
    with pytest.raises(ValueError, match="^first: must be an integer from 0 to 3, not 4$"):
        seat.read({"first": 4}, players=4)
    deck = Option("deck", DATA, secret=True)
    assert deck.read({"deck": [1, "x"]}) == [1, "x"] and deck.read({}) is None
    assert deck.stacks and Option("stacked", BOOL, stacking=True).stacks and not flag.stacks


@pytest.mark.parametrize("make, problem", [
    (lambda: Option("n", "float"), "unknown type"),
    (lambda: Option("n", INT), "a range or choices"),
    (lambda: Option("n", INT, default=10, low=1, high=9), "must be an integer from 1 to 9"),
    (lambda: Option("n", INT, choices=(1, 2), choice_labels=("one",)), "one label per choice"),
    (lambda: Option("deck", DATA, on_form=True, label="Deck"), "no secret, stacking, seat or data"),
    (lambda: Option("n", BOOL, stacking=True, on_form=True, label="N"), "no secret, stacking, seat or data"),
    (lambda: Option("n", BOOL, on_form=True), "has a label"),
    (lambda: GameSpec("g", {"en": "G"}, 2, 4), "names in English and Japanese"),
    (lambda: GameSpec("g", {"en": "G", "ja": "ジー"}, 3, 2), "player range"),
    (lambda: GameSpec("g", {"en": "G", "ja": "ジー"}, 2, 4, (Option("n", BOOL), Option("n", BOOL))), "two options"),
    (lambda: GameSpec("g", {"en": "G", "ja": "ジー"}, 2, 4, seat_decks="decks"), "seat_decks"),
])
def test_a_record_that_contradicts_itself_is_refused_when_it_is_written(make, problem):
    with pytest.raises(ValueError, match=problem):
        make()


SPEC = GameSpec(
    "toy", {"en": "Toy", "ja": "トイ"}, 2, 4,
    options=(Option("deck", DATA, secret=True), Option("stacked", BOOL, default=False, stacking=True),
             Option("decks", DATA), Option("n", INT, default=3, low=1, high=9, on_form=True, label="N")),
    seat_decks="decks", cli_options=(CliOption("decks", "two decks"),),
)


def test_a_bot_takes_the_actions_not_left_to_people_else_the_records_fallback():
    move = {"type": "move", "to": 1}
    draw, fix = {"type": "by_hand", "pile": "deck"}, {"type": "by_hand", "pile": "hp"}

    def fallback(legal, seat):
        return [a for a in legal if a.get("pile") == "deck"][:1] if seat == 0 else []

    plain = GameSpec("toy", {"en": "Toy", "ja": "トイ"}, 2, 4, people_only_actions=frozenset({"by_hand"}))
    helped = GameSpec("toy", {"en": "Toy", "ja": "トイ"}, 2, 4, people_only_actions=frozenset({"by_hand"}),
                      bot_fallback=fallback)
    assert plain.bot_actions([fix, move, draw], 0) == [move]
    assert helped.bot_actions([fix, move, draw], 0) == [move]  # the fallback only where nothing else is left
    assert plain.bot_actions([fix, draw], 0) == []
    assert helped.bot_actions([fix, draw], 0) == [draw]
    assert helped.bot_actions([fix, draw], 1) == []
    assert SPEC.bot_actions([move], 0) == [move]


def test_a_record_answers_what_the_platform_asks():
    assert (SPEC.name, SPEC.name_in("ja"), SPEC.name_in("ja-jp"), SPEC.name_in("fr"), SPEC.name_in(None)) == (
        "Toy", "トイ", "トイ", "Toy", "Toy")
    assert SPEC.option_names == ("deck", "stacked", "decks", "n")
    assert [o.name for o in SPEC.form_options] == ["n"]
    assert SPEC.secret_options == frozenset({"deck"})
    assert SPEC.public_options({"deck": [1], "stacked": True, "n": 2}) == {"stacked": True, "n": 2}
    assert SPEC.stacked_options({"n": 2, "stacked": False, "deck": [], "other": 1}) == ["deck", "stacked"]
    assert SPEC.stacked_options([("deck", 1)]) == []
    assert SPEC.plays_with_seat_decks({}) and SPEC.plays_with_seat_decks(None)
    assert not SPEC.plays_with_seat_decks({"decks": []})
    assert SPEC.with_seat_decks({"n": 2}, [("a",), ("b",)]) == {"n": 2, "decks": [["a"], ["b"]]}
    with pytest.raises(KeyError):
        SPEC.option("m")


# -- the base -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToyState:
    players: int
    turn: int | None


class Toy(BaseGame):
    spec = SPEC
    state_type = ToyState

    def check_state(self, state):
        if not is_seat(state.turn, state.players):
            raise ValueError("not a toy state")


def test_a_game_inherits_its_facts_and_the_defaults():
    toy = Toy()
    assert (toy.slug, toy.name, toy.min_players, toy.max_players) == ("toy", "Toy", 2, 4)
    state = ToyState(3, 1)
    assert toy.dump(state) == {"players": 3, "turn": 1} and toy.load(toy.dump(state)) == state
    with pytest.raises(ValueError, match="not a toy state"):
        toy.load({"players": 3, "turn": 3})
    with pytest.raises(ValueError, match="missing fields"):
        toy.load({"players": 3})
    assert toy.public_action({"type": "x", "card": 1}, 0, 1) == {"type": "x", "card": 1}
    assert toy.narrate(state, state) == []
    assert toy.cli_options({}, {"n": 1}) == {"n": 1}
    assert toy.check_setup(3, 7, {"n": 2}) == (3, 7, {"n": 2})
    assert toy.check_setup(2, 7, None) == (2, 7, {})
    with pytest.raises(ValueError, match="^players: Toy is for 2 to 4 players, not 5$"):
        toy.check_setup(5, 7, None)
    with pytest.raises(ValueError, match=r"^unknown option\(s\) m; known: deck, decks, n, stacked$"):
        toy.check_setup(2, 7, {"m": 1})


# -- refusals and the kit's helpers --------------------------------------------------------------


def test_refusals_are_domain_errors_with_a_message_to_translate():
    refusal = rule("Tile %(tile)s is not face up in the pool (completto.md, A turn).", tile=40)
    assert isinstance(refusal, DomainError) and isinstance(refusal, IllegalAction)
    assert (refusal.code, refusal.status, refusal.details) == ("illegal_action", 400, {})
    assert refusal.message == str(refusal) == "Tile 40 is not face up in the pool (completto.md, A turn)."
    assert isinstance(refusal.message, Message) and refusal.message.params == {"tile": 40}
    assert repr(refusal) == ("IllegalAction('illegal_action', "
                             "'Tile 40 is not face up in the pool (completto.md, A turn).')")
    assert (game_over().code, game_over().message) == ("game_over", "The game is over.")
    late = not_your_turn(2, "0")
    assert (late.code, late.message) == ("not_your_turn", 'It is seat 2\'s turn, not seat "0"\'s.')
    assert illegal("own_code", "No %(what)s.", what="way").message == "No way."
    assert (either([4]), either([4, 5]), either(["a", "b", "c"])) == ("4", "4 or 5", "a, b or c")
    assert isinstance(either([4, 5]), Message)


def test_seat_helpers_and_a_shared_win():
    assert replace_at((1, 2, 3), 1, 9) == (1, 9, 3) and replace_at((1, 2), 0, 0) == (0, 2)
    assert is_turn(1, 1) and not is_turn(True, 1) and not is_turn("1", 1) and not is_turn(1, None)
    assert acting(2) == [2] and acting(None) == []
    assert Outcome.best_share([3, 1, 1]) == Outcome((3, 1, 1), (1, 2))
    assert Outcome.best_share((3, 1, 3), max, {"deals": 3}) == Outcome((3, 1, 3), (0, 2), {"deals": 3})
    assert Outcome.best_share((3, 1, 3), max, {"deals": 3}).details == {"deals": 3}


def test_values_in_refusals_are_shown_as_json_and_never_whole_when_long():
    """A refusal shows a value as the client wrote it (JSON, not Python's repr), and a long one
    cut: a 100,000-character action type came back whole in the message."""
    assert [shown(v) for v in ("1", None, True, 3, [1, "a"], {"b": None})] == [
        '"1"', "null", "true", "3", '[1, "a"]', '{"b": null}']
    assert shown("炎") == '"炎"'
    assert shown("x" * 100) == '"' + "x" * 38 + "…" and len(shown("x" * 100_000)) == 40
    with pytest.raises(IllegalAction) as refused:
        action_type({"type": "y" * 100_000}, {"play": {"card": int}})
    assert refused.value.message == 'Unknown action type "' + "y" * 38 + '…; this game knows "play".'
    with pytest.raises(IllegalAction) as refused:
        action_type({"type": "play", "card": "4"}, {"play": {"card": int}})
    assert refused.value.message == 'The "card" of a "play" action must be an integer, not "4".'
