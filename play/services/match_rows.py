"""The rows of a match that the services read under lock and that a move writes, in statements
built once per process from the models' tables and columns (no query compiled per call):

- ``lock_with_seats``: the match and its seats in one statement that locks the match row
  (``SELECT … FOR UPDATE OF`` the match on PostgreSQL; SQLite has no ``FOR UPDATE``: its
  transactions take the write lock at ``BEGIN``, see ``config.settings``);
- ``load_state``: the engine state of a match read that way, the options a move leaves out read
  only when the engine cannot load the state without them;
- ``record_move``: the columns a move changes (``CHANGED_BY_A_MOVE``) and the log row, in one
  statement on PostgreSQL (a data-modifying ``WITH``), two on SQLite.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import psycopg
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.transaction import TransactionManagementError
from django.utils.translation import gettext as _
from psycopg.types.json import Jsonb

from core.jsonwrite import compact_json
from play.engine.spec import DATA
from play.errors import MatchError
from play.games import GAMES
from play.models import Match, MatchAction, Seat

#: The columns of a match and its seats a move never reads (``lock_with_seats`` leaves them out
#: unless asked): a seat's deck (about 39 KiB of card data in Elements of Chaos; the match's
#: options hold the decks in play) and the addresses kept for the limits.
NOT_READ_BY_A_MOVE = ("deck", "address", "match__created_address", "match__created_session")

#: The columns of a match a move writes (the options, seats and the rest stay as they are).
CHANGED_BY_A_MOVE = ("state", "version", "status", "outcome", "turn_deadline", "updated")

#: What ``lock_with_seats`` sets on a match read without the decks: the names of the options it
#: left out (``()`` when the options were read whole).
LEFT_OUT = "options_left_out"


def options_left_out(game: str) -> tuple[str, ...]:
    """The options of ``game`` a move reads without: its secret ``data`` options (a stacked deal,
    the seats' decks: in Elements of Chaos about 79 KiB of card data), in the record's order.
    Nobody is shown them (``GameSpec.public_options``); a game reads them in ``setup``, and in
    ``load`` only when it has not yet built in this process what they describe."""
    return tuple(o.name for o in GAMES[game].spec.options if o.secret and o.type == DATA)


@dataclass(frozen=True)
class _Columns:
    """The columns one model contributes to a row: the fields in the model's order, their
    attribute names, and each value's converters (as Django's compiler applies them)."""

    fields: tuple
    names: frozenset[str]
    converters: tuple  # (position in the row, field, [converter, ...]) of the fields that have any

    @classmethod
    def of(cls, model, skip: Iterable[str], start: int) -> _Columns:
        skip = set(skip)
        fields = tuple(f for f in model._meta.concrete_fields if f.attname not in skip)
        converters = []
        for i, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            found = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
            if found:
                converters.append((start + i, col, found))
        return cls(fields, frozenset(f.attname for f in fields), tuple(converters))

    def instance(self, model, row, start: int, db):
        """The ``model`` instance of ``row[start:]`` read on the connection ``db``."""
        values = list(row[start:start + len(self.fields)])
        for position, col, found in self.converters:
            value = row[position]
            for convert in found:
                value = convert(value, col, db)
            values[position - start] = value
        return model.from_db(db.alias, self.names, values)


@dataclass(frozen=True)
class _LockingRead:
    sql: str
    match: _Columns
    seat: _Columns


def _literal(name: str, prefix: str = "") -> str:
    """``prefix`` + ``name`` (a game's slug or an option's name: letters, digits, ``_``, ``-``) as
    an SQL string literal, written into a statement built once (a parameter would be quoted on
    every call); ``ValueError`` for a name of any other characters."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError(f"not a name to write into SQL: {name!r}")
    return f"'{prefix}{name}'"


def _options_without(vendor: str, column: str, quote) -> str:
    """The SQL of the options column without each game's ``options_left_out``."""
    whens = []
    for slug in sorted(GAMES):
        names = options_left_out(slug)
        if not names:
            continue
        if vendor == "postgresql":
            removed = f"{column} - ARRAY[{', '.join(_literal(name) for name in names)}]"
        else:
            removed = f"json_remove({column}, {', '.join(_literal(name, '$.') for name in names)})"
        whens.append(f"WHEN {_literal(slug)} THEN {removed}")
    if not whens:
        return column
    return f"CASE {quote('m')}.{quote('game')} {' '.join(whens)} ELSE {column} END"


