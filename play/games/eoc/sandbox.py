"""Sandbox play (elements-of-chaos.md, "Sandbox play"): as playtesters do with paper cards, a
player moves any card between zones and sets a character's HP by hand. Every change is an action,
so it is logged and shown to both seats and the spectators, each seeing it as :func:`public` gives
it: a card that goes to a hand, a deck or face down on the area is not named to those who may not
see it there.

When sandbox actions are open to a seat (:func:`is_open`):

- in a match with option ``sandbox: true``: to both seats at any time once set-up is over, also
  out of turn, until the game ends;
- in any match: to the seat that used a card whose effect is ``"manual"`` (an event, or the
  special of such a character), for the rest of that part of the STEP, so that the players
  resolve the effect by hand ("Cards": a card marked ``manual`` is resolved by the players).

The actions ("Actions (API)" extended for sandbox play):

- ``{"type": "sandbox_move", "from": Z, "to": Z}`` moves one card. A source ``Z`` is
  ``{"zone": "hand", "seat": s, "card": code}`` (one's own hand only), ``{"zone": "deck" |
  "discard" | "down" | "table", "seat": s}`` (the top card of that pile; a deck's top card is
  moved unseen), ``{"zone": "area", "square": [r, c]}`` (the area card or item there; not from
  under a character) or ``{"zone": "character", "square": [r, c]}``. A destination is
  ``{"zone": "hand" | "deck" | "discard" | "down" | "table", "seat": s}`` (on top; a hand is kept
  sorted), ``{"zone": "area", "square": [r, c]}`` (a square without an area card: the card lies
  face down, the acting seat's, unless it comes from another square, when it keeps its owner and
  side) or ``{"zone": "character", "square": [r, c]}`` (character cards only, on a square with an
  area card and no character: the acting seat's character at full HP, unless it comes from
  another square, when it keeps its owner and HP).
- ``{"type": "sandbox_hp", "square": [r, c], "hp": n}`` sets the HP of the character there to
  ``n`` (0 up to its full HP, not its current HP).

After a change, a down pile of 4 or more wins and an empty deck loses, as in "Winning"; the
down check of 0-HP characters keeps its usual times.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from play.engine import malformed, replace_at, rule
from tcg.message import gettext_noop

from .area import char_at, set_slot
from .state import ARRANGE, COLS, MULLIGAN, PART, Char, EocState, Slot
from .winning import check_deck_out, check_down

MOVE, HP = "sandbox_move", "sandbox_hp"
TYPES = (MOVE, HP)
PILES = ("hand", "deck", "discard", "down", "table")
SQUARES = ("area", "character")
_FIELD = {"hand": "hands", "deck": "decks", "discard": "discards", "down": "downs", "table": "tables"}


def is_open(state: EocState, seat: int) -> bool:
    """Whether ``seat`` may take sandbox actions now (see the module's description); never while
    a decision is pending (docs/eoc-effects.md, "Decisions": nothing else happens until it is
    answered)."""
    if state.result is not None or state.phase in (MULLIGAN, ARRANGE) or seat not in (0, 1) \
            or state.pending is not None:
        return False
    if state.cat.sandbox:
        return True
    return state.phase == PART and state.actor == seat and state.part.manual


def _square(value, rows: int) -> tuple[int, int]:
    if not (type(value) is list and len(value) == 2 and all(type(v) is int for v in value)):
        raise malformed(gettext_noop("A square is [row, col]."))
    if not (0 <= value[0] < rows and 0 <= value[1] < COLS):
        raise rule(gettext_noop("%(square)s is not a square of the area (Sandbox play)"), square=str(value))
    return value[0], value[1]


def _zone(value, rows: int, source: bool) -> tuple:
    """A zone as ``(name, seat | None, square | None, card | None)``; ``malformed_action`` for a
    zone of the wrong shape."""
    if type(value) is not dict or value.get("zone") not in PILES + SQUARES:
        raise malformed(gettext_noop('A zone is an object with "zone" one of %(zones)s.'),
                        zones=", ".join(PILES + SQUARES))
    name = value["zone"]
    if name in SQUARES:
        if set(value) != {"zone", "square"}:
            raise malformed(gettext_noop("A %(zone)s zone has the fields zone and square."), zone=name)
        return name, None, _square(value["square"], rows), None
    want = {"zone", "seat", "card"} if source and name == "hand" else {"zone", "seat"}
    if set(value) != want:
        if source:
            raise malformed(gettext_noop("A %(zone)s zone to take from has the fields %(fields)s."),
                            zone=name, fields=", ".join(sorted(want)))
        raise malformed(gettext_noop("A %(zone)s zone has the fields %(fields)s."),
                        zone=name, fields=", ".join(sorted(want)))
    if type(value["seat"]) is not int or value["seat"] not in (0, 1):
        raise malformed(gettext_noop("A zone's seat is 0 or 1."))
    card = value.get("card")
    if card is not None and type(card) is not str:
        raise malformed(gettext_noop("A card is named by its code."))
    return name, value["seat"], None, card


def _take(state: EocState, seat: int, zone: tuple) -> tuple[EocState, str, Slot | Char | None]:
    """Take the card a source zone names: ``(state without it, code, the slot or character it
    was)``; ``illegal_action`` when there is no such card."""
    name, owner, square, card = zone
    if name == "hand":
        if owner != seat:
            raise rule(gettext_noop("Only your own hand's cards can be named (Sandbox play)"))
        if card not in state.hands[owner]:
            raise rule(gettext_noop("You have no %(card)s in hand (Sandbox play)"), card=card)
        hand = list(state.hands[owner])
        hand.remove(card)
        return replace(state, hands=replace_at(state.hands, owner, tuple(hand))), card, None
    if name in PILES:
        pile = getattr(state, _FIELD[name])[owner]
        if not pile:
            raise rule(gettext_noop("Seat %(seat)s's %(zone)s pile is empty (Sandbox play)"), seat=owner, zone=name)
        rest = replace_at(getattr(state, _FIELD[name]), owner, pile[1:])
        return replace(state, **{_FIELD[name]: rest}), pile[0], None
    r, c = square
    if name == "area":
        slot = state.area[r * COLS + c]
        if slot is None:
            raise rule(gettext_noop("%(square)s holds no area card (Sandbox play)"), square=str(list(square)))
        if char_at(state, r, c) is not None:
            raise rule(gettext_noop("A character stands on %(square)s: move it first (Sandbox play)"),
                       square=str(list(square)))
        return set_slot(state, r, c, None), slot.code, slot
    ch = char_at(state, r, c)
    if ch is None:
        raise rule(gettext_noop("No character stands on %(square)s (Sandbox play)"), square=str(list(square)))
    return replace(state, chars=tuple(x for x in state.chars if x.uid != ch.uid)), ch.code, ch


def _put(state: EocState, seat: int, zone: tuple, code: str, was) -> EocState:
    """Put card ``code`` in a destination zone (see the module's description)."""
    name, owner, square, _card = zone
    if name in PILES:
        piles = getattr(state, _FIELD[name])
        pile = tuple(sorted(piles[owner] + (code,))) if name == "hand" else (code,) + piles[owner]
        return replace(state, **{_FIELD[name]: replace_at(piles, owner, pile)})
    r, c = square
    if name == "area":
        if state.area[r * COLS + c] is not None:
            raise rule(gettext_noop("%(square)s already holds an area card (Sandbox play)"), square=str(list(square)))
        slot = was if isinstance(was, Slot) else Slot(code, seat, False)
        return set_slot(state, r, c, slot)
    if state.cat.card(code).type != "character":
        raise rule(gettext_noop("%(card)s is not a character card (Sandbox play)"), card=code)
    if state.area[r * COLS + c] is None or char_at(state, r, c) is not None:
        raise rule(gettext_noop("A character stands only on a square with an area card and no character; %(square)s "
                                "is not one (Sandbox play)"), square=str(list(square)))
    if isinstance(was, Char):
        ch = replace(was, row=r, col=c)
        return replace(state, chars=state.chars + (ch,))
    ch = Char(state.next_uid, seat, code, state.cat.card(code).hp, r, c)
    return replace(state, chars=state.chars + (ch,), next_uid=state.next_uid + 1)


def apply(state: EocState, seat: int, action: dict) -> EocState:
    """Apply a sandbox action of ``seat`` (its type and keys already checked). Raises
    ``IllegalAction``: ``malformed_action`` for a zone, square or HP of the wrong shape,
    ``illegal_action`` when sandbox actions are not open to the seat or the move cannot be made
    (the message says why); nothing changes then."""
    rows = state.cat.rows
    if action["type"] == MOVE:
        source, target = _zone(action["from"], rows, True), _zone(action["to"], rows, False)
        if not is_open(state, seat):
            raise _closed()
        if source[0] in SQUARES and source[0] == target[0] and source[2] == target[2]:
            raise rule(gettext_noop("The card is already there (Sandbox play)"))
        if source[0] == "area" and target[0] == "character" and source[2] == target[2]:
            raise rule(gettext_noop("A character stands only on a square with an area card (Sandbox play)"))
        if source[0] == "deck" and target[0] == "character":
            raise rule(gettext_noop(
                "A deck's top card is moved unseen: put it in a pile or on the area first (Sandbox play)"))
        if source[0] == "area" and target[0] == "character" and _unseen(state, seat, source[2]):
            raise rule(gettext_noop(
                "A face-down card you cannot see is moved unseen: put it in a pile first (Sandbox play)"))
        state, code, was = _take(state, seat, source)
        state = _put(state, seat, target, code, was)
        return check_deck_out(check_down(state)) if state.result is None else state
    square = _square(action["square"], rows)
    hp = action["hp"]
    if type(hp) is not int:
        raise malformed(gettext_noop("HP is a whole number."))
    if not is_open(state, seat):
        raise _closed()
    ch = char_at(state, *square)
    if ch is None:
        raise rule(gettext_noop("No character stands on %(square)s (Sandbox play)"), square=str(list(square)))
    full = state.cat.card(ch.code).hp
    if not 0 <= hp <= full or hp == ch.hp:
        raise rule(gettext_noop("The HP of %(card)s can be set from 0 to %(full)s, other than its current %(hp)s "
                                "(Sandbox play)"), card=ch.code, full=full, hp=ch.hp)
    return replace(state, chars=tuple(replace(x, hp=hp) if x.uid == ch.uid else x for x in state.chars))


def _unseen(state: EocState, seat: int, square) -> bool:
    """Whether the area card on ``square`` lies face down and is not ``seat``'s own."""
    slot = state.area[square[0] * COLS + square[1]]
    return slot is not None and not slot.face_up and slot.owner != seat


def _closed():
    return rule(gettext_noop(
        "Sandbox actions are open in a sandbox match, or after a card marked manual was used (Sandbox play)"))


def legal(state: EocState, seat: int) -> list[dict]:
    """Every sandbox action ``seat`` may take now (``[]`` when they are not open to it): the
    HP settings, then the card moves, sources in the order own hand, piles (seat 0 then 1), area
    cards, characters, and destinations in the order piles, area squares, character squares."""
    if not is_open(state, seat):
        return []
    rows = state.cat.rows
    squares = [[r, c] for r in range(rows) for c in range(COLS)]
    out: list[dict] = []
    for ch in state.chars:
        full = state.cat.card(ch.code).hp
        out += [{"type": HP, "square": [ch.row, ch.col], "hp": n} for n in range(full + 1) if n != ch.hp]
    sources: list[tuple[dict, str | None, bool]] = []  # (zone, known code, a character on the area)
    for code in dict.fromkeys(state.hands[seat]):
        sources.append(({"zone": "hand", "seat": seat, "card": code}, code, False))
    for owner in (0, 1):
        for name in ("deck", "discard", "down", "table"):
            pile = getattr(state, _FIELD[name])[owner]
            if pile:
                sources.append(({"zone": name, "seat": owner}, None if name == "deck" else pile[0], False))
    occupied = {(ch.row, ch.col) for ch in state.chars}
    for r, c in map(tuple, squares):
        slot = state.area[r * COLS + c]
        if slot is not None and (r, c) not in occupied:
            # a card the seat cannot see is moved unseen, like a deck's top card: never onto a
            # character square (which would tell it whether the card is a character)
            seen = slot.face_up or slot.owner == seat
            sources.append(({"zone": "area", "square": [r, c]}, slot.code if seen else None, False))
    for ch in state.chars:
        sources.append(({"zone": "character", "square": [ch.row, ch.col]}, ch.code, True))
    piles = [{"zone": name, "seat": owner} for owner in (0, 1) for name in PILES]
    empty = [{"zone": "area", "square": s} for s in squares if state.area[s[0] * COLS + s[1]] is None]
    standing = [{"zone": "character", "square": s} for s in squares
                if state.area[s[0] * COLS + s[1]] is not None and tuple(s) not in occupied]
    for source, code, _is_char in sources:
        targets = piles + empty
        if code is not None and state.cat.card(code).type == "character":
            own_square = source["square"] if source["zone"] == "area" else None
            targets = targets + [t for t in standing if t["square"] != own_square]
        for target in targets:
            out.append({"type": MOVE, "from": source, "to": target})
    return out


#: The piles of a seat's own from which ``restock`` takes a card into its hand, in that order.
RESTOCK_FROM = ("deck", "discard")


def restock(legal: Sequence[dict], seat: int) -> list[dict]:
    """What a bot playing ``seat`` takes when it has no rules action (``GameSpec.bot_fallback``):
    in sandbox play a person may move every card out of their own hand, and at their action
    table (A turn, 4) they then have none to lay; the bot moves a card into the seat's hand,
    the top card of the seat's own deck, else of its own discard pile. Returns that one action of
    ``legal`` (the seat's legal actions) in a list, or ``[]`` when neither is legal."""
    for pile in RESTOCK_FROM:
        for action in legal:
            if (action.get("type") == MOVE and action["from"] == {"zone": pile, "seat": seat}
                    and action["to"] == {"zone": "hand", "seat": seat}):
                return [action]
    return []


#: The zones where a card lies face up for everyone once it is there ("Hidden information"): the
#: discard, down and action-table piles, and a character on the area.
FACE_UP_ZONES = ("discard", "down", "table", "character")


def public(action: dict, seat: int, viewer: int | None) -> dict:
    """A sandbox action as ``viewer`` (a seat, or ``None`` for a spectator) may see it once
    ``seat`` took it (elements-of-chaos.md, "Hidden information"). Only a card taken from a hand
    is named by the action (``from.card``); it is named to ``viewer`` when ``viewer`` is ``seat``,
    when the card goes where everyone sees it (``FACE_UP_ZONES``) or when it goes to ``viewer``'s
    own hand. Where it stays hidden from ``viewer`` (another hand, a deck, or an area square,
    where it lies face down) the move is shown without the card:
    ``{"type": "sandbox_move", "from": {"zone": "hand", "seat": s}, "to": ...}``."""
    if viewer == seat or action.get("type") != MOVE:
        return action
    source, target = action.get("from"), action.get("to")
    if not isinstance(source, dict) or "card" not in source:
        return action
    if isinstance(target, dict) and (
            target.get("zone") in FACE_UP_ZONES or (target.get("zone") == "hand" and target.get("seat") == viewer)):
        return action
    return {**action, "from": {k: v for k, v in source.items() if k != "card"}}
