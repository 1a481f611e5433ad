"""The statements a move runs (``play.services.match_rows``), built once per process: the locking
read gives the match and its seats exactly as the ORM reads them (the options without the
decks unless asked), ``load_state`` reads the whole options only when the engine needs them, and
``record_move`` leaves exactly the rows ``save(update_fields=...)`` and ``create`` leave."""
from datetime import UTC, datetime

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils.connection import ConnectionProxy

from play.errors import MatchError
from play.games import GAMES
from play.games.eoc.cards import forget_catalogues
from play.models import Match, MatchAction, Seat
from play.services.create import create_match
from play.services.join import join_match
from play.services.match_rows import (
    CHANGED_BY_A_MOVE, NOT_READ_BY_A_MOVE, _cursor, _db_value, _literal, _locking_read, _qmarks, load_state,
    lock_with_seats, options_left_out, record_move,
)

from .matches import HUMAN, STACKED, person, stack


@pytest.fixture
def lama(user, other_user):
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {"end_at": 50}, seed=7)
    join_match(person(other_user), match.id)
    return stack(match.id, STACKED)


@pytest.fixture
def eoc(user, other_user, sample_catalogue):
    match = create_match(person(user), "eoc", [HUMAN, HUMAN], {}, seed=3, deck="SMP-RED")
    join_match(person(other_user), match.id, None, deck="SMP-GREEN")
    return Match.objects.get(pk=match.id)


def _orm_read(match_id: str, decks: bool) -> tuple[Match, list[Seat]]:
    """The read as the ORM makes it: the match with its seats, the same columns deferred."""
    deferred = NOT_READ_BY_A_MOVE[1:] if decks else NOT_READ_BY_A_MOVE
    seats = list(Seat.objects.select_related("match").defer(*deferred).filter(match_id=match_id).order_by("index"))
    return seats[0].match, seats


def _loaded(instance) -> dict:
    """Every field value an instance holds (its deferred fields left out) and the deferred names."""
    deferred = instance.get_deferred_fields()
    values = {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields
              if f.attname not in deferred}
    return {"values": values, "deferred": deferred}


def test_the_games_leave_out_their_secret_data_options():
    assert {slug: options_left_out(slug) for slug in sorted(GAMES)} == {
        "completto": ("pool",), "elements": ("deck",), "eoc": ("decks",), "lama": ("deck", "decks")}


@pytest.mark.parametrize("decks", [False, True])
@pytest.mark.parametrize("game", ["lama", "eoc"])
def test_the_read_gives_what_the_orm_read_gives(request, game, decks):
    made = request.getfixturevalue(game)
    orm_match, orm_seats = _orm_read(made.id, decks)
    with transaction.atomic():
        match, seats = lock_with_seats(made.id, decks=decks)
    expected = _loaded(orm_match)
    if not decks:
        expected["values"]["options"] = {name: value for name, value in orm_match.options.items()
                                         if name not in options_left_out(game)}
    assert _loaded(match) == expected
    assert match.options_left_out == (() if decks else options_left_out(game))
    assert [_loaded(seat) for seat in seats] == [_loaded(seat) for seat in orm_seats]
    assert [seat.index for seat in seats] == [0, 1]
    assert all(seat.match is match for seat in seats)
    assert (match._state.adding, match._state.db, seats[0]._state.adding) == (False, "default", False)


def test_the_options_a_move_reads_lack_the_decks(eoc):
    assert set(eoc.options) == {"decks"}
    with transaction.atomic():
        match, _ = lock_with_seats(eoc.id)
    assert match.options == {}


def test_a_missing_match_is_not_found(db):
    with transaction.atomic(), pytest.raises(MatchError) as refused:
        lock_with_seats("nosuchmatch")
    assert (refused.value.code, refused.value.details) == ("match_not_found", {"id": "nosuchmatch"})


