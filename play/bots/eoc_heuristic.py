"""The ``heuristic`` bot for Elements of Chaos: rules of thumb over what its seat sees
(elements-of-chaos.md, docs/eoc-effects.md). It plays a race to the opponent's base:

- **Set-up:** keeps a hand holding a character, else takes the mulligan; arranges in any order.
- **Character:** always puts a character on its base when it may, the most mobile first
  (``any`` directions, then movement power).
- **Card set:** lays a card only where it shortens the way of its characters (or of its base,
  before it has any) to the opponent's base, counted in moves over area cards (the most, then
  nearest them); otherwise skips, which keeps the deck from running out. It gives up
  non-character cards first.
- **Action table:** the card whose three STEPs offer the best actions for the position.
- **STEPs:** chooses, and then takes, the action worth most now: a move onto the enemy base, an
  attack or charge on an adjacent enemy, a special that does some good, a move that brings a
  character closer, a defence. It does not choose ``move`` while an enemy could then step onto
  its base (unless, as the active player, it steps onto the enemy's first), takes no move that
  would open its base to an enemy's next move, and steps back onto an open base when it can.
- **Events and specials** are scored by :mod:`.eoc_effect_value` for each legal choice of targets
  (damage that brings an enemy down first, then the enemy nearest its base or with the lowest
  HP; heals on the most damaged ally; movement changes and prohibitions where they speed its own
  characters or stop the enemy nearest its base; a card set from hand where it shortens the
  way). A special costs nothing: it is used when its score is not negative (a look does no
  harm; a vanilla special is left alone). An event spends a card, which brings the deck-out
  nearer: it is used only when its score reaches ``EVENT_COST``.
- **Order decision:** its own deck's cards it wants soonest first (characters while it has few
  at hand, then the highest SIZE, which an attack turns over); the opponent's worst cards first,
  so that its best lie deepest.
"""
from __future__ import annotations

from tcg.vocabulary import STEPS

from .eoc_board import GAP, Board, effect_ops, goals, power
from .eoc_board import distance as way
from .eoc_effect_value import best_special, use_value

EVENT_COST = 5


