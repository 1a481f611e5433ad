"""Completto (Heinz Meister, Schmidt Spiele 2015; Japanese edition for 2–6): the ``completto``
engine. The contract is the rules page completto.md; each rule below names its section.

Tiles are ints ``1``..``100`` (completto.md, "Components"). A row is a tuple, left to right, of
ints: a face-up tile is the value it shows (its reading, positive), a face-down tile is its
printed number negated, so ``row[i] < 0`` means face down. Which face-up tiles of a row show an
upside-down tile is kept beside the row (``upside``), by the value shown.

Actions (completto.md, "Actions (API)"): ``{"type": "insert", "position": k, "value": v}`` in
set-up; ``{"type": "take", "tile": t}``, ``{"type": "take"}``, then ``{"type": "place",
"index": i, "value": v}`` or ``{"type": "return"}``; ``{"type": "move", "from": i, "to": j}``.
Options (declared in :data:`SPEC`): ``first_player`` (default 0), ``games`` (a series, 1..100,
default 1), ``max_turns`` (1..1,000,000, default 1000) and ``pool`` (a stacked deal),
completto.md "End" and "Stacked deals".

The action dicts returned by :meth:`Completto.legal_actions` are built once and shared between
calls (a turn can offer over 350 of them; building them anew would cost more than the rest of a
step): read them, send them, give them back to ``apply``, but never change them.

The state is split for speed like L.A.M.A.'s: :class:`ComplettoState` holds what changes on
every step and points to a :class:`Series` of what lasts between games.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from dataclasses import dataclass, replace

from play.engine import (
    JSON_TYPES,
    BaseGame,
    GameSpec,
    Option,
    Outcome,
    Rng,
    acting,
    action_type,
    bad_option,
    check_cards,
    check_seat_view,
    check_viewer,
    either,
    from_json,
    game_over,
    is_seat,
    is_turn,
    malformed,
    not_your_turn,
    replace_at,
    rule,
    seat_order,
    shown,
    split_cards,
    to_json,
    unseen_cards,
)
from play.engine.spec import DATA, INT, SEAT
from tcg.message import gettext_noop

TILES = tuple(range(1, 101))
"""The 100 tiles, by printed number (completto.md, "Components")."""
TILE_COUNTS = Counter(TILES)

FLIPS = {6: 9, 16: 91, 18: 81, 19: 61, 66: 99, 68: 89, 86: 98}
UPSIDE_DOWN = {**FLIPS, **{b: a for a, b in FLIPS.items()}}
"""The fourteen tiles that read as another number turned 180°, both ways (completto.md,
"Upside-down tiles"): ``UPSIDE_DOWN[6] == 9`` and ``UPSIDE_DOWN[9] == 6``."""

READINGS: dict[int, tuple[int, ...]] = {
    t: tuple(sorted((t, UPSIDE_DOWN[t]))) if t in UPSIDE_DOWN else (t,) for t in TILES
}
"""The values each tile may show face up, ascending: ``READINGS[16] == (16, 91)``,
``READINGS[69] == (69,)`` (completto.md, "Upside-down tiles")."""

ROW_SIZES = {2: (17, 5), 3: (17, 5), 4: (17, 5), 5: (14, 4), 6: (11, 4)}
"""Per player count: ``(face-down tiles, face-up tiles)`` of a row (completto.md, "Rows")."""

MAX_GAMES = 100
MAX_TURNS = 1_000_000

SPEC = GameSpec(
    slug="completto",
    names={"en": "Completto", "ja": "コンプレット"},
    min_players=2,
    max_players=6,
    options=(
        Option("first_player", SEAT, default=0),
        Option("games", INT, default=1, low=1, high=MAX_GAMES, on_form=True,
               label=gettext_noop("Games in the series"),
               help=gettext_noop("1 plays a single game; more add up the minus points of each game.")),
        Option("max_turns", INT, default=1000, low=1, high=MAX_TURNS),
        # A stacked pool gives away every face-down tile: never shown to players.
        Option("pool", DATA, secret=True),
    ),
    longest=lambda options, players: longest_series(options, players),
    length_options=("games", "max_turns"),
    summary=gettext_noop("Turn your whole row of tiles face up in ascending order before anyone else."),
)
"""Completto's record (completto.md: "Components", "End", "Stacked deals")."""


