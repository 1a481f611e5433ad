"""The ``heuristic`` bot for Completto: rules of thumb over what its seat sees (completto.md).

The bot judges its own row by its **segments**: the runs of face-down tiles between two face-up
tiles (or a row's end). A segment of ``s`` face-down tiles whose face-up neighbours leave ``a``
values that can still come (values not face up in any row; an upside-down tile gives both its
readings) costs ``s² / a``: one face-down tile among many values is easy to fill, many tiles among
few values are hard, and more tiles than values (``s > a``) can never be filled without a move,
so that costs far more. The row's cost is the sum over its segments.

- **Set-up:** insert the drawn tile where the row's cost drops most, which spreads the face-down
  tiles in proportion to the values between the face-up ones.
- **Holding a tile:** place it where the cost drops most, counting an extra turn (a neighbour one
  lower or higher, completto.md "A turn") as worth one more turn (the better of a face-down
  take's expected gain and the best move's gain); return it when no place lowers the cost.
- **A turn's start:** take the face-up pool tile with the best placement, or a face-down one
  when its expected gain (over every tile the bot cannot see, each as likely) is higher; or move
  a face-down tile from a crowded segment to a sparse one when that gains more than either.

Measured (seeded 3-player games, the bot in each seat in turn): it wins all of 600 games
against two random bots (``make bench``), and 92% of 300 against two bots that always take a
face-down tile and place it within two places of its proportional spot (99% with three of
them; parity is 33% and 25%). Variants (no bonus or a triple bonus for an extra turn, a margin
before moving, cost exponents 1.5 to 3 instead of 2) all scored 29–33% against two copies of
this one over 300 games: none is better.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate
from typing import NamedTuple

from play.games.completto import HIGH, LOW, READINGS, TILES, UPSIDE_DOWN

INFEASIBLE = 50.0
"""The cost of each face-down tile a segment holds beyond the values that can still fill it."""


COMPLETES = 1000.0
"""The gain added for placing a row's last face-down tile: the game is won (completto.md, "End")."""


def segment_cost(slots: int, values: int) -> float:
    """The cost of a segment of ``slots`` face-down tiles that ``values`` values can still fill:
    ``slots² / values``, plus :data:`INFEASIBLE` per tile too many."""
    if slots == 0:
        return 0.0
    if values < slots:
        return INFEASIBLE * (slots - values) + slots
    return slots * slots / values


class Segment(NamedTuple):
    """Face-down tiles at indices ``start .. start + slots - 1`` of the row, between the
    face-up values ``low`` and ``high`` (0 and 101 at the row's ends)."""

    low: int
    high: int
    start: int
    slots: int


def joins(segment: Segment, value: int, left: int) -> bool:
    """Whether ``value`` placed with ``left`` of ``segment``'s face-down tiles to its left stands
    next to a face-up neighbour one lower or one higher: an extra turn (completto.md, "A turn")."""
    return (left == 0 and segment.low == value - 1) or (left == segment.slots - 1 and segment.high == value + 1)