class EocHeuristic:
    """``choose(view, legal)`` for an Elements of Chaos seat. Deterministic: ``seed`` is taken for
    the common bot factory signature only."""

    def __init__(self, seed: int):
        self.seed = seed
        self._specials: float | None = None

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` for the seat's ``view``. ``ValueError`` when ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        self._specials = None
        action = self._pick(view, legal)
        return action if action in legal else legal[-1]

    def _pick(self, view: dict, legal: list[dict]) -> dict:
        kind = legal[0]["type"]
        if kind == "order":
            return self._order(view)
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

    # -- the order decision ------------------------------------------------------------------------
    def _order(self, view: dict) -> dict:
        """The decision's cards in order (docs/eoc-effects.md, "Decisions"): of its own deck, the
        cards it wants soonest first, so on top, or nearest the top of the rest when they go
        under the deck; of the opponent's deck, the worst first, so that the best lie deepest."""
        decision = view["decision"]
        cards = view["cards"]
        own = decision["deck"] == view["seat"]
        mine = sum(ch["owner"] == view["seat"] for ch in view["characters"])
        at_hand = sum(cards[c]["type"] == "character" for c in view["hand"] or [])
        want_characters = own and mine + at_hand < 3

        def worth(code: str) -> tuple:
            card = cards[code]
            return (want_characters and card["type"] == "character", card["type"] == "character", card["size"])

        ordered = sorted(decision["cards"], key=lambda c: (worth(c), c), reverse=own)
        return {"type": "order", "cards": ordered}

    # -- valuation ---------------------------------------------------------------------------------
    @staticmethod
    def _mobility(card: dict) -> tuple:
        return (card["directions"] == "any", card["movement"], card["hp"])

    @staticmethod
    def _mine(view: dict) -> list[dict]:
        return [ch for ch in view["characters"] if ch["owner"] == view["seat"]]

    @staticmethod
    def _goals(view: dict) -> list[tuple[int, int]]:
        """Where the seat's characters head for (:func:`.eoc_board.goals`)."""
        return goals(view, view["seat"])

    @staticmethod
    def _char_distance(view: dict, board: Board, square: tuple[int, int], code: str) -> int:
        return way(view, board, square, {"card": code, "owner": view["seat"]})

    def _distance(self, view: dict, board: Board) -> int:
        """The cost of the cheapest way of any of the seat's characters to its goals (from its own
        base, as an ``any`` mover of power 1, when it has no character yet)."""
        seat = view["seat"]
        mine = self._mine(view)
        if not mine:
            return board.moves_to(tuple(view["bases"][seat]), self._goals(view), "any", 1)
        return min(self._char_distance(view, board, tuple(ch["square"]), ch["card"]) for ch in mine)

    def _set(self, view: dict, legal: list[dict]) -> dict:
        sets = [a for a in legal if a["type"] == "set"]
        if not sets:
            return {"type": "skip"}
        now = self._distance(view, Board(view))
        starts = [tuple(ch["square"]) for ch in self._mine(view)] or [tuple(view["bases"][view["seat"]])]
        best_square, best = None, (now, 0)
        for square in sorted({tuple(a["square"]) for a in sets}):
            r, c = square
            if view["area"][r][c] is not None:
                continue
            d = self._distance(view, Board(view, extra=[square]))
            near = min(abs(r - s[0]) + abs(c - s[1]) for s in starts)
            if d < now and (d, near) < best:
                best_square, best = square, (d, near)
        if best_square is None:
            return {"type": "skip"}
        spare = [a for a in sets if tuple(a["square"]) == best_square]
        return min(spare, key=lambda a: (view["cards"][a["card"]]["type"] == "character", a["card"]))

    def _table_value(self, view: dict, code: str) -> float:
        table = view["cards"][code]["action_table"]
        return sum(max(self._action_value(view, a) for a in table[step]) for step in STEPS)

    def _special_value(self, view: dict) -> float:
        """What the seat's specials are worth this STEP: the sum of each character's best
        non-negative score, at most 60 (two enemies brought down); computed once a choice."""
        if self._specials is None:
            total = sum(max(0.0, best_special(view, ch["square"])) for ch in self._mine(view)
                        if "special" not in ch["prohibited"])
            self._specials = min(total, 60.0)
        return self._specials

    def _action_value(self, view: dict, action: str) -> float:
        mine = self._mine(view)
        if not mine:
            return 1 if action == "defend" else 0
        board = Board(view)
        if action == "move":
            d = self._distance(view, board)
            if d == 0:
                return 0
            free = self._goals(view) == [tuple(view["bases"][1 - view["seat"]])]
            if d == 1 and free and view["ap"] == view["seat"]:
                return 100
            if self._exposed(view, board):
                return -50
            return 100 if d == 1 and free else (6 if d < GAP else 2)
        if action in ("attack", "charge"):
            adjacent = any(
                abs(e["square"][0] - m["square"][0]) + abs(e["square"][1] - m["square"][1]) == 1
                for m in mine for e in view["characters"] if e["owner"] != view["seat"]
            )
            return (8 if action == "attack" else 5) if adjacent else 0
        if action == "defend":
            return 1
        if action == "special":
            return self._special_value(view)
        return 0

    @staticmethod
    def _exposed(view: dict, board: Board, leaving=None, arriving=None) -> bool:
        """Whether an enemy character could end one move on the seat's base, once the seat's
        character on ``leaving`` has moved to ``arriving``."""
        home = tuple(view["bases"][view["seat"]])
        occupied = (set(board.chars) - {leaving}) | ({arriving} if arriving else set())
        if home in occupied:
            return False
        return any(home in board.reach(tuple(ch["square"]), view["cards"][ch["card"]]["directions"], power(view, ch),
                                       blockers=occupied - {tuple(ch["square"])})
                   for ch in view["characters"] if ch["owner"] != view["seat"])

    # -- a part of a STEP --------------------------------------------------------------------------
    def _part(self, view: dict, legal: list[dict]) -> dict:
        seat = view["seat"]
        goal = view["bases"][1 - seat]
        moves = [a for a in legal if a["type"] == "move"]
        for a in moves:
            if a["to"] == goal:
                return a
        events = [a for a in legal if a["type"] == "event"]
        if events:
            scored = [(use_value(view, a["card"], a["by"], a.get("targets")), a) for a in events]
            score, best = max(scored, key=lambda pair: pair[0])
            if score >= EVENT_COST:
                return best
        specials = [a for a in legal if a["type"] == "special"]
        if specials:
            code = {tuple(ch["square"]): ch["card"] for ch in view["characters"]}
            scored = [(use_value(view, code[tuple(a["by"])], a["by"], a.get("targets")), a) for a in specials]
            score, best = max(scored, key=lambda pair: pair[0])
            if score > 0 or (score == 0 and effect_ops(view["cards"][code[tuple(best["by"])]])):
                return best
        if moves:
            board = Board(view)
            exposed = self._exposed(view, board)
            if exposed:
                for a in moves:
                    if a["to"] == view["bases"][seat]:
                        return a
            best, gain = None, 0
            for a in moves:
                if not exposed and self._exposed(view, board, tuple(a["from"]), tuple(a["to"])):
                    continue
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
