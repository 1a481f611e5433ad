"""The actions of a part of a STEP (elements-of-chaos.md, "A turn" 5): events (first, one per
character), then as the chosen action allows: move (each character once), attack or charge (one per
part), defend (once per part), special (each character once)."""
from __future__ import annotations

from dataclasses import replace

from play.engine import replace_at, rule
from tcg.message import gettext_noop

from . import effects, modifiers, triggers
from .area import adjacent_enemies, char_at, destinations
from .combat import attack, charge, defend
from .state import Char, EocState


def own_char_at(state: EocState, seat: int, square: tuple[int, int]) -> Char:
    """Seat ``seat``'s character on ``square``; ``IllegalAction`` when there is none."""
    ch = char_at(state, square[0], square[1])
    if ch is None or ch.owner != seat:
        raise rule(gettext_noop("You have no character on %(square)s."), square=str(list(square)))
    return ch


def can_use_event(state: EocState, seat: int, code: str, user: Char) -> bool:
    """Whether ``user`` may use event ``code``: the user's colours include all of the event's
    ("Cards", event)."""
    card = state.cat.card(code)
    if card.type != "event":
        return False
    colours = state.cat.card(user.code).colours
    return all(c in colours for c in card.colours)


def event(state: EocState, seat: int, code: str, by: tuple[int, int], targets=None) -> EocState:
    """Use event ``code`` from hand by the character on ``by``: before the part's first other
    action, once per character this STEP; the card goes to the discard pile and its effect runs
    (none for a vanilla card) with the chosen ``targets`` (JSON, ``None`` for none; checked by
    :func:`.effects.check_targets` against the position once the card left the hand,
    docs/eoc-effects.md, "Chosen targets")."""
    if state.part.acted:
        raise rule(gettext_noop("Events come before the part's first other action (A turn, 5)."))
    if code not in state.hands[seat]:
        raise rule(gettext_noop("You have no %(card)s in hand."), card=code)
    user = own_char_at(state, seat, by)
    if state.cat.card(code).type != "event":
        raise rule(gettext_noop("%(card)s is not an event card (Cards)."), card=code)
    if user.uid in state.part.events:
        raise rule(gettext_noop("Each character may use one event per STEP (A turn, 5)."))
    if not can_use_event(state, seat, code, user):
        raise rule(gettext_noop(
            "An event is used by a character whose colours include all of the event's colours (Cards)."))
    hand = list(state.hands[seat])
    hand.remove(code)
    picked = effects.check_targets(effects.choice_lists(state, seat, code, user, tuple(hand)), targets, code)
    state = replace(state, hands=replace_at(state.hands, seat, tuple(hand)),
                    discards=replace_at(state.discards, seat, (code,) + state.discards[seat]),
                    part=replace(state.part, events=state.part.events + (user.uid,),
                                 manual=state.part.manual or state.cat.is_manual(code)))
    return effects.use_event(state, seat, code, user, picked)


def _allowed(state: EocState, what: str) -> None:
    if state.chosen != what:
        raise rule(gettext_noop("The action of this STEP is %(chosen)s, not %(kind)s (A turn, 5)."),
                   chosen=state.chosen, kind=what)


def move(state: EocState, seat: int, src: tuple[int, int], dst: tuple[int, int]) -> EocState:
    """Move the seat's character on ``src`` to ``dst`` (see :func:`.area.destinations`), once per
    character this STEP. A face-down item where it stops turns face up; stopping on the opponent's
    base wins at once."""
    _allowed(state, "move")
    ch = own_char_at(state, seat, src)
    if ch.uid in state.part.moved:
        raise rule(gettext_noop("Each character may move once per STEP (A turn, 5)."))
    if "move" in modifiers.prohibited(state, ch):
        raise rule(gettext_noop("A card's effect says this character cannot move now."))
    if dst not in destinations(state, ch, modifiers.movement_power(state, ch)):
        raise rule(gettext_noop(
            "A character moves in a straight line in one of its directions, 1 up to its movement power, over area "
            "cards only, never across an empty square or another character (A turn, 5)."))
    state = replace(state, part=replace(state.part, moved=state.part.moved + (ch.uid,), acted=True))
    return triggers.stop_at(state, ch, dst[0], dst[1])


def strike(state: EocState, seat: int, kind: str, by: tuple[int, int], target: tuple[int, int]) -> EocState:
    """An attack or a charge (``kind``) by the seat's character on ``by`` on the enemy character
    orthogonally adjacent on ``target``; one per part."""
    _allowed(state, kind)
    if state.part.struck:
        raise rule(gettext_noop("At most one %(kind)s per player per STEP (A turn, 5)."), kind=kind)
    ch = own_char_at(state, seat, by)
    if kind == "attack" and not state.decks[seat]:
        raise rule(gettext_noop("An attack turns the top card of your deck, and your deck is empty (A turn, 5)."))
    foe = char_at(state, target[0], target[1])
    if foe is None or foe not in adjacent_enemies(state, ch):
        if kind == "attack":
            raise rule(gettext_noop(
                "The target of an attack is an enemy character orthogonally adjacent to the attacker (A turn, 5)."))
        raise rule(gettext_noop(
            "The target of a charge is an enemy character orthogonally adjacent to the charger (A turn, 5)."))
    if kind == "charge" and "be_charged" in modifiers.prohibited(state, foe):
        raise rule(gettext_noop("A card's effect says this character cannot be the target of a charge now."))
    state = replace(state, part=replace(state.part, struck=True, acted=True))
    return attack(state, seat, ch, foe) if kind == "attack" else charge(state, seat, ch, foe)


def defend_action(state: EocState, seat: int) -> EocState:
    """The seat defends, once per part (allowed with no characters)."""
    _allowed(state, "defend")
    if state.part.defended:
        raise rule(gettext_noop("You may defend once per STEP (A turn, 5)."))
    state = replace(state, part=replace(state.part, defended=True, acted=True))
    return defend(state, seat)


def special(state: EocState, seat: int, by: tuple[int, int], targets=None) -> EocState:
    """The seat's character on ``by`` uses its special ability, once this STEP (a vanilla
    character's does nothing), with the chosen ``targets`` as :func:`event` takes them."""
    _allowed(state, "special")
    ch = own_char_at(state, seat, by)
    if ch.uid in state.part.specials:
        raise rule(gettext_noop("Each character may use its special ability once per STEP (A turn, 5)."))
    if "special" in modifiers.prohibited(state, ch):
        raise rule(gettext_noop("A card's effect says this character cannot use its special ability now."))
    picked = effects.check_targets(effects.choice_lists(state, seat, ch.code, ch, state.hands[seat]), targets, ch.code)
    state = replace(state, part=replace(state.part, specials=state.part.specials + (ch.uid,), acted=True,
                                        manual=state.part.manual or state.cat.is_manual(ch.code)))
    return effects.use_special(state, seat, ch, picked)


__all__ = ["can_use_event", "defend_action", "event", "move", "own_char_at", "special", "strike"]