def longest_series(options, players: int) -> int:
    """The most moves a series with ``options`` may take (``GameSpec.longest``): per game, the
    set-up (each seat inserts its face-up tiles, at most two moves a tile) and ``max_turns``
    turns of at most two moves (take, then place or move); the bots' longest games come close
    (1,046 moves in 1,000 turns with the random bot, 6 seats; 212 in 104 with the heuristic one,
    4 seats)."""
    games = SPEC.option("games").read(options)
    max_turns = SPEC.option("max_turns").read(options)
    return games * (2 * max_turns + 2 * players * ROW_SIZES[players][1])
LOW, HIGH = 0, 101
"""Bounds beyond every value: the row's ends read as a face-up 0 on the left, 101 on the right."""

_VIEW_KEYS = frozenset({
    "players", "seat", "game", "games", "phase", "turn", "start_player", "turns", "max_turns", "over", "rows",
    "upside_down", "face_down", "to_insert", "pool", "pool_face_down", "held", "held_readings", "extra_turn",
    "last", "totals", "last_game",
})
"""The keys of every Completto view (:meth:`Completto.view`)."""

INSERT, TAKE, HOLD, OVER = "insert", "take", "hold", "over"
"""The phases: set-up inserts, the start of a turn, holding a taken tile, the end."""


# -- the action dicts, built once ------------------------------------------------------------------
TAKE_FACE_DOWN = {"type": "take"}
RETURN = {"type": "return"}
TAKE_TILE = {t: {"type": "take", "tile": t} for t in TILES}
INSERTS = {(k, v): {"type": "insert", "position": k, "value": v} for k in range(23) for v in TILES}
PLACES = {(i, v): {"type": "place", "index": i, "value": v} for i in range(22) for v in TILES}
MOVES = {
    length: tuple(tuple({"type": "move", "from": i, "to": j} for j in range(length) if j != i) for i in range(length))
    for length in {d + u for d, u in ROW_SIZES.values()}
}
"""``MOVES[row length][i]``: every ``move`` of the tile at index ``i`` (to every other index)."""


@dataclass(frozen=True)
class Last:
    """The last action, as everyone saw it (completto.md, "Hidden information"): ``kind`` is the
    action's type; ``tile`` the tile taken, inserted, placed or returned (its printed number);
    ``index``: the position of an insert, the index of a place, the ``from`` of a move; ``to``:
    a move's target index; ``value``: the value shown by an inserted or placed tile; ``extra``:
    the place earned an extra turn."""

    seat: int
    kind: str
    tile: int | None = None
    index: int | None = None
    to: int | None = None
    value: int | None = None
    extra: bool = False


@dataclass(frozen=True)
class GameSummary:
    """A finished game of the series (completto.md, "End"): ``rows`` as everyone saw them at the
    end (face-down tiles as ``None``); ``points`` per seat (one per face-down tile left);
    ``completed``: the seat whose row was all face up, or ``None`` when ``max_turns`` ended it;
    ``winners``: the seats with the fewest points; ``turns``: turns played."""

    game: int
    rows: tuple[tuple[int | None, ...], ...]
    points: tuple[int, ...]
    completed: int | None
    winners: tuple[int, ...]
    turns: int


@dataclass(frozen=True)
class Series:
    """What lasts between the games of a series. ``face_down``/``face_up``: a row's counts
    (completto.md, "Rows"); ``games``, ``max_turns``, ``first_player``: the options; ``rng``: the
    generator's state; ``game``: 1-based number of the game being played; ``starter``: its start
    player; ``totals``: the minus points of the finished games, per seat; ``last_game``: the
    last finished game."""

    players: int
    face_down: int
    face_up: int
    games: int
    max_turns: int
    first_player: int
    rng: int
    game: int
    starter: int
    totals: tuple[int, ...]
    last_game: GameSummary | None


