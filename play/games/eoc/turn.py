"""Turn and STEP flow (elements-of-chaos.md, "A turn"): refill, character, card set, action table,
STEP 1..3 (the AP's choice, then the AP's part and the NAP's part), the down check after each STEP,
and the end of turn. Every part is AP first, then NAP."""
from __future__ import annotations

from dataclasses import replace

from play.engine import IllegalAction, replace_at, rule, shown
from tcg.message import Message, gettext_noop
from tcg.numbers import HAND_SIZE, MAX_CHARACTERS

from . import modifiers, triggers
from .area import base_of, char_at, own_chars, reveal_item, set_slot
from .combat import down_check
from .pushes import resolve_pushes
from .state import CHARACTER, CHOOSE, COLS, OVER, PART, SET, TABLE, Char, EocState, Part, Slot
from .winning import check_deck_out


def refill(state: EocState) -> EocState:
    """Both seats draw up to 7 cards, as one moment; then a seat whose deck is empty loses (both:
    a draw) ("A turn" 1)."""
    hands, decks = list(state.hands), list(state.decks)
    for seat in (state.ap, 1 - state.ap):
        need = HAND_SIZE - len(hands[seat])
        if need > 0:
            drawn, decks[seat] = decks[seat][:need], decks[seat][need:]
            hands[seat] = tuple(sorted(hands[seat] + drawn))
    state = replace(state, hands=tuple(hands), decks=tuple(decks))
    return check_deck_out(state)


def start_turn(state: EocState, ap: int, turn: int) -> EocState:
    """Turn ``turn`` with ``ap`` as the active player: the refill, then the character part."""
    state = replace(state, ap=ap, turn=turn, phase=CHARACTER, actor=ap, step=0, rule="", chosen="",
                    part=Part(), defence=(0, 0), pushes=())
    return refill(state)


def after_seat(state: EocState, next_phase: str) -> EocState:
    """The AP has acted in a one-action part: the NAP's go; after the NAP, ``next_phase`` with the
    AP to act."""
    if state.actor == state.ap:
        return replace(state, actor=1 - state.ap)
    return replace(state, phase=next_phase, actor=state.ap)


# -- 2. character ------------------------------------------------------------------------------
def can_place(state: EocState, seat: int, code: str) -> Message | None:
    """Why seat ``seat`` may not put character ``code`` from hand on its base now ("A turn" 2),
    or ``None`` when it may."""
    card = state.cat.card(code) if state.cat.has(code) else None
    if card is None or code not in state.hands[seat]:
        return Message(gettext_noop("You have no %(card)s in hand."), card=code)
    if card.type != "character":
        return Message(gettext_noop("%(card)s is not a character card (A turn, 2)."), card=code)
    row, col = base_of(seat, state.cat.rows)
    if char_at(state, row, col) is not None:
        return Message(gettext_noop("Your base holds a character (A turn, 2)."))
    if state.area[row * COLS + col] is None:
        return Message(gettext_noop(
            "Your base holds no area card, and characters stand only on area cards (The area)."))
    mine = own_chars(state, seat)
    if len(mine) >= MAX_CHARACTERS:
        return Message(gettext_noop("You already have %(count)s characters on the area (A turn, 2)."),
                       count=MAX_CHARACTERS)
    if any(state.cat.card(ch.code).name == card.name for ch in mine):
        return Message(gettext_noop("You already have a character named %(name)s on the area (A turn, 2)."),
                       name=card.name)
    return None


def place_character(state: EocState, seat: int, code: str) -> EocState:
    """Put character ``code`` from hand on the seat's base at full HP; a face-down item there turns
    face up. ``IllegalAction`` when :func:`can_place` says no."""
    why = can_place(state, seat, code)
    if why:
        raise IllegalAction("illegal_action", why)
    row, col = base_of(seat, state.cat.rows)
    hand = list(state.hands[seat])
    hand.remove(code)
    ch = Char(state.next_uid, seat, code, state.cat.card(code).hp, row, col)
    state = replace(state, hands=replace_at(state.hands, seat, tuple(hand)), chars=state.chars + (ch,),
                    next_uid=state.next_uid + 1)
    return after_seat(reveal_item(state, row, col), SET)


# -- 3. card set ---------------------------------------------------------------------------------
def set_squares(state: EocState, seat: int) -> list[tuple[int, int]]:
    """The squares seat ``seat`` may set an area card on ("A turn" 3): the AP only squares
    without an area card (items included), the NAP any square."""
    cols = range(COLS)
    if seat == state.ap:
        return [(r, c) for r in range(state.cat.rows) for c in cols if state.area[r * COLS + c] is None]
    return [(r, c) for r in range(state.cat.rows) for c in cols]


