"""Card effects (elements-of-chaos.md, "Cards": card effects are data). A card's ``effect`` key
holds one operation or a list of them, run in order. A card without ``effect`` is vanilla: its
event or special is spent with no effect and its item changes nothing. ``"manual"`` effects belong
to sandbox play; the rules-enforced engine treats them as vanilla.

Where effects run (the hook points the engine calls):

- :func:`use_event` — an event used by a character ("A turn" 5), after the card left the hand:
  the event card's operations run with that character as the *user*;
- :func:`use_special` — a character's special ability: the character card's operations run with
  the character as the user;
- :func:`movement_power`, :func:`size_change`, :func:`damage_taken_change` — continuous effects
  read by movement and combat: the ``modify`` operations of every face-up item apply to the
  character standing on it (the *holder*), and ``modify`` changes with a duration made by events
  and specials (:class:`~.state.Mod`) apply to their characters;
- :func:`end_step`, :func:`end_turn` — durations running out.

The language (every operation is an object with ``"op"``; targets never ask for a choice, so no
action beyond those of the rules page is needed):

- ``{"op": "damage", "amount": n, "target": T}`` — each target takes ``n`` damage (defence and
  damage-received changes apply; HP not below 0);
- ``{"op": "heal", "amount": n, "target": T}`` — each target regains ``n`` HP, not above full;
- ``{"op": "modify", "stat": "movement" | "size" | "damage_taken", "amount": n, "target": T,
  "until": "step" | "turn"}`` — a change with a duration (on an item: no ``until``, and the
  target is ``"holder"``, ``"holder_ally"`` or ``"holder_enemy"``, relative to the item's owner:
  it holds while the item lies face up with such a character on it). ``size`` changes the damage
  of the target's attacks, ``damage_taken`` every damage it receives;
- ``{"op": "look", "count": n, "deck": "own" | "opponent"}`` — the user's seat sees the top
  ``n`` cards of that deck (its view's ``seen``);
- ``{"op": "reorder", "count": n, "deck": "own" | "opponent", "to": "bottom" | "reverse"}`` —
  the top ``n`` cards go under the deck in their order, or are reversed in place;
- ``{"op": "move", "target": T, "distance": n, "direction": "forward" | "back"}`` — each target
  moves up to ``n`` squares straight toward the far side of its owner ("forward": away from its
  owner's near row) or back, stopping before a square off the area, without an area card or with
  a character; a face-down item where it stops turns face up, and stopping on the opponent's base
  wins as a move does;
- ``{"op": "remove_area", "square": "user" | "front"}`` — the area card or item under the user, or
  on the square in front of it (one row toward the opponent), goes to its owner's discard pile; a
  character standing there stays.

Targets ``T``: ``"self"`` (the user), ``"allies"``, ``"enemies"``, ``"all"`` (characters on the
area), ``"adjacent_allies"``, ``"adjacent_enemies"`` (orthogonally next to the user),
``"nearest_enemy"`` (the fewest squares away, orthogonal steps; ties: the lowest ``[row, col]``).
"""
from __future__ import annotations

import json
from dataclasses import replace

from .area import char_by_uid, char_at, replace_char, reveal_item, set_slot
from .state import COLS, Char, EocState, Mod, pair

OPS = ("damage", "heal", "modify", "look", "reorder", "move", "remove_area")
TARGETS = ("self", "allies", "enemies", "all", "adjacent_allies", "adjacent_enemies", "nearest_enemy")
HOLDERS = ("holder", "holder_ally", "holder_enemy")
STATS = ("movement", "size", "damage_taken")

_FIELDS = {
    "damage": {"amount": "count", "target": TARGETS},
    "heal": {"amount": "count", "target": TARGETS},
    "modify": {"stat": STATS, "amount": "int", "target": TARGETS + HOLDERS, "until": ("step", "turn")},
    "look": {"count": "count", "deck": ("own", "opponent")},
    "reorder": {"count": "count", "deck": ("own", "opponent"), "to": ("bottom", "reverse")},
    "move": {"target": TARGETS, "distance": "count", "direction": ("forward", "back")},
    "remove_area": {"square": ("user", "front")},
}
_OPTIONAL = {"modify": ("until",)}


