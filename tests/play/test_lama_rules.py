"""L.A.M.A. rule by rule (lama.md), each from a stacked deal."""
from __future__ import annotations

from collections import Counter

import pytest

from play.engine import IllegalAction
from play.games import GAMES
from play.games.lama import hand_points

GAME = GAMES["lama"]
PLAY = "play"


def stack(hands, discard, draw=()):
    """A 56-card deck dealing ``hands`` (seat order), then ``discard``, then ``draw`` on top of
    the draw pile; the other cards follow in value order."""
    assert all(len(h) == 6 for h in hands)
    cards = [c for h in hands for c in h] + [discard, *draw]
    left = Counter({v: 8 for v in range(1, 8)})
    left.subtract(cards)
    assert min(left.values()) >= 0, left
    return cards + sorted(left.elements())


def start(hands, discard, draw=(), **options):
    return GAME.setup(len(hands), 0, {"deck": stack(hands, discard, draw), **options})


def act(state, seat, kind, card=None):
    action = {"type": kind} if card is None else {"type": kind, "card": card}
    return GAME.apply(state, seat, action)


def refused(state, seat, action, code):
    """Apply must refuse ``action`` with ``code`` and leave the state as it was; the message."""
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert info.value.code == code, info.value.message
    assert GAME.dump(state) == before
    return info.value.message


def plays(state, seat):
    return [a["card"] for a in GAME.legal_actions(state, seat) if a["type"] == PLAY]


# -- A round, 1: dealing -------------------------------------------------------------------------


def test_a_stacked_deck_deals_blocks_then_the_discard_then_the_draw_pile():
    state = start([[6, 1, 5, 2, 4, 3], [7, 7, 6, 6, 5, 5]], 3, draw=(4, 2, 1))
    view = GAME.view(state, 0)
    assert view["hand"] == [1, 2, 3, 4, 5, 6]
    assert view["hand_sizes"] == [6, 6]
    assert (view["discard_top"], view["discard_count"], view["draw_count"]) == (3, 1, 43)
    assert GAME.view(state, 1)["hand"] == [5, 5, 6, 6, 7, 7]
    state = act(state, 0, "draw")
    state = act(state, 1, "draw")
    assert GAME.view(state, 0)["hand"] == [1, 2, 3, 4, 4, 5, 6]
    assert GAME.view(state, 1)["hand"] == [2, 5, 5, 6, 6, 7, 7]
    assert GAME.view(state, None)["draw_count"] == 41


def test_round_one_starts_at_seat_0_or_first_player():
    hands = [[1] * 6, [2] * 6, [3] * 6]
    assert GAME.to_act(start(hands, 4)) == [0]
    assert GAME.to_act(start(hands, 4, first_player=2)) == [2]
    assert GAME.legal_actions(start(hands, 4, first_player=2), 0) == []


# -- A round, 3: play ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, top, playable",
    [
        ([1, 2, 3, 4, 5, 6], 1, [1, 2]),
        ([1, 2, 3, 4, 5, 6], 2, [2, 3]),
        ([1, 2, 3, 4, 5, 6], 3, [3, 4]),
        ([1, 2, 3, 4, 5, 6], 4, [4, 5]),
        ([1, 2, 3, 4, 5, 6], 5, [5, 6]),
        ([1, 2, 3, 5, 6, 7], 6, [6, 7]),  # on a 6: a 6 or a llama
        ([1, 2, 3, 4, 5, 7], 7, [1, 7]),  # on a llama: a llama or a 1
        ([1, 2, 3, 4, 5, 6], 7, [1]),
        ([2, 3, 4, 5, 6, 6], 7, []),
        ([4, 4, 4, 5, 5, 1], 4, [4, 5]),  # one play per distinct value
    ],
)
def test_legal_plays_on_each_top_card(hand, top, playable):
    state = start([hand, [2, 2, 2, 2, 2, 2] if 2 not in hand else [3, 3, 3, 3, 3, 3]], top)
    assert GAME.legal_actions(state, 0) == [{"type": PLAY, "card": c} for c in playable] + [
        {"type": "draw"}, {"type": "quit"}]
    for card in sorted(set(hand)):
        if card in playable:
            after = act(state, 0, PLAY, card)
            assert GAME.view(after, None)["discard_top"] == card
        else:
            message = refused(state, 0, {"type": PLAY, "card": card}, "illegal_action")
            assert "same value or one higher" in message