def test_outside_a_transaction_the_read_is_refused_where_rows_are_locked(transactional_db, lama):
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            lock_with_seats(lama.id)
    else:
        assert lock_with_seats(lama.id)[0].id == lama.id


def test_the_read_is_one_statement_that_locks_the_match(lama):
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        lock_with_seats(lama.id)
    read = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(read) == 1
    assert read[0].endswith(' FOR UPDATE OF "m"') == (connection.vendor == "postgresql")


def test_the_state_loads_without_the_decks_when_the_cards_are_kept(eoc):
    engine = GAMES["eoc"]
    expected = engine.load(eoc.state, eoc.options)  # keeps the match's cards
    with transaction.atomic():
        match, _ = lock_with_seats(eoc.id)
        with CaptureQueriesContext(connection) as queries:
            state = load_state(engine, match)
    assert (state, len(queries.captured_queries), match.options) == (expected, 0, {})


def test_the_decks_are_read_when_the_cards_are_not_kept(eoc):
    engine = GAMES["eoc"]
    expected = engine.load(eoc.state, eoc.options)
    forget_catalogues()
    with transaction.atomic():
        match, _ = lock_with_seats(eoc.id)
        with CaptureQueriesContext(connection) as queries:
            state = load_state(engine, match)
    assert (state, len(queries.captured_queries)) == (expected, 1)
    assert (match.options, match.options_left_out) == (eoc.options, ())


def test_a_state_that_does_not_load_is_refused_after_the_whole_options(eoc):
    engine = GAMES["eoc"]
    Match.objects.filter(pk=eoc.id).update(state={"cards": "0" * 24})
    with transaction.atomic():
        match, _ = lock_with_seats(eoc.id)
        with pytest.raises(ValueError, match="the options' decks are not the cards of this state"):
            load_state(engine, match)


def _move(match: Match) -> None:
    """What ``act`` changes before writing: the state of seat 0's first legal action, the version,
    the status, the outcome and the deadline."""
    engine = GAMES[match.game]
    state = engine.apply(engine.load(match.state, match.options), 0, {"type": "play", "card": 1})
    match.state, match.version, match.outcome = engine.dump(state), match.version + 1, {"scores": [0, 0]}
    match.turn_deadline = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)


def _rows(match_id: str) -> tuple[dict, list[dict]]:
    match = Match.objects.filter(pk=match_id).values().get()
    logged = list(MatchAction.objects.filter(match_id=match_id).values())
    return match, logged


def test_the_write_leaves_the_rows_the_orm_leaves(user, other_user):
    made = []
    for _ in range(2):
        match = create_match(person(user), "lama", [HUMAN, HUMAN], {"end_at": 50}, seed=7)
        join_match(person(other_user), match.id)
        made.append(stack(match.id, STACKED).id)
    with transaction.atomic():
        match, _ = lock_with_seats(made[0])
        _move(match)
        match.save(update_fields=CHANGED_BY_A_MOVE)
        MatchAction.objects.create(match=match, version=match.version, seat=0, action={"type": "play", "card": 1},
                                   by="player")
    with transaction.atomic():
        match, _ = lock_with_seats(made[1])
        _move(match)
        with CaptureQueriesContext(connection) as queries:
            logged = record_move(match, 0, {"type": "play", "card": 1}, "player")
    by_orm, by_statement = _rows(made[0]), _rows(made[1])
    for row in (by_orm[0], by_statement[0]):
        assert row.pop("updated") > row["created"]
        row.pop("id"), row.pop("created")
    for rows in (by_orm[1], by_statement[1]):
        for row in rows:
            assert row.pop("created") is not None
            row.pop("id"), row.pop("match_id")
    assert by_statement == by_orm
    assert by_statement[1] == [{"version": 1, "seat": 0, "action": {"type": "play", "card": 1}, "by": "player"}]
    assert (logged.pk, logged.match_id, logged.version, logged._state.adding) == (
        MatchAction.objects.get(match_id=made[1]).pk, made[1], 1, False)
    assert logged.created == MatchAction.objects.get(match_id=made[1]).created
    assert match.updated == Match.objects.get(pk=made[1]).updated
    statements = [q["sql"].split()[0] for q in queries.captured_queries]
    assert statements == (["WITH"] if connection.vendor == "postgresql" else ["UPDATE", "INSERT"])