def parse_effect(text: str | None, card_type: str, where: str) -> tuple[dict, ...]:
    """The operations of a card's ``effect`` (JSON text as stored on the :class:`~.cards.Card`),
    checked against the language above; ``()`` for a vanilla or ``"manual"`` card. ``ValueError``
    naming ``where`` and the problem for anything else (an unknown op, field or value; an item
    operation other than a continuous ``modify``; a ``modify`` of an event or special without
    ``until``)."""
    if text is None:
        return ()
    data = json.loads(text)
    if data == "manual":
        return ()
    ops = data if isinstance(data, list) else [data]
    out = []
    for i, op in enumerate(ops):
        at = f"{where}: effect[{i}]"
        if not isinstance(op, dict) or op.get("op") not in OPS:
            raise ValueError(f"{at}: an operation is an object with \"op\" one of {', '.join(OPS)}")
        fields = _FIELDS[op["op"]]
        extra = sorted(set(op) - set(fields) - {"op"})
        missing = sorted(set(fields) - set(op) - set(_OPTIONAL.get(op["op"], ())))
        if extra or missing:
            raise ValueError(f"{at}: {op['op']} has the fields {sorted(fields)}; extra {extra}, missing {missing}")
        for name, rule in fields.items():
            if name not in op:
                continue
            value = op[name]
            if rule == "count":
                ok = type(value) is int and 0 <= value <= 20
            elif rule == "int":
                ok = type(value) is int and -20 <= value <= 20
            else:
                ok = value in rule
            if not ok:
                raise ValueError(f"{at}: bad {name} {value!r:.30}")
        if card_type == "item":
            if op["op"] != "modify" or op["target"] not in HOLDERS or "until" in op:
                raise ValueError(f"{at}: an item's effect is a modify of \"holder\", \"holder_ally\" or "
                                 "\"holder_enemy\" without \"until\" (it holds while the item lies face up)")
        elif op["op"] == "modify" and ("until" not in op or op["target"] in HOLDERS):
            raise ValueError(
                f"{at}: a modify by an event or special needs \"until\" and a target of {', '.join(TARGETS)}")
        out.append(op)
    return tuple(out)


# -- continuous effects -------------------------------------------------------------------------------
def movement_power(state: EocState, ch: Char) -> int:
    """``ch``'s movement power now: its card's, changed by effects in force, never below 0."""
    power = state.cat.card(ch.code).movement
    if state.cat.has_effects:
        power += _continuous(state, "movement", ch)
    return max(0, power)


def size_change(state: EocState, attacker: Char) -> int:
    """The change effects in force make to the damage of ``attacker``'s attacks."""
    return _continuous(state, "size", attacker) if state.cat.has_effects else 0


def damage_taken_change(state: EocState, target: Char) -> int:
    """The change effects in force make to every damage ``target`` receives (negative: less)."""
    return _continuous(state, "damage_taken", target) if state.cat.has_effects else 0


def _continuous(state: EocState, stat: str, ch: Char) -> int:
    total = 0
    for m in state.mods:
        if m.kind == stat and m.uid == ch.uid:
            total += m.amount
    slot = state.area[ch.row * COLS + ch.col]
    if slot is not None and slot.face_up:
        for op in state.cat.effect(slot.code):
            if op["stat"] != stat:
                continue
            ally = ch.owner == slot.owner
            if op["target"] == "holder" or (op["target"] == "holder_ally") == ally:
                total += op["amount"]
    return total


# -- events and specials ------------------------------------------------------------------------------
def use_event(state: EocState, seat: int, code: str, user: Char) -> EocState:
    """Run the event ``code`` used by ``user`` of seat ``seat``; vanilla events do nothing."""
    return _run(state, seat, state.cat.effect(code), user.uid)


def use_special(state: EocState, seat: int, user: Char) -> EocState:
    """Run ``user``'s special ability; a vanilla character's special does nothing."""
    return _run(state, seat, state.cat.effect(user.code), user.uid)


def _run(state: EocState, seat: int, ops: tuple[dict, ...], uid: int) -> EocState:
    for op in ops:
        if state.result is not None:
            break
        state = _APPLY[op["op"]](state, seat, op, uid)
    return state