@cache
def _locking_read(vendor: str, decks: bool) -> _LockingRead:
    """The statement of ``lock_with_seats`` for ``vendor``, built on first use."""
    qn = connection.ops.quote_name
    left_out = NOT_READ_BY_A_MOVE[1:] if decks else NOT_READ_BY_A_MOVE
    match_skip = [name.removeprefix("match__") for name in left_out if name.startswith("match__")]
    seat_skip = [name for name in left_out if not name.startswith("match__")]
    match = _Columns.of(Match, match_skip, 0)
    seat = _Columns.of(Seat, seat_skip, len(match.fields))
    selected = []
    for field in match.fields:
        column = f"{qn('m')}.{qn(field.column)}"
        if field.attname == "options" and not decks:
            column = _options_without(vendor, column, qn)
        selected.append(column)
    selected += [f"{qn('s')}.{qn(field.column)}" for field in seat.fields]
    seat_match = Seat._meta.get_field("match").column
    sql = (f"SELECT {', '.join(selected)} FROM {qn(Match._meta.db_table)} {qn('m')} "
           f"INNER JOIN {qn(Seat._meta.db_table)} {qn('s')} ON {qn('s')}.{qn(seat_match)} = "
           f"{qn('m')}.{qn(Match._meta.pk.column)} WHERE {qn('m')}.{qn(Match._meta.pk.column)} = %s "
           f"ORDER BY {qn('s')}.{qn(Seat._meta.get_field('index').column)}")
    if connection.features.has_select_for_update_of:
        sql += f" FOR UPDATE OF {qn('m')}"
    return _LockingRead(sql, match, seat)


def _database():
    """The default database's connection of this thread: ``django.db.connection`` looked up
    once. Each attribute read through that proxy looks the thread's connection up again (an
    ``asgiref`` local), about 20 times a move here."""
    return connections[DEFAULT_DB_ALIAS]


def _cursor(db):
    """A cursor on ``db`` for a move's statements, and ``sql_of``: a statement as built here
    (parameters written ``%s``) as that cursor takes it. Django's wrapper stays around the
    cursor (its errors, its query log, ``execute_wrapper``), after the same check as Django's own
    cursors that the connection is not used from a thread it was not made for.

    - On PostgreSQL one that binds the parameters on the server (``psycopg.Cursor``, not Django's
      client-side ``ClientCursor``): psycopg then prepares a statement the connection has run
      ``prepare_threshold`` times (5) and sends only its parameters after that, so PostgreSQL
      neither parses nor plans a move's statements again and nothing is quoted into the SQL on
      the client. A pooled connection keeps its prepared statements from checkout to checkout.
    - On SQLite the plain ``sqlite3.Cursor``, given each statement with ``?`` written once
      (``_qmarks``), where Django's cursor rewrites every ``%s`` by a regular expression on each
      call (about a twentieth of a move's CPU); Django's own cursor while queries are logged
      (``DEBUG``, a test capturing them), whose log reads the statement in its ``%s`` form."""
    db.ensure_connection()
    db.validate_thread_sharing()
    if db.vendor == "postgresql":
        return (db.make_debug_cursor if db.queries_logged else db.make_cursor)(psycopg.Cursor(db.connection)), _as_built
    if db.queries_logged:
        return db.cursor(), _as_built
    return db.make_cursor(db.connection.cursor()), _qmarks


def _as_built(sql: str) -> str:
    return sql


@cache
def _qmarks(sql: str) -> str:
    """``sql`` (parameters written ``%s``) with ``?`` for each, as ``sqlite3`` takes it;
    ``ValueError`` for any other ``%`` in it (Django's cursor would read ``%%`` as one)."""
    if "%" in sql.replace("%s", ""):
        raise ValueError(f"a % that is not a parameter in a statement for SQLite: {sql!r}")
    return sql.replace("%s", "?")


def lock_with_seats(match_id, *, decks: bool = False) -> tuple[Match, list[Seat]]:
    """The match ``match_id`` and its seats in seat order, read in one statement that locks the
    match row until the transaction ends (the seats joined; a match has at least one seat from
    its creation on); ``MatchError("match_not_found")`` when there is none. Each seat's ``match``
    is the returned match.

    Unless ``decks`` (a rematch, which deals the seats' decks again), what a move never reads is
    left out: the columns of ``NOT_READ_BY_A_MOVE`` are deferred (read on first use, one
    statement each) and the match's ``options`` lack the game's ``options_left_out`` (the match's
    ``options_left_out`` attribute names them; ``()`` with ``decks``). Such a match's options are
    not for saving; ``load_state`` reads the whole options when the engine needs them.

    ``TransactionManagementError`` outside a transaction on a database that locks rows
    (PostgreSQL), as Django's ``select_for_update``."""
    db = _database()
    if db.features.has_select_for_update and db.get_autocommit():
        raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
    read = _locking_read(db.vendor, decks)
    cursor, sql_of = _cursor(db)
    with cursor:
        cursor.execute(sql_of(read.sql), (str(match_id),))
        rows = cursor.fetchall()
    if not rows:
        raise MatchError("match_not_found", _("There is no match “%(id)s”.") % {"id": match_id}, {"id": str(match_id)})
    match = read.match.instance(Match, rows[0], 0, db)
    setattr(match, LEFT_OUT, () if decks else options_left_out(match.game))
    start = len(read.match.fields)
    seats = []
    for row in rows:
        seat = read.seat.instance(Seat, row, start, db)
        seat.match = match
        seats.append(seat)
    return match, seats


