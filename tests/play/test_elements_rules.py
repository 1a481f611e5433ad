"""Elements rule by rule (elements.md), each from a stacked deal with exact expected values.

Cards are written short: ``"r7"`` is ``{"colour": "red", "value": 7}`` (r, y, g, b, p for red,
yellow, green, blue, purple). Moves are written ``"place green r7"``, ``"bid r7"``,
``"bid r7 y7"``, ``"pass"``, ``"discard r1 r2"`` or ``"discard"``.
"""
from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction, Rng
from play.games import GAMES
from play.games.elements import COLOURS, set_strength
from play.games.elements.cards import CARDS, card_json, parse_card, rank_of

GAME = GAMES["elements"]
LETTER = {name[0]: name for name in COLOURS}
ROW = ["red", "yellow", "green", "blue", "purple"]


def C(text: str) -> dict:
    return {"colour": LETTER[text[0]], "value": int(text[1:])}


def cards(text: str) -> list[dict]:
    return [C(t) for t in text.split()]


def stack(players: int, hands: dict[int, str] | None = None, stock: str = "") -> list[dict]:
    """A 55-card deck: each seat's hand starts with its given cards (``hands[seat]``, short
    form) and is filled to 11 with the lowest cards left (colour, then value); the stock starts
    with ``stock`` and goes on with the rest in that order."""
    hands = hands or {}
    reserved = [c for text in [*hands.values(), stock] for c in text.split()]
    assert len(reserved) == len(set(reserved))
    pool = [card_json(c) for c in CARDS if card_json(c) not in [C(t) for t in reserved]]
    deck = []
    for seat in range(players):
        hand = cards(hands.get(seat, ""))
        while len(hand) < 11:
            hand.append(pool.pop(0))
        deck += hand
    return deck + cards(stock) + pool


def start(players: int, hands=None, stock="", **options):
    options.setdefault("colours", ROW)
    return GAME.setup(players, 0, {"deck": stack(players, hands, stock), **options})


def action(move: str) -> dict:
    kind, *rest = move.split()
    if kind == "place":
        return {"type": "place", "colour": rest[0], "card": C(rest[1])}
    if kind == "pass":
        return {"type": "pass"}
    return {"type": kind, "cards": [C(t) for t in rest]}


def play(state, *moves):
    """Apply ``(seat, move)`` pairs in order."""
    for seat, move in moves:
        state = GAME.apply(state, seat, action(move))
    return state


def refused(state, seat, move, code="illegal_action"):
    """``apply`` must refuse with ``code`` and leave the state as it was; returns the message."""
    before = json.dumps(GAME.dump(state))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action(move) if isinstance(move, str) else move)
    assert info.value.code == code, info.value.message
    assert json.dumps(GAME.dump(state)) == before
    return info.value.message


def short(card: dict | None) -> str | None:
    return None if card is None else card["colour"][0] + str(card["value"])


def hand(state, seat) -> list[str]:
    return [short(c) for c in GAME.view(state, seat)["hand"]]


def row(view) -> list[tuple]:
    return [(r["colour"], short(r["card"])) for r in view["row"]]


def kinds(legal) -> list[str]:
    return [a["type"] + "".join(" " + short(c) for c in a.get("cards", [])) for a in legal]


# -- a three-player deal played through ---------------------------------------------------------

REDS = "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10"
YELLOWS = REDS.replace("r", "y")
GREENS = REDS.replace("r", "g")


def three_player_deal():
    return start(3, {0: REDS, 1: YELLOWS, 2: GREENS}, stock="b7 p0")


PHASE_1 = [(0, "place blue r3"), (1, "place red y7"), (2, "place purple g3")]
AUCTION_1 = [(0, "bid r10"), (1, "bid y9"), (2, "pass"), (0, "bid r9"), (1, "pass"), (0, "bid r8 r7")]
AUCTION_2 = [(0, "pass"), (1, "pass"), (2, "pass")]
AUCTION_3 = [(0, "pass"), (1, "bid y6"), (2, "bid g6"), (1, "pass"), (2, "pass")]
AUCTION_4 = [(1, "bid y5"), (2, "bid g5"), (0, "bid r5"), (1, "bid y4"), (2, "bid g4"), (0, "pass"),
             (1, "pass"), (2, "bid g2 g1")]