@dataclass(frozen=True)
class ComplettoState:
    """The position in the current game. ``rows``: per seat, see the module's doc; ``upside``:
    per seat, the sorted values of its row that show a tile upside down; ``pool_up``: the pool's
    face-up tiles, sorted; ``pool_down``: the pool's face-down tiles in draw order (next first);
    ``phase``: ``insert``, ``take``, ``hold`` or ``over``; ``turn``: the seat to act (``None``
    once over); ``held``: the set-up tile drawn or the tile taken, not yet placed; ``setup_left``:
    set-up inserts still to make; ``turns``: turns finished in this game (extra turns count);
    ``extra``: the seat to act is on an extra turn; ``last``: the last action; ``series``: see
    :class:`Series`."""

    rows: tuple[tuple[int, ...], ...]
    upside: tuple[tuple[int, ...], ...]
    pool_up: tuple[int, ...]
    pool_down: tuple[int, ...]
    phase: str
    turn: int | None
    held: int | None
    setup_left: int
    turns: int
    extra: bool
    last: Last | None
    series: Series


# -- rows --------------------------------------------------------------------------------------------
def bounds(row: tuple[int, ...], start: int, stop: int) -> tuple[int, int]:
    """``(low, high)``: the nearest face-up values left of index ``start`` (0 at the row's start)
    and from index ``stop`` on (101 past the end). A tile put in ``row[start:stop]`` fits when
    ``low < value < high`` (completto.md, "Rows": the face-up tiles ascend). For the gap before
    index ``k`` use ``bounds(row, k, k)``; for the tile at ``i``, ``bounds(row, i, i + 1)``."""
    low = next((v for v in reversed(row[:start]) if v > 0), LOW)
    high = next((v for v in row[stop:] if v > 0), HIGH)
    return low, high


def face_down_count(row: tuple[int, ...]) -> int:
    """How many tiles of ``row`` are face down."""
    return sum(1 for v in row if v < 0)


def extra_turn(row: tuple[int, ...], index: int) -> bool:
    """Whether the face-up tile at ``index`` stands directly next to a face-up tile one lower or
    one higher (completto.md, "A turn": extra turn)."""
    value = row[index]
    return (index > 0 and row[index - 1] == value - 1) or (index + 1 < len(row) and row[index + 1] == value + 1)


def public_row(row: tuple[int, ...]) -> tuple[int | None, ...]:
    """``row`` as everyone sees it: face-down tiles as ``None`` (completto.md, "Hidden information")."""
    return tuple(v if v > 0 else None for v in row)


def _pool_option(value) -> tuple[int, ...]:
    """The stacked ``pool`` (completto.md, "Stacked deals"): the 100 tiles once each, as ints."""
    if isinstance(value, (list, tuple)) and len(value) != len(TILES):
        raise bad_option(gettext_noop("pool must list the 100 tiles 1..100 once each, not %(count)s tiles"),
                         count=len(value))
    check_cards(value, TILE_COUNTS, "pool")
    if not all(type(t) is int for t in value):
        raise bad_option(gettext_noop("pool must hold the ints 1..100"))
    return tuple(value)


def _take_shape(action: dict) -> int | None:
    """The tile of a ``take`` (``None``: a face-down one); ``malformed_action`` for other keys."""
    if len(action) == 1:
        return None
    if len(action) == 2 and "tile" in action:
        tile = action["tile"]
        if type(tile) is not int:
            raise malformed(gettext_noop("The %(field)s of a %(kind)s action must be %(type)s, not %(value)s."),
                            field=shown("tile"), kind=shown("take"), type=JSON_TYPES[int], value=shown(tile))
        return tile
    keys = sorted(k for k in action if k != "type")
    raise malformed(gettext_noop("A 'take' action has no field or the field ['tile'], not %(keys)s."), keys=str(keys))


SHAPES = {
    "insert": {"position": int, "value": int},
    "take": {},
    "place": {"index": int, "value": int},
    "return": {},
    "move": {"from": int, "to": int},
}
"""The action shapes (completto.md, "Actions (API)"); ``take`` may also carry a ``tile``."""


