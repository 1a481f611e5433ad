"""Properties of the Elements of Chaos engine over random playouts with the sample decks
(hypothesis) that only Elements of Chaos has; the protocol's properties (exact legal actions,
refusals that change nothing, dump/load, replay, no leak through shown moves) are checked over
the same kind of matches by ``test_protocol_conformance.py`` with :data:`PROFILE`.

The decks, seed, options (stacked or shuffled, rows, first player, sandbox play) and the choices
of the playout vary. Half the matches give every card an effect of the language (events,
specials, items), so the properties hold with effects running; half are played with decks of
one-of-a-kind cards (every copy its own code), so that a card named where it stays hidden cannot
pass for a visible copy; sandbox matches mix sandbox moves (hand to face down, to a deck, to the
other hand, ...) into the rules' actions. At every step:

- no leak (elements-of-chaos.md, "Hidden information"): a seat's view is the same when
  everything it may not know is changed: the opponent's hand, both decks' order, the opponent's
  face-down area cards, and the opponent's mulligan answer until both have answered;
- sandbox actions are listed to a seat exactly when they are open to it ("Sandbox play"), and a
  seat not to act has those only.
"""
from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Rng
from play.games import GAMES
from play.games.eoc import sandbox
from play.games.eoc.decklists import sample_deck, sample_deck_names
from play.games.eoc.state import ARRANGE, MULLIGAN, COLS
from tcg.numbers import DECK_SIZE
from tests.conftest import FIXTURES_DIR
from tests.play.playouts import Profile, checked_playout

GAME = GAMES["eoc"]
NAMES = sample_deck_names()
DECKS = {name: sample_deck(name) for name in NAMES}


EVENT_EFFECTS = [
    {"op": "damage", "amount": 2, "target": "nearest_enemy"},
    {"op": "damage", "amount": 1, "target": "adjacent_enemy"},
    [{"op": "order", "count": 3, "deck": "own", "to": "bottom"}, {"op": "heal", "amount": 1, "target": "ally"}],
    {"op": "peek_hand", "count": 2},
    {"op": "peek_area"},
    {"op": "set_from_hand"},
    {"op": "prohibit", "what": "move", "target": "enemy", "until": "turn"},
    {"op": "order", "count": 2, "deck": "opponent", "to": "top"},
    {"op": "heal", "amount": 1, "target": "allies"},
    {"op": "modify", "stat": "movement", "amount": 1, "target": "self", "until": "step"},
    [{"op": "look", "count": 2, "deck": "own"}, {"op": "reorder", "count": 2, "deck": "own", "to": "reverse"}],
    {"op": "move", "target": "self", "distance": 1, "direction": "forward"},
    {"op": "remove_area", "square": "front"},
    {"op": "modify", "stat": "size", "amount": 1, "target": "allies", "until": "turn"},
]
SPECIALS = [
    {"op": "damage", "amount": 1, "target": "adjacent_enemies"},
    {"op": "heal", "amount": 1, "target": "adjacent_allies"},
    {"op": "reorder", "count": 1, "deck": "opponent", "to": "bottom"},
    {"op": "move", "target": "nearest_enemy", "distance": 1, "direction": "back"},
    {"op": "heal", "amount": 2, "target": "ally"},
    {"op": "modify", "stat": "max_hp", "amount": -1, "target": "adjacent_enemy", "until": "turn"},
]
ITEMS = [
    {"op": "modify", "stat": "damage_taken", "amount": -1, "target": "holder"},
    {"op": "modify", "stat": "movement", "amount": -1, "target": "holder_enemy"},
    {"op": "modify", "stat": "size", "amount": 1, "target": "holder_ally"},
    {"op": "prohibit", "what": "be_charged", "target": "holder_ally"},
    {"op": "prohibit", "what": "be_pushed", "target": "holder"},
    {"op": "modify", "stat": "max_hp", "amount": 1, "target": "holder_ally"},
    {"op": "modify", "stat": "charge_damage", "amount": 1, "target": "holder"},
    {"op": "trigger", "when": "after_step", "do": [{"op": "damage", "amount": 1, "target": "around_enemies"}]},
    {"op": "trigger", "when": "stop", "do": [{"op": "prohibit", "what": "move", "target": "holder",
                                              "until": "turn"}]},
    {"op": "trigger", "when": "end_of_turn", "do": [{"op": "heal", "amount": 1, "target": "holder_ally"}]},
]