def set_card(state: EocState, seat: int, code: str, row: int, col: int) -> EocState:
    """Lay ``code`` from hand face down on ``(row, col)``; a card already there goes to its owner's
    discard pile; an item set under a character turns face up. ``IllegalAction`` for a card not in
    hand or a square the seat may not choose."""
    if code not in state.hands[seat]:
        raise rule(gettext_noop("You have no %(card)s in hand."), card=code)
    if not (0 <= row < state.cat.rows and 0 <= col < COLS):
        raise rule(gettext_noop("%(square)s is not a square of the area (The area)."), square=f"[{row}, {col}]")
    old = state.area[row * COLS + col]
    if old is not None and seat == state.ap:
        raise rule(gettext_noop("The active player may set only on a square without an area card (A turn, 3)."))
    hand = list(state.hands[seat])
    hand.remove(code)
    state = replace(state, hands=replace_at(state.hands, seat, tuple(hand)))
    if old is not None:
        state = replace(state, discards=replace_at(state.discards, old.owner, (old.code,) + state.discards[old.owner]))
    state = set_slot(state, row, col, Slot(code, seat, False))
    if char_at(state, row, col) is not None:
        state = reveal_item(state, row, col)
    return after_seat(state, TABLE)


def skip(state: EocState, seat: int) -> EocState:
    """Pass on placing a character or setting a card."""
    return after_seat(state, SET if state.phase == CHARACTER else TABLE)


# -- 4. action table -----------------------------------------------------------------------------
def action_table(state: EocState, seat: int, code: str) -> EocState:
    """The AP lays ``code`` from hand on its action-table pile; its table rules this turn, and
    STEP 1 begins."""
    if code not in state.hands[seat]:
        raise rule(gettext_noop("You have no %(card)s in hand."), card=code)
    hand = list(state.hands[seat])
    hand.remove(code)
    return replace(state, hands=replace_at(state.hands, seat, tuple(hand)),
                   tables=replace_at(state.tables, seat, (code,) + state.tables[seat]), rule=code,
                   phase=CHOOSE, step=1, actor=seat)


# -- 5. STEPs --------------------------------------------------------------------------------------
def step_options(state: EocState) -> tuple[str, ...]:
    """The distinct actions of this STEP's list on the turn's action table, in table order."""
    return tuple(dict.fromkeys(state.cat.card(state.rule).steps[state.step - 1]))


def choose(state: EocState, seat: int, what: str) -> EocState:
    """The AP chooses this STEP's action; the AP's part begins."""
    if what not in step_options(state):
        raise rule(gettext_noop("STEP %(step)s of the action table offers %(offers)s, not %(kind)s (A turn, 5)."),
                   step=state.step, offers=", ".join(step_options(state)), kind=shown(what))
    return replace(state, chosen=what, phase=PART, actor=seat, part=Part())


def done(state: EocState, seat: int) -> EocState:
    """The acting seat ends its part: the NAP's part follows the AP's; after the NAP's, the STEP
    ends with its down check."""
    if seat == state.ap:
        return replace(state, actor=1 - seat, part=Part())
    return end_step(state)


def end_step(state: EocState) -> EocState:
    """After a STEP: items' ``after_step`` triggers (docs/eoc-effects.md, "Triggers"), the down
    check, changes lasting the STEP run out, then the next STEP or the end of the turn."""
    state = triggers.after_step(state)
    if state.phase == OVER:
        return state
    state = down_check(state)
    if state.phase == OVER:
        return state
    state = modifiers.end_step(state)
    if state.step < 3:
        return replace(state, phase=CHOOSE, step=state.step + 1, chosen="", actor=state.ap, part=Part())
    return end_turn(state)


def end_turn(state: EocState) -> EocState:
    """"A turn" 6: items' ``end_of_turn`` triggers (docs/eoc-effects.md, "Triggers"),
    push-backs, the down check again, changes lasting the turn run out, every character back to
    full HP (the maximum in force then), defence reset, AP and NAP swap, and the next turn's
    refill."""
    state = triggers.end_of_turn(state)
    if state.phase == OVER:
        return state
    state = resolve_pushes(state)
    if state.phase == OVER:
        return state
    state = down_check(state)
    if state.phase == OVER:
        return state
    state = modifiers.end_turn(state)
    chars = tuple(replace(ch, hp=modifiers.max_hp(state, ch)) for ch in state.chars)
    state = replace(state, chars=chars)
    return start_turn(state, 1 - state.ap, state.turn + 1)
