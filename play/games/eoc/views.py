"""What each seat may see (elements-of-chaos.md, "Hidden information").

Public: the area (a face-down area card shows only its owner), characters and their HP, face-up
items, action tables, discard and down piles, hand and deck sizes, the last damage card turned.
Each seat also sees its own hand, the faces of its own face-down area cards, its own cards still
to arrange, deck cards an effect showed it, the cards of a decision asked of it and the hidden
cards a look showed it (docs/eoc-effects.md, "Looks at hidden cards"). Nobody sees a deck's
order. A mulligan answer is hidden from the other seat until both have answered, and the first
active player until set-up ends.
"""
from __future__ import annotations

from . import modifiers
from .area import base_of, char_by_uid
from .legal import to_act
from .state import ARRANGE, COLS, MULLIGAN, PART, EocState


def build_view(state: EocState, seat: int | None) -> dict:
    """The view of ``seat`` (``None``: a spectator), JSON-safe::

        {"game": "eoc", "seat", "players": 2, "rows", "cols": 4, "sandbox": bool, "phase", "turn", "step",
         "ap" (None during set-up), "to_act": [seats], "rule": code | None, "chosen": action | None,
         "bases": [[r, c] per seat],
         "area": [[None | {"owner", "face_up", "card": code | None} per column] per row],
         "characters": [{"square", "owner", "card", "hp", "max_hp" (in force), "prohibited": [W],
                         "changes": [{"kind", "amount", "until"}] (made by events and specials, public)}],
         "hand": [codes] | None, "hand_sizes", "deck_sizes", "discards", "downs",
         "action_tables" (newest first), "defence", "pushes": [{"seat", "target", "direction"}],
         "part": None | {"seat", "acted", "struck", "defended", "manual", "events", "moved", "specials"},
         "mulligans": [True | False | None per seat], "arranged", "to_arrange": [codes] | None,
         "turned": None | {"seat", "card", "damage"}, "seen": [codes] | None,
         "decision": None | {"seat", "kind": "order", "count", "deck", "to", "cards": [codes] | None},
         "peeks": [{"card", "from": "hand" | "area", "square": [r, c] | None}] | None,
         "outcome": None | {"scores", "winners", "reason"},
         "cards": {code: card} for every card named in the view}
    """
    cat = state.cat
    rows = cat.rows
    setup = state.phase in (MULLIGAN, ARRANGE)
    codes: set[str] = set()
    area = []
    for r in range(rows):
        line = []
        for c in range(COLS):
            slot = state.area[r * COLS + c]
            if slot is None:
                line.append(None)
                continue
            shown = slot.face_up or slot.owner == seat
            if shown:
                codes.add(slot.code)
            line.append({"owner": slot.owner, "face_up": slot.face_up, "card": slot.code if shown else None})
        area.append(line)
    characters = []
    for ch in state.chars:
        codes.add(ch.code)
        characters.append({"square": [ch.row, ch.col], "owner": ch.owner, "card": ch.code, "hp": ch.hp,
                           "max_hp": modifiers.max_hp(state, ch),
                           "prohibited": sorted(modifiers.prohibited(state, ch)),
                           "changes": [{"kind": m.kind, "amount": m.amount, "until": m.until}
                                       for m in state.mods if m.uid == ch.uid]})
    for pile in state.discards + state.downs + state.tables:
        codes.update(pile)
    hand = None if seat is None else list(state.hands[seat])
    to_arrange = list(state.drawn[seat]) if seat is not None and state.phase == ARRANGE else None
    seen = None if seat is None else list(state.seen[seat])
    decision = None
    pending = state.pending
    if pending is not None:
        mine = pending.seat == seat
        decision = {"seat": pending.seat, "kind": pending.kind, "count": len(pending.cards), "deck": pending.deck,
                    "to": pending.to, "cards": list(pending.cards) if mine else None}
    peeks = None
    if seat is not None:
        peeks = [{"card": p.code, "from": p.source, "square": None if p.source == "hand" else [p.row, p.col]}
                 for p in modifiers.peeks_in_force(state, seat)]
        codes.update(p["card"] for p in peeks)
    for own in (hand, to_arrange, seen, decision and decision["cards"]):
        if own:
            codes.update(own)
    if state.turned is not None:
        codes.add(state.turned.code)
    if state.rule:
        codes.add(state.rule)
    answered = -1 not in state.mulligans
    mulligans = [
        None if m < 0 or not (answered or s == seat) else bool(m) for s, m in enumerate(state.mulligans)
    ]
    pushes = []
    for p in state.pushes:
        target = char_by_uid(state, p.uid)
        pushes.append({"seat": p.seat, "target": None if target is None else [target.row, target.col],
                       "direction": [p.dr, p.dc]})
    part = None
    if state.phase == PART:
        where = {ch.uid: [ch.row, ch.col] for ch in state.chars}
        pt = state.part
        part = {"seat": state.actor, "acted": pt.acted, "struck": pt.struck, "defended": pt.defended,
                "manual": pt.manual,
                "events": [where[u] for u in pt.events if u in where],
                "moved": [where[u] for u in pt.moved if u in where],
                "specials": [where[u] for u in pt.specials if u in where]}
    result = state.result
    return {
        "game": "eoc", "seat": seat, "players": 2, "rows": rows, "cols": COLS, "sandbox": state.cat.sandbox,
        "phase": state.phase, "turn": state.turn, "step": state.step,
        "ap": None if setup else state.ap, "to_act": to_act(state),
        "rule": state.rule or None, "chosen": state.chosen or None,
        "bases": [list(base_of(0, rows)), list(base_of(1, rows))],
        "area": area, "characters": characters,
        "hand": hand, "hand_sizes": [len(h) for h in state.hands], "deck_sizes": [len(d) for d in state.decks],
        "discards": [list(p) for p in state.discards], "downs": [list(p) for p in state.downs],
        "action_tables": [list(p) for p in state.tables], "defence": list(state.defence),
        "pushes": pushes, "part": part, "mulligans": mulligans, "arranged": list(state.arranged),
        "to_arrange": to_arrange,
        "turned": None if state.turned is None else {
            "seat": state.turned.seat, "card": state.turned.code, "damage": state.turned.damage},
        "seen": seen, "decision": decision, "peeks": peeks,
        "outcome": None if result is None else {
            "scores": [int(s in result.winners) for s in (0, 1)], "winners": list(result.winners),
            "reason": result.reason},
        "cards": {code: cat.card(code).to_json() for code in sorted(codes)},
    }
