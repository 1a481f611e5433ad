"""Every card of the sample catalogue (set SMP, fixtures/sample_catalogue.json) run by the engine
from a stacked deal (elements-of-chaos.md, "Cards": card effects are data; a ``manual`` or vanilla
card does nothing in rules-enforced play). Events are used and specials are used on one board;
each card's expected change is written out exactly, as its text says. Items are measured by the
changes they make while they lie face up under a character of their owner and of the opponent.

The board (seat 0 is the user's seat; squares ``[row, col]`` as seen from seat 0)::

    row 2:  .    .    .    E2       E2 Arisa (seat 1) HP 2        (far; the lowest-HP enemy)
    row 1:  B    U    E1   .        U the user (seat 0), B Midori (seat 0) HP 1, E1 Rei (seat 1) HP 3
    row 0:  C    E3   .    .        C Serena (seat 0) HP 5, E3 Serena (seat 1) HP 6

The user of an event is a character of all four colours at HP 4 of 6; a character using its
special stands at its HP less 2.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from play.engine import Rng
from play.games import GAMES
from play.games.eoc import modifiers
from play.games.eoc.state import Peek, Slot
from tests.conftest import FIXTURES_DIR
from tests.play.test_eoc_rules import ALL, ARISA, DONE, MIDORI, REI, SERENA, begin, card, choose, deck, play, \
    position, to_step

GAME = GAMES["eoc"]
SMP = {c["code"]: c for c in json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text(encoding="utf-8"))["cards"]}
OMNI = card("201", "character", ["red", "green", "black", "white"], hp=6, name="Omni")

U, B, C, E1, E2, E3 = (1, 1), (1, 0), (0, 0), (1, 2), (2, 3), (0, 1)
#: Seat 1's near row: its four face-down area cards.
F0, F1, F2, F3 = (3, 0), (3, 1), (3, 2), (3, 3)
STATS = ("movement", "size", "damage_taken", "max_hp", "charge_damage")

#: What each event or special does on the board above: HP changes (by square before the use),
#: moves, new changes with a duration ``(stat, square, amount, until)``, what the user's seat sees,
#: a deck reordered ``(seat, "bottom" | "reverse", n)``, an area square emptied. ``{}``: nothing.
EXPECTED = {
    "SMP-001": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1}},
    "SMP-002": {"mods": {("movement", U, 1, "turn")}},
    "SMP-003": {"targets": [E1], "choices": [[E3, E1]], "hp": {E1: -1}},  # nearest: E1 and E3 tie
    "SMP-004": {},
    "SMP-005": {"targets": [B], "choices": [[B]], "mods": {("movement", B, 1, "turn")}},
    "SMP-006": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1, U: -1}},
    "SMP-007": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1}},
    "SMP-008": {"mods": {("size", U, 1, "step")}},
    "SMP-009": {"mods": {("movement", U, 1, "step")}},
    "SMP-010": {"mods": {("size", U, 1, "turn"), ("damage_taken", U, 1, "turn")}},
    "SMP-014": {"targets": [B], "choices": [[B]], "hp": {B: 2}},
    "SMP-015": {"targets": [None, None], "choices": [[None], [None]]},  # no empty square next to the user
    "SMP-016": {"targets": [B], "choices": [[C, B, U]], "hp": {B: 2}},
    "SMP-017": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1}},
    "SMP-018": {"hp": {U: 1}},
    "SMP-019": {},
    "SMP-020": {"targets": [U], "choices": [[C, B, U]], "hp": {U: 1}},
    "SMP-021": {"hp": {U: 2}},                              # 3, but not above full HP (4 -> 6)
    "SMP-022": {"mods": {("damage_taken", U, -1, "turn")}},
    "SMP-023": {"decision": ("own", 3, "bottom")},
    "SMP-027": {"targets": [E1], "choices": [[E3, E1, E2]], "moves": {E1: (2, 2)}},  # back, for seat 1: row 3
    "SMP-028": {"peek_hand": 1},
    "SMP-029": {"targets": [E3], "choices": [[E3, E1]], "mods": {("movement", E3, -1, "turn")}},
    "SMP-030": {},
    "SMP-031": {"targets": [F0], "choices": [[F0, F1, F2, F3]], "peek_area": F0},
    "SMP-032": {"targets": [E1], "choices": [[E3, E1]], "hp": {E1: -1}},
    "SMP-033": {"targets": [E1], "choices": [[E3, E1]], "hp": {E1: -1}},
    "SMP-034": {"targets": [E1], "choices": [[E3, E1, E2]], "mods": {("movement", E1, -1, "turn")}},
    "SMP-035": {"peek_hand": 2},
    "SMP-036": {"targets": [E2], "choices": [[E3, E1, E2]], "mods": {("not:move", E2, 0, "turn")}},
    "SMP-040": {"targets": [B], "choices": [[B]], "hp": {B: 1}},
    "SMP-041": {"targets": [E1], "choices": [[E3, E1]], "moves": {E1: (1, 3)}},  # away from the user
    "SMP-042": {"mods": {("damage_taken", U, -1, "turn")}},
    "SMP-043": {"decision": ("own", 2, "top")},
    "SMP-044": {"targets": [B], "choices": [[B]], "mods": {("damage_taken", B, -1, "turn")}},
    "SMP-045": {},
    "SMP-046": {"targets": [C], "choices": [[C, B, U]], "mods": {("damage_taken", C, -1, "turn")}},
    "SMP-047": {"removed": U},
    "SMP-048": {"hp": {U: 1, B: 1, C: 1}},
    "SMP-049": {"targets": [E3], "choices": [[E3, E1, E2]], "mods": {("movement", E3, -1, "step")}},
    "SMP-053": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1, U: 1}},
    "SMP-054": {"hp": {E1: -1, E3: -1}},
    "SMP-055": {"targets": [E1], "choices": [[E3, E1]], "hp": {E1: -1}, "mods": {("damage_taken", U, -1, "turn")}},
    "SMP-056": {"targets": [E3], "choices": [[E3, E1]], "hp": {E3: -1}},
    "SMP-057": {},
    "SMP-058": {"hp": {U: 1, B: 1, C: 1}},
    "SMP-059": {"targets": [E1], "choices": [[E3, E1]], "moves": {E1: (2, 2)}},  # back, for seat 1: row 3
    "SMP-060": {"moves": {U: (2, 1)}},
    "SMP-063": {},
    "SMP-064": {"seen": ("own", 1)},
    "SMP-065": {"removed": (2, 1)},
    "SMP-066": {"targets": [B], "choices": [[C, B, U]], "moves": {B: (2, 0)}},
    "SMP-067": {},
    "SMP-068": {"targets": [U], "choices": [[C, B, U]], "mods": {("movement", U, 1, "step")}},
    "SMP-069": {"decision": ("opponent", 2, "bottom")},
    "SMP-070": {"mods": {("movement", U, -1, "turn"), ("damage_taken", U, -1, "turn")}},
}
"""What each event or special does on the board above with the ``targets`` chosen (``choices``:
what ``legal_actions`` offers for each choice): HP changes (by square before the use), moves, new
changes with a duration ``(kind, square, amount, until)`` (a prohibition is ``"not:" + what``,
amount 0), what the user's seat sees, a decision asked ``(deck, count, to)``, looks at the
opponent's hand (how many) or at a face-down area card (its square), an area square emptied.
``{}``: nothing. Every card of the set is rules-enforced (docs/eoc-effects.md)."""

#: What each item changes while face up, for a character of its owner and of the opponent on it:
#: ``{stat: (owner's, opponent's)}``; every other stat is unchanged. ``{}``: nothing.
ITEMS = {
    "SMP-011": {"size": (1, 1)},
    "SMP-012": {"damage_taken": (1, 1)},
    "SMP-013": {"charge_damage": (1, 1)},
    "SMP-024": {},                                          # a trigger: test_eoc_choices.py
    "SMP-025": {"movement": (0, -1)},
    "SMP-026": {"max_hp": (1, 0)},
    "SMP-037": {"damage_taken": (0, 1)},
    "SMP-038": {"not": ({"be_charged"}, set())},
    "SMP-039": {"not": (set(), {"special"})},
    "SMP-050": {"max_hp": (1, 0)},
    "SMP-051": {"damage_taken": (-1, -1)},
    "SMP-052": {"not": ({"be_pushed"}, {"be_pushed"})},
    "SMP-061": {},                                          # a trigger: test_eoc_choices.py
    "SMP-062": {"size": (1, 0), "damage_taken": (-1, 0)},
    "SMP-071": {"movement": (1, 0)},
    "SMP-072": {},                                          # a trigger: test_eoc_choices.py
}


def test_every_smp_card_has_an_expected_change_here_and_none_is_manual():
    assert len(SMP) == 72 and set(EXPECTED) | set(ITEMS) == set(SMP)
    assert set(ITEMS) == {c for c, d in SMP.items() if d["type"] == "item"}
    assert {c for c, d in SMP.items() if d.get("effect") == "manual"} == set()
    assert {c for c, d in SMP.items() if "effect" not in d} == {
        c for c, d in SMP.items() if d["type"] == "character" and "ability" not in d}


def _board(first_card: dict, user: dict, user_hp: int, then=()):
    d0 = deck([ALL, first_card] if first_card["type"] == "event" else [ALL], then=[*then, user])
    state = begin(d0, deck())
    return position(state, (0, user, *U, user_hp), (0, MIDORI, *B, 1), (0, SERENA, *C, 5),
                    (1, REI, *E1, 3), (1, ARISA, *E2, 2), (1, SERENA, *E3, 6))


def _run(code: str):
    """The state just before ``code`` is used on the board, and just after, with the targets
    ``EXPECTED`` chooses; the choices ``legal_actions`` offers are checked on the way."""
    data = SMP[code]
    if data["type"] == "event":
        state = to_step(_board(data, OMNI, 4))
        action = {"type": "event", "card": code, "by": list(U)}
    else:
        state = to_step(_board(data, data, data["hp"] - 2))
        state = play(state, (0, DONE), (1, DONE), (0, choose("special")))
        action = {"type": "special", "by": list(U)}
    want = EXPECTED[code]
    offered = [a.get("targets") for a in GAME.legal_actions(state, 0)
               if a["type"] == action["type"] and a["by"] == list(U) and a.get("card") == action.get("card")]
    if "targets" in want:
        action["targets"] = [None if t is None else list(t) for t in want["targets"]]
        combos = [list(c) for c in product(*want["choices"])]
        assert offered == [[None if t is None else list(t) for t in combo] for combo in combos]
    else:
        assert offered == [None]
    return state, GAME.apply(state, 0, action)


def _change(before, after, used: str | None) -> dict:
    """What changed on the board, in the terms of ``EXPECTED``."""
    out: dict = {}
    was = {c.uid: c for c in before.chars}
    where = {c.uid: (c.row, c.col) for c in after.chars}
    hp = {(was[c.uid].row, was[c.uid].col): c.hp - was[c.uid].hp for c in after.chars if c.hp != was[c.uid].hp}
    moves = {(was[u].row, was[u].col): sq for u, sq in where.items() if sq != (was[u].row, was[u].col)}
    mods = {(m.kind, where[m.uid], m.amount, m.until) for m in after.mods if m not in before.mods}
    for name, value in (("hp", hp), ("moves", moves), ("mods", mods)):
        if value:
            out[name] = value
    if after.seen != before.seen:
        assert after.seen[1] == ()
        out["seen"] = after.seen[0]
    if after.pending is not None:
        p = after.pending
        assert (p.seat, p.kind) == (0, "order")
        out["decision"] = (p.deck, p.cards, p.to)
    if after.peeks != before.peeks:
        assert after.peeks[1] == ()
        out["peeks"] = after.peeks[0]
    if after.hands[1] != before.hands[1]:
        out["opponent hand"] = after.hands[1]
    for seat in (0, 1):
        if before.decks[seat] != after.decks[seat]:
            out.setdefault("decks", {})[seat] = after.decks[seat]
    emptied = [(i // 4, i % 4) for i, (a, b) in enumerate(zip(before.area, after.area)) if a != b]
    if emptied:
        assert len(emptied) == 1 and after.area[emptied[0][0] * 4 + emptied[0][1]] is None
        slot = before.area[emptied[0][0] * 4 + emptied[0][1]]
        gained = Counter(after.discards[slot.owner]) - Counter(before.discards[slot.owner])
        assert gained[slot.code] == 1
        out["removed"] = emptied[0]
    spent = [Counter(after.discards[s]) - Counter(before.discards[s]) for s in (0, 1)]
    assert spent[1] == Counter() or "removed" in out
    assert spent[0] - Counter({used: 1} if used else {}) - Counter(
        {before.area[out["removed"][0] * 4 + out["removed"][1]].code: 1} if "removed" in out else {}) == Counter()
    assert after.result is None
    return out


def _expected(code: str, before) -> dict:
    """``EXPECTED[code]`` with what is seen and the reordered deck written out from ``before``."""
    want = {k: v for k, v in EXPECTED[code].items() if k not in ("targets", "choices")}
    if "decision" in want:
        deck_name, n, to = want["decision"]
        seat = 0 if deck_name == "own" else 1
        want["decision"] = (seat, before.decks[seat][:n], to)
    if "peek_hand" in want:
        rng = Rng(before.rng)
        want["peeks"] = tuple(Peek("hand", c, -1, -1) for c in rng.shuffled(before.hands[1])[:want.pop("peek_hand")])
    if "peek_area" in want:
        r, c = want.pop("peek_area")
        want["peeks"] = (Peek("area", before.area[r * 4 + c].code, r, c),)
    if "seen" in want:
        deck_name, n = want["seen"]
        want["seen"] = before.decks[0 if deck_name == "own" else 1][:n]
    if "deck" in want:
        seat, to, n = want.pop("deck")
        old = before.decks[seat]
        want["decks"] = {seat: old[n:] + old[:n] if to == "bottom" else tuple(reversed(old[:n])) + old[n:]}
    return want


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_each_smp_event_and_special_changes_the_state_as_its_text_says(code):
    before, after = _run(code)
    used = code if SMP[code]["type"] == "event" else None
    assert _change(before, after, used) == _expected(code, before)
    if used:
        assert after.hands[0] == tuple(c for c in before.hands[0] if c != code) and used in after.discards[0]
    for stat, square, amount, _until in EXPECTED[code].get("mods", ()):
        if stat.startswith("not:"):
            ch = next(c for c in after.chars if (c.row, c.col) == square)
            assert stat[4:] in modifiers.prohibited(after, ch) and stat[4:] not in modifiers.prohibited(before, ch)
            continue
        ch = next(c for c in after.chars if (c.row, c.col) == square)
        assert _stat(after, stat, ch) - _stat(before, stat, ch) == (
            max(-after.cat.card(ch.code).movement, amount) if stat == "movement" else amount)


def _stat(state, stat: str, ch) -> int:
    if stat == "movement":
        return modifiers.movement_power(state, ch)
    if stat == "size":
        return modifiers.size_change(state, ch)
    if stat == "max_hp":
        return modifiers.max_hp(state, ch)
    if stat == "charge_damage":
        return modifiers.charge_damage(state, ch)
    return modifiers.damage_taken_change(state, ch)


@pytest.mark.parametrize("code", sorted(ITEMS))
def test_each_smp_item_changes_its_holder_while_face_up(code):
    base = begin(deck([ALL], then=[SMP[code]]), deck())
    for seat, side in ((0, 0), (1, 1)):
        state = position(base, (seat, ARISA, *U))
        for face_up in (False, True):
            area = list(state.area)
            area[U[0] * 4 + U[1]] = Slot(code, 0, face_up)
            held = replace(state, area=tuple(area))
            plain = replace(state, area=tuple(Slot("X-061", 0, False) if i == U[0] * 4 + U[1] else s
                                              for i, s in enumerate(area)))
            ch = held.chars[0]
            got = {stat: _stat(held, stat, ch) - _stat(plain, stat, ch) for stat in STATS}
            want = {stat: (ITEMS[code].get(stat, (0, 0))[side] if face_up else 0) for stat in STATS}
            assert got == want, (code, seat, face_up)
            assert modifiers.prohibited(held, ch) == (ITEMS[code].get("not", (set(), set()))[side] if face_up
                                                      else set()), (code, seat, face_up)


def test_a_face_up_item_changes_a_charge_an_attack_and_a_move():
    # 守りの護符 SMP-051: the charged character on it takes 1 - 1 = 0; 呪いの人形 SMP-037: an enemy
    # on it takes 1 + 1 = 2.
    for code, hp_after in (("SMP-051", 3), ("SMP-037", 1)):
        state = position(begin(deck([ALL], then=[SMP[code]]), deck()), (0, ARISA, *U), (1, REI, *E1))
        area = list(state.area)
        area[E1[0] * 4 + E1[1]] = Slot(code, 0, True)
        state = to_step(replace(state, area=tuple(area)), first="charge")
        after = GAME.apply(state, 0, {"type": "charge", "by": list(U), "target": list(E1)})
        assert next(c.hp for c in after.chars if (c.row, c.col) == E1) == hp_after
    # 火竜のマント SMP-011 under red Arisa: the turned card (a copy of the cape, on top of the deck)
    # gives SIZE 1 + red bonus 2, and the cape 1 more.
    state = position(begin(deck([ALL], then=[SMP["SMP-011"]]), deck()), (0, ARISA, *U), (1, SERENA, *E1))
    area = list(state.area)
    area[U[0] * 4 + U[1]] = Slot("SMP-011", 0, True)
    state = to_step(replace(state, area=tuple(area)), first="attack")
    after = GAME.apply(state, 0, {"type": "attack", "by": list(U), "target": list(E1)})
    assert state.decks[0][0] == "SMP-011" and after.turned.damage == 1 + 2 + 1
    # 学園地図 SMP-071 under seat 0's Midori (diagonal, movement 1): 2 squares.
    state = position(begin(deck([ALL], then=[SMP["SMP-071"]]), deck()), (0, MIDORI, *U))
    area = list(state.area)
    area[U[0] * 4 + U[1]] = Slot("SMP-071", 0, True)
    state = to_step(replace(state, area=tuple(area)))
    moves = sorted(a["to"] for a in GAME.legal_actions(state, 0) if a["type"] == "move")
    assert moves == [[0, 0], [0, 2], [2, 0], [2, 2], [3, 3]]


def test_one_enemy_is_chosen_among_all_and_away_needs_a_shared_line():
    # "enemy" offers every enemy and hits the one chosen (the far Arisa, not the lowest-HP Rei);
    # "away" moves a target on the user's column, never one on neither line, nor the user itself.
    zap = card("202", "event", name="Zap", effect={"op": "damage", "amount": 1, "target": "enemy"})
    shove = card("203", "event", name="Shove", effect=[
        {"op": "move", "target": "enemies", "distance": 2, "direction": "away"},
        {"op": "move", "target": "self", "distance": 1, "direction": "away"}])
    board = lambda d: to_step(position(begin(d, deck()), (0, OMNI, *U, 4), (1, ARISA, 3, 3, 2),  # noqa: E731
                                       (1, REI, 2, 1, 2), (1, SERENA, 2, 2, 3)))
    state = board(deck([ALL, zap], then=[OMNI]))
    offered = [a["targets"] for a in GAME.legal_actions(state, 0) if a.get("card") == "X-202"]
    assert offered == [[[2, 1]], [[2, 2]], [[3, 3]]]
    after = GAME.apply(state, 0, {"type": "event", "card": "X-202", "by": list(U), "targets": [[3, 3]]})
    assert sorted((c.row, c.col, c.hp) for c in after.chars) == [(1, 1, 4), (2, 1, 2), (2, 2, 3), (3, 3, 1)]
    state = board(deck([ALL, shove], then=[OMNI]))
    after = GAME.apply(state, 0, {"type": "event", "card": "X-203", "by": list(U)})
    assert sorted((c.row, c.col) for c in after.chars) == [(1, 1), (2, 2), (3, 1), (3, 3)]