# -- Components, Dealing and Stacked deals ---------------------------------------------------------


def test_there_are_55_cards_of_five_colours_and_values_0_to_10():
    assert len(CARDS) == 55
    assert COLOURS == ("red", "yellow", "green", "blue", "purple")
    assert {short(card_json(c)) for c in CARDS} == {f"{n[0]}{v}" for n in COLOURS for v in range(11)}
    assert parse_card({"colour": "blue", "value": 10}) == 3 * 11 + 10
    assert parse_card({"colour": "blue", "value": True}) is None
    assert parse_card({"colour": "black", "value": 1}) is None
    assert parse_card({"colour": "blue", "value": 11}) is None


@pytest.mark.parametrize("players, stock", [(3, 22), (4, 11), (5, 0)])
def test_each_player_gets_11_cards_and_the_rest_is_the_stock(players, stock):
    state = GAME.setup(players, 7)
    view = GAME.view(state, None)
    assert view["hand_sizes"] == [11] * players
    assert view["stock_size"] == stock
    held = [c for h in state.hands for c in h]
    assert sorted(held + list(state.deal.stock)) == list(CARDS)


def test_a_stacked_deck_deals_blocks_of_11_from_seat_0_and_the_rest_is_the_stock_in_order():
    state = three_player_deal()
    assert hand(state, 0) == REDS.split()
    assert hand(state, 1) == YELLOWS.split()
    assert hand(state, 2) == GREENS.split()
    assert [short(card_json(c)) for c in state.deal.stock[:3]] == ["b7", "p0", "b0"]
    assert [r["colour"] for r in GAME.view(state, 0)["row"]] == ROW


def test_without_colours_the_row_is_a_seeded_shuffle():
    rows = {tuple(r["colour"] for r in GAME.view(GAME.setup(3, seed), None)["row"]) for seed in range(12)}
    assert len(rows) > 3
    assert all(sorted(r) == sorted(COLOURS) for r in rows)
    assert GAME.setup(4, 5) == GAME.setup(4, 5)