def test_a_card_not_in_hand_is_refused():
    state = start([[1, 1, 1, 2, 2, 2], [3] * 6], 1)
    assert refused(state, 0, {"type": PLAY, "card": 7}, "illegal_action") == "You have no llama in hand."
    assert refused(state, 0, {"type": PLAY, "card": 3}, "illegal_action") == "You have no 3 in hand."


def test_playing_moves_the_card_to_the_discard_pile_and_passes_the_turn():
    state = start([[1, 1, 2, 3, 4, 5], [3] * 6], 1)
    state = act(state, 0, PLAY, 1)
    view = GAME.view(state, 0)
    assert view["hand"] == [1, 2, 3, 4, 5]
    assert (view["discard_top"], view["discard_count"], view["turn"]) == (1, 2, 1)


# -- A round, 3: draw ------------------------------------------------------------------------------


def test_drawing_ends_the_turn():
    state = start([[1] * 6, [2] * 6], 5, draw=(5,))
    state = act(state, 0, "draw")
    assert GAME.view(state, 0)["hand"] == [1, 1, 1, 1, 1, 1, 5]
    assert GAME.to_act(state) == [1]
    assert "not seat 0" in refused(state, 0, {"type": PLAY, "card": 5}, "not_your_turn")


def test_no_draw_from_an_empty_draw_pile():
    state = start([[1] * 6, [2] * 6], 5)
    while state.draw_pile:
        state = act(state, GAME.to_act(state)[0], "draw")
    seat = GAME.to_act(state)[0]
    assert GAME.view(state, seat)["draw_count"] == 0
    assert {"type": "draw"} not in GAME.legal_actions(state, seat)
    assert "draw pile is empty" in refused(state, seat, {"type": "draw"}, "illegal_action")


def test_the_last_player_in_the_round_cannot_draw():
    state = start([[1] * 6, [2] * 6, [3, 3, 3, 4, 4, 4]], 3)
    state = act(state, 0, "quit")
    state = act(state, 1, "quit")
    assert GAME.legal_actions(state, 2) == [{"type": PLAY, "card": 3}, {"type": PLAY, "card": 4}, {"type": "quit"}]
    assert "last player in the round" in refused(state, 2, {"type": "draw"}, "illegal_action")
    state = act(state, 2, PLAY, 3)
    assert GAME.to_act(state) == [2]  # alone in the round, the turn comes back at once


def test_a_player_who_can_only_quit_must_quit():
    state = start([[1] * 6, [2] * 6], 5)
    state = act(state, 0, "quit")
    assert GAME.legal_actions(state, 1) == [{"type": "quit"}]


# -- A round, 3: quit ------------------------------------------------------------------------------


def test_quitting_lays_the_hand_down_and_the_turn_skips_that_player():
    state = start([[1] * 6, [2, 2, 2, 5, 5, 7], [3] * 6], 6)
    state = act(state, 0, "draw")
    state = act(state, 1, "quit")
    view = GAME.view(state, 0)
    assert view["quit"] == [False, True, False]
    assert view["laid_down"] == [None, [2, 2, 2, 5, 5, 7], None]
    assert GAME.view(state, None)["laid_down"][1] == [2, 2, 2, 5, 5, 7]
    assert GAME.to_act(state) == [2]
    state = act(state, 2, "draw")
    assert GAME.to_act(state) == [0]
    state = act(state, 0, "draw")
    assert GAME.to_act(state) == [2]
    assert GAME.legal_actions(state, 1) == []
    refused(state, 1, {"type": "quit"}, "not_your_turn")


# -- A round, 4: the end of a round ------------------------------------------------------------------


def test_going_out_ends_the_round_at_once_and_that_player_starts_the_next():
    state = start([[3] * 6, [1, 1, 2, 2, 7, 7]], 3, first_player=0)
    for _ in range(5):
        state = act(state, 0, PLAY, 3)
        state = act(state, 1, "draw")
    state = act(state, 0, PLAY, 3)
    view = GAME.view(state, 1)
    assert view["round"] == 2
    assert view["last_round"]["went_out"] == 0
    assert view["last_round"]["ended_by"] == 0
    assert view["last_round"]["hands"][0] == []
    assert view["last_round"]["points"][0] == 0
    assert view["turn"] == view["start_player"] == 0
    assert view["quit"] == [False, False]
    assert view["hand_sizes"] == [6, 6] and view["draw_count"] == 43


