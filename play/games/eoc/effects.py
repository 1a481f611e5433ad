"""Card effects (elements-of-chaos.md, "Cards": card effects are data). A card's ``effect`` key
holds one operation or a list of them, run in order. A card without ``effect`` is vanilla: its
event or special is spent with no effect and its item changes nothing. ``"manual"`` effects belong
to sandbox play; the rules-enforced engine treats them as vanilla.

Where effects run (the hook points the engine calls):

- :func:`use_event` — an event used by a character ("A turn" 5), after the card left the hand:
  the event card's operations run with that character as the *user*;
- :func:`use_special` — a character's special ability: the character card's operations run with
  the character as the user;
- :func:`answer_order` — the answer to a pending decision (docs/eoc-effects.md, "Decisions"): the
  operations after the one that asked run then;
- :func:`choice_lists` — what the user may choose for each choice of an effect, for the legal
  actions and the check of the chosen ``targets``;
- the continuous effects, read by movement and combat, and the durations running out are
  :mod:`.modifiers`'s: the ``modify`` operations of every face-up item, and the changes with a
  duration that ``modify`` makes here (:class:`~.state.Mod`).

The language (every operation is an object with ``"op"``; the operations added for chosen
targets, decisions, looks, prohibitions, maximum HP, charge damage and triggers, and every
Decision about them, are docs/eoc-effects.md's; item triggers run in :mod:`.triggers`):

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
and one character the user chooses (its square is an entry of the action's ``targets``):
``"nearest_enemy"`` (one of the enemies the fewest squares away, orthogonal steps), ``"ally"``,
``"enemy"``, ``"adjacent_ally"``, ``"adjacent_enemy"`` (allies include the user, adjacent ones
do not). A chosen character that is no longer a candidate when its operation runs is left
alone.

The grammar and its checking (:func:`parse_effect`) are plain data shared with the catalogue:
``tcg.effects.language``; ``tcg.effects.text`` writes an effect as the card's text.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product

from play.engine import Rng, replace_at, rule
from tcg.effects.language import CHOSEN_TARGETS, HOLDERS, OPS, STATS, TARGETS, choices_of, parse_effect
from tcg.message import gettext_noop

from . import modifiers, triggers
from .area import char_by_uid, char_at, set_slot
from .character_ops import run_on
from .state import COLS, Char, EocState, Peek, Pending, Slot

#: An entry of ``targets``: a square, a hand card's code, or ``None`` (no candidate).
Entry = tuple[int, int] | str | None


# -- choices ------------------------------------------------------------------------------------------
def choice_lists(state: EocState, seat: int, code: str, user: Char, hand: tuple[str, ...]) -> list[list[Entry]]:
    """What ``user`` (of seat ``seat``) may choose for each choice of card ``code``'s effect, in
    order (docs/eoc-effects.md, "Chosen targets"): one list per choice, each a sorted list of
    squares ``(row, col)`` or of the distinct codes of ``hand`` (the user's hand once an event
    left it), or ``[None]`` when that choice has no candidate. ``[]`` for an effect without
    choices."""
    lists: list[list[Entry]] = []
    for op in state.cat.effect(code):
        kinds = choices_of(op)
        if kinds == ("square", "hand"):
            squares, cards = _empty_adjacent(state, user), sorted(set(hand))
            lists += [squares, cards] if squares and cards else [[None], [None]]
        elif kinds == ("face_down",):
            lists.append(_face_down(state, seat) or [None])
        elif kinds:
            lists.append([(c.row, c.col) for c in chosen(state, seat, op["target"], user)] or [None])
    return lists


def combinations(lists: list[list[Entry]]) -> list[list]:
    """Every ``targets`` value of an action for ``choice_lists``' lists, as JSON (squares as
    ``[row, col]``), in order."""
    return [[list(e) if type(e) is tuple else e for e in combo] for combo in product(*lists)]


def check_targets(lists: list[list[Entry]], targets, card: str) -> tuple[Entry, ...]:
    """The chosen ``targets`` of an action (JSON, or ``None`` when the action has none) as
    entries, checked against ``lists``. ``IllegalAction`` naming the problem: targets sent for
    an effect without choices, none or the wrong number for one with choices, or an entry that is
    not a candidate of its choice."""
    if not lists:
        if targets is not None:
            raise rule(gettext_noop("%(card)s asks for no choice: send the action without targets."), card=card)
        return ()
    if targets is None or len(targets) != len(lists):
        raise rule(gettext_noop("%(card)s asks for %(count)s choices: send them as targets, one per choice "
                                "(null where there is no candidate)."), card=card, count=len(lists))
    entries = tuple(tuple(t) if type(t) is list else t for t in targets)
    for i, (entry, options) in enumerate(zip(entries, lists)):
        if entry not in options:
            shown = ", ".join("null" if o is None else str(list(o)) if type(o) is tuple else o for o in options)
            raise rule(gettext_noop("targets[%(index)s] of %(card)s must be one of %(options)s."),
                       index=i, card=card, options=shown)
    return entries


def chosen(state: EocState, seat: int, name: str, user: Char) -> list[Char]:
    """The candidates of a chosen target (``CHOSEN_TARGETS``) for ``user`` of seat ``seat``, by
    square: ``ally`` (the user included), ``enemy``, ``adjacent_ally`` (not the user),
    ``adjacent_enemy``, ``nearest_enemy`` (the enemies the fewest orthogonal steps away)."""
    if name in ("ally", "adjacent_ally"):
        found = [c for c in state.chars if c.owner == seat and (name == "ally" or (
            c.uid != user.uid and _distance(c, user) == 1))]
    else:
        found = [c for c in state.chars if c.owner != seat and (name != "adjacent_enemy" or _distance(c, user) == 1)]
        if name == "nearest_enemy" and found:
            near = min(_distance(c, user) for c in found)
            found = [c for c in found if _distance(c, user) == near]
    return sorted(found, key=lambda c: (c.row, c.col))


def _empty_adjacent(state: EocState, user: Char) -> list[Entry]:
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = user.row + dr, user.col + dc
        if 0 <= r < state.cat.rows and 0 <= c < COLS and state.area[r * COLS + c] is None:
            out.append((r, c))
    return sorted(out)


def _face_down(state: EocState, seat: int) -> list[Entry]:
    return [(i // COLS, i % COLS) for i, slot in enumerate(state.area)
            if slot is not None and not slot.face_up and slot.owner != seat]


# -- events and specials ------------------------------------------------------------------------------
def use_event(state: EocState, seat: int, code: str, user: Char, picked: tuple[Entry, ...] = ()) -> EocState:
    """Run the event ``code`` used by ``user`` of seat ``seat`` with the checked choices
    ``picked`` (:func:`check_targets`); vanilla events do nothing."""
    return _run(state, seat, code, 0, user.uid, picked)


def use_special(state: EocState, seat: int, user: Char, picked: tuple[Entry, ...] = ()) -> EocState:
    """Run ``user``'s special ability with the checked choices ``picked``; a vanilla
    character's special does nothing."""
    return _run(state, seat, user.code, 0, user.uid, picked)