def load_state(engine, match: Match):
    """``engine.load(match.state, match.options)`` for a match of ``lock_with_seats``. When the
    engine refuses the options a move reads (``ValueError``: it needs the ones left out to build
    what it has not built yet in this process, e.g. an Elements of Chaos catalogue), the whole
    options are read (one statement), put in ``match.options``, and the state loaded again.
    Raises the engine's ``ValueError`` for a state that does not load with the whole options."""
    try:
        return engine.load(match.state, match.options)
    except ValueError:
        if not getattr(match, LEFT_OUT, ()):
            raise
    match.options = Match.objects.filter(pk=match.pk).values_list("options", flat=True).get()
    setattr(match, LEFT_OUT, ())
    return engine.load(match.state, match.options)


@dataclass(frozen=True)
class _MoveWrite:
    sql: tuple[str, ...]  # one statement (PostgreSQL) or two (UPDATE, then INSERT)
    changed: tuple        # the match's fields written, in the model's order
    logged: tuple         # the log row's fields inserted, in the model's order


@cache
def _move_write(vendor: str) -> _MoveWrite:
    """The statements of ``record_move`` for ``vendor``, built on first use."""
    qn = connection.ops.quote_name
    changed = tuple(f for f in Match._meta.concrete_fields if f.attname in CHANGED_BY_A_MOVE)
    logged = tuple(f for f in MatchAction._meta.concrete_fields if not f.primary_key)
    match_table, log_table = qn(Match._meta.db_table), qn(MatchAction._meta.db_table)
    match_pk, log_pk = qn(Match._meta.pk.column), qn(MatchAction._meta.pk.column)
    update = (f"UPDATE {match_table} SET {', '.join(f'{qn(f.column)} = %s' for f in changed)} "
              f"WHERE {match_table}.{match_pk} = %s")
    columns = ", ".join(qn(f.column) for f in logged)
    if vendor == "postgresql":
        # The inserted values are typed: in a SELECT list nothing else says what they are.
        values = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in logged)
        sql = (f"WITH {qn('moved')} AS ({update} RETURNING {match_table}.{match_pk}) "
               f"INSERT INTO {log_table} ({columns}) SELECT {values} FROM {qn('moved')} "
               f"RETURNING {log_table}.{log_pk}",)
    else:
        values = ", ".join(["%s"] * len(logged))
        sql = (update, f"INSERT INTO {log_table} ({columns}) VALUES ({values}) RETURNING {log_table}.{log_pk}")
    return _MoveWrite(sql, changed, logged)


def _db_value(field, value, db):
    """``field.get_db_prep_save(value, db)``, but a JSON value (of a ``JSONField`` without an
    encoder of its own; not ``None``, which is SQL ``NULL``, nor an expression) written by
    ``core.jsonwrite.compact_json``: about a tenth of the time of Django's ``json.dumps`` (1 µs
    against 13 for a L.A.M.A. state). The same value reads back; the text is compact (on
    SQLite, where it is stored as written)."""
    if value is None or field.get_internal_type() != "JSONField" or field.encoder is not None or hasattr(value, "as_sql"):
        return field.get_db_prep_save(value, db)
    return Jsonb(value, dumps=compact_json) if db.vendor == "postgresql" else compact_json(value)


def record_move(match: Match, seat: int, action, by: str) -> MatchAction:
    """Write the columns ``CHANGED_BY_A_MOVE`` of ``match`` (``updated`` set to now) and insert
    its log row ``MatchAction(match, version=match.version, seat, action, by)`` (``created``
    now): one round trip on PostgreSQL, two statements on SQLite; the rows are the ones
    ``match.save(update_fields=CHANGED_BY_A_MOVE)`` and ``MatchAction.objects.create`` write.
    Returns the saved log row. Call it in the transaction that locked the match;
    ``DatabaseError`` when the match row is gone."""
    db = _database()
    write = _move_write(db.vendor)
    logged = MatchAction(match=match, version=match.version, seat=seat, action=action, by=by)
    changed = [_db_value(f, f.pre_save(match, False), db) for f in write.changed]
    inserted = [_db_value(f, f.pre_save(logged, True), db) for f in write.logged]
    cursor, sql_of = _cursor(db)
    with cursor:
        if len(write.sql) == 1:
            cursor.execute(sql_of(write.sql[0]), (*changed, match.pk, *inserted))
        else:
            cursor.execute(sql_of(write.sql[0]), (*changed, match.pk))
            if cursor.rowcount != 1:
                raise DatabaseError("Save with update_fields did not affect any rows.")
            cursor.execute(sql_of(write.sql[1]), inserted)
        row = cursor.fetchone()
    if row is None:
        raise DatabaseError("Save with update_fields did not affect any rows.")
    logged.pk = row[0]
    logged._state.adding = False
    logged._state.db = db.alias
    return logged