def test_everyone_quitting_ends_the_round_and_the_last_to_quit_starts_the_next():
    state = start([[1] * 6, [2] * 6, [3] * 6], 4, first_player=1)
    state = act(state, 1, "quit")
    state = act(state, 2, "quit")
    state = act(state, 0, "quit")
    view = GAME.view(state, None)
    assert view["round"] == 2
    assert view["last_round"] == {
        "round": 1, "hands": [[1] * 6, [2] * 6, [3] * 6], "points": [1, 2, 3],
        "went_out": None, "returned": None, "ended_by": 0,
    }
    assert GAME.to_act(state) == [0]


# -- Scoring a round ---------------------------------------------------------------------------------


def test_hand_points_examples_from_the_rules():
    assert hand_points((6, 6, 6)) == 6
    assert hand_points((7, 7, 4, 4)) == 14
    assert hand_points((1, 2, 3, 4, 5, 6, 7)) == 31


def test_a_round_scores_each_distinct_value_once():
    state = start([[6] * 6, [7, 7, 4, 4, 4, 4]], 1)
    state = act(state, 0, "quit")
    state = act(state, 1, "quit")
    view = GAME.view(state, 0)
    assert view["last_round"]["points"] == [6, 14]
    assert view["scores"] == [6, 14]
    assert view["chips"] == [{"white": 6, "black": 0}, {"white": 4, "black": 1}]


def _rounds(*decks, **options):
    return GAME.setup(2, 0, {"decks": [stack(*d) for d in decks], **options})


def test_going_out_returns_a_black_chip_before_a_white_one_and_ten_whites_make_a_black():
    state = _rounds(
        ([[7, 1, 1, 1, 1, 1], [2] * 6], 5),
        ([[3] * 6, [6] * 6], 3),
        ([[3] * 6, [1] * 6], 3),
        ([[3] * 6, [2] * 6], 3),
    )
    state = act(state, 0, "quit")
    state = act(state, 1, "quit")  # seat 0: 11 = 1 black, 1 white; seat 1: 2 whites
    assert GAME.view(state, 0)["chips"] == [{"white": 1, "black": 1}, {"white": 2, "black": 0}]
    assert GAME.to_act(state) == [1]
    state = act(state, 1, "quit")
    for _ in range(6):
        state = act(state, 0, PLAY, 3)
    view = GAME.view(state, 0)
    assert view["last_round"]["returned"] == "black"
    assert view["chips"] == [{"white": 1, "black": 0}, {"white": 8, "black": 0}]
    state = act(state, 0, PLAY, 3)
    state = act(state, 1, "quit")
    for _ in range(5):
        state = act(state, 0, PLAY, 3)
    view = GAME.view(state, 0)
    assert view["last_round"]["returned"] == "white"
    assert view["chips"] == [{"white": 0, "black": 0}, {"white": 9, "black": 0}]
    state = act(state, 0, PLAY, 3)
    state = act(state, 1, "quit")
    for _ in range(5):
        state = act(state, 0, PLAY, 3)
    view = GAME.view(state, 0)
    assert view["last_round"]["returned"] is None
    assert view["chips"] == [{"white": 0, "black": 0}, {"white": 1, "black": 1}]  # 9 + 2 whites
    assert view["scores"] == [0, 11]


def test_exactly_ten_whites_become_one_black():
    state = _rounds(([[4] * 6, [1] * 6], 5), ([[6] * 6, [1] * 6], 5))
    state = act(state, 0, "quit")
    state = act(state, 1, "quit")
    state = act(state, 1, "quit")
    state = act(state, 0, "quit")
    assert GAME.view(state, 0)["chips"][0] == {"white": 0, "black": 1}


# -- Next round and game end ---------------------------------------------------------------------------


def test_the_game_ends_after_the_round_in_which_a_score_reaches_end_at():
    hands = [[6] * 6, [1] * 6]
    state = act(act(start(hands, 5, end_at=6), 0, "quit"), 1, "quit")
    outcome = GAME.outcome(state)
    assert (outcome.scores, outcome.winners) == ((6, 1), (1,))
    assert outcome.to_json() == {"scores": [6, 1], "winners": [1], "details": {"rounds": 1}}
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []
    assert refused(state, 0, {"type": "quit"}, "game_over") == "The game is over."
    view = GAME.view(state, 1)
    assert view["over"] is True and view["turn"] is None
    assert view["laid_down"] == [[6] * 6, [1] * 6]

    state = act(act(start(hands, 5, end_at=7), 0, "quit"), 1, "quit")
    assert GAME.outcome(state) is None
    assert GAME.view(state, 0)["round"] == 2