def _shape(action) -> str:
    """The action's type once its shape is right; else ``malformed_action`` saying what is
    wrong. ``take`` comes with or without a ``tile``, which ``action_type`` cannot express, so it
    is read by :func:`_take_shape`."""
    if type(action) is dict and action.get("type") == "take":
        return "take"
    return action_type(action, SHAPES)


class Completto(BaseGame):
    """The Completto engine (a :class:`play.engine.BaseGame` declared by :data:`SPEC`)."""

    spec = SPEC
    state_type = ComplettoState

    # -- setting up ---------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> ComplettoState:
        """Game 1 dealt, its set-up started (completto.md, "Set-up"). ``ValueError`` naming the
        problem for a player count outside 2..6, a non-int seed, unknown option names, a bad
        ``first_player`` (a seat), ``games`` (1..100), ``max_turns`` (1..1,000,000), or a
        ``pool`` that is not the tiles 1..100 once each."""
        players, seed, options = self.check_setup(players, seed, options)
        first = SPEC.option("first_player").read(options, players)
        games = SPEC.option("games").read(options)
        max_turns = SPEC.option("max_turns").read(options)
        rng = Rng.from_seed(seed)
        pool = _pool_option(options["pool"]) if "pool" in options else rng.shuffled(TILES)
        face_down, face_up = ROW_SIZES[players]
        series = Series(
            players=players, face_down=face_down, face_up=face_up, games=games, max_turns=max_turns,
            first_player=first, rng=rng.state, game=1, starter=first, totals=(0,) * players, last_game=None,
        )
        return self._deal(series, pool)

    @staticmethod
    def _deal(series: Series, pool: tuple[int, ...]) -> ComplettoState:
        """Rows from ``pool`` (next tile first): seat ``i`` gets the next ``face_down`` tiles face
        down, left to right; the start player draws the first set-up tile (completto.md,
        "Set-up" 1–2 and "Stacked deals")."""
        d, n = series.face_down, series.players
        rows = tuple(tuple(-t for t in pool[d * i: d * i + d]) for i in range(n))
        rest = pool[d * n:]
        return ComplettoState(
            rows, ((),) * n, (), rest[1:], INSERT, series.starter, rest[0], series.face_up * n, 0, False, None, series,
        )

    # -- who acts and how ---------------------------------------------------------------------
    def to_act(self, state: ComplettoState) -> list[int]:
        """The seat whose turn it is; ``[]`` once the game is over."""
        return acting(state.turn)

    def legal_actions(self, state: ComplettoState, seat: int) -> list[dict]:
        """For the seat to act, exactly what :meth:`apply` accepts (completto.md, "Actions
        (API)"); ``[]`` for any other seat. In set-up: an ``insert`` per gap and reading that keeps
        the face-up tiles ascending. At a turn's start: a ``take`` per face-up pool tile
        (ascending), ``take`` of a face-down one when the pool has any, then every ``move`` (by
        ``from``, then ``to``). Holding a tile: a ``place`` per face-down index and reading that
        fits, then ``return``. The dicts are shared: never change them."""
        if not is_turn(seat, state.turn):
            return []
        row = state.rows[seat]
        phase = state.phase
        if phase == TAKE:
            out = [TAKE_TILE[t] for t in state.pool_up]
            if state.pool_down:
                out.append(TAKE_FACE_DOWN)
            moves = MOVES[len(row)]
            for i, v in enumerate(row):
                if v < 0:
                    out += moves[i]
            return out
        readings = READINGS[state.held]
        if phase == HOLD:
            out = []
            low = LOW
            highs = _highs(row)
            for i, v in enumerate(row):
                if v > 0:
                    low = v
                    continue
                high = highs[i]
                for r in readings:
                    if low < r < high:
                        out.append(PLACES[i, r])
            out.append(RETURN)
            return out
        out = []
        low = LOW
        highs = _highs(row)
        for k in range(len(row) + 1):
            if k < len(row):
                high = row[k] if row[k] > 0 else highs[k]
            else:
                high = HIGH
            if k and row[k - 1] > 0:
                low = row[k - 1]
            for r in readings:
                if low < r < high:
                    out.append(INSERTS[k, r])
        return out

    def apply(self, state: ComplettoState, seat: int, action: dict) -> ComplettoState:
        """The state after ``seat`` takes ``action``; ``state`` is never changed. Raises
        ``IllegalAction`` with code ``game_over``; ``malformed_action`` (not one of the action
        shapes of completto.md, "Actions (API)"); ``not_your_turn``; or ``illegal_action`` with
        the rule's section: an action of another phase ("Set-up", "A turn"), a gap, index or
        tile that is not there, a value the tile cannot show ("Upside-down tiles"), a value
        that breaks the ascending row ("Rows"), a move of a face-up tile or to its own place."""
        if state.turn is None:
            raise game_over()
        kind = _shape(action)
        if not is_turn(seat, state.turn):
            raise not_your_turn(state.turn, seat)
        if kind == "take":
            tile = _take_shape(action)
            self._expect(state, TAKE, "take")
            return self._take(state, seat, tile)
        if kind == "move":
            self._expect(state, TAKE, "move")
            return self._move(state, seat, action["from"], action["to"])
        if kind == "place":
            self._expect(state, HOLD, "place")
            return self._place(state, seat, action["index"], action["value"])
        if kind == "return":
            self._expect(state, HOLD, "return")
            return self._return(state, seat)
        self._expect(state, INSERT, "insert")
        return self._insert(state, seat, action["position"], action["value"])

    @staticmethod
    def _expect(state: ComplettoState, phase: str, kind: str) -> None:
        if state.phase == phase:
            return
        if state.phase == INSERT:
            raise rule(gettext_noop(
                "During set-up every turn is an insert of the drawn tile, not a %(kind)s (completto.md, Set-up)."),
                kind=kind)
        if state.phase == HOLD:
            raise rule(gettext_noop(
                "You hold tile %(tile)s: place it on one of your face-down tiles or return it, not %(kind)s "
                "(completto.md, A turn)."), tile=state.held, kind=kind)
        if kind == "insert":
            raise rule(gettext_noop("Set-up is over: insert is for set-up only (completto.md, Set-up)."))
        raise rule(gettext_noop("First take a tile from the pool: %(kind)s comes after a take (completto.md, A turn)."),
                   kind=kind)

    @staticmethod
    def _check_value(tile: int, value: int) -> None:
        if value not in READINGS[tile]:
            raise rule(gettext_noop("Tile %(tile)s shows %(shows)s, not %(value)s (completto.md, Upside-down tiles)."),
                       tile=tile, shows=either(READINGS[tile]), value=value)

    @staticmethod
    def _check_fits(row: tuple[int, ...], start: int, stop: int, value: int) -> None:
        low, high = bounds(row, start, stop)
        if low < value < high:
            return
        if low > LOW and high < HIGH:
            raise rule(gettext_noop("%(value)s there would break the ascending order of the face-up tiles between "
                                    "%(low)s and %(high)s (completto.md, Rows)."), value=value, low=low, high=high)
        if low > LOW:
            raise rule(gettext_noop("%(value)s there would break the ascending order of the face-up tiles after "
                                    "%(low)s (completto.md, Rows)."), value=value, low=low)
        raise rule(gettext_noop("%(value)s there would break the ascending order of the face-up tiles before "
                                "%(high)s (completto.md, Rows)."), value=value, high=high)

    def _insert(self, state: ComplettoState, seat: int, position: int, value: int) -> ComplettoState:
        row = state.rows[seat]
        if not 0 <= position <= len(row):
            raise rule(gettext_noop("Your row has the gaps 0 to %(last)s, not %(position)s (completto.md, Set-up)."),
                       last=len(row), position=position)
        tile = state.held
        self._check_value(tile, value)
        self._check_fits(row, position, position, value)
        rows = replace_at(state.rows, seat, row[:position] + (value,) + row[position:])
        upside = _flip(state.upside, seat, tile, value)
        last = Last(seat, "insert", tile, position, None, value)
        left = state.setup_left - 1
        series = state.series
        if left:
            turn = (seat + 1) % series.players
            return ComplettoState(
                rows, upside, state.pool_up, state.pool_down[1:], INSERT, turn, state.pool_down[0], left, 0, False,
                last, series,
            )
        return ComplettoState(
            rows, upside, state.pool_up, state.pool_down, TAKE, series.starter, None, 0, 0, False, last, series,
        )

    def _take(self, state: ComplettoState, seat: int, tile: int | None) -> ComplettoState:
        if tile is None:
            if not state.pool_down:
                raise rule(gettext_noop("The pool has no face-down tile left (completto.md, A turn)."))
            tile, pool_down, pool_up = state.pool_down[0], state.pool_down[1:], state.pool_up
        else:
            i = bisect_left(state.pool_up, tile)
            if i == len(state.pool_up) or state.pool_up[i] != tile:
                raise rule(gettext_noop("Tile %(tile)s is not face up in the pool (completto.md, A turn)."), tile=tile)
            pool_up, pool_down = state.pool_up[:i] + state.pool_up[i + 1:], state.pool_down
        return ComplettoState(
            state.rows, state.upside, pool_up, pool_down, HOLD, seat, tile, 0, state.turns, state.extra,
            Last(seat, "take", tile), state.series,
        )

    def _place(self, state: ComplettoState, seat: int, index: int, value: int) -> ComplettoState:
        row = state.rows[seat]
        if not 0 <= index < len(row) or row[index] > 0:
            raise rule(gettext_noop("Index %(index)s is not one of your face-down tiles; a taken tile replaces a "
                                    "face-down tile (completto.md, A turn)."), index=index)
        tile = state.held
        self._check_value(tile, value)
        self._check_fits(row, index, index + 1, value)
        new_row = replace_at(row, index, value)
        rows = replace_at(state.rows, seat, new_row)
        upside = _flip(state.upside, seat, tile, value)
        pool_down = state.pool_down + (-row[index],)
        if all(v > 0 for v in new_row):
            last = Last(seat, "place", tile, index, None, value)
            return self._end_game(state, rows, upside, state.pool_up, pool_down, state.turns + 1, last, completed=seat)
        extra = extra_turn(new_row, index)
        last = Last(seat, "place", tile, index, None, value, extra)
        return self._next_turn(state, rows, upside, state.pool_up, pool_down, seat, extra, last)

    def _return(self, state: ComplettoState, seat: int) -> ComplettoState:
        pool_up = list(state.pool_up)
        insort(pool_up, state.held)
        last = Last(seat, "return", state.held)
        return self._next_turn(state, state.rows, state.upside, tuple(pool_up), state.pool_down, seat, False, last)

    def _move(self, state: ComplettoState, seat: int, start: int, to: int) -> ComplettoState:
        row = state.rows[seat]
        if not 0 <= start < len(row) or row[start] > 0:
            raise rule(gettext_noop("Index %(index)s is not one of your face-down tiles; only face-down tiles are "
                                    "moved (completto.md, A turn)."), index=start)
        if not 0 <= to < len(row) or to == start:
            raise rule(gettext_noop("A moved tile goes to another index of the row, 0 to %(last)s but not %(start)s, "
                                    "not %(to)s (completto.md, A turn)."), last=len(row) - 1, start=start, to=to)
        rest = row[:start] + row[start + 1:]
        rows = replace_at(state.rows, seat, rest[:to] + (row[start],) + rest[to:])
        last = Last(seat, "move", None, start, to)
        return self._next_turn(state, rows, state.upside, state.pool_up, state.pool_down, seat, False, last)

    def _next_turn(self, state, rows, upside, pool_up, pool_down, seat: int, extra: bool, last: Last) -> ComplettoState:
        """A turn is over: the same seat again on an extra turn, else the next seat; the game ends
        when ``max_turns`` turns are done (completto.md, "A turn" and "End")."""
        series = state.series
        turns = state.turns + 1
        if turns >= series.max_turns:
            return self._end_game(state, rows, upside, pool_up, pool_down, turns, last, completed=None)
        turn = seat if extra else (seat + 1) % series.players
        return ComplettoState(rows, upside, pool_up, pool_down, TAKE, turn, None, 0, turns, extra, last, series)

    def _end_game(self, state, rows, upside, pool_up, pool_down, turns: int, last: Last,
                  completed: int | None) -> ComplettoState:
        """Score a finished game: a minus point per face-down tile left (the completed row has
        none); the fewest win it (completto.md, "End"). Then either deal the next game of the
        series, from the generator, started one seat further on, or end the series."""
        series = state.series
        points = tuple(face_down_count(row) for row in rows)
        summary = GameSummary(
            series.game, tuple(public_row(r) for r in rows), points, completed,
            Outcome.best_share(points, min).winners, turns,
        )
        series = replace(series, totals=tuple(a + b for a, b in zip(series.totals, points)), last_game=summary)
        if series.game < series.games:
            rng = Rng(series.rng)
            pool = rng.shuffled(TILES)
            series = replace(
                series, rng=rng.state, game=series.game + 1,
                starter=(series.first_player + series.game) % series.players,
            )
            return replace(self._deal(series, pool), last=last)
        return ComplettoState(rows, upside, pool_up, pool_down, OVER, None, None, 0, turns, False, last, series)

    # -- what each seat sees --------------------------------------------------------------------
    def view(self, state: ComplettoState, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator), completto.md "Hidden information"::

            {"players", "seat", "game", "games", "phase": "insert"|"take"|"hold"|"over",
             "turn": seat | None, "start_player", "turns", "max_turns", "over",
             "rows": [[value | None per position] per seat]   (None: face down),
             "upside_down": [[values showing an upside-down tile] per seat],
             "face_down": [count per seat], "to_insert": [set-up tiles still to insert per seat],
             "pool": [face-up pool tiles, ascending], "pool_face_down": count,
             "held": tile | None, "held_readings": [values] (the held tile's readings),
             "extra_turn": bool (the seat to act is on an extra turn),
             "last": None | {"seat", "kind", "tile", "index", "to", "value", "extra"},
             "totals": [minus points of finished games per seat],
             "last_game": None | {"game", "rows", "points", "completed", "winners", "turns"}}

        Everyone sees the same; no face-down number (rows or pool), no pool order, no generator.
        ``ValueError`` for a seat that is not in the game."""
        series = state.series
        check_viewer(seat, series.players)
        to_insert = [0] * series.players
        if state.phase == INSERT:
            for k, s in enumerate(seat_order(state.turn, series.players)):
                to_insert[s] = -(-(state.setup_left - k) // series.players)
        held = state.held
        return {
            "players": series.players,
            "seat": seat,
            "game": series.game,
            "games": series.games,
            "phase": state.phase,
            "turn": state.turn,
            "start_player": series.starter,
            "turns": state.turns,
            "max_turns": series.max_turns,
            "over": state.phase == OVER,
            "rows": [list(public_row(r)) for r in state.rows],
            "upside_down": [list(u) for u in state.upside],
            "face_down": [face_down_count(r) for r in state.rows],
            "to_insert": to_insert,
            "pool": list(state.pool_up),
            "pool_face_down": len(state.pool_down),
            "held": held,
            "held_readings": [] if held is None else list(READINGS[held]),
            "extra_turn": state.extra,
            "last": to_json(state.last),
            "totals": list(series.totals),
            "last_game": to_json(series.last_game),
        }

    def determinize(self, view: dict, seat: int, rng: Rng, private: dict | None = None) -> ComplettoState:
        """A state ``seat`` cannot tell from the real one, from its ``view`` alone (the protocol's
        ``determinize``). Kept as the view shows them: every row's face-up tiles and where its
        face-down tiles stand, the upside-down readings, the pool's face-up tiles, the held
        tile, whose turn, the phase and the set-up inserts left, the turn count, the scores and
        the last action (completto.md, "Hidden information"). The unseen tiles are exactly the
        100 (completto.md, "Components") less the face-up ones of the rows (by printed number:
        a value listed in ``upside_down`` shows tile ``UPSIDE_DOWN[value]``), of the pool and the
        held tile; shuffled by ``rng``, they fill the face-down places of the rows in seat
        order, left to right, then the pool's face-down draw order. Nobody sees a face-down tile,
        its owner included, so every seat's unseen tiles are the same set. The series' first
        player is read back from the start player (game ``g`` is started ``g - 1`` seats on,
        completto.md "End"); the generator is fresh from ``rng`` and a stacked ``pool`` (a secret
        option) plays no part. ``private`` is not used.

        ``ValueError`` for a view that is not a Completto view of ``seat``, or that shows a tile
        twice."""
        check_seat_view(view, seat, _VIEW_KEYS, "Completto")
        players = view["players"]
        check_viewer(seat, players)
        face_down, face_up = ROW_SIZES[players]
        seen = list(view["pool"]) + ([] if view["held"] is None else [view["held"]])
        for row, upside in zip(view["rows"], view["upside_down"]):
            seen += [UPSIDE_DOWN[v] if v in upside else v for v in row if v is not None]
        tiles = rng.shuffled(unseen_cards(TILE_COUNTS, seen))
        *dealt, pool_down = split_cards(tiles, [*view["face_down"], view["pool_face_down"]])
        rows = []
        for row, hidden in zip(view["rows"], dealt):
            down = iter(hidden)
            rows.append(tuple(v if v is not None else -next(down) for v in row))
        game = view["game"]
        last_game = view["last_game"]
        series = Series(
            players=players, face_down=face_down, face_up=face_up, games=view["games"], max_turns=view["max_turns"],
            first_player=(view["start_player"] - game + 1) % players, rng=rng.next64(), game=game,
            starter=view["start_player"], totals=tuple(view["totals"]),
            last_game=None if last_game is None else from_json(GameSummary, last_game),
        )
        last = view["last"]
        return ComplettoState(
            tuple(rows), tuple(tuple(u) for u in view["upside_down"]), tuple(view["pool"]), pool_down, view["phase"],
            view["turn"], view["held"], sum(view["to_insert"]), view["turns"], view["extra_turn"],
            None if last is None else from_json(Last, last), series,
        )

    def outcome(self, state: ComplettoState) -> Outcome | None:
        """Once the series is over: each seat's minus points summed over its games (one per
        face-down tile left at a game's end) and the seats with the fewest, who share the win
        (completto.md, "End"); ``details``: ``{"games": n}``."""
        if state.phase != OVER:
            return None
        return Outcome.best_share(state.series.totals, min, {"games": state.series.game})

    def narrate(self, before: ComplettoState, after: ComplettoState) -> list[str]:
        """One line when a game ended between ``before`` and ``after``: who completed a row (or
        that the turn limit came), the points and the totals."""
        summary = after.series.last_game
        if summary is None or summary is before.series.last_game:
            return []
        if summary.completed is None:
            how = f"no row complete after {summary.turns} turns"
        else:
            how = f"seat {summary.completed} completed the row after {summary.turns} turns"
        points = ", ".join(map(str, summary.points))
        totals = ", ".join(map(str, after.series.totals))
        return [f"Game {summary.game}: {how}; points {points}; totals {totals}."]

    # -- storage ------------------------------------------------------------------------------
    def check_state(self, state: ComplettoState) -> None:
        """``ValueError`` for a loaded state whose seats do not match its player count, or whose
        phase is unknown."""
        series = state.series
        if len(state.rows) != series.players or not is_seat(series.starter, series.players):
            raise ValueError("not a Completto state: the seats do not match the player count")
        if state.phase not in (INSERT, TAKE, HOLD, OVER):
            raise ValueError(f"not a Completto state: unknown phase {state.phase!r}")


def _highs(row: tuple[int, ...]) -> list[int]:
    """Per index ``i``: the nearest face-up value right of ``i`` (101 when none)."""
    highs = [HIGH] * len(row)
    high = HIGH
    for i in range(len(row) - 1, -1, -1):
        highs[i] = high
        if row[i] > 0:
            high = row[i]
    return highs


def _flip(upside: tuple, seat: int, tile: int, value: int) -> tuple:
    """``upside`` with ``value`` recorded for ``seat`` when the tile shows it upside down."""
    if value == tile:
        return upside
    return replace_at(upside, seat, tuple(sorted((*upside[seat], value))))