class RowModel:
    """What the bot knows of its own row and of the tiles that may still come, from its view
    (completto.md, "Hidden information")."""

    def __init__(self, view: dict):
        seat = view["seat"]
        gone = set()
        for row, upside in zip(view["rows"], view["upside_down"]):
            for v in row:
                if v is not None:
                    gone.add(UPSIDE_DOWN[v] if v in upside else v)
        self.obtainable = [t for t in TILES if t not in gone]
        seen = set(view["pool"])
        seen.add(view["held"])
        self.hidden = [t for t in self.obtainable if t not in seen]  # ascending, as TILES
        available = [0] * (HIGH + 1)
        for t in self.obtainable:
            for r in READINGS[t]:
                available[r] = 1
        self.count_to = list(accumulate(available))  # count_to[v]: available values <= v
        self.row = row = view["rows"][seat]
        segments: list[Segment] = []
        segment_at: list[int] = []  # per index and per gap: the segment it belongs to
        low, start = LOW, 0
        for i, v in enumerate(row):
            segment_at.append(len(segments))
            if v is not None:
                segments.append(Segment(low, v, start, i - start))
                low, start = v, i + 1
        segment_at.append(len(segments))
        segments.append(Segment(low, HIGH, start, len(row) - start))
        self.segments, self.segment_at = segments, segment_at
        self.highs = [s.low for s in segments[1:]]  # the face-up values, ascending
        self.face_down = len(row) - len(segments) + 1

    def values_between(self, low: int, high: int) -> int:
        """How many values strictly between ``low`` and ``high`` can still come."""
        return self.count_to[high - 1] - self.count_to[low] if high - 1 >= low else 0

    def cost(self, segment: Segment) -> float:
        return segment_cost(segment.slots, self.values_between(segment.low, segment.high))

    def total_cost(self) -> float:
        """The row's cost: the sum of its segments' costs."""
        return sum(self.cost(s) for s in self.segments)

    def segment_of(self, value: int) -> Segment:
        """The segment whose bounds enclose ``value`` (a value no face-up tile shows)."""
        return self.segments[bisect_left(self.highs, value)]

    def split_gain(self, segment: Segment, value: int, left: int, placed: bool) -> float:
        """How much the cost drops when ``value`` turns up in ``segment`` with ``left`` of its
        face-down tiles to its left: ``placed`` replaces a face-down tile (a turn's place),
        otherwise a tile is added between them (set-up)."""
        right = segment.slots - left - (1 if placed else 0)
        after = segment_cost(left, self.values_between(segment.low, value)) + segment_cost(
            right, self.values_between(value, segment.high))
        return self.cost(segment) - after

    def place_gain(self, value: int, index: int, extra_bonus: float) -> float:
        """The gain of placing ``value`` on the face-down tile at ``index``, with ``extra_bonus``
        for an extra turn and a win's worth for the row's last face-down tile."""
        segment = self.segments[self.segment_at[index]]
        left = index - segment.start
        gain = self.split_gain(segment, value, left, placed=True)
        if self.face_down == 1:
            return gain + COMPLETES
        if joins(segment, value, left):
            gain += extra_bonus
        return gain

    def best_place_gain(self, tile: int, extra_bonus: float) -> float:
        """The best gain of placing ``tile`` (either reading) on a face-down tile, or ``0`` when
        returning it is better: :meth:`place_gain` over every face-down tile of the segment each
        reading falls in, with the segment's cost and its two sides' counts of values worked out
        once a reading rather than once a place (this runs for every unseen tile of every
        heuristic turn, the strong bot's playouts included)."""
        best = 0.0
        last = self.face_down == 1
        for value in READINGS[tile]:
            if value in self.highs:
                continue
            segment = self.segment_of(value)
            slots = segment.slots
            whole = self.cost(segment)
            below = self.values_between(segment.low, value)
            above = self.values_between(value, segment.high)
            for left in range(slots):
                gain = whole - (segment_cost(left, below) + segment_cost(slots - 1 - left, above))
                if last:
                    gain = gain + COMPLETES
                elif joins(segment, value, left):
                    gain += extra_bonus
                if gain > best:
                    best = gain
        return best

    def expected_face_down_gain(self) -> float:
        """The expected gain of taking a face-down tile: each tile the bot cannot see is as
        likely (completto.md, "A turn": which face-down tile comes is random). The mean of
        :meth:`best_place_gain` (without an extra turn's bonus) over the unseen tiles, each
        reading's best place found by :meth:`_best_splits`."""
        hidden = self.hidden
        if not hidden:
            return 0.0
        gains = self._best_splits({value for t in hidden for value in READINGS[t]})
        total = 0
        for tile in hidden:
            best = 0.0
            for value in READINGS[tile]:
                gain = gains.get(value)
                if gain is not None and gain > best:
                    best = gain
            total += best
        return total / len(hidden)

    def _best_splits(self, values: set[int]) -> dict[int, float]:
        """The best gain of placing each of ``values`` on a face-down tile of its segment
        (:meth:`place_gain` without a bonus), by value; a value a face-up tile shows, or whose
        segment has no face-down tile, is left out. The cost after the place,
        ``segment_cost(left, below) + segment_cost(slots - 1 - left, above)``, is convex in
        ``left`` (``segment_cost`` is convex in its slots) and its lowest point moves right as
        the value grows (more values below, fewer above), so one pointer walks each segment's
        places once for all its values, where trying every place for every value costs a place
        times a value."""
        gains: dict[int, float] = {}
        last = self.face_down == 1
        ordered = sorted(values)
        k = 0
        for segment in self.segments:
            slots, low, high = segment.slots, segment.low, segment.high
            while k < len(ordered) and ordered[k] <= low:
                k += 1
            if not slots:
                continue
            whole = self.cost(segment)
            left = 0
            while k < len(ordered) and ordered[k] < high:
                value = ordered[k]
                k += 1
                below = self.values_between(low, value)
                above = self.values_between(value, high)
                after = segment_cost(left, below) + segment_cost(slots - 1 - left, above)
                while left + 1 < slots:
                    further = segment_cost(left + 1, below) + segment_cost(slots - 2 - left, above)
                    if further > after:
                        break
                    left, after = left + 1, further
                gain = whole - after
                gains[value] = gain + COMPLETES if last else gain
        return gains

    def best_move(self) -> tuple[float, int, int] | None:
        """``(gain, from, to)`` of the best move of a face-down tile from one segment to
        another (completto.md, "A turn", B), or ``None`` when the row has no two segments. Each
        segment's cost with a tile fewer and a tile more is worked out once, not once a pair."""
        segments = self.segments
        costs, fewer, more = [], [], []
        for segment in segments:
            values = self.values_between(segment.low, segment.high)
            costs.append(segment_cost(segment.slots, values))
            fewer.append(segment_cost(segment.slots - 1, values) if segment.slots else 0.0)
            more.append(segment_cost(segment.slots + 1, values))
        best = None
        for x, source in enumerate(segments):
            if not source.slots:
                continue
            lose = costs[x] - fewer[x]
            start = source.start
            for y, target in enumerate(segments):
                if y == x:
                    continue
                gain = lose + costs[y] - more[y]
                if best is None or gain > best[0]:
                    # the tile lands just right of the target's left face-up tile (or at index 0)
                    left_tile = target.start - 1
                    to = left_tile + 1 if left_tile < start else left_tile
                    best = (gain, start, to)
        return best


