"""A full Elements of Chaos state from one seat's view (the protocol's ``determinize``): what the
seat sees stays as it is, what it cannot see (elements-of-chaos.md, "Hidden information") is dealt
at random.

Kept from the view: the area with every card the seat sees (its own face-down cards, the items
face up), the characters and their HP, every pile the view shows, the seat's hand and its cards
to arrange, hand and deck sizes, whose turn and the phase, the last damage card (it lies at the
bottom of its deck, where an attack puts it, "A turn" 5), the seat's looks (docs/eoc-effects.md,
"Looks at hidden cards": a card of the opponent's hand stays in that hand, as many as the hand
holds; a face-down card looked at stays on its square) and a pending decision
(docs/eoc-effects.md, "Decisions": the cards the seat is asked to order lie on top of their
deck, its own or the opponent's).

Dealt: the opponent's hand, face-down area cards and cards to arrange, both decks' order, an
opponent's decision's cards (the top of their deck), the opponent's mulligan answer while it is
hidden and the first active player during set-up.

**Which cards.** Unlike the other games, the cards of Elements of Chaos are not fixed by the
rules: each seat brings its own deck ("Decks"), and the opponent's list is secret.

- The seat's own unseen cards (its deck) are exactly its deck list (``private["deck"]``, the 51
  interchange dicts the platform holds for the seat) less every card of its own the view shows
  (hand, cards to arrange, its area cards, characters, discard, down and action-table piles).
- The opponent's unseen cards are drawn from a plausible pool: further copies of the cards the
  view has shown of the opponent (its piles, items face up, characters, the seat's looks at its
  cards, its last damage card), up to the 3 copies a deck may hold ("Decks"), together with the
  seat's own deck list. The own list fills the pool because it is the one whole deck of this
  game the seat knows: a deck built under the same rules, with the same mix of characters,
  events and items to draw on. The cards are drawn from the pool without replacement, and the
  copies stay within 3 per name while the pool allows it (then the cards the view names fill in).
- Without ``private`` (no deck list given), both are filled from the cards the view names
  (``view["cards"]``), up to 3 copies each, and beyond that as needed: a fallback that still
  gives a state the engine continues from.

**What the view does not say.** The changes with a duration that effects made
(:class:`~.state.Mod`) show in the view only through a character's maximum HP and its
prohibitions: those are made again (lasting the turn), and the others (movement, SIZE, damage
received, charge damage) are not in the drawn state. Characters get new ``uid``\\ s (the view
shows squares). A decision's effect goes on after the answer with the card and user the view
points to (the latest special, else the latest event, of the part), its later chosen targets
left without a candidate. ``seen`` (deck cards a look showed the seat) is kept for the view but
not placed: the view does not say which deck they were in or whether they are still on top.
The catalogue is made of the cards the view names and the seat's deck list, not stacked.
"""
from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict
from dataclasses import replace

from play.engine import Rng, check_seat_view
from tcg.effects.language import choices_of
from tcg.numbers import AREA_CARDS, MAX_COPIES
from tcg.vocabulary import STEPS


from .cards import Card, Catalogue, parse_card, remember
from .state import (
    ARRANGE,
    MULLIGAN,
    Char,
    EocState,
    Mod,
    Part,
    Peek,
    Pending,
    Push,
    Result,
    Slot,
    Turned,
)

VIEW_KEYS = frozenset({
    "game", "seat", "players", "rows", "cols", "sandbox", "phase", "turn", "step", "ap", "to_act", "rule", "chosen",
    "bases", "area", "characters", "hand", "hand_sizes", "deck_sizes", "discards", "downs", "action_tables",
    "defence", "pushes", "part", "mulligans", "arranged", "to_arrange", "turned", "seen", "decision", "peeks",
    "outcome", "cards",
})
"""The keys of every Elements of Chaos view (:func:`.views.build_view`)."""

#: How many catalogues of drawn states are kept (the least recently used goes first).
_KEPT = 64
_CATALOGUES: OrderedDict[tuple, Catalogue] = OrderedDict()
_LOCK = threading.Lock()