def targets(state: EocState, seat: int, name: str, uid: int) -> list[Char]:
    """The characters a target selector names, for a user ``uid`` of seat ``seat``."""
    user = char_by_uid(state, uid)
    if name == "self":
        return [user] if user else []
    if name == "all":
        return list(state.chars)
    if name == "allies":
        return [c for c in state.chars if c.owner == seat]
    if name == "enemies":
        return [c for c in state.chars if c.owner != seat]
    if user is None:
        return []
    if name in ("adjacent_allies", "adjacent_enemies"):
        want_ally = name == "adjacent_allies"
        return [c for c in state.chars if (c.owner == seat) == want_ally and c.uid != uid
                and abs(c.row - user.row) + abs(c.col - user.col) == 1]
    enemies = [c for c in state.chars if c.owner != seat]
    if not enemies:
        return []
    return [min(enemies, key=lambda c: (abs(c.row - user.row) + abs(c.col - user.col), c.row, c.col))]


def _damage(state, seat, op, uid):
    from .combat import deal_damage

    for ch in targets(state, seat, op["target"], uid):
        current = char_by_uid(state, ch.uid)
        if current is not None:
            state = deal_damage(state, current, op["amount"])
    return state


def _heal(state, seat, op, uid):
    for ch in targets(state, seat, op["target"], uid):
        full = state.cat.card(ch.code).hp
        state = replace(state, chars=replace_char(state, replace(ch, hp=min(full, ch.hp + op["amount"]))))
    return state


def _modify(state, seat, op, uid):
    mods = tuple(Mod(op["stat"], ch.uid, op["amount"], op["until"]) for ch in targets(state, seat, op["target"], uid))
    return replace(state, mods=state.mods + mods)


def _deck_seat(seat: int, op: dict) -> int:
    return seat if op["deck"] == "own" else 1 - seat


def _look(state, seat, op, uid):
    deck = state.decks[_deck_seat(seat, op)]
    return replace(state, seen=pair(state.seen, seat, deck[: op["count"]]))


def _reorder(state, seat, op, uid):
    owner = _deck_seat(seat, op)
    deck = state.decks[owner]
    top, rest = deck[: op["count"]], deck[op["count"]:]
    deck = rest + top if op["to"] == "bottom" else tuple(reversed(top)) + rest
    return replace(state, decks=pair(state.decks, owner, deck))


def _move(state, seat, op, uid):
    from .winning import check_base

    for ch in targets(state, seat, op["target"], uid):
        ch = char_by_uid(state, ch.uid)
        if ch is None:
            continue
        forward = 1 if ch.owner == 0 else -1
        dr = forward if op["direction"] == "forward" else -forward
        r, c = ch.row, ch.col
        for _ in range(op["distance"]):
            nr = r + dr
            if not 0 <= nr < state.cat.rows or state.area[nr * COLS + c] is None or char_at(state, nr, c):
                break
            r = nr
        if r == ch.row:
            continue
        moved = replace(ch, row=r, col=c)
        state = reveal_item(replace(state, chars=replace_char(state, moved)), r, c)
        state = check_base(state, moved)
        if state.result is not None:
            return state
    return state


def _remove_area(state, seat, op, uid):
    user = char_by_uid(state, uid)
    if user is None:
        return state
    r = user.row + (0 if op["square"] == "user" else (1 if user.owner == 0 else -1))
    if not 0 <= r < state.cat.rows:
        return state
    slot = state.area[r * COLS + user.col]
    if slot is None:
        return state
    state = set_slot(state, r, user.col, None)
    return replace(state, discards=pair(state.discards, slot.owner, (slot.code,) + state.discards[slot.owner]))


_APPLY = {"damage": _damage, "heal": _heal, "modify": _modify, "look": _look, "reorder": _reorder,
          "move": _move, "remove_area": _remove_area}


def end_step(state: EocState) -> EocState:
    """Changes lasting "this STEP" run out."""
    if not state.mods:
        return state
    return replace(state, mods=tuple(m for m in state.mods if m.until != "step"))


def end_turn(state: EocState) -> EocState:
    """Changes lasting "this turn" run out, and what a seat was shown of a deck is forgotten by
    the view (the deck may have changed)."""
    if not state.mods and state.seen == ((), ()):
        return state
    return replace(state, mods=(), seen=((), ()))


__all__ = ["OPS", "TARGETS", "damage_taken_change", "end_step", "end_turn", "movement_power",
           "parse_effect", "size_change", "targets", "use_event", "use_special"]
