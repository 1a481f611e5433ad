"""Combat (elements-of-chaos.md, "A turn" 5 and 6): attack with a damage card and its SIZE bonus,
charge (its push-back is :mod:`.pushes`'s), defence, damage, and the down check."""
from __future__ import annotations

from dataclasses import replace

from play.engine import replace_at

from . import modifiers
from .area import char_by_uid, replace_char
from .state import Char, EocState, Push, Turned
from .winning import check_down


def card_damage(state: EocState, attacker: Char, code: str) -> int:
    """The damage a turned card ``code`` gives before defence: its SIZE, plus its SIZE bonus
    value when the bonus colour is one of the attacker's colours (a negative bonus counts too),
    plus any SIZE change of a card effect on the attacker."""
    card = state.cat.card(code)
    damage = card.size
    if card.bonus is not None and card.bonus[0] in state.cat.card(attacker.code).colours:
        damage += card.bonus[1]
    return damage + modifiers.size_change(state, attacker)


def deal_damage(state: EocState, target: Char, amount: int) -> EocState:
    """``target`` takes ``amount`` damage less its side's defence this turn and any
    damage-received change of a card effect, never below 0; HP never falls below 0."""
    amount = max(0, amount - state.defence[target.owner] + modifiers.damage_taken_change(state, target))
    if amount == 0:
        return state
    return replace(state, chars=replace_char(state, replace(target, hp=max(0, target.hp - amount))))


def attack(state: EocState, seat: int, attacker: Char, target: Char) -> EocState:
    """``attacker`` attacks the orthogonally adjacent ``target``: the top card of the attacker's
    deck is turned (shown to both), deals :func:`card_damage` less defence, and goes to the
    bottom of that deck."""
    deck = state.decks[seat]
    code = deck[0]
    before = target.hp
    state = deal_damage(state, target, card_damage(state, attacker, code))
    after = char_by_uid(state, target.uid)
    return replace(state, decks=replace_at(state.decks, seat, deck[1:] + (code,)),
                   turned=Turned(seat, code, before - after.hp))


def charge(state: EocState, seat: int, attacker: Char, target: Char) -> EocState:
    """``attacker`` charges the orthogonally adjacent ``target``: 1 damage (changed by charge
    damage changes in force, :func:`.modifiers.charge_damage`) less defence, no card turned, and a
    push-back owed after STEP 3 in the direction from the charger to the target."""
    state = deal_damage(state, target, modifiers.charge_damage(state, attacker))
    push = Push(seat, target.uid, target.row - attacker.row, target.col - attacker.col)
    return replace(state, pushes=state.pushes + (push,))


def defend(state: EocState, seat: int) -> EocState:
    """Seat ``seat`` defends: every damage to its characters is 1 lower more until the end of the
    turn."""
    return replace(state, defence=replace_at(state.defence, seat, state.defence[seat] + 1))


def down_check(state: EocState) -> EocState:
    """Every character at 0 HP goes to its owner's down pile (newest on top); then the down-pile
    win is checked ("A turn" 5, after each STEP, and 6; "Winning")."""
    fallen = [ch for ch in state.chars if ch.hp <= 0]
    if not fallen:
        return state
    downs = list(state.downs)
    for ch in fallen:
        downs[ch.owner] = (ch.code,) + downs[ch.owner]
    state = replace(state, chars=tuple(ch for ch in state.chars if ch.hp > 0), downs=tuple(downs))
    return check_down(state)