class ComplettoHeuristic:
    """``choose(view, legal)`` for a Completto seat. Deterministic: ``seed`` is taken for the
    common bot factory signature only. ``extra_bonus`` scales the worth of an extra turn (in
    turns); ``move_margin`` is how much a move must gain beyond the best take."""

    def __init__(self, seed: int, *, extra_bonus: float = 1.0, move_margin: float = 0.0):
        self.extra_bonus = extra_bonus
        self.move_margin = move_margin

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One of ``legal`` (``ValueError`` when it is empty), from the seat's view."""
        if not legal:
            raise ValueError("no legal action to choose from")
        model = RowModel(view)
        phase = view["phase"]
        if phase == "insert":
            return max(legal, key=lambda a: self._insert_gain(model, a))
        if phase == "hold":
            bonus = self.extra_bonus * self._turn_worth(model, model.expected_face_down_gain())
            best, best_gain = None, 0.0
            for action in legal:
                if action["type"] == "place":
                    gain = model.place_gain(action["value"], action["index"], bonus)
                    if gain > best_gain:
                        best, best_gain = action, gain
            return best or next(a for a in legal if a["type"] == "return")
        return self._start_turn(model, legal)

    @staticmethod
    def _insert_gain(model: RowModel, action: dict) -> float:
        position, value = action["position"], action["value"]
        segment = model.segments[model.segment_at[position]]
        return model.split_gain(segment, value, position - segment.start, placed=False)

    @staticmethod
    def _turn_worth(model: RowModel, down: float) -> float:
        """What one more turn is worth: a face-down take's expected gain or the best move's."""
        move = model.best_move()
        return max(down, 0.0 if move is None else move[0])

    def _start_turn(self, model: RowModel, legal: list[dict]) -> dict:
        down = model.expected_face_down_gain()
        bonus = self.extra_bonus * self._turn_worth(model, down)
        choice, best = None, -1.0
        for action in legal:
            if action["type"] == "take":
                tile = action.get("tile")
                gain = down if tile is None else model.best_place_gain(tile, bonus)
                if gain > best:
                    choice, best = action, gain
        move = model.best_move()
        if move is not None and move[0] > max(best, 0.0) + self.move_margin:
            wanted = {"type": "move", "from": move[1], "to": move[2]}
            if wanted in legal:
                return wanted
        if choice is None:  # no tile to take at all: the best move there is
            return next(a for a in legal if a["type"] == "move")
        return choice