def answer_order(state: EocState, seat: int, cards: list) -> EocState:
    """The pending ``order`` decision answered by seat ``seat`` with ``cards`` (the decision's
    cards in the chosen order, docs/eoc-effects.md, "Decisions"): they go back on top (``cards[0]``
    on top) or under the deck (``cards[0]`` first), the seat's ``seen`` shows them in that order
    (then any other card a look showed it this turn), and the effect's later operations run. ``IllegalAction`` when no order is asked of the seat or
    ``cards`` are not the decision's cards."""
    pending = state.pending
    if pending is None or pending.seat != seat:
        raise rule(gettext_noop("No order of cards is asked of you now."))
    if sorted(cards) != sorted(pending.cards):
        raise rule(gettext_noop("Answer with the cards you looked at, %(cards)s, in the order you choose."),
                   cards=", ".join(pending.cards))
    deck = state.decks[pending.deck]
    rest = deck[len(pending.cards):]
    ordered = tuple(cards)
    deck = ordered + rest if pending.to == "top" else rest + ordered
    # the cards a look showed before stay seen (docs/eoc-effects.md, "Looks at hidden cards"):
    # the ordered ones first, in their new order, then the others the look showed
    others = list(state.seen[seat])
    for code in ordered:
        if code in others:
            others.remove(code)
    state = replace(state, pending=None, decks=replace_at(state.decks, pending.deck, deck),
                    seen=replace_at(state.seen, seat, ordered + tuple(others)))
    return _run(state, seat, pending.code, pending.next_op, pending.uid, pending.targets)


def _run(state: EocState, seat: int, code: str, start: int, uid: int, picked: tuple[Entry, ...]) -> EocState:
    ops = state.cat.effect(code)
    for index in range(start, len(ops)):
        if state.result is not None:
            break
        op = ops[index]
        count = len(choices_of(op))
        mine, picked = picked[:count], picked[count:]
        state = _APPLY[op["op"]](state, seat, op, uid, mine)
        if state.pending is not None:
            return replace(state, pending=replace(state.pending, code=code, next_op=index + 1, uid=uid,
                                                  targets=tuple(picked)))
    return state