def test_the_default_end_is_40_points():
    state = _rounds(*[([[7, 6, 5, 4, 3, 2], [1] * 6], 1)] * 2)  # 30 points a round for seat 0
    state = act(act(state, 0, "quit"), 1, "quit")
    assert GAME.outcome(state) is None
    state = act(act(state, 1, "quit"), 0, "quit")
    assert GAME.outcome(state).scores == (60, 2)


def test_equal_fewest_points_share_the_win():
    state = start([[1, 1, 1, 2, 2, 2], [3] * 6, [7, 7, 7, 7, 7, 7]], 4, end_at=1)
    for seat in (0, 1, 2):
        state = act(state, seat, "quit")
    outcome = GAME.outcome(state)
    assert (outcome.scores, outcome.winners) == ((3, 3, 10), (0, 1))


# -- Stacked deals -----------------------------------------------------------------------------------


def test_decks_stack_later_rounds_and_rounds_past_the_list_are_shuffled_by_the_seed():
    deck1, deck2 = stack([[1] * 6, [2] * 6], 3), stack([[5] * 6, [6] * 6], 7)
    state = GAME.setup(2, 9, {"deck": deck1, "decks": [deck1, deck2]})
    state = act(act(state, 0, "quit"), 1, "quit")
    assert GAME.view(state, 1)["hand"] == [6] * 6
    assert GAME.view(state, 1)["discard_top"] == 7

    def round_two(seed):
        s = GAME.setup(2, seed, {"deck": deck1})
        return act(act(s, 0, "quit"), 1, "quit")

    assert round_two(9) == round_two(9)
    assert round_two(9).hands != round_two(10).hands


def test_unstacked_deals_come_from_the_seed():
    assert GAME.setup(4, 123) == GAME.setup(4, 123)
    assert GAME.setup(4, 123).hands != GAME.setup(4, 124).hands
    state = GAME.setup(4, 123)
    assert Counter(c for h in state.hands for c in h) + Counter(state.draw_pile) + Counter(state.discard) == Counter(
        {v: 8 for v in range(1, 8)})


# -- setup's errors -----------------------------------------------------------------------------------

GOOD = stack([[1] * 6, [2] * 6], 3)


@pytest.mark.parametrize(
    "players, seed, options, message",
    [
        (1, 0, None, "players: L.A.M.A. is for 2 to 6 players, not 1"),
        (7, 0, None, "players: L.A.M.A. is for 2 to 6 players, not 7"),
        (True, 0, None, "players: "),
        ("4", 0, None, "players: "),
        (2, "7", None, "seed: must be an integer"),
        (2, True, None, "seed: must be an integer"),
        (2, 0, [], "options: must be an object"),
        (2, 0, {"colour": 1, "end_at": 3}, "unknown option(s) colour"),
        (2, 0, {"deck": [1] * 56}, "deck must hold 56 cards, 8 of each value; it has 56 of 1 (not 8)"),
        (2, 0, {"deck": GOOD[:-1]}, "deck must hold 56 cards"),
        (2, 0, {"deck": [8] + GOOD[1:]}, "deck holds 8, which is not a card"),
        (2, 0, {"deck": [True if c == 1 else c for c in GOOD]}, "deck must hold the ints 1..7"),
        (2, 0, {"deck": "1234567"}, "deck must be a list"),
        (2, 0, {"decks": []}, "decks: must be a non-empty list"),
        (2, 0, {"decks": GOOD}, "decks[0] must be a list"),
        (2, 0, {"decks": [GOOD] * 101}, "decks: at most 100 decks, not 101"),
        (2, 0, {"decks": [GOOD, GOOD[1:]]}, "decks[1] must hold 56 cards"),
        (2, 0, {"deck": GOOD, "decks": [sorted(GOOD)]}, "deck: must equal decks[0]"),
        (2, 0, {"first_player": 2}, "first_player: must be an integer from 0 to 1, not 2"),
        (2, 0, {"first_player": -1}, "first_player: "),
        (2, 0, {"first_player": True}, "first_player: "),
        (2, 0, {"first_player": "0"}, "first_player: "),
        (2, 0, {"end_at": 0}, "end_at: must be an integer from 1 to 1000, not 0"),
        (2, 0, {"end_at": 1001}, "end_at: "),
        (2, 0, {"end_at": "40"}, "end_at: "),
        (2, 0, {"end_at": 40.0}, "end_at: "),
        (2, 0, {"end_at": None}, "end_at: "),
    ],
)
def test_setup_refuses_bad_arguments_naming_them(players, seed, options, message):
    with pytest.raises(ValueError) as info:
        GAME.setup(players, seed, options)
    assert str(info.value).startswith(message), str(info.value)