def card_of_view(data: dict) -> Card:
    """The :class:`~.cards.Card` a view's ``cards`` entry (``Card.to_json``) shows; ``ValueError``
    for an entry of another shape."""
    try:
        bonus = data["size_bonus"]
        effect = data["effect"]
        return Card(
            code=data["code"], name=data["name"], name_en=data["name_en"], type=data["type"],
            colours=tuple(data["colours"]), size=data["size"],
            bonus=None if bonus is None else (bonus["colour"], bonus["value"]),
            steps=tuple(tuple(data["action_table"][k]) for k in STEPS), hp=data["hp"],
            directions=data["directions"], movement=data["movement"],
            effect=None if effect is None else json.dumps(effect, sort_keys=True, ensure_ascii=False),
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a card of an Elements of Chaos view: {exc}") from None


_READ: OrderedDict[int, tuple[object, object]] = OrderedDict()


def _read_once(obj, read):
    """``read(obj)``, kept for as long as ``obj`` (a view's ``cards`` or a private deck list) is
    among the last few read: a search draws many states from one view, and reading 51 card
    dicts again each time would cost more than the drawing. The object is held, so its ``id``
    is not reused while kept; an object changed in place after a read is read as it was."""
    with _LOCK:
        kept = _READ.get(id(obj))
        if kept is not None and kept[0] is obj:
            _READ.move_to_end(id(obj))
            return kept[1]
    value = read(obj)
    with _LOCK:
        _READ[id(obj)] = (obj, value)
        while len(_READ) > _KEPT:
            _READ.popitem(last=False)
    return value


def _catalogue(rows: int, sandbox: bool, cards: dict[str, Card]) -> Catalogue:
    """The (kept) catalogue of ``cards``: the same object for the same cards, so the effects are
    read once per set of cards."""
    key = (rows, sandbox, tuple(sorted(cards.items())))
    with _LOCK:
        cat = _CATALOGUES.get(key)
        if cat is not None:
            _CATALOGUES.move_to_end(key)
            return cat
    cat = remember(Catalogue(rows=rows, stacked=False, cards=tuple(cards[c] for c in sorted(cards)), sandbox=sandbox))
    with _LOCK:
        _CATALOGUES[key] = cat
        while len(_CATALOGUES) > _KEPT:
            _CATALOGUES.popitem(last=False)
    return cat


def _private_deck(private) -> list[Card] | None:
    """The seat's deck list of ``private`` (``None``: not given); ``ValueError`` for another shape."""
    if private is None:
        return None
    if not isinstance(private, dict) or set(private) - {"deck"}:
        raise ValueError("private: expected {\"deck\": [cards]} or nothing")
    if "deck" not in private:
        return None
    deck = private["deck"]
    if not isinstance(deck, list):
        raise ValueError("private: the deck is a list of card dicts")
    return _read_once(deck, lambda cards: [parse_card(data, f"private.deck[{i}]") for i, data in enumerate(cards)])


def _fill(count: int, known: Counter, pools: list[list[str]], names: dict[str, str], rng: Rng) -> list[str]:
    """``count`` codes drawn from ``pools`` in turn (each shuffled by ``rng``, without
    replacement), keeping the copies of a name (with the ``known`` codes) within ``MAX_COPIES``
    while the pools allow, then beyond; then from the last pool again, at random, as often as
    needed."""
    held = Counter()
    for code, n in known.items():
        held[names[code]] += n
    out: list[str] = []
    for strict in (True, False):
        for pool in pools:
            for code in rng.shuffled(pool):
                if len(out) == count:
                    return out
                if strict and held[names[code]] >= MAX_COPIES:
                    continue
                held[names[code]] += 1
                out.append(code)
    last = sorted(pools[-1]) if pools and pools[-1] else sorted(names)
    while len(out) < count:
        out.append(rng.choice(last))
    return out


def determinize(view: dict, seat: int, rng: Rng, private: dict | None = None) -> EocState:
    """A state ``seat`` cannot tell from the real one (see the module's description).
    ``ValueError`` for a view that is not an Elements of Chaos view of ``seat``, a ``private`` of
    another shape or a card it cannot read."""
    check_seat_view(view, seat, VIEW_KEYS, "Elements of Chaos")
    if view["game"] != "eoc" or seat not in (0, 1):
        raise ValueError("not a view of Elements of Chaos")
    me, opp = seat, 1 - seat
    rows, phase = view["rows"], view["phase"]
    cards = dict(_read_once(view["cards"], lambda named: {code: card_of_view(data) for code, data in named.items()}))
    own_list = _private_deck(private)
    for card in own_list or ():
        cards.setdefault(card.code, card)
    names = {code: card.name for code, card in cards.items()}
    cat = _catalogue(rows, view["sandbox"], cards)

    # -- what the view shows, per owner ---------------------------------------------------------
    shown: list[Counter] = [Counter(), Counter()]
    for owner in (0, 1):
        for key in ("discards", "downs", "action_tables"):
            shown[owner].update(view[key][owner])
    for line in view["area"]:
        for slot in line:
            if slot is not None and slot["card"] is not None:
                shown[slot["owner"]][slot["card"]] += 1
    for ch in view["characters"]:
        shown[ch["owner"]][ch["card"]] += 1
    shown[me].update(view["hand"])
    shown[me].update(view["to_arrange"] or ())
    peeks = view["peeks"] or []
    hand_peeks = [p["card"] for p in peeks if p["from"] == "hand"][: view["hand_sizes"][opp]]
    area_peeks = {tuple(p["square"]): p["card"] for p in peeks if p["from"] == "area"}
    decision = view["decision"]
    turned = view["turned"]

    # -- the decks: fixed tops (a decision shown to the seat) and bottoms (the last damage card) --
    deck_sizes = view["deck_sizes"]
    top: list[list[str]] = [[], []]
    if decision is not None and decision["seat"] == me:
        top[decision["deck"]] = list(decision["cards"])
    own_rest = Counter()
    if own_list is not None:
        own_rest = Counter(c.code for c in own_list)
        own_rest.subtract(shown[me])
        own_rest.subtract(top[me])
        own_rest = +own_rest
    bottom: list[list[str]] = [[], []]
    if turned is not None and deck_sizes[turned["seat"]] > len(top[turned["seat"]]):
        owner, code = turned["seat"], turned["card"]
        if owner == opp or own_rest[code] > 0:
            bottom[owner] = [code]
            if owner == me:
                own_rest[code] -= 1

    # -- the seat's own deck ---------------------------------------------------------------------
    middle = deck_sizes[me] - len(top[me]) - len(bottom[me])
    if middle < 0:
        raise ValueError("the view's decision shows more cards than the deck holds")
    fallback = [code for code in sorted(cards) for _ in range(MAX_COPIES)]  # every card the view names, 3 times
    own_middle = list(rng.shuffled(list(own_rest.elements())))[:middle]
    if len(own_middle) < middle:
        known_own = shown[me] + Counter(top[me]) + Counter(bottom[me]) + Counter(own_middle)
        own_middle += _fill(middle - len(own_middle), known_own, [fallback], names, rng)
    decks: list[tuple[str, ...]] = [(), ()]
    decks[me] = tuple(top[me]) + tuple(rng.shuffled(own_middle)) + tuple(bottom[me])

    # -- the opponent's hidden cards -------------------------------------------------------------
    face_down = [(r, c) for r, line in enumerate(view["area"]) for c, slot in enumerate(line)
                 if slot is not None and slot["card"] is None]
    hidden_area = [sq for sq in face_down if sq not in area_peeks]
    hand_hidden = view["hand_sizes"][opp] - len(hand_peeks)
    arrange_hidden = AREA_CARDS if phase == ARRANGE and not view["arranged"][opp] else 0
    deck_middle = deck_sizes[opp] - len(top[opp]) - len(bottom[opp])
    if deck_middle < 0:
        raise ValueError("the view's decision shows more cards than the deck holds")
    known_opp = shown[opp] + Counter(hand_peeks) + Counter(area_peeks[sq] for sq in face_down if sq in area_peeks) \
        + Counter(top[opp]) + Counter(bottom[opp])
    extra = [code for code, n in known_opp.items() for _ in range(max(0, MAX_COPIES - n))]
    pools = [extra + [c.code for c in own_list], fallback] if own_list is not None else [fallback]
    count = hand_hidden + len(hidden_area) + arrange_hidden + deck_middle
    dealt = list(rng.shuffled(_fill(count, known_opp, pools, names, rng)))
    opp_hand = tuple(sorted(hand_peeks + dealt[:hand_hidden]))
    dealt = dealt[hand_hidden:]
    area_codes = dict(zip(hidden_area, dealt))
    dealt = dealt[len(hidden_area):]
    opp_drawn = tuple(dealt[:arrange_hidden])
    decks[opp] = tuple(top[opp]) + tuple(dealt[arrange_hidden:]) + tuple(bottom[opp])

    # -- the table -------------------------------------------------------------------------------
    area: list[Slot | None] = []
    for r, line in enumerate(view["area"]):
        for c, slot in enumerate(line):
            if slot is None:
                area.append(None)
                continue
            code = slot["card"] if slot["card"] is not None else area_peeks.get((r, c)) or area_codes[(r, c)]
            area.append(Slot(code, slot["owner"], slot["face_up"]))
    chars = tuple(Char(uid, ch["owner"], ch["card"], ch["hp"], ch["square"][0], ch["square"][1])
                  for uid, ch in enumerate(view["characters"], start=1))
    uid_at = {(ch.row, ch.col): ch.uid for ch in chars}
    hands: list[tuple[str, ...]] = [(), ()]
    hands[me], hands[opp] = tuple(view["hand"]), opp_hand
    drawn: list[tuple[str, ...]] = [(), ()]
    if phase == ARRANGE:
        drawn[me], drawn[opp] = tuple(view["to_arrange"] or ()), opp_drawn
    elif phase == MULLIGAN:
        drawn = [hands[0], hands[1]]
    part = Part()
    if view["part"] is not None:
        p = view["part"]
        part = Part(events=tuple(uid_at[tuple(sq)] for sq in p["events"]),
                    moved=tuple(uid_at[tuple(sq)] for sq in p["moved"]),
                    specials=tuple(uid_at[tuple(sq)] for sq in p["specials"]),
                    acted=p["acted"], struck=p["struck"], defended=p["defended"], manual=p["manual"])
    pushes = tuple(Push(p["seat"], 0 if p["target"] is None else uid_at[tuple(p["target"])], *p["direction"])
                   for p in view["pushes"])
    mulligans = [-1, -1]
    for s, answer in enumerate(view["mulligans"]):
        if answer is not None:
            mulligans[s] = int(answer)
        elif phase == MULLIGAN and s not in view["to_act"]:
            mulligans[s] = rng.randrange(2)  # answered, the answer hidden until both have
    setup = phase in (MULLIGAN, ARRANGE)
    ap = rng.randrange(2) if setup else view["ap"]
    to_act = view["to_act"]
    if setup:
        actor = -1
    elif decision is not None:
        actor = decision["seat"]
    elif to_act:
        actor = to_act[0]
    else:
        actor = view["part"]["seat"] if view["part"] is not None else ap
    seen: list[tuple[str, ...]] = [(), ()]
    seen[me] = tuple(view["seen"] or ())
    own_peeks: list[tuple[Peek, ...]] = [(), ()]
    own_peeks[me] = tuple(Peek(p["from"], p["card"], *(p["square"] or (-1, -1))) for p in peeks)
    outcome = view["outcome"]
    state = EocState(
        cat=cat, rng=rng.next64(), phase=phase, turn=view["turn"], ap=ap, actor=actor, step=view["step"],
        rule=view["rule"] or "", chosen=view["chosen"] or "",
        hands=(hands[0], hands[1]), decks=(decks[0], decks[1]),
        discards=tuple(tuple(p) for p in view["discards"]), downs=tuple(tuple(p) for p in view["downs"]),
        tables=tuple(tuple(p) for p in view["action_tables"]), area=tuple(area), chars=chars,
        next_uid=len(chars) + 1, defence=tuple(view["defence"]), pushes=pushes, part=part, mods=(),
        mulligans=(mulligans[0], mulligans[1]), drawn=(drawn[0], drawn[1]), arranged=tuple(view["arranged"]),
        turned=None if turned is None else Turned(turned["seat"], turned["card"], turned["damage"]),
        seen=(seen[0], seen[1]),
        result=None if outcome is None else Result(tuple(outcome["winners"]), outcome["reason"]),
        pending=None, peeks=(own_peeks[0], own_peeks[1]),
    )
    state = _with_mods(state, view["characters"])
    if decision is not None:
        state = _with_pending(state, view, decision)
    return state


def _with_mods(state: EocState, characters: list[dict]) -> EocState:
    """The changes with a duration that the view shows on each character (its ``changes``:
    public, made by events, specials and triggers), made again as they are."""
    mods = tuple(Mod(c["kind"], ch.uid, c["amount"], c["until"])
                 for ch, shown in zip(state.chars, characters) for c in shown["changes"])
    return replace(state, mods=mods) if mods else state


def _with_pending(state: EocState, view: dict, decision: dict) -> EocState:
    """The pending decision of the view: its cards (shown to the deciding seat; else the top of
    the deck they lie on), and the effect that goes on once it is answered (see the module's
    description)."""
    deciding, deck = decision["seat"], decision["deck"]
    cards = tuple(decision["cards"]) if decision["cards"] is not None else state.decks[deck][: decision["count"]]
    side = "own" if deck == deciding else "opponent"
    cat = state.cat

    def asks(code: str) -> int | None:
        for index, op in enumerate(cat.effect(code)):
            if op["op"] == "order" and op["deck"] == side and op["to"] == decision["to"]:
                return index + 1
        return None

    code, next_op, uid = None, None, 0
    part = view["part"]
    if part is not None and part["specials"]:
        square = tuple(part["specials"][-1])
        ch = next((c for c in state.chars if (c.row, c.col) == square), None)
        if ch is not None and asks(ch.code) is not None:
            code, next_op, uid = ch.code, asks(ch.code), ch.uid
    if code is None and part is not None and part["events"]:
        square = tuple(part["events"][-1])
        ch = next((c for c in state.chars if (c.row, c.col) == square), None)
        for card in state.discards[deciding]:
            if cat.card(card).type == "event" and asks(card) is not None:
                code, next_op, uid = card, asks(card), 0 if ch is None else ch.uid
                break
    if code is None:  # no card of the view asks for it: nothing runs after the answer
        code = cat.cards[0].code
        next_op = len(cat.effect(code))
    later = sum(len(choices_of(op)) for op in cat.effect(code)[next_op:])
    pending = Pending(deciding, decision["kind"], cards, deck, decision["to"], code, next_op, uid, (None,) * later)
    return replace(state, pending=pending)