def targets(state: EocState, seat: int, name: str, uid: int, mine: tuple[Entry, ...] = ()) -> list[Char]:
    """The characters a target names for a user ``uid`` of seat ``seat``: every character of a
    kind, or for a chosen target the character on the chosen square (``mine[0]``) while it is
    still a candidate (:func:`chosen`)."""
    user = char_by_uid(state, uid)
    if name in CHOSEN_TARGETS:
        if user is None or not mine or mine[0] is None:
            return []
        ch = char_at(state, *mine[0])
        return [ch] if ch is not None and ch in chosen(state, seat, name, user) else []
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
    want_ally = name == "adjacent_allies"
    return [c for c in state.chars if (c.owner == seat) == want_ally and c.uid != uid and _distance(c, user) == 1]


def _distance(a: Char, b: Char) -> int:
    return abs(a.row - b.row) + abs(a.col - b.col)


def _on_characters(state, seat, op, uid, mine):
    return run_on(state, op, targets(state, seat, op["target"], uid, mine))


def _deck_seat(seat: int, op: dict) -> int:
    return seat if op["deck"] == "own" else 1 - seat


def _look(state, seat, op, uid, mine):
    deck = state.decks[_deck_seat(seat, op)]
    return replace(state, seen=replace_at(state.seen, seat, deck[: op["count"]]))


def _reorder(state, seat, op, uid, mine):
    owner = _deck_seat(seat, op)
    deck = state.decks[owner]
    top, rest = deck[: op["count"]], deck[op["count"]:]
    deck = rest + top if op["to"] == "bottom" else tuple(reversed(top)) + rest
    return replace(state, decks=replace_at(state.decks, owner, deck))


def _order(state, seat, op, uid, mine):
    owner = _deck_seat(seat, op)
    cards = state.decks[owner][: op["count"]]
    if not cards:
        return state
    return replace(state, pending=Pending(seat, "order", cards, owner, op["to"], "", 0, uid, ()))


def _move(state, seat, op, uid, mine):
    user = char_by_uid(state, uid)
    for ch in targets(state, seat, op["target"], uid, mine):
        ch = char_by_uid(state, ch.uid)
        if ch is None:
            continue
        if ch.owner != seat and op["direction"] != "forward" and "be_pushed" in modifiers.prohibited(state, ch):
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
        state = triggers.stop_at(state, ch, r, c)
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


def _remove_area(state, seat, op, uid, mine):
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


def _set_from_hand(state, seat, op, uid, mine):
    """The chosen card of the user's hand face down on the chosen empty square next to it, as
    the seat's area card; nothing when either choice is gone."""
    square, code = mine
    user = char_by_uid(state, uid)
    if square is None or user is None or code not in state.hands[seat] or square not in _empty_adjacent(state, user):
        return state
    hand = list(state.hands[seat])
    hand.remove(code)
    state = replace(state, hands=replace_at(state.hands, seat, tuple(hand)))
    return set_slot(state, square[0], square[1], Slot(code, seat, False))


def _peek_hand(state, seat, op, uid, mine):
    """``count`` cards of the opponent's hand drawn at random by the match's generator, shown
    to the seat until the end of the turn."""
    hand = state.hands[1 - seat]
    if not hand or not op["count"]:
        return state
    rng = Rng(state.rng)
    shown = rng.shuffled(hand)[: op["count"]]
    peeks = state.peeks[seat] + tuple(Peek("hand", code, -1, -1) for code in shown)
    return replace(state, rng=rng.state, peeks=replace_at(state.peeks, seat, peeks))


def _peek_area(state, seat, op, uid, mine):
    """The opponent's face-down area card on the chosen square, shown to the seat while it lies
    there face down."""
    square = mine[0]
    if square is None or square not in _face_down(state, seat):
        return state
    slot = state.area[square[0] * COLS + square[1]]
    peek = Peek("area", slot.code, square[0], square[1])
    if peek in state.peeks[seat]:
        return state
    return replace(state, peeks=replace_at(state.peeks, seat, state.peeks[seat] + (peek,)))


_APPLY = {"damage": _on_characters, "heal": _on_characters, "modify": _on_characters,
          "prohibit": _on_characters, "look": _look, "reorder": _reorder, "order": _order, "move": _move,
          "remove_area": _remove_area, "set_from_hand": _set_from_hand, "peek_hand": _peek_hand,
          "peek_area": _peek_area}


__all__ = ["HOLDERS", "OPS", "STATS", "TARGETS", "answer_order", "check_targets", "choice_lists", "chosen",
           "combinations", "parse_effect", "targets", "use_event", "use_special"]