@pytest.mark.parametrize("players, options, problem", [
    (2, {}, "players"), (6, {}, "players"), ("3", {}, "players"),
    (3, {"rounds": 2}, r"unknown option\(s\) rounds"),
    (3, {"deals": 0}, "deals"), (3, {"deals": "2"}, "deals"),
    (3, {"first_player": 3}, "first_player"), (3, {"first_player": True}, "first_player"),
    (3, {"colours": ["red", "yellow", "green", "blue"]}, "colours"),
    (3, {"colours": ["red", "red", "green", "blue", "purple"]}, "colours"),
    (3, {"deck": stack(3)[:54]}, "deck"),
    (3, {"deck": stack(3)[:54] + [{"colour": "red", "value": 0}]},
     "deck: must hold each of the 55 cards once; red 0 is there twice"),
    (3, {"deck": stack(3)[:54] + [{"colour": "red", "value": 11}]}, r"deck\[54\]"),
    (3, {"deck": "r1 r2"}, "deck"),
])
def test_bad_options_raise_value_error_naming_them(players, options, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.setup(players, 0, options)


# -- Phase 1 ----------------------------------------------------------------------------------------


def test_phase_1_places_from_the_start_player_under_an_empty_colour_card_and_hides_others_cards():
    state = three_player_deal()
    assert GAME.to_act(state) == [0]
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 55
    assert legal[0] == {"type": "place", "colour": "red", "card": C("r0")}
    assert GAME.legal_actions(state, 1) == []
    state = play(state, (0, "place blue r3"))
    assert GAME.to_act(state) == [1]
    assert {a["colour"] for a in GAME.legal_actions(state, 1)} == {"red", "yellow", "green", "purple"}
    assert len(GAME.legal_actions(state, 1)) == 44
    assert refused(state, 1, "place blue y1").endswith("(elements.md, Phase 1).")
    assert row(GAME.view(state, 0))[3] == ("blue", "r3")
    for viewer in (1, 2, None):
        view = GAME.view(state, viewer)
        assert view["row"][3] == {"colour": "blue", "card": None, "placed": True, "by": 0}
        assert "r3" not in json.dumps(view).replace(" ", "")
    assert GAME.view(state, 0)["hand_sizes"] == [10, 11, 11]


def test_with_three_players_the_stock_fills_the_empty_colour_cards_in_row_order_then_all_are_ranked():
    state = play(three_player_deal(), *PHASE_1)
    view = GAME.view(state, 1)
    # before ranking: red y7, yellow b7 (stock), green p0 (stock), blue r3, purple g3;
    # highest nearest the box, equal numbers keep their order, the zero is set aside
    assert row(view) == [("red", "y7"), ("yellow", "b7"), ("blue", "r3"), ("purple", "g3"), ("green", "p0")]
    assert [r["by"] for r in view["row"]] == [1, "stock", 0, 2, "stock"]
    assert view["stock_size"] == 20
    assert [short(c) for c in view["set_aside"]] == ["p0"]
    # lowest value first; of the equal 3s the one farther from the box first
    assert [(short(p["card"]), p["colour"], p["status"]) for p in view["prizes"]] == [
        ("g3", "purple", "current"), ("r3", "blue", "waiting"), ("b7", "yellow", "waiting"), ("y7", "red", "waiting")]
    assert view["phase"] == "bid" and view["turn"] == 0
    assert view["auction"] == {"number": 0, "prize": C("g3"), "starter": 0, "round": 1,
                               "passed": [False] * 3, "bids": [[], [], []], "leader": None}


def test_with_four_players_one_colour_card_gets_the_top_of_the_stock():
    state = start(4, {0: "r5", 1: "y9", 2: "g9", 3: "b2"}, stock="b10", first_player=2)
    assert GAME.to_act(state) == [2]
    state = play(state, (2, "place purple g9"), (3, "place green b2"), (0, "place red r5"), (1, "place blue y9"))
    view = GAME.view(state, None)
    # before ranking: red r5, yellow b10 (stock), green b2, blue y9, purple g9
    assert row(view) == [("yellow", "b10"), ("blue", "y9"), ("purple", "g9"), ("red", "r5"), ("green", "b2")]
    assert [r["by"] for r in view["row"]] == ["stock", 1, 2, 0, 3]
    assert view["stock_size"] == 10
    assert [short(p["card"]) for p in view["prizes"]] == ["b2", "r5", "g9", "y9", "b10"]
    assert view["set_aside"] == []
    assert view["turn"] == 2  # the deal's start player starts the first auction


def test_a_deal_whose_five_cards_are_all_zeros_ends_at_once():
    state = start(5, {0: "r0", 1: "y0", 2: "g0", 3: "b0", 4: "p0"}, deals=2)
    state = play(state, (0, "place red r0"), (1, "place yellow y0"), (2, "place green g0"),
                 (3, "place blue b0"), (4, "place purple p0"))
    view = GAME.view(state, None)
    assert view["phase"] == "discard" and view["prizes"] == [] and view["scores"] == [0] * 5
    assert [short(c) for c in view["set_aside"]] == ["r0", "y0", "g0", "b0", "p0"]
    assert GAME.to_act(state) == [0, 1, 2, 3, 4]


# -- Phase 2: auctions --------------------------------------------------------------------------------


def test_bidding_rounds_one_card_then_one_then_two_and_a_lone_bidder_is_still_asked():
    state = play(three_player_deal(), *PHASE_1)
    legal = GAME.legal_actions(state, 0)
    assert kinds(legal) == ["pass"] + [f"bid r{v}" for v in (0, 1, 2, 4, 5, 6, 7, 8, 9, 10)]
    assert refused(state, 0, "bid r10 r9").startswith("In bidding round 1 a bid is one card, not 2")
    assert refused(state, 0, "bid r3") == "You have no red 3 in hand (elements.md, A deal)."
    assert refused(state, 0, "place red r1") == (
        "Now is Phase 2: the action is bid or pass, not place (elements.md, Actions).")
    state = play(state, *AUCTION_1[:2])
    assert GAME.view(state, 2)["auction"]["leader"] == 0  # r10 beats y9
    state = play(state, *AUCTION_1[2:5])
    view = GAME.view(state, 2)
    assert view["auction"]["round"] == 3 and view["turn"] == 0
    assert view["auction"]["passed"] == [False, True, True]
    assert [[short(c) for c in b] for b in view["auction"]["bids"]] == [["r10", "r9"], ["y9"], []]
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 29 and legal[0] == {"type": "pass"}
    assert legal[1] == {"type": "bid", "cards": cards("r0 r1")}
    assert refused(state, 0, "bid r8").startswith("In bidding round 3 a bid is two cards, not 1")
    assert refused(state, 0, "bid r8 r8") == "The same card is there twice (elements.md, Actions)."
    assert refused(state, 1, "pass", "not_your_turn") == "It is seat 0's turn, not seat 1's."
    state = play(state, (0, "bid r7 r8"))  # the order of the cards does not matter
    view = GAME.view(state, None)
    assert view["won"] == [[C("g3")], [], []]
    assert view["auctions"][0]["winner"] == 0
    assert [[short(c) for c in b] for b in view["auctions"][0]["bids"]] == [["r10", "r9", "r7", "r8"], ["y9"], []]
    assert view["prizes"][0]["status"] == "won" and view["prizes"][0]["winner"] == 0
    assert view["auction"]["number"] == 1 and view["turn"] == 0
    assert view["hand_sizes"] == [6, 9, 10]


def test_an_auction_ends_once_everyone_has_passed_and_an_unbid_prize_is_set_aside():
    state = play(three_player_deal(), *PHASE_1, *AUCTION_1, *AUCTION_2)
    view = GAME.view(state, None)
    assert view["prizes"][1] == {"card": C("r3"), "colour": "blue", "status": "set_aside", "winner": None}
    assert [short(c) for c in view["set_aside"]] == ["p0", "r3"]
    assert view["auction"]["starter"] == 0 and view["turn"] == 0  # the same starter goes on


def test_the_strongest_bid_takes_the_prize_and_its_bidder_starts_the_next_auction():
    state = play(three_player_deal(), *PHASE_1, *AUCTION_1, *AUCTION_2, *AUCTION_3[:3])
    assert GAME.view(state, 0)["auction"]["leader"] == 1
    state = play(state, *AUCTION_3[3:])
    view = GAME.view(state, None)
    # two single 6s: yellow ranks above green (row red, yellow, blue, purple, green)
    assert view["auctions"][2]["winner"] == 1
    assert view["auction"]["starter"] == 1 and view["turn"] == 1
    state = play(state, *AUCTION_4)
    view = GAME.view(state, None)
    assert view["auctions"][3]["winner"] == 2  # four greens beat a yellow pair and a single 5
    assert [[short(c) for c in w] for w in view["won"]] == [["g3"], ["b7"], ["y7"]]
    assert view["scores"] == [3, 7, 7]
    assert view["last_deal"] == {"deal": 1, "row": ["red", "yellow", "blue", "purple", "green"],
                                 "won": [[C("g3")], [C("b7")], [C("y7")]], "points": [3, 7, 7], "gave_up": None}


def test_a_player_out_of_cards_must_pass_and_still_sends_it():
    # five players; seat 0 spends its hand: 4 cards, 2, 1, then 2 with one left for round 3
    state = start(5, {0: "r10 r1 r2 r3 r4 r5 r6 r7 r8 r9 p10", 1: "y9", 2: "y8", 3: "y7", 4: "y6"})
    state = play(state, (0, "place red p10"), (1, "place yellow y9"), (2, "place green y8"),
                 (3, "place blue y7"), (4, "place purple y6"))
    assert [short(p["card"]) for p in GAME.view(state, 0)["prizes"]] == ["y6", "y7", "y8", "y9", "p10"]
    others = [(1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")]
    state = play(state, (0, "bid r1"), *others, (0, "bid r2"), (0, "bid r3 r4"))
    state = play(state, (0, "bid r5"), *others, (0, "bid r6"), (0, "pass"))
    state = play(state, (0, "bid r7"), *others, (0, "pass"))
    state = play(state, (0, "bid r8"), *others, (0, "bid r9"))
    assert hand(state, 0) == ["r10"]
    assert GAME.view(state, 0)["auction"]["round"] == 3
    assert GAME.legal_actions(state, 0) == [{"type": "pass"}]  # round 3 with one card
    assert refused(state, 0, {"type": "bid", "cards": [C("r10")]}).startswith("In bidding round 3 a bid is two cards")
    state = play(state, (0, "pass"))
    state = play(state, (0, "bid r10"), *others)
    view = GAME.view(state, 0)
    assert view["hand"] == [] and view["auction"]["round"] == 2 and view["turn"] == 0
    assert GAME.legal_actions(state, 0) == [{"type": "pass"}]  # no cards left
    assert refused(state, 0, "bid r10") == "You have no red 10 in hand (elements.md, A deal)."
    state = play(state, (0, "pass"))
    view = GAME.view(state, None)
    assert [[short(c) for c in w] for w in view["won"]] == [["y6", "y7", "y8", "y9", "p10"], [], [], [], []]
    assert view["scores"] == [40, 0, 0, 0, 0] and view["phase"] == "discard"
    assert GAME.legal_actions(state, 0) == [{"type": "discard", "cards": []}]


# -- Comparing bids -----------------------------------------------------------------------------------

RANK = rank_of(tuple(range(5)))  # red nearest the box, then yellow, green, blue, purple


def ints(text: str) -> list[int]:
    return [parse_card(C(t)) for t in text.split()]


@pytest.mark.parametrize("stronger, weaker, rule", [
    ("g1 g2 g3", "r10 y10", "1. more cards beat fewer"),
    ("p0 b0 g0", "r10 r9", "1. more cards beat fewer"),
    ("p2 b2", "r10 r9", "2. a number set beats a colour set of equal size"),
    ("p1", "r0", "a single card is a number set: the higher number wins"),
    ("r1", "p1", "a single card on equal numbers: the colour's rank"),
    ("b6 p6", "r5 y5", "3. the higher number wins"),
    ("r4 p4", "y4 g4", "3. equal numbers: the best-ranked colour"),
    ("y4", "g4", "3. a single card on equal numbers: the colour's rank"),
    ("y1 y2", "g9 g10", "4. the higher-ranked colour"),
    ("r9 r2", "r8 r7", "4. same colour: the highest value"),
    ("r9 r5 r1", "r9 r4 r3", "4. same colour: then the next highest"),
    ("r5 y5 r9", "g9 g8", "mixed bids are judged by their best set"),
    ("p0", "", "a bid with no cards loses"),
])
def test_bid_comparison(stronger, weaker, rule):
    assert set_strength(ints(stronger), RANK) > set_strength(ints(weaker), RANK), rule


def test_colour_rank_follows_the_row():
    # with purple nearest the box a purple pair beats a red pair
    rank = rank_of((4, 0, 1, 2, 3))
    assert set_strength(ints("p1 p2"), rank) > set_strength(ints("r9 r10"), rank)
    assert set_strength(ints("p4"), rank) > set_strength(ints("r4"), rank)


# -- End of the deal: give-up and redraw --------------------------------------------------------------


def finished_deal_one():
    return play(three_player_deal(), *PHASE_1, *AUCTION_1, *AUCTION_2, *AUCTION_3, *AUCTION_4)


def test_after_a_deal_every_player_may_give_up_any_subset_of_the_hand_in_any_order():
    state = finished_deal_one()
    assert GAME.to_act(state) == [0, 1, 2]
    assert hand(state, 0) == ["r0", "r1", "r2", "r4", "r6"]
    assert hand(state, 1) == ["y0", "y1", "y2", "y3", "y8", "y10"]
    legal = GAME.legal_actions(state, 1)
    assert len(legal) == 64 and legal[0] == {"type": "discard", "cards": []}
    assert legal[-1] == {"type": "discard", "cards": cards("y0 y1 y2 y3 y8 y10")}
    assert len(GAME.legal_actions(state, 0)) == 32
    assert refused(state, 1, "bid y0") == (
        "Now is End of the deal: the action is discard, not bid (elements.md, Actions).")
    assert refused(state, 1, "discard y0 r0") == "You have no red 0 in hand (elements.md, A deal)."
    state = play(state, (1, "discard y1 y0"))
    view = GAME.view(state, 2)
    assert view["gave_up"] == [None, 2, None]
    assert view["hand_sizes"] == [5, 4, 5]
    assert GAME.to_act(state) == [0, 2]
    assert GAME.legal_actions(state, 1) == []
    assert refused(state, 1, "discard", "not_your_turn") == "Seat 1 has no give-up choice to make now."
    state = play(state, (2, "discard g0"))
    assert GAME.view(state, 0)["phase"] == "discard"
    state = play(state, (0, "discard"))
    view = GAME.view(state, 0)
    assert view["phase"] == "place" and view["deal"] == 2 and view["start_player"] == 1
    assert view["turn"] == 1 and GAME.to_act(state) == [1]
    assert view["hand_sizes"] == [11, 11, 11] and view["stock_size"] == 22
    assert [r["colour"] for r in view["row"]] == ["red", "yellow", "blue", "purple", "green"]  # the row stays
    assert all(r["card"] is None and not r["placed"] for r in view["row"])
    assert view["scores"] == [3, 7, 7]
    assert view["last_deal"]["gave_up"] == [0, 2, 1]
    assert view["gave_up"] is None and view["prizes"] == [] and view["won"] == [[], [], []]
    assert set(hand(state, 0)) >= {"r0", "r1", "r2", "r4", "r6"}
    assert set(hand(state, 1)) >= {"y2", "y3", "y8", "y10"}
    assert set(hand(state, 2)) >= {"g7", "g8", "g9", "g10"}
    held = [c for h in state.hands for c in h]
    assert sorted(held + list(state.deal.stock)) == list(CARDS)


def test_the_redraw_fills_hands_in_seat_order_from_the_next_start_player():
    # the pool is every card not in a hand, shuffled with the match's generator; the next start
    # player (seat 1) draws from its top first, then seat 2, then seat 0
    state = play(finished_deal_one(), (0, "discard"), (1, "discard"), (2, "discard"))
    before = finished_deal_one()
    kept = [set(before.hands[s]) for s in range(3)]
    drawn = [tuple(sorted(set(state.hands[s]) - kept[s])) for s in range(3)]
    assert [len(d) for d in drawn] == [6, 5, 6]
    pool = Rng(before.tally.rng).shuffled([c for c in CARDS if not any(c in k for k in kept)])
    assert drawn[1] == tuple(sorted(pool[:5]))
    assert drawn[2] == tuple(sorted(pool[5:11]))
    assert drawn[0] == tuple(sorted(pool[11:17]))
    assert state.deal.stock == pool[17:]


# -- A game and End -------------------------------------------------------------------------------


def passing_game(players: int, **options):
    """Everyone places their first card under the first empty colour card, passes every
    auction and gives up nothing; returns the start players of every deal and the end state."""
    state = GAME.setup(players, 3, options)
    starts = []
    while GAME.outcome(state) is None:
        view = GAME.view(state, None)
        if view["phase"] == "place" and not any(r["placed"] for r in view["row"]):
            starts.append(view["start_player"])
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, {"type": "pass"} if view["phase"] == "bid" else legal[0])
    return starts, state


@pytest.mark.parametrize("players, options, starts", [
    (3, {}, [0, 1, 2]),
    (4, {"first_player": 2}, [2, 3, 0, 1]),
    (5, {"deals": 2}, [0, 1]),
    (3, {"deals": 5, "first_player": 1}, [1, 2, 0, 1, 2]),
])
def test_a_game_has_as_many_deals_as_players_each_started_by_the_next_seat(players, options, starts):
    got, state = passing_game(players, **options)
    assert got == starts
    outcome = GAME.outcome(state)
    assert outcome.scores == (0,) * players and outcome.winners == tuple(range(players))
    assert outcome.details == {"deals": len(starts)}
    assert GAME.view(state, None)["last_deal"]["gave_up"] is None  # no give-up after the last deal


def test_the_last_deal_has_no_give_up_and_the_highest_total_wins():
    state = GAME.setup(3, 0, {"deck": stack(3, {0: REDS, 1: YELLOWS, 2: GREENS}, "b7 p0"), "colours": ROW, "deals": 1})
    state = play(state, *PHASE_1, *AUCTION_1, *AUCTION_2, *AUCTION_3, *AUCTION_4)
    assert GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome.scores == (3, 7, 7) and outcome.winners == (1, 2)
    assert refused(state, 0, "discard", "game_over") == "The game is over."
    assert all(GAME.legal_actions(state, s) == [] for s in range(3))
    assert GAME.view(state, 0)["over"] is True and GAME.view(state, 0)["phase"] == "over"


# -- Actions: shapes and turns ------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [
    None, ["pass"], {"type": "Pass"}, {"type": "pass", "cards": []}, {"type": "bid"},
    {"type": "bid", "cards": "r1"}, {"type": "bid", "cards": [{"colour": "red"}]},
    {"type": "bid", "cards": [{"colour": "red", "value": 1, "x": 0}]},
    {"type": "bid", "cards": [{"colour": "red", "value": 1.0}]},
    {"type": "place", "colour": "black", "card": {"colour": "red", "value": 1}},
    {"type": "place", "colour": "red", "card": [0, 1]},
])
def test_malformed_actions_are_refused(bad):
    state = play(three_player_deal(), *PHASE_1)
    refused(state, 0, bad, "malformed_action")


