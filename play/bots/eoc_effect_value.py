"""What an event or a special ability would be worth to the Elements of Chaos heuristic bot
(docs/eoc-effects.md), judged from its seat's view alone: the card's operations are run, with the
action's chosen ``targets``, on a small copy of the characters and the area cards
(:class:`Model`), and the result is scored against the position before (:meth:`Model.value`).

The model follows the engine where the view allows: damage less the side's defence and the
damage-received changes in force on the target (a face-up item under it, the view's
``changes``), heals not above the maximum HP, moves that stop before an empty square, the area's
edge or a character, chosen targets that are still candidates when their operation runs. It runs
no item trigger.

Scores (higher is better for the bot's seat):

- ``WIN``: a move onto the opponent's base, or enough characters down to end the game (against:
  the same for the opponent);
- ``KO``: an enemy brought to 0 HP (it goes down after the STEP), or one of the bot's characters
  at 0 HP healed (it stays); against: one of its own brought to 0 HP;
- ``BLOCK``: a change of movement that lets one of its characters reach the enemy base in this
  STEP's move, or keeps an enemy off its base in the enemy's next move;
- ``PER_HP`` an HP of damage to an enemy (HP return to full at the end of the turn, so it counts
  only for the rest of the turn); an ally's HP count as much while an enemy stands next to it,
  less otherwise;
- ``PER_MOVE`` a unit of way (:meth:`.eoc_board.Board.moves_to`) won for its characters by a
  move or an area card set or removed, or lost by the enemy's by a move; a unit of the enemy's
  way lost by an area card removed counts 1 (the opponent may set a card there again);
- ``CARD`` a card of the hand set by the effect (the deck-out comes nearer), a little more for a
  character card, and for a higher SIZE;
- changes with a duration count only while the action they change can still be taken this STEP
  (half when only a later STEP of the action table offers it).

Small tie-breaks order equal scores: damage and prohibitions go first to the enemy nearest the
bot's base, then to the lowest HP; heals to the most damaged ally.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from tcg.effects.language import choices_of

from .eoc_board import FAR, GAP, Board, base, changed, distance, effect_ops, held_change

KO, WIN, BLOCK, PER_HP, PER_MOVE, CARD = 30, 1000, 500, 2, 3, 1
CAP = 3 * GAP
REACHES = -1
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass
class Unit:
    """A character of the model: where it stands and its HP now and before the effect, what it
    may not do, the changes with a duration the effect gave it ``(stat, amount, until)`` and the
    prohibitions ``(what, until)``."""

    square: tuple[int, int]
    owner: int
    card: str
    hp: int
    max_hp: int
    prohibited: set
    start: tuple[int, int]
    start_hp: int
    mods: list = field(default_factory=list)
    banned: list = field(default_factory=list)
    changes: dict = field(default_factory=dict)


def _orth(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _clamp(value: int) -> int:
    return max(-CAP, min(CAP, value))


def _square(entry):
    return tuple(entry) if isinstance(entry, list) else entry


class Model:
    """The characters and area cards of ``view`` as an effect would leave them."""

    def __init__(self, view: dict):
        self.view = view
        self.seat = view["seat"]
        self.rows, self.cols = view["rows"], view["cols"]
        self.before = Board(view)
        self.filled = set(self.before.filled)
        self.units = [Unit(tuple(ch["square"]), ch["owner"], ch["card"], ch["hp"], ch.get("max_hp", ch["hp"]),
                           set(ch.get("prohibited", ())), tuple(ch["square"]), ch["hp"],
                           changes={stat: changed(ch, stat) for stat in ("movement", "damage_taken")})
                      for ch in view["characters"]]
        self.added: set = set()
        self.removed: set = set()
        self.spent: list[str] = []
        self.winner: int | None = None

    # -- running ---------------------------------------------------------------------------------------
    def at(self, square) -> Unit | None:
        for u in self.units:
            if u.square == square:
                return u
        return None

    def run(self, code: str, by, targets) -> Model:
        """Run card ``code``'s operations with the character on ``by`` as the user and the
        chosen ``targets`` (as in the action); returns the model."""
        user = self.at(tuple(by))
        picked = [_square(t) for t in (targets or [])]
        for op in effect_ops(self.view["cards"][code]):
            if self.winner is not None or user is None:
                break
            count = len(choices_of(op))
            mine, picked = picked[:count], picked[count:]
            getattr(self, "_" + op["op"], _nothing)(op, user, mine)
        return self

    def candidates(self, name: str, user: Unit) -> list[Unit]:
        """The candidates of a chosen target, as the engine has them."""
        seat = self.seat
        if name in ("ally", "adjacent_ally"):
            return [u for u in self.units if u.owner == seat and (
                name == "ally" or (u is not user and _orth(u.square, user.square) == 1))]
        found = [u for u in self.units if u.owner != seat and (
            name != "adjacent_enemy" or _orth(u.square, user.square) == 1)]
        if name == "nearest_enemy" and found:
            near = min(_orth(u.square, user.square) for u in found)
            found = [u for u in found if _orth(u.square, user.square) == near]
        return found

    def targets(self, name: str, user: Unit, mine) -> list[Unit]:
        seat = self.seat
        if name in ("nearest_enemy", "ally", "enemy", "adjacent_ally", "adjacent_enemy"):
            if not mine or mine[0] is None:
                return []
            u = self.at(mine[0])
            return [u] if u is not None and u in self.candidates(name, user) else []
        if name == "self":
            return [user]
        if name == "all":
            return list(self.units)
        if name == "allies":
            return [u for u in self.units if u.owner == seat]
        if name == "enemies":
            return [u for u in self.units if u.owner != seat]
        ally = name == "adjacent_allies"
        return [u for u in self.units
                if (u.owner == seat) == ally and u is not user and _orth(u.square, user.square) == 1]

    def _damage_taken(self, u: Unit) -> int:
        return held_change(self.view, u.square, u.owner, "damage_taken") + u.changes["damage_taken"] + sum(
            a for stat, a, _ in u.mods if stat == "damage_taken")

    def _damage(self, op, user, mine):
        for u in self.targets(op["target"], user, mine):
            amount = max(0, op["amount"] - self.view["defence"][u.owner] + self._damage_taken(u))
            u.hp = max(0, u.hp - amount)

    def _heal(self, op, user, mine):
        for u in self.targets(op["target"], user, mine):
            u.hp = min(u.max_hp, u.hp + op["amount"])

    def _modify(self, op, user, mine):
        for u in self.targets(op["target"], user, mine):
            u.mods.append((op["stat"], op["amount"], op.get("until", "turn")))
            if op["stat"] == "max_hp":
                top = max(0, u.max_hp + op["amount"])
                u.hp = min(top, u.hp + max(0, top - u.max_hp))
                u.max_hp = top

    def _prohibit(self, op, user, mine):
        for u in self.targets(op["target"], user, mine):
            if op["what"] not in u.prohibited:
                u.prohibited.add(op["what"])
                u.banned.append((op["what"], op.get("until", "turn")))

    def _move(self, op, user, mine):
        for u in self.targets(op["target"], user, mine):
            if u.owner != self.seat and op["direction"] != "forward" and "be_pushed" in u.prohibited:
                continue
            forward = 1 if u.owner == 0 else -1
            if op["direction"] == "forward":
                dr, dc = forward, 0
            elif op["direction"] == "back":
                dr, dc = -forward, 0
            elif u is user or (user.square[0] != u.square[0] and user.square[1] != u.square[1]):
                continue
            else:
                sign = lambda v: (v > 0) - (v < 0)  # noqa: E731
                dr, dc = sign(u.square[0] - user.square[0]), sign(u.square[1] - user.square[1])
            r, c = u.square
            for _ in range(op["distance"]):
                nr, nc = r + dr, c + dc
                if not (0 <= nr < self.rows and 0 <= nc < self.cols) or (nr, nc) not in self.filled \
                        or self.at((nr, nc)) is not None:
                    break
                r, c = nr, nc
            u.square = (r, c)
            if (r, c) == base(self.view, 1 - u.owner) and (r, c) != u.start:
                self.winner = u.owner
                return

    def _remove_area(self, op, user, mine):
        r = user.square[0] + (0 if op["square"] == "user" else (1 if user.owner == 0 else -1))
        square = (r, user.square[1])
        if square in self.filled:
            self.filled.discard(square)
            self.removed.add(square)

    def _set_from_hand(self, op, user, mine):
        square, code = (mine + [None, None])[:2]
        if square is None or code is None or square in self.filled or _orth(square, user.square) != 1:
            return
        self.filled.add(square)
        self.added.add(square)
        self.spent.append(code)

    # -- scoring ---------------------------------------------------------------------------------------
    def value(self) -> float:
        """The score of the model against the view's position (see the module's description)."""
        seat = self.seat
        if self.winner is not None:
            return WIN if self.winner == seat else -WIN
        view = self.view
        after = Board(view, extra=self.added, removed=self.removed)
        start_occupied = {u.start for u in self.units}
        occupied = {u.square for u in self.units}
        total = 0.0
        downs = {0: 0, 1: 0}
        for u in self.units:
            mine = u.owner == seat
            sign = 1 if mine else -1
            if u.start_hp > 0 and u.hp == 0:
                downs[u.owner] += 1
                total -= sign * KO
            elif u.start_hp == 0 and u.hp > 0:
                total += sign * KO
            elif u.hp != u.start_hp:
                change = u.hp - u.start_hp
                if mine:
                    total += change * (PER_HP if self.threatened(u) else 0.5)
                    total += 0.01 * (u.max_hp - u.start_hp) if change > 0 else 0
                else:
                    total -= change * PER_HP
            if not mine and (u.hp < u.start_hp or u.banned or u.mods):
                way = distance(view, self.before, u.start, _char(u), start_occupied)
                total += 0.01 * (CAP - min(way, CAP)) + 0.001 * (20 - min(u.start_hp, 20))
            if u.square != u.start:
                was = distance(view, self.before, u.start, _char(u), start_occupied)
                now = distance(view, after, u.square, _char(u), occupied)
                total += sign * PER_MOVE * _clamp(was - now)
            for stat, amount, until in u.mods:
                total += self._mod_value(u, stat, amount, until)
            for what, until in u.banned:
                total += self._ban_value(u, what, until)
        for side in (0, 1):
            if downs[side] and len(view["downs"][side]) + downs[side] >= 4:
                total += WIN if side != seat else -WIN
        if self.added or self.removed:
            for side in (0, 1):
                units = [u for u in self.units if u.owner == side]
                was = min((distance(view, self.before, u.square, _char(u), occupied) for u in units), default=FAR)
                now = min((distance(view, after, u.square, _char(u), occupied) for u in units), default=FAR)
                gain = _clamp(was - now) if min(was, now) < FAR else 0
                total += PER_MOVE * gain if side == seat else -gain
        for code in self.spent:
            card = view["cards"][code]
            total -= CARD + 0.5 * (card["type"] == "character") + 0.01 * card["size"]
        return total

    def threatened(self, u: Unit) -> bool:
        """Whether a character of the other side stands orthogonally next to ``u``."""
        return any(o.owner != u.owner and _orth(o.square, u.square) == 1 for o in self.units)

    def relevance(self, u: Unit, action: str, until: str) -> float:
        """How much a change lasting ``until`` to ``u`` matters for ``action``: 1 when ``u``'s side
        may still take it this STEP, 0.5 when only a later STEP of this turn's action table
        offers it (and the change lasts the turn), else 0."""
        view, seat = self.view, self.seat
        part = view.get("part")
        if view.get("chosen") == action and part is not None:
            if u.owner == seat and part["seat"] == seat:
                if action == "move":
                    now = list(u.start) not in part["moved"]
                elif action in ("attack", "charge"):
                    now = not part["struck"]
                else:
                    now = list(u.start) not in part["specials"]
            else:
                now = u.owner != seat and part["seat"] == seat and view.get("ap") == seat
            if now:
                return 1.0
        if until != "turn" or not view.get("rule"):
            return 0.0
        table = view["cards"][view["rule"]]["action_table"]
        later = any(action in table[f"step{k}"] for k in range((view.get("step") or 0) + 1, 4))
        return 0.5 if later else 0.0

    def _power(self, u: Unit, extra: int = 0) -> int:
        if "move" in u.prohibited:
            return 0
        change = u.changes["movement"] + sum(a for stat, a, _ in u.mods if stat == "movement")
        return max(0, self.view["cards"][u.card]["movement"] + held_change(self.view, u.square, u.owner, "movement")
                   + change + extra)

    def _after_move(self, u: Unit, power: int) -> int:
        """The least way left to ``u`` after one move of ``power`` (or staying); ``REACHES`` when
        the move can end on the opponent's free base."""
        board = Board(self.view, extra=self.added, removed=self.removed)
        occupied = {o.square for o in self.units}
        squares = [u.square] + board.reach(u.square, self.view["cards"][u.card]["directions"], power,
                                           blockers=occupied - {u.square})
        if base(self.view, 1 - u.owner) in squares[1:]:
            return REACHES
        return min(distance(self.view, board, s, _char(u), occupied) for s in squares)

    def _movement_value(self, u: Unit, before: int, after: int, until: str) -> float:
        rel = self.relevance(u, "move", until)
        if not rel or before == after:
            return 0.0
        sign = 1 if u.owner == self.seat else -1
        was, now = self._after_move(u, before), self._after_move(u, after)
        if (was == REACHES) != (now == REACHES):
            return rel * sign * (BLOCK if now == REACHES else -BLOCK)
        if REACHES in (was, now):
            return 0.0
        return rel * sign * PER_MOVE * _clamp(was - now)

    def _mod_value(self, u: Unit, stat: str, amount: int, until: str) -> float:
        sign = 1 if u.owner == self.seat else -1
        if stat == "movement":
            return self._movement_value(u, self._power(u, -amount), self._power(u), until)
        if stat in ("size", "charge_damage"):
            if not self.threatened(u):
                return 0.0
            return sign * amount * PER_HP * self.relevance(u, "attack" if stat == "size" else "charge", until)
        if stat == "damage_taken":
            return -sign * amount * PER_HP * (1 if self.threatened(u) else 0.25)
        return 0.0

    def _ban_value(self, u: Unit, what: str, until: str) -> float:
        sign = 1 if u.owner == self.seat else -1
        if what == "move":
            u.prohibited.discard("move")
            power = self._power(u)
            u.prohibited.add("move")
            return self._movement_value(u, power, 0, until)
        if what == "special":
            if not effect_ops(self.view["cards"][u.card]):
                return 0.0
            return -sign * PER_HP * self.relevance(u, "special", until)
        return sign * (1.0 if self.threatened(u) else 0.0)