@pytest.mark.django_db
def test_a_moves_json_values_are_written_compact_and_read_back_the_same():
    state, outcome = Match._meta.get_field("state"), Match._meta.get_field("outcome")
    wide = {"seats": [1, 2], "big": 2 ** 70, "name": "ラマ"}  # orjson refuses the 71-bit integer
    written = _db_value(state, wide, connection)
    text = written.dumps(written.obj) if connection.vendor == "postgresql" else written
    assert text == '{"seats":[1,2],"big":1180591620717411303424,"name":"ラマ"}'
    assert _db_value(outcome, None, connection) is None  # SQL NULL, as the ORM writes it
    assert _db_value(Match._meta.get_field("version"), 3, connection) == 3


def test_a_move_looks_the_threads_connection_up_once_per_call_not_per_attribute(lama, monkeypatch):
    """``django.db.connection`` is a proxy that looks the thread's connection up on every
    attribute read (about 1.5 µs each): the move's read and write go through it not at all."""
    reads = []
    through = ConnectionProxy.__getattr__

    def counted(self, name):
        reads.append(name)
        return through(self, name)

    monkeypatch.setattr(ConnectionProxy, "__getattr__", counted)
    with transaction.atomic():
        match, seats = lock_with_seats(lama.id)
        _move(match)
        record_move(match, 0, {"type": "play", "card": 1}, "player")
    assert reads == []
    assert [s.index for s in seats] == [0, 1]
    assert MatchAction.objects.get(match_id=lama.id).version == 1


def test_only_names_are_written_into_the_statements():
    assert (_literal("decks"), _literal("deck-2", "$.")) == ("'decks'", "'$.deck-2'")
    for text in ("a'b", "x; DROP", "", "a%s"):
        with pytest.raises(ValueError):
            _literal(text)


def test_on_sqlite_the_statements_take_the_drivers_placeholders():
    assert _qmarks("UPDATE t SET a = %s WHERE id = %s") == "UPDATE t SET a = ? WHERE id = ?"
    with pytest.raises(ValueError):
        _qmarks("SELECT 1 WHERE a LIKE 'x%' AND b = %s")


@pytest.mark.django_db
def test_the_cursor_takes_the_statements_in_its_own_form():
    statement = _locking_read(connection.vendor, False).sql
    cursor, sql_of = _cursor(connection)
    with cursor:
        driver = type(cursor.cursor).__module__.split(".")[0]
    with CaptureQueriesContext(connection):
        logged, logged_sql_of = _cursor(connection)
        logged.close()
    if connection.vendor == "sqlite":
        assert (driver, sql_of(statement).count("?"), "%s" in sql_of(statement)) == ("sqlite3", 1, False)
    else:
        assert (driver, sql_of(statement)) == ("psycopg", statement)
    # While queries are logged Django's log writes the parameters into the ``%s`` form.
    assert logged_sql_of(statement) == statement


def test_on_postgresql_the_move_statements_are_prepared_after_five_runs(lama):
    """psycopg prepares a statement the connection has run five times (``prepare_threshold``)
    when its cursor binds on the server; from then on only the parameters are sent."""
    for _ in range(6):
        lock_with_seats(lama.id)
    if connection.vendor != "postgresql":  # SQLite: Django's own cursor; nothing is prepared
        assert connection.connection.__class__.__module__ == "sqlite3"
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    # PostgreSQL holds it with its parameter as ``$1``.
    assert [s for s in prepared if s.endswith(' FOR UPDATE OF "m"')] == [
        _locking_read(connection.vendor, False).sql.replace("%s", "$1")]