def test_every_option_together_is_accepted():
    state = GAME.setup(2, 0, {"deck": GOOD, "decks": [GOOD], "first_player": 1, "end_at": 12})
    view = GAME.view(state, 1)
    assert (view["turn"], view["end_at"], view["hand"]) == (1, 12, [2] * 6)


# -- actions' shape and seats ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None, [], "quit", {}, {"type": "play"}, {"type": "play", "card": "3"}, {"type": "play", "card": True},
        {"type": "play", "card": 3.0}, {"type": "play", "card": 0}, {"type": "play", "card": 8},
        {"type": "play", "card": 3, "also": 1}, {"type": "draw", "card": 1}, {"type": "pass"},
        {"type": "quit", "x": 0}, {"type": ["quit"]},
    ],
)
def test_malformed_actions_are_refused(action):
    state = start([[1, 2, 3, 4, 5, 6], [3] * 6], 3)
    refused(state, 0, action, "malformed_action")


@pytest.mark.parametrize("seat", [1, 2, -1, True, "0", None])
def test_only_the_seat_to_act_may_act(seat):
    state = start([[1, 2, 3, 4, 5, 6], [3] * 6], 3)
    refused(state, seat, {"type": "quit"}, "not_your_turn")
    assert GAME.legal_actions(state, seat) == []


# -- views ----------------------------------------------------------------------------------------------

VIEW_KEYS = {
    "players", "seat", "round", "turn", "start_player", "end_at", "over", "hand", "hand_sizes", "quit",
    "laid_down", "discard_top", "discard_count", "draw_count", "chips", "scores", "last_round",
}


def test_views_hold_the_own_hand_only():
    state = start([[1, 2, 3, 4, 5, 6], [3, 3, 4, 4, 7, 7]], 3)
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert set(mine) == set(theirs) == set(spectator) == VIEW_KEYS
    assert mine["hand"] == [1, 2, 3, 4, 5, 6] and theirs["hand"] == [3, 3, 4, 4, 7, 7]
    assert spectator["hand"] is None
    assert mine["laid_down"] == [None, None]
    assert {k: v for k, v in mine.items() if k not in ("hand", "seat")} == {
        k: v for k, v in spectator.items() if k not in ("hand", "seat")}
    assert spectator == {
        "players": 2, "seat": None, "round": 1, "turn": 0, "start_player": 0, "end_at": 40, "over": False,
        "hand": None, "hand_sizes": [6, 6], "quit": [False, False], "laid_down": [None, None],
        "discard_top": 3, "discard_count": 1, "draw_count": 43,
        "chips": [{"white": 0, "black": 0}, {"white": 0, "black": 0}], "scores": [0, 0], "last_round": None,
    }


@pytest.mark.parametrize("seat", [2, -1, True, "0"])
def test_a_view_for_a_seat_not_in_the_game_is_refused(seat):
    with pytest.raises(ValueError):
        GAME.view(start([[1] * 6, [2] * 6], 3), seat)


def test_the_round_summary_is_shown_to_everyone():
    state = start([[1] * 6, [2, 2, 2, 2, 5, 7]], 4)
    state = act(act(state, 0, "quit"), 1, "quit")
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["last_round"]["hands"] == [[1] * 6, [2, 2, 2, 2, 5, 7]]


def test_narrate_reports_round_ends_only():
    state = start([[1] * 6, [2] * 6], 4)
    after = act(state, 0, "quit")
    assert GAME.narrate(state, after) == []
    final = act(after, 1, "quit")
    assert GAME.narrate(after, final) == ["Round 1: everyone quit, seat 1 last; points 1, 2; totals 1, 2."]


def test_dump_and_load():
    state = act(start([[1] * 6, [2] * 6], 4), 0, "quit")
    assert GAME.load(GAME.dump(state)) == state
    data = GAME.dump(state)
    data["tally"]["white"] = [0, "1"]
    with pytest.raises(ValueError, match=r"tally.white\[1\]"):
        GAME.load(data)