def with_effects(cards: list[dict]) -> list[dict]:
    """The deck with an effect of the language on every card, by code (copies alike)."""
    out = []
    for data in cards:
        n = int(data["code"].split("-")[1])
        pool = {"event": EVENT_EFFECTS, "character": SPECIALS, "item": ITEMS}[data["type"]]
        out.append({**data, "effect": pool[n % len(pool)]})
    return out


EFFECT_DECKS = {name: with_effects(cards) for name, cards in DECKS.items()}


def every_sample_card() -> dict[str, list[dict]]:
    """Two decks that hold every card of the sample catalogue between them (each card once or
    twice, the first 15 of each half twice), with the catalogue's own effects."""
    cards = json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text(encoding="utf-8"))["cards"]
    half = len(cards) // 2
    a, b = cards[:half], cards[half:]
    return {"EVERY-A": a + a[: DECK_SIZE - len(a)], "EVERY-B": b + b[: DECK_SIZE - len(b)]}


SAMPLE_CARD_DECKS = every_sample_card()
SANDBOX_MOVES = 40
"""At most this many sandbox moves in a playout, so that it still ends."""


def one_of_a_kind(cards: list[dict], seat: int) -> list[dict]:
    """The deck with every copy its own card: code ``SMP-<seat+1><nn>`` and a name of its own."""
    return [{**data, "code": f"SMP-{seat + 1}{i + 1:02d}", "name": f"{data['name']} #{seat + 1}{i + 1:02d}"}
            for i, data in enumerate(cards)]


@st.composite
def matches(draw):
    d0, d1 = draw(st.sampled_from(NAMES)), draw(st.sampled_from(NAMES))
    pool = draw(st.sampled_from([EFFECT_DECKS, DECKS, SAMPLE_CARD_DECKS]))
    if pool is SAMPLE_CARD_DECKS:
        d0, d1 = draw(st.permutations(sorted(SAMPLE_CARD_DECKS)))
    decks = [pool[d0], pool[d1]]
    if draw(st.booleans()):
        decks = [one_of_a_kind(deck, seat) for seat, deck in enumerate(decks)]
    options = {"decks": decks}
    if draw(st.booleans()):
        options["sandbox"] = True
    if draw(st.booleans()):
        options["stacked"] = True
    if draw(st.booleans()):
        options["rows"] = 5
    first = draw(st.sampled_from([None, 0, 1]))
    if first is not None:
        options["first_player"] = first
    return 2, draw(st.integers(-(2**63), 2**64)), options, draw(st.integers(0, 2**32)), []