def test_actions_out_of_turn_are_refused():
    state = three_player_deal()
    for seat in (1, 2, -1, 3, None, True):
        refused(state, seat, "place red r1" if seat is not None else "pass", "not_your_turn")
        assert GAME.legal_actions(state, seat) == []


# -- Hidden information -------------------------------------------------------------------------------


def test_views_show_own_hand_and_public_facts_only():
    state = play(three_player_deal(), *PHASE_1, (0, "bid r10"))
    view = GAME.view(state, 1)
    assert view["seat"] == 1 and hand(state, 1) == YELLOWS.replace("y7 ", "").split()
    assert view["hand_sizes"] == [9, 10, 10]
    assert [[short(c) for c in b] for b in view["auction"]["bids"]] == [["r10"], [], []]
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["seat"] is None
    text = json.dumps(spectator)
    for word in ("rng", "seed", '"stock":', "deck"):
        assert word not in text
    with pytest.raises(ValueError):
        GAME.view(state, 3)


def test_others_see_a_placement_without_its_card_and_a_give_up_as_its_count():
    place = action("place green r7")
    give_up = action("discard r1 y2")
    assert GAME.public_action(place, 0, 0) == place
    assert GAME.public_action(place, 0, 1) == {"type": "place", "colour": "green"}
    assert GAME.public_action(place, 0, None) == {"type": "place", "colour": "green"}
    assert GAME.public_action(give_up, 2, 2) == give_up
    assert GAME.public_action(give_up, 2, 0) == {"type": "discard", "count": 2}
    for public in (action("bid r7 y7"), action("pass")):
        assert GAME.public_action(public, 1, 0) == public


def test_the_stacked_deck_is_a_secret_option():
    options = {"deck": stack(3), "colours": ROW, "deals": 2, "first_player": 1}
    assert GAME.spec.public_options(options) == {"colours": ROW, "deals": 2, "first_player": 1}
