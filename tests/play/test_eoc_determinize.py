"""Elements of Chaos's ``determinize``: a full state from one seat's view and its own deck list
(elements-of-chaos.md, "Hidden information"; docs/eoc-effects.md, "Looks at hidden cards" and
"Decisions").

Over random playouts with the sample decks (with their own effects, with an effect on every card
so that decisions and looks come up, and with one-of-a-kind copies), every drawn state gives the
seat the same view and the same legal actions, and the seat's own cards are exactly its deck
list. The changes with a duration are in the view (each character's ``changes``), so the drawn
state's legal actions are the real ones, sandbox matches included (a face-down card the seat
cannot see is never offered a character square, whatever it is); the seat's own cards are its
deck list in rules-enforced matches (a sandbox move may hand a card to the other seat).
Hand-built positions show which cards are fixed and which are dealt.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.eoc import determinize as determinize_mod
from play.games.eoc import modifiers
from play.games.eoc.decklists import sample_deck
from play.games.eoc.state import ARRANGE, MULLIGAN, Peek, Pending, Turned
from tests.play.determinizing import determinized_playout
from tests.play.test_eoc_properties import DECKS, EFFECT_DECKS, NAMES, SAMPLE_CARD_DECKS, one_of_a_kind

GAME = GAMES["eoc"]


def rng_of(state) -> int:
    return state.rng


def own_cards(state, seat: int) -> Counter:
    """Every card of ``seat``'s own in a state: deck, hand, cards to arrange, area cards laid by
    it, characters and piles (during the mulligan ``drawn`` is the hand again, in draw order)."""
    cards = Counter(state.decks[seat]) + Counter(state.hands[seat])
    if state.phase == ARRANGE:
        cards += Counter(state.drawn[seat])
    cards += Counter(slot.code for slot in state.area if slot is not None and slot.owner == seat)
    cards += Counter(ch.code for ch in state.chars if ch.owner == seat)
    for piles in (state.discards, state.downs, state.tables):
        cards += Counter(piles[seat])
    return cards


def actions(game, state, drawn, seat: int) -> None:
    """The same legal actions (the changes in force are in the view, so the moves agree too)."""
    assert game.legal_actions(drawn, seat) == game.legal_actions(state, seat)


@st.composite
def matches(draw, sandbox=False):
    pool = draw(st.sampled_from([EFFECT_DECKS, DECKS, SAMPLE_CARD_DECKS]))
    names = sorted(SAMPLE_CARD_DECKS) if pool is SAMPLE_CARD_DECKS else NAMES
    decks = [pool[draw(st.sampled_from(names))], pool[draw(st.sampled_from(names))]]
    if draw(st.booleans()):
        decks = [one_of_a_kind(deck, seat) for seat, deck in enumerate(decks)]
    options = {"decks": decks}
    if draw(st.booleans()):
        options["stacked"] = True
    if draw(st.booleans()):
        options["rows"] = 5
    if sandbox and draw(st.booleans()):
        options["sandbox"] = True
    first = draw(st.sampled_from([None, 0, 1]))
    if first is not None:
        options["first_player"] = first
    return draw(st.integers(-(2**63), 2**64)), options, draw(st.integers(0, 2**32))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(sandbox=True))
def test_every_drawn_state_gives_the_seat_its_view_and_its_legal_actions(match):
    seed, options, choice_seed = match
    decks = options["decks"]

    checked, differing = determinized_playout(
        GAME, 2, seed, options, choice_seed, rng_of, every=9, limit=3000,
        private=lambda seat: {"deck": decks[seat]}, actions=actions)
    assert checked >= 2
    assert differing >= 1, "two seeds never dealt the hidden cards differently"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 400))
def test_the_seats_own_cards_are_its_deck_list_and_what_it_sees_stays(match, moves):
    seed, options, choice_seed = match
    decks = options["decks"]
    state = GAME.setup(2, seed, options)
    rng = Rng.from_seed(choice_seed)
    for _ in range(moves):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if GAME.outcome(state) is not None:
            break
    for seat in (0, 1):
        drawn = GAME.determinize(GAME.view(state, seat), seat, Rng.from_seed(seed), {"deck": decks[seat]})
        assert own_cards(drawn, seat) == own_cards(state, seat) == Counter(d["code"] for d in decks[seat])
        assert len(drawn.decks[1 - seat]) == len(state.decks[1 - seat])
        assert (drawn.hands[seat], drawn.discards, drawn.downs, drawn.tables) == (
            state.hands[seat], state.discards, state.downs, state.tables)
        for mine, real in zip(drawn.area, state.area):
            assert (mine is None) == (real is None)
            if real is not None and (real.face_up or real.owner == seat):
                assert mine == real
        assert drawn.peeks == ((), ())[:seat] + (modifiers.peeks_in_force(state, seat),) + ((), ())[seat + 1:]
        peeked = Counter(p.code for p in drawn.peeks[seat] if p.source == "hand")
        if sum(peeked.values()) <= len(drawn.hands[1 - seat]):  # the cards looked at stay in the hand
            assert not peeked - Counter(drawn.hands[1 - seat])


# -- hand-built positions -------------------------------------------------------------------------
RED, GREEN = sample_deck("SMP-RED"), sample_deck("SMP-GREEN")
OPTIONS = {"decks": [RED, GREEN], "stacked": True, "first_player": 0}


def codes(deck) -> Counter:
    return Counter(d["code"] for d in deck)


def test_at_the_mulligan_the_hand_is_fixed_and_the_deck_is_the_list_less_the_hand():
    state = GAME.setup(2, 1, OPTIONS)
    assert state.phase == MULLIGAN and state.hands[0] == tuple(sorted(d["code"] for d in RED[:7]))
    view = GAME.view(state, 0)
    drawn = GAME.determinize(view, 0, Rng.from_seed(2), {"deck": RED})
    assert drawn.hands[0] == state.hands[0]
    # the own deck: the 51 less the 7 in hand, shuffled
    assert Counter(drawn.decks[0]) == codes(RED) - Counter(state.hands[0]) and len(drawn.decks[0]) == 44
    assert drawn.decks[0] != state.decks[0]
    # the opponent: 7 in hand and 44 in the deck, nothing shown of it yet, so all from the pool
    # (the seat's own list): no name more than 3 times
    assert (len(drawn.hands[1]), len(drawn.decks[1])) == (7, 44)
    theirs = Counter(drawn.hands[1]) + Counter(drawn.decks[1])
    assert set(theirs) <= set(codes(RED)) and max(theirs.values()) <= 3
    assert drawn.mulligans == (-1, -1) and drawn.cat.stacked is False and drawn.rng != state.rng
    assert GAME.view(drawn, 0) == view
    assert GAME.legal_actions(drawn, 0) == GAME.legal_actions(state, 0)
    assert GAME.determinize(view, 0, Rng.from_seed(2), {"deck": RED}) == drawn
    assert GAME.determinize(view, 0, Rng.from_seed(3), {"deck": RED}).hands[1] != drawn.hands[1]


def test_a_hidden_mulligan_answer_is_drawn_and_a_shown_one_kept():
    state = GAME.apply(GAME.setup(2, 1, OPTIONS), 1, {"type": "mulligan", "take": True})
    view = GAME.view(state, 0)
    assert view["mulligans"] == [None, None] and view["to_act"] == [0]
    answers = {GAME.determinize(view, 0, Rng.from_seed(k), {"deck": RED}).mulligans for k in range(8)}
    assert answers == {(-1, 0), (-1, 1)}
    assert GAME.determinize(GAME.view(state, 1), 1, Rng.from_seed(1), {"deck": GREEN}).mulligans == (-1, 1)


def play_to_first_turn():
    """Both keep their hands and lay their 4 cards in the order drawn; seat 0 is the first AP."""
    state = GAME.setup(2, 1, OPTIONS)
    for seat in (0, 1):
        state = GAME.apply(state, seat, {"type": "mulligan", "take": False})
    for seat in (0, 1):
        state = GAME.apply(state, seat, {"type": "arrange", "order": list(state.drawn[seat])})
    return state


def test_the_opponents_face_down_cards_are_dealt_and_a_look_keeps_one():
    state = play_to_first_turn()
    view = GAME.view(state, 0)
    far = [(3, c) for c in range(4)]  # seat 1's near row, face down
    assert [view["area"][r][c] for r, c in far] == [{"owner": 1, "face_up": False, "card": None}] * 4
    # a look at seat 1's card on [3, 2] and at one card of its hand
    looked = state.area[3 * 4 + 2].code
    in_hand = state.hands[1][0]
    state = replace(state, peeks=((Peek("area", looked, 3, 2), Peek("hand", in_hand, -1, -1)), ()))
    view = GAME.view(state, 0)
    for k in range(5):
        drawn = GAME.determinize(view, 0, Rng.from_seed(k), {"deck": RED})
        assert drawn.area[3 * 4 + 2].code == looked and in_hand in drawn.hands[1]
        assert drawn.area[:4] == state.area[:4]  # seat 0's own near row, known to it
        assert drawn.peeks == state.peeks
        assert GAME.view(drawn, 0) == view
        assert GAME.legal_actions(drawn, 0) == GAME.legal_actions(state, 0)
    others = {tuple(GAME.determinize(view, 0, Rng.from_seed(k), {"deck": RED}).area[12:16]) for k in range(5)}
    assert len(others) > 1


def test_the_opponents_unseen_cards_come_from_what_it_showed_and_the_seats_own_list():
    state = GAME.apply(play_to_first_turn(), 0, {"type": "skip"})
    state = GAME.apply(state, 1, {"type": "place_character", "card": "SMP-015"})
    view = GAME.view(state, 0)
    assert [(c["owner"], c["card"]) for c in view["characters"]] == [(1, "SMP-015")]
    assert codes(GREEN)["SMP-015"] == 3 and "SMP-015" not in codes(RED)
    extra = Counter()
    for k in range(30):
        drawn = GAME.determinize(view, 0, Rng.from_seed(k), {"deck": RED})
        unseen = Counter(slot.code for slot in drawn.area[12:16]) + Counter(drawn.hands[1]) + Counter(drawn.decks[1])
        # 6 in hand, 4 face down, 40 in the deck: from the 2 more copies of SMP-015 the shown
        # one allows and the 51 of seat 0's own list
        assert sum(unseen.values()) == 6 + 4 + 40
        assert set(unseen) <= set(codes(RED)) | {"SMP-015"} and unseen["SMP-015"] <= 2
        assert max(n for code, n in unseen.items() if code != "SMP-015") <= 3
        extra["SMP-015"] += unseen["SMP-015"]
        assert GAME.view(drawn, 0) == view
    assert extra["SMP-015"] > 0


def test_the_last_damage_card_lies_at_the_bottom_of_its_deck():
    state = play_to_first_turn()
    code = state.decks[1][-1]
    state = replace(state, turned=Turned(1, code, 2))  # as an attack of seat 1 leaves it
    view = GAME.view(state, 0)
    for k in range(3):
        drawn = GAME.determinize(view, 0, Rng.from_seed(k), {"deck": RED})
        assert drawn.decks[1][-1] == code and drawn.turned == state.turned
    mine = replace(state, turned=Turned(0, state.decks[0][-1], 1))
    drawn = GAME.determinize(GAME.view(mine, 0), 0, Rng.from_seed(1), {"deck": RED})
    assert drawn.decks[0][-1] == state.decks[0][-1]
    assert Counter(drawn.decks[0]) == Counter(state.decks[0])


def test_a_decision_of_the_seat_keeps_its_cards_on_top_of_the_deck():
    state = play_to_first_turn()
    top = state.decks[0][:3]
    pending = Pending(0, "order", top, 0, "bottom", "SMP-023", 1, 0, ())
    state = replace(state, pending=pending)
    view = GAME.view(state, 0)
    assert view["decision"] == {"seat": 0, "kind": "order", "count": 3, "deck": 0, "to": "bottom", "cards": list(top)}
    drawn = GAME.determinize(view, 0, Rng.from_seed(4), {"deck": RED})
    assert drawn.decks[0][:3] == top and drawn.pending.cards == top
    assert Counter(drawn.decks[0]) == Counter(state.decks[0])
    assert GAME.legal_actions(drawn, 0) == GAME.legal_actions(state, 0)
    answered = GAME.apply(drawn, 0, {"type": "order", "cards": list(reversed(top))})
    assert answered.decks[0][-3:] == tuple(reversed(top)) and answered.pending is None
    # the other seat does not see the cards: they are the top of seat 0's deck as it draws it
    view1 = GAME.view(state, 1)
    drawn1 = GAME.determinize(view1, 1, Rng.from_seed(4), {"deck": GREEN})
    assert drawn1.pending.cards == drawn1.decks[0][:3] and GAME.view(drawn1, 1) == view1


def test_without_a_deck_list_the_cards_the_view_names_fill_in():
    state = play_to_first_turn()
    view = GAME.view(state, 0)
    drawn = GAME.determinize(view, 0, Rng.from_seed(6))
    assert set(drawn.decks[0]) | set(drawn.decks[1]) | set(drawn.hands[1]) <= set(view["cards"])
    assert GAME.view(drawn, 0) == view
    assert GAME.legal_actions(drawn, 0) == GAME.legal_actions(state, 0)


def test_a_view_of_another_seat_or_game_and_a_bad_private_are_refused():
    state = GAME.setup(2, 1, OPTIONS)
    view = GAME.view(state, 0)
    with pytest.raises(ValueError, match="a view of seat 0, not of seat 1"):
        GAME.determinize(view, 1, Rng.from_seed(1))
    with pytest.raises(ValueError, match="not a view of Elements of Chaos"):
        GAME.determinize(GAMES["lama"].view(GAMES["lama"].setup(2, 1), 0), 0, Rng.from_seed(1))
    with pytest.raises(ValueError, match="private"):
        GAME.determinize(view, 0, Rng.from_seed(1), {"decks": RED})
    with pytest.raises(ValueError, match="private"):
        GAME.determinize(view, 0, Rng.from_seed(1), {"deck": "SMP-RED"})
    with pytest.raises(ValueError, match="not a card of an Elements of Chaos view"):
        GAME.determinize({**view, "cards": {"X": {"code": "X"}}}, 0, Rng.from_seed(1))
    assert determinize_mod.VIEW_KEYS == set(view)