def universe(state, seat: int, legal: list[dict], rng: Rng) -> list:
    """Candidate actions for ``seat``: every action shape with codes and squares from the
    position, mutated legal actions, and junk."""
    codes = sorted(set(state.hands[0] + state.hands[1]))[:6] or ["SMP-001"]
    rows = state.cat.rows
    squares = [[rng.randrange(-1, rows + 1), rng.randrange(-1, COLS + 1)] for _ in range(3)]
    squares += [[ch.row, ch.col] for ch in state.chars]
    code = rng.choice(codes)
    other = 1 - seat
    out = [
        {"type": sandbox.MOVE, "from": {"zone": "hand", "seat": other, "card": code},
         "to": {"zone": "discard", "seat": seat}},
        {"type": sandbox.MOVE, "from": {"zone": "deck", "seat": other},
         "to": {"zone": "character", "square": squares[0]}},
        {"type": sandbox.MOVE, "from": {"zone": "area", "square": rng.choice(squares)},
         "to": {"zone": "area", "square": rng.choice(squares)}},
        {"type": sandbox.MOVE, "from": {"zone": "down", "seat": seat}, "to": {"zone": "hand", "seat": 2}},
        {"type": sandbox.HP, "square": rng.choice(squares), "hp": rng.randrange(-1, 9)},
        {"type": sandbox.HP, "square": rng.choice(squares), "hp": "1"},
        {"type": "mulligan", "take": True}, {"type": "mulligan", "take": False},
        {"type": "arrange", "order": [rng.choice(codes) for _ in range(4)]},
        {"type": "place_character", "card": code}, {"type": "skip"}, {"type": "done"}, {"type": "defend"},
        {"type": "set", "card": code, "square": rng.choice(squares)},
        {"type": "action_table", "card": code},
        {"type": "choose", "action": rng.choice(["move", "attack", "defend", "charge", "special", "fly"])},
        {"type": "event", "card": code, "by": rng.choice(squares)},
        {"type": "move", "from": rng.choice(squares), "to": rng.choice(squares)},
        {"type": "attack", "by": rng.choice(squares), "target": rng.choice(squares)},
        {"type": "charge", "by": rng.choice(squares), "target": rng.choice(squares)},
        {"type": "special", "by": rng.choice(squares)},
        {"type": "special", "by": rng.choice(squares), "targets": [rng.choice(squares)]},
        {"type": "event", "card": code, "by": rng.choice(squares), "targets": [rng.choice(squares), code]},
        {"type": "event", "card": code, "by": rng.choice(squares), "targets": "x"},
        {"type": "order", "cards": [code]}, {"type": "order", "cards": "x"}, {"type": "order"},
        None, 3, "done", {"type": "done", "extra": 1}, {"type": "move", "from": [0, 0]},
        {"type": "set", "card": code, "square": [0, "1"]}, {"type": "mulligan", "take": "yes"},
    ]
    for action in legal[:3] + [a for a in legal if "targets" in a or a["type"] == "order"][:3]:
        if "targets" in action:
            out.append({**action, "targets": action["targets"] + [None]})
            out.append({**action, "targets": [[9, 9]] * len(action["targets"])})
        if action["type"] == "order":
            out.append({"type": "order", "cards": action["cards"][:-1]})
        for field in ("card", "square", "by", "to", "target", "order"):
            if field in action:
                bad = dict(action)
                bad[field] = [9, 9] if field != "card" and field != "order" else "SMP-999"
                out.append(bad)
    return out


def perturbed(state, seat: int, rng: Rng):
    """``state`` with everything hidden from ``seat`` changed (elements-of-chaos.md, "Hidden
    information")."""
    other = 1 - seat
    codes = sorted({c.code for c in state.cat.cards})
    fake_hand = tuple(sorted(rng.choice(codes) for _ in state.hands[other]))
    hands = (state.hands[0], fake_hand) if other == 1 else (fake_hand, state.hands[1])
    decks = tuple(rng.shuffled(d) for d in state.decks)
    area = tuple(
        replace(s, code=rng.choice(codes)) if s is not None and s.owner == other and not s.face_up else s
        for s in state.area
    )
    mulligans = state.mulligans
    if -1 in mulligans and mulligans[other] >= 0:
        mulligans = tuple(1 - m if s == other else m for s, m in enumerate(mulligans))
    drawn = state.drawn
    if state.phase in (MULLIGAN, ARRANGE):
        fake = tuple(rng.choice(codes) for _ in drawn[other])
        drawn = (drawn[0], fake) if other == 1 else (fake, drawn[1])
    return replace(state, hands=hands, decks=decks, area=area, mulligans=mulligans, drawn=drawn,
                   rng=rng.next64())