def _char(u: Unit) -> dict:
    return {"card": u.card, "owner": u.owner}


def _nothing(op, user, mine):
    """Operations that change nothing the bot scores: looks, reorders, an order (answered later)."""


def use_value(view: dict, code: str, by, targets) -> float:
    """The score of using card ``code`` (an event, or the special of the character on ``by``) by
    the character on ``by`` with ``targets`` in the position of ``view``."""
    return Model(view).run(code, by, targets).value()


def choice_lists(view: dict, code: str, by) -> list[list]:
    """What the character on ``by`` could choose for each choice of ``code``'s effect, as the
    engine offers it (docs/eoc-effects.md, "Chosen targets"): squares as lists, hand codes, or
    ``[None]``."""
    model = Model(view)
    user = model.at(tuple(by))
    seat = view["seat"]
    lists: list[list] = []
    for op in effect_ops(view["cards"][code]):
        kinds = choices_of(op)
        if kinds == ("square", "hand"):
            squares = sorted(
                [user.square[0] + dr, user.square[1] + dc] for dr, dc in ORTHOGONAL
                if 0 <= user.square[0] + dr < model.rows and 0 <= user.square[1] + dc < model.cols
                and view["area"][user.square[0] + dr][user.square[1] + dc] is None)
            cards = sorted(set(view["hand"] or []))
            lists += [squares, cards] if squares and cards else [[None], [None]]
        elif kinds == ("face_down",):
            lists.append([[r, c] for r, line in enumerate(view["area"]) for c, s in enumerate(line)
                          if s is not None and not s["face_up"] and s["owner"] != seat] or [None])
        elif kinds:
            lists.append(sorted(list(u.square) for u in model.candidates(op["target"], user)) or [None])
    return lists


def best_special(view: dict, by) -> float:
    """The best score of the special of the character on ``by`` over every choice of targets, as
    if this STEP's action were ``special`` and the bot's part about to begin."""
    ch = next(c for c in view["characters"] if c["square"] == list(by))
    if not effect_ops(view["cards"][ch["card"]]):
        return 0.0
    seat = view["seat"]
    hypothetical = {**view, "chosen": "special", "part": {
        "seat": seat, "acted": False, "struck": False, "defended": False, "manual": False,
        "events": [], "moved": [], "specials": []}, "ap": seat if view.get("ap") is None else view["ap"]}
    lists = choice_lists(hypothetical, ch["card"], by)
    combos = [list(c) for c in product(*lists)] if lists else [None]
    return max(use_value(hypothetical, ch["card"], by, combo) for combo in combos)
