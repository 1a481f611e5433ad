"""Legal actions (elements-of-chaos.md, "Actions (API)", and docs/eoc-effects.md): exactly the
actions ``apply`` accepts. A card in hand appears once per distinct code; squares are
``[row, col]`` lists; an event or special whose effect has choices appears once per legal
combination of ``targets``; while a decision is pending, only its answers."""
from __future__ import annotations

from itertools import permutations

from . import effects, modifiers, sandbox
from .area import adjacent_enemies, destinations
from .state import ARRANGE, CHARACTER, CHOOSE, MULLIGAN, PART, SET, TABLE, EocState
from .steps import can_use_event
from .turn import can_place, set_squares, step_options

_MULLIGAN = [{"type": "mulligan", "take": False}, {"type": "mulligan", "take": True}]
_SKIP = {"type": "skip"}
_DONE = {"type": "done"}


def to_act(state: EocState) -> list[int]:
    """Seats that may act now: during set-up every seat still to answer, the seat a pending
    decision waits on, else the one acting seat; ``[]`` once over."""
    if state.pending is not None:
        return [state.pending.seat]
    phase = state.phase
    if phase == MULLIGAN:
        return [s for s in (0, 1) if state.mulligans[s] < 0]
    if phase == ARRANGE:
        return [s for s in (0, 1) if not state.arranged[s]]
    if state.result is not None:
        return []
    return [state.actor]


def _distinct(hand: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(hand))


def legal_actions(state: EocState, seat: int) -> list[dict]:
    """Every action ``seat`` may take now; ``[]`` for a seat that may not act. The actions of
    the rules come first, then the sandbox actions open to the seat (see :mod:`.sandbox`), which
    a seat may take out of turn too."""
    if type(seat) is not int:
        return []
    return _rules_actions(state, seat) + sandbox.legal(state, seat)


def _rules_actions(state: EocState, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    if state.pending is not None:
        orders = dict.fromkeys(permutations(state.pending.cards))
        return [{"type": "order", "cards": list(o)} for o in orders]
    phase = state.phase
    if phase == MULLIGAN:
        return [dict(a) for a in _MULLIGAN]
    if phase == ARRANGE:
        orders = dict.fromkeys(permutations(sorted(state.drawn[seat])))
        return [{"type": "arrange", "order": list(o)} for o in orders]
    hand = state.hands[seat]
    if phase == CHARACTER:
        out = [{"type": "place_character", "card": c} for c in _distinct(hand) if can_place(state, seat, c) is None]
        return out + [dict(_SKIP)]
    if phase == SET:
        squares = set_squares(state, seat)
        out = [{"type": "set", "card": c, "square": [r, col]} for c in _distinct(hand) for r, col in squares]
        return out + [dict(_SKIP)]
    if phase == TABLE:
        return [{"type": "action_table", "card": c} for c in _distinct(hand)]
    if phase == CHOOSE:
        return [{"type": "choose", "action": a} for a in step_options(state)]
    if phase == PART:
        return _part_actions(state, seat, hand)
    return []


def _part_actions(state: EocState, seat: int, hand: tuple[str, ...]) -> list[dict]:
    part = state.part
    mine = [ch for ch in state.chars if ch.owner == seat]
    out: list[dict] = []
    if not part.acted and mine:
        cat = state.cat
        for code in _distinct(hand):
            if cat.card(code).type != "event":
                continue
            rest = list(hand)
            rest.remove(code)
            for ch in mine:
                if ch.uid not in part.events and can_use_event(state, seat, code, ch):
                    out += _with_targets({"type": "event", "card": code, "by": [ch.row, ch.col]},
                                         effects.choice_lists(state, seat, code, ch, tuple(rest)))
    chosen = state.chosen
    if chosen == "move":
        for ch in mine:
            if ch.uid not in part.moved and "move" not in modifiers.prohibited(state, ch):
                for r, c in destinations(state, ch, modifiers.movement_power(state, ch)):
                    out.append({"type": "move", "from": [ch.row, ch.col], "to": [r, c]})
    elif chosen in ("attack", "charge"):
        if not part.struck and (chosen == "charge" or state.decks[seat]):
            for ch in mine:
                for foe in adjacent_enemies(state, ch):
                    if chosen == "charge" and "be_charged" in modifiers.prohibited(state, foe):
                        continue
                    out.append({"type": chosen, "by": [ch.row, ch.col], "target": [foe.row, foe.col]})
    elif chosen == "defend":
        if not part.defended:
            out.append({"type": "defend"})
    elif chosen == "special":
        for ch in mine:
            if ch.uid not in part.specials and "special" not in modifiers.prohibited(state, ch):
                out += _with_targets({"type": "special", "by": [ch.row, ch.col]},
                                     effects.choice_lists(state, seat, ch.code, ch, hand))
    out.append(dict(_DONE))
    return out


def _with_targets(action: dict, lists) -> list[dict]:
    """``action`` as is for an effect without choices, else once per combination of targets."""
    if not lists:
        return [action]
    return [{**action, "targets": combo} for combo in effects.combinations(lists)]
