"""The ``heuristic`` bot for Elements of Chaos: rules of thumb over what its seat sees
(elements-of-chaos.md). It plays a race to the opponent's base:

- **Set-up:** keeps a hand holding a character, else takes the mulligan; arranges in any order.
- **Character:** always puts a character on its base when it may, the most mobile first
  (``any`` directions, then movement power).
- **Card set:** lays a card only where it shortens the way of its characters (or of its base,
  before it has any) to the opponent's base, counted in moves over area cards; otherwise skips,
  which keeps the deck from running out. It gives up non-character cards first.
- **Action table:** the card whose three STEPs offer the best actions for the position.
- **STEPs:** chooses, and then takes, the action worth most now: a move onto the enemy base, an
  attack or charge on an adjacent enemy, a move that brings a character closer, a defence. It
  uses no events or specials (a vanilla card's do nothing, and a spent card brings the deck-out
  nearer).
"""
from __future__ import annotations

import heapq

from tcg.vocabulary import DIRECTION_VECTORS as VECTORS
from tcg.vocabulary import STEPS

FAR = 999
GAP = 3


class Board:
    """The area of a view: which squares hold an area card, who stands where."""

    def __init__(self, view: dict, extra: tuple[int, int] | None = None):
        self.rows, self.cols = view["rows"], view["cols"]
        self.cards = view["cards"]
        self.filled = {(r, c) for r, line in enumerate(view["area"]) for c, s in enumerate(line) if s is not None}
        if extra is not None:
            self.filled.add(extra)
        self.chars = {tuple(ch["square"]): ch for ch in view["characters"]}

    def moves_to(self, start: tuple[int, int], goal: tuple[int, int], directions: str, power: int) -> int:
        """The cost of the cheapest way from ``start`` to ``goal`` for a mover of ``directions``
        and ``power``: 1 a move, plus ``GAP`` for every square without an area card it would
        need (cards still to be set); characters are ignored, they move too."""
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            cost, pos = heapq.heappop(heap)
            if pos == goal:
                return cost
            if cost > best.get(pos, FAR):
                continue
            for dr, dc in VECTORS[directions]:
                r, c = pos
                gaps = 0
                for _ in range(max(power, 1)):
                    r, c = r + dr, c + dc
                    if not (0 <= r < self.rows and 0 <= c < self.cols):
                        break
                    gaps += (r, c) not in self.filled
                    step = cost + 1 + GAP * gaps
                    if step < best.get((r, c), FAR):
                        best[(r, c)] = step
                        heapq.heappush(heap, (step, (r, c)))
        return FAR


