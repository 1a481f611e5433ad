"""What the Elements of Chaos heuristic bot reads off the area of its view (elements-of-chaos.md,
"The area", "A turn" 5 move): which squares hold an area card, who stands where, how far a
character is from where it heads for, and where one move takes it. Squares are ``(row, col)``
tuples here; the view's lists are turned into tuples on the way in."""
from __future__ import annotations

import functools
import heapq

from tcg.vocabulary import DIRECTION_VECTORS as VECTORS

FAR = 999
GAP = 3
WAYS_KEPT = 1 << 16
"""Ways :meth:`Board.moves_to` remembers."""

Square = tuple[int, int]


class Board:
    """The area of a view: which squares hold an area card, who stands where. ``extra`` squares
    count as holding an area card and ``removed`` ones as empty (a card still to be set, or one
    an effect would remove)."""

    def __init__(self, view: dict, extra=(), removed=()):
        self.rows, self.cols = view["rows"], view["cols"]
        filled = {(r, c) for r, line in enumerate(view["area"]) for c, s in enumerate(line) if s is not None}
        filled.update(extra)
        filled.difference_update(removed)
        self.filled = frozenset(filled)
        self.chars = {tuple(ch["square"]): ch for ch in view["characters"]}

    def on_area(self, square: Square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols

    def moves_to(self, start: Square, goals, directions: str, power: int) -> int:
        """The cost of the cheapest way from ``start`` to the nearest of ``goals`` for a mover of
        ``directions`` and ``power``: 1 a move, plus ``GAP`` for every square without an area card
        it would need (cards still to be set); characters are ignored, they move too. ``FAR``
        when no goal can be reached (a power of 0 moves nowhere). Remembered for the last
        ``WAYS_KEPT`` questions (a search asks the same ones over and over)."""
        return _moves_to(self.rows, self.cols, self.filled, start, frozenset(goals), directions, power)

    def reach(self, start: Square, directions: str, power: int, blockers=None) -> list[Square]:
        """The squares one move takes a character on ``start`` to: in a straight line of its
        ``directions``, 1 up to ``power`` squares, over area cards only, never across another
        character (``blockers``: the occupied squares, the board's characters by default)."""
        taken = set(self.chars) if blockers is None else set(blockers)
        out = []
        for dr, dc in VECTORS[directions]:
            r, c = start
            for _ in range(max(power, 0)):
                r, c = r + dr, c + dc
                if not self.on_area((r, c)) or (r, c) not in self.filled or (r, c) in taken:
                    break
                out.append((r, c))
        return out


@functools.lru_cache(maxsize=WAYS_KEPT)
def _moves_to(rows: int, cols: int, filled: frozenset, start: Square, goals: frozenset, directions: str,
              power: int) -> int:
    """Board.moves_to, remembered."""
    if start in goals:
        return 0
    if power <= 0:
        return FAR
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, pos = heapq.heappop(heap)
        if pos in goals:
            return cost
        if cost > best.get(pos, FAR):
            continue
        for dr, dc in VECTORS[directions]:
            r, c = pos
            gaps = 0
            for _ in range(power):
                r, c = r + dr, c + dc
                if not (0 <= r < rows and 0 <= c < cols):
                    break
                gaps += (r, c) not in filled
                step = cost + 1 + GAP * gaps
                if step < best.get((r, c), FAR):
                    best[(r, c)] = step
                    heapq.heappush(heap, (step, (r, c)))
    return FAR


def base(view: dict, seat: int) -> Square:
    """Seat ``seat``'s base."""
    return tuple(view["bases"][seat])


def goals(view: dict, seat: int, squares=None) -> list[Square]:
    """Where seat ``seat``'s characters head for: the opponent's base, or, while a character
    stands on it, the squares orthogonally next to it (to attack the blocker). ``squares``: the
    occupied squares, the view's by default."""
    target = base(view, 1 - seat)
    occupied = {tuple(ch["square"]) for ch in view["characters"]} if squares is None else squares
    if target not in occupied:
        return [target]
    r, c = target
    return [(r + dr, c + dc) for dr, dc in VECTORS["orthogonal"]
            if 0 <= r + dr < view["rows"] and 0 <= c + dc < view["cols"]]


def held_change(view: dict, square: Square, owner: int, stat: str) -> int:
    """The change the face-up item on ``square`` makes to ``stat`` of a character of ``owner``
    standing there (docs/eoc-effects.md: ``holder``, ``holder_ally``, ``holder_enemy``)."""
    slot = view["area"][square[0]][square[1]]
    if slot is None or not slot["face_up"] or slot["card"] is None:
        return 0
    total = 0
    for op in effect_ops(view["cards"][slot["card"]]):
        if op["op"] != "modify" or op.get("stat") != stat:
            continue
        target = op["target"]
        if target == "holder" or (target == "holder_ally") == (owner == slot["owner"]):
            total += op["amount"]
    return total


def changed(ch: dict, stat: str) -> int:
    """The changes with a duration in force on a character for ``stat`` (the view's
    ``changes``)."""
    return sum(c["amount"] for c in ch.get("changes", ()) if c["kind"] == stat)


def power(view: dict, ch: dict, square: Square | None = None) -> int:
    """A character's movement power as the view shows it: its card's, changed by the face-up item
    on ``square`` (where it stands by default) and the changes with a duration in force, ``0``
    when it may not move."""
    if "move" in ch.get("prohibited", ()):
        return 0
    square = tuple(ch["square"]) if square is None else square
    return max(0, view["cards"][ch["card"]]["movement"] + held_change(view, square, ch["owner"], "movement")
               + changed(ch, "movement"))


def effect_ops(card: dict) -> list[dict]:
    """A card's effect as a list of operations (``[]`` for a vanilla or ``manual`` card)."""
    effect = card.get("effect")
    if effect is None or effect == "manual":
        return []
    return [effect] if isinstance(effect, dict) else list(effect)


def distance(view: dict, board: Board, square: Square, ch: dict, occupied=None) -> int:
    """The cost of the cheapest way of character ``ch`` (standing on ``square``) to where its
    side heads for (:func:`goals`)."""
    card = view["cards"][ch["card"]]
    return board.moves_to(square, goals(view, ch["owner"], occupied), card["directions"], card["movement"])


def threat(view: dict, board: Board, seat: int, occupied=None) -> int:
    """How near seat ``seat``'s opponents are to its base: the least :func:`distance` of their
    characters (``FAR`` without any)."""
    foes = [ch for ch in view["characters"] if ch["owner"] != seat]
    return min((distance(view, board, tuple(ch["square"]), ch, occupied) for ch in foes), default=FAR)