def named_codes(value, state) -> set[str]:
    """The cards a view or an action names: every string in it that is a card code of the match
    (of a view's ``cards``, the records of the cards it names, only the codes)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            records = item.get("cards")
            if isinstance(records, dict):
                found.update(records)
                item = {k: v for k, v in item.items() if k != "cards"}
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return {code for code in found if state.cat.has(code)}


def choose(state, rng: Rng, sandbox_moves: int) -> tuple[int, dict]:
    """A random move: a seat to act and one of its rules' actions; in a sandbox match, now and
    then (while fewer than ``SANDBOX_MOVES`` were made) a sandbox move of either seat instead,
    and always when the seat to act has no rules' action left."""
    if sandbox_moves < SANDBOX_MOVES and rng.random() < 0.3:
        seat = rng.randrange(2)
        changes = [a for a in GAME.legal_actions(state, seat) if a["type"] in sandbox.TYPES]
        moves = [a for a in changes if a["type"] == sandbox.MOVE]
        if changes:
            hand = [a for a in moves if a["from"]["zone"] == "hand"]
            return seat, rng.choice(hand if hand and rng.random() < 0.6 else changes)
    acting = GAME.to_act(state)
    seat = acting[rng.randrange(len(acting))]
    legal = GAME.legal_actions(state, seat)
    rules = [a for a in legal if a["type"] not in sandbox.TYPES]
    # a seat that moved every card out of its hand has no action table to lay (A turn, 4): in a
    # sandbox match it can only change things until a card is back in its hand
    return seat, (rules or legal)[rng.randrange(len(rules or legal))]


def choose_move(game, state, rng: Rng, step: int, memo: dict) -> tuple[int, dict]:
    """:func:`choose`, counting the sandbox moves of the playout in ``memo``."""
    seat, action = choose(state, rng, memo.get("sandbox_moves", 0))
    memo["sandbox_moves"] = memo.get("sandbox_moves", 0) + (action["type"] in sandbox.TYPES)
    return seat, action


def to_apply(state, seat: int, legal: list, step: int, rng: Rng) -> list:
    """Every eighth step, every rules' action listed and 20 of the sandbox ones at random."""
    if step % 8:
        return []
    changes = [a for a in legal if a["type"] in sandbox.TYPES]
    rules = [a for a in legal if a["type"] not in sandbox.TYPES]
    return rules + [rng.choice(changes) for _ in range(20 if changes else 0)]


PROFILE = Profile(
    slug="eoc", matches=matches(), universe=universe, named_cards=named_codes, probes=[{"type": "done"}],
    rng=lambda state: state.rng, limit=3000, max_examples=12, choose=choose_move,
    exhaustive=lambda state, step, rng: step % 4 == 0, to_apply=to_apply, moves_change_state=False,
)
"""Elements of Chaos for the protocol's conformance test: the universe of every action shape
around the position is tried every fourth step, the listed actions applied every eighth (a
sandbox move may leave the state as it was: a card put back on its own pile)."""


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_views_hide_what_a_seat_may_not_know_and_sandbox_actions_follow_their_rule(match):
    players, seed, options, choice_seed, _junk = match
    rng = Rng.from_seed(choice_seed)
    memo: dict = {}

    def check(state, step):
        acting = GAME.to_act(state)
        for seat in (0, 1):
            legal = GAME.legal_actions(state, seat)
            changes = [a for a in legal if a["type"] in sandbox.TYPES]
            assert bool(changes) == sandbox.is_open(state, seat)
            assert bool(legal) == (seat in acting or bool(changes))
            if seat not in acting:
                assert changes == legal
            assert GAME.view(perturbed(state, seat, rng), seat) == GAME.view(state, seat)

    state, _log = checked_playout(GAME, players, seed, options, lambda s: choose_move(GAME, s, rng, 0, memo), check,
                                  limit=3000)
    assert GAME.to_act(state) == []
