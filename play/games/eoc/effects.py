"""Card effects (elements-of-chaos.md, "Cards": card effects are data). A card's ``effect`` key
holds one operation or a list of them, run in order. A card without ``effect`` is vanilla: its
event or special is spent with no effect and its item changes nothing. ``"manual"`` effects belong
to sandbox play; the rules-enforced engine treats them as vanilla.

Where effects run (the hook points the engine calls):

- :func:`use_event` — an event used by a character ("A turn" 5), after the card left the hand:
  the event card's operations run with that character as the *user*;
- :func:`use_special` — a character's special ability: the character card's operations run with
  the character as the user;
- the continuous effects, read by movement and combat, and the durations running out are
  :mod:`.modifiers`'s: the ``modify`` operations of every face-up item, and the changes with a
  duration that ``modify`` makes here (:class:`~.state.Mod`).

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
- ``{"op": "move", "target": T, "distance": n, "direction": "forward" | "back" | "away"}`` — each
  target moves up to ``n`` squares straight toward the far side of its owner ("forward": away
  from its owner's near row), back, or "away" from the user (along the row or column they share;
  a target on neither, or the user itself, stays), stopping before a square off the area, without an area card or with
  a character; a face-down item where it stops turns face up, and stopping on the opponent's base
  wins as a move does;
- ``{"op": "remove_area", "square": "user" | "front"}`` — the area card or item under the user, or
  on the square in front of it (one row toward the opponent), goes to its owner's discard pile; a
  character standing there stays.

Targets ``T``: ``"self"`` (the user), ``"allies"``, ``"enemies"``, ``"all"`` (characters on the
area), ``"adjacent_allies"``, ``"adjacent_enemies"`` (orthogonally next to the user),
``"nearest_enemy"`` (the fewest squares away, orthogonal steps; ties: the lowest ``[row, col]``);
and one character of a kind, ``"ally"``, ``"enemy"``, ``"adjacent_ally"``, ``"adjacent_enemy"``:
of those (allies include the user), the one with the lowest HP, then the fewest squares away,
then the lowest ``[row, col]``.

The grammar and its checking (:func:`parse_effect`) are plain data shared with the catalogue:
``tcg.effects.language``; ``tcg.effects.text`` writes an effect as the card's text.
"""
from __future__ import annotations

from dataclasses import replace

from play.engine import replace_at
from tcg.effects.language import HOLDERS, OPS, STATS, TARGETS, parse_effect

from .area import char_by_uid, char_at, replace_char, reveal_item, set_slot
from .combat import deal_damage
from .state import COLS, Char, EocState, Mod
from .winning import check_base


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
    if name in ("allies", "ally"):
        found = [c for c in state.chars if c.owner == seat]
    elif name in ("enemies", "enemy"):
        found = [c for c in state.chars if c.owner != seat]
    elif user is None:
        return []
    elif name in ("adjacent_allies", "adjacent_enemies", "adjacent_ally", "adjacent_enemy"):
        want_ally = name.startswith("adjacent_all")
        found = [c for c in state.chars if (c.owner == seat) == want_ally and c.uid != uid
                 and _distance(c, user) == 1]
    else:  # nearest_enemy
        enemies = [c for c in state.chars if c.owner != seat]
        return [min(enemies, key=lambda c: (_distance(c, user), c.row, c.col))] if enemies else []
    if name in ("allies", "enemies", "adjacent_allies", "adjacent_enemies") or not found:
        return found
    return [min(found, key=lambda c: (c.hp, _distance(c, user) if user else 0, c.row, c.col))]


def _distance(a: Char, b: Char) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def _damage(state, seat, op, uid):
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
    return replace(state, seen=replace_at(state.seen, seat, deck[: op["count"]]))


def _reorder(state, seat, op, uid):
    owner = _deck_seat(seat, op)
    deck = state.decks[owner]
    top, rest = deck[: op["count"]], deck[op["count"]:]
    deck = rest + top if op["to"] == "bottom" else tuple(reversed(top)) + rest
    return replace(state, decks=replace_at(state.decks, owner, deck))


def _move(state, seat, op, uid):
    user = char_by_uid(state, uid)
    for ch in targets(state, seat, op["target"], uid):
        ch = char_by_uid(state, ch.uid)
        if ch is None:
            continue
        dr, dc = _direction(ch, op["direction"], user)
        r, c = ch.row, ch.col
        for _ in range(op["distance"] if (dr, dc) != (0, 0) else 0):
            nr, nc = r + dr, c + dc
            if (not (0 <= nr < state.cat.rows and 0 <= nc < COLS) or state.area[nr * COLS + nc] is None
                    or char_at(state, nr, nc)):
                break
            r, c = nr, nc
        if (r, c) == (ch.row, ch.col):
            continue
        moved = replace(ch, row=r, col=c)
        state = reveal_item(replace(state, chars=replace_char(state, moved)), r, c)
        state = check_base(state, moved)
        if state.result is not None:
            return state
    return state


def _direction(ch: Char, direction: str, user: Char | None) -> tuple[int, int]:
    """The unit step of a move: toward the far side of ``ch``'s owner, back, or away from
    ``user`` along a shared row or column (``(0, 0)``: no move)."""
    forward = 1 if ch.owner == 0 else -1
    if direction == "forward":
        return forward, 0
    if direction == "back":
        return -forward, 0
    if user is None or (user.row != ch.row and user.col != ch.col) or user.uid == ch.uid:
        return 0, 0
    sign = lambda v: (v > 0) - (v < 0)  # noqa: E731
    return sign(ch.row - user.row), sign(ch.col - user.col)


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
    return replace(state, discards=replace_at(state.discards, slot.owner, (slot.code,) + state.discards[slot.owner]))


_APPLY = {"damage": _damage, "heal": _heal, "modify": _modify, "look": _look, "reorder": _reorder,
          "move": _move, "remove_area": _remove_area}


__all__ = ["HOLDERS", "OPS", "STATS", "TARGETS", "parse_effect", "targets", "use_event", "use_special"]