class EocHeuristic:
    """``choose(view, legal)`` for an Elements of Chaos seat. Deterministic: ``seed`` is taken for
    the common bot factory signature only."""

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` for the seat's ``view``. ``ValueError`` when ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        action = self._pick(view, legal)
        return action if action in legal else legal[-1]

    def _pick(self, view: dict, legal: list[dict]) -> dict:
        kind = legal[0]["type"]
        if kind == "mulligan":
            has_char = any(view["cards"][c]["type"] == "character" for c in view["hand"])
            return {"type": "mulligan", "take": not has_char}
        if kind == "arrange":
            return legal[0]
        kinds = {a["type"] for a in legal}
        if "place_character" in kinds:
            return max((a for a in legal if a["type"] == "place_character"),
                       key=lambda a: self._mobility(view["cards"][a["card"]]))
        if "set" in kinds:
            return self._set(view, legal)
        if kinds == {"skip"}:
            return legal[0]
        if kind == "action_table":
            return max(legal, key=lambda a: (self._table_value(view, a["card"]), a["card"]))
        if kind == "choose":
            return max(legal, key=lambda a: self._action_value(view, a["action"]))
        return self._part(view, legal)

    # -- valuation ---------------------------------------------------------------------------------
    @staticmethod
    def _mobility(card: dict) -> tuple:
        return (card["directions"] == "any", card["movement"], card["hp"])

    @staticmethod
    def _mine(view: dict) -> list[dict]:
        return [ch for ch in view["characters"] if ch["owner"] == view["seat"]]

    @staticmethod
    def _goals(view: dict) -> list[tuple[int, int]]:
        """Where the seat's characters head for: the enemy base, or, while a character stands on
        it, the squares orthogonally next to it (to attack the blocker)."""
        base = tuple(view["bases"][1 - view["seat"]])
        if not any(tuple(ch["square"]) == base for ch in view["characters"]):
            return [base]
        r, c = base
        return [(r + dr, c + dc) for dr, dc in VECTORS["orthogonal"]
                if 0 <= r + dr < view["rows"] and 0 <= c + dc < view["cols"]]

    def _char_distance(self, view: dict, board: Board, square: tuple[int, int], code: str) -> int:
        card = view["cards"][code]
        return min(board.moves_to(square, goal, card["directions"], card["movement"]) for goal in self._goals(view))

    def _distance(self, view: dict, board: Board) -> int:
        """The cost of the cheapest way of any of the seat's characters to its goals (from its own
        base, as an ``any`` mover of power 1, when it has no character yet)."""
        seat = view["seat"]
        mine = self._mine(view)
        if not mine:
            start = tuple(view["bases"][seat])
            return min(board.moves_to(start, goal, "any", 1) for goal in self._goals(view))
        return min(self._char_distance(view, board, tuple(ch["square"]), ch["card"]) for ch in mine)

    def _set(self, view: dict, legal: list[dict]) -> dict:
        sets = [a for a in legal if a["type"] == "set"]
        if not sets:
            return {"type": "skip"}
        now = self._distance(view, Board(view))
        best_square, best = None, now
        for square in {tuple(a["square"]) for a in sets}:
            r, c = square
            if view["area"][r][c] is not None:
                continue
            d = self._distance(view, Board(view, extra=square))
            if d < best:
                best_square, best = square, d
        if best_square is None:
            return {"type": "skip"}
        spare = [a for a in sets if tuple(a["square"]) == best_square]
        return min(spare, key=lambda a: (view["cards"][a["card"]]["type"] == "character", a["card"]))

    def _table_value(self, view: dict, code: str) -> int:
        table = view["cards"][code]["action_table"]
        return sum(max(self._action_value(view, a) for a in table[step]) for step in STEPS)

    def _action_value(self, view: dict, action: str) -> int:
        mine = self._mine(view)
        if not mine:
            return 1 if action == "defend" else 0
        board = Board(view)
        if action == "move":
            d = self._distance(view, board)
            if d == 0:
                return 0
            free = self._goals(view) == [tuple(view["bases"][1 - view["seat"]])]
            return 100 if d == 1 and free else (6 if d < GAP else 2)
        if action in ("attack", "charge"):
            adjacent = any(
                abs(e["square"][0] - m["square"][0]) + abs(e["square"][1] - m["square"][1]) == 1
                for m in mine for e in view["characters"] if e["owner"] != view["seat"]
            )
            return (8 if action == "attack" else 5) if adjacent else 0
        if action == "defend":
            return 1
        return 0

    def _part(self, view: dict, legal: list[dict]) -> dict:
        seat = view["seat"]
        goal = view["bases"][1 - seat]
        moves = [a for a in legal if a["type"] == "move"]
        for a in moves:
            if a["to"] == goal:
                return a
        if moves:
            board = Board(view)
            best, gain = None, 0
            for a in moves:
                ch = board.chars[tuple(a["from"])]
                before = self._char_distance(view, board, tuple(a["from"]), ch["card"])
                after = self._char_distance(view, board, tuple(a["to"]), ch["card"])
                if before - after > gain:
                    best, gain = a, before - after
            if best is not None:
                return best
        strikes = [a for a in legal if a["type"] in ("attack", "charge")]
        if strikes:
            hp = {tuple(ch["square"]): ch["hp"] for ch in view["characters"]}
            return min(strikes, key=lambda a: hp[tuple(a["target"])])
        for a in legal:
            if a["type"] == "defend":
                return a
        return {"type": "done"}
