"""Conflicting writes at the same moment: two actions of one seat based on the same version
(exactly one applies, the other is refused as stale with the view after the first); 1,000
actions from many clients over many matches (each applied once or refused as stale, no update
lost: every log replays to the saved state); joins racing for a match's last seat (exactly one
wins, the others are refused ``match_full``).

On PostgreSQL the calls run in threads with their own connections. In the first test the match row is
held locked until both are waiting on it, so both requests are in flight together whatever the
scheduling; then the row lock (``select_for_update``) is what makes the second one see the first
one's version. SQLite has no row locks (a second writer fails with "database is locked" instead
of waiting), so there the same two calls are made one after the other, with the same assertions.
"""
import random
import threading
import time

import pytest
from django.db import connection, transaction

from play.errors import MatchError, StaleVersion
from play.games import GAMES
from play.models import Match, MatchAction
from play.services.act import act
from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HUMAN, STACKED, person, stack

ACTIONS = [{"type": "play", "card": 1}, {"type": "draw"}]


def waiting_on_locks() -> int:
    """Sessions of the test database waiting for a lock (PostgreSQL). The statistics views are
    read afresh: inside a transaction they would otherwise show the snapshot of its first read."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


@pytest.fixture
def own_pool(transactional_db):
    """On PostgreSQL, a connection pool of the test's own (``DB_POOL_SIZE`` connections, all
    free). Threads of earlier tests in this process (live servers, socket executors) may still
    hold connections of the shared pool; a worker thread waiting for a free one would wait on
    the pool, never reaching the match row. The old pool is closed: its connections close as
    they are given back."""
    if connection.vendor == "postgresql":
        connection.close()
        connection.close_pool()


def pool_stats() -> dict:
    """The pool's counters on PostgreSQL (sizes, connections free, requests waiting), else ``{}``."""
    pool = getattr(connection, "pool", None)
    return pool.get_stats() if pool is not None else {}


def test_two_conflicting_actions_one_applies_the_other_is_stale(own_pool, user, other_user):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(person(other_user), match.id)
    stack(match.id, STACKED)
    concurrent = connection.vendor == "postgresql"
    serial = threading.Lock()
    results = [None] * len(ACTIONS)

    def send(i):
        from django.db import connection as own

        try:
            if concurrent:
                results[i] = act(alice, match.id, 0, ACTIONS[i])
            else:
                with serial:
                    results[i] = act(alice, match.id, 0, ACTIONS[i])
        except StaleVersion as exc:
            results[i] = exc
        except Exception as exc:  # reported by the assertions below
            results[i] = exc
        finally:
            own.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(ACTIONS))]
    if concurrent:
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.id)
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 30
            while waiting_on_locks() < len(ACTIONS):
                assert time.monotonic() < deadline, (
                    f"the two requests never waited on the match row together: results {results}, pool {pool_stats()}"
                )
                time.sleep(0.02)
    else:
        for thread in threads:
            thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)

    applied = [i for i, r in enumerate(results) if isinstance(r, dict)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert len(applied) == 1 and len(stale) == 1, results
    winner = ACTIONS[applied[0]]
    assert results[applied[0]]["version"] == 1
    assert (stale[0].code, stale[0].status, stale[0].view["version"]) == ("stale_version", 409, 1)
    assert stale[0].view["last_action"] == {"version": 1, "seat": 0, "action": winner, "by": "player"}
    assert Match.objects.get(pk=match.id).version == 1
    assert list(MatchAction.objects.filter(match_id=match.id).values_list("version", "action")) == [(1, winner)]


# -- many clients, many matches -------------------------------------------------------------------
# 1,000 actions over 30 L.A.M.A. matches, sent in waves: in each wave a few matches each get a
# group of 2 or 3 conflicting clients (the seat to act, in several tabs), each sending a
# different legal action based on the same version; the 12 worker threads of a wave are released
# at once by a ``threading.Barrier``. Each worker has its own database connection and closes it
# after each call, as a request of the site does: on PostgreSQL connections come from a pool of
# ``DB_POOL_SIZE`` (8) per process, so a worker holds one only while its call runs (a slot held
# by a worker between waves would starve the others when other tests left fewer slots free), and
# the test stays far under the server's 100 connections.
# On SQLite (no row locks) the same waves run with the calls made one at a time.
TOTAL_ACTIONS = 1000
MATCHES = 30
WORKERS = 12
JOINERS = 10  # threads racing for one seat, RACES times
RACES = 5


def _group_sizes(rng, slots: int) -> list[int]:
    """``slots`` split into groups of 2 or 3 (one group of ``slots`` when under 4)."""
    sizes = []
    while slots:
        size = slots if slots < 4 else rng.choice((2, 3))
        if slots - size == 1:
            size = 2
        sizes.append(size)
        slots -= size
    return sizes


class Workers:
    """``count`` threads that each make the call planned for them in every wave, released
    together by a barrier; ``serial`` makes the calls one at a time (SQLite)."""

    def __init__(self, count: int, serial: bool):
        self.count, self.serial = count, serial
        self.start, self.done = threading.Barrier(count + 1, timeout=60), threading.Barrier(count + 1, timeout=60)
        self.lock = threading.Lock()
        self.plan: list = [None] * count
        self.results: list = [None] * count
        self.stopping = False
        self.threads = [threading.Thread(target=self._run, args=(i,)) for i in range(count)]
        for thread in self.threads:
            thread.start()

    def _call(self, call):
        from django.db import connection as own

        try:
            if self.serial:
                with self.lock:
                    return call()
            return call()
        except Exception as exc:  # classified by the assertions
            return exc
        finally:
            own.close()

    def _run(self, index: int) -> None:
        from django.db import connection as own

        try:
            while True:
                self.start.wait()
                if self.stopping:
                    return
                call = self.plan[index]
                self.results[index] = None if call is None else self._call(call)
                self.done.wait()
        except threading.BrokenBarrierError:
            return
        finally:
            own.close()

    def wave(self, calls: list) -> list:
        """Run ``calls`` (at most ``count`` callables) at once; their results or exceptions."""
        assert len(calls) <= self.count
        self.plan = calls + [None] * (self.count - len(calls))
        self.results = [None] * self.count
        self.start.wait()
        self.done.wait()
        return self.results[: len(calls)]

    def stop(self) -> None:
        self.stopping = True
        try:
            self.start.wait()
        except threading.BrokenBarrierError:
            pass
        for thread in self.threads:
            thread.join(timeout=30)
        assert not any(thread.is_alive() for thread in self.threads)

    def abort(self) -> None:
        self.start.abort()
        self.done.abort()
        for thread in self.threads:
            thread.join(timeout=30)


def _act(player, match_id, version, action):
    return lambda: act(player, match_id, version, action)


def test_a_thousand_conflicting_actions_over_many_matches(own_pool, user, other_user, settings):
    settings.PLAY_MAX_RUNNING_MATCHES = 0  # two people play all 30 matches; the limits are not this test's subject
    lama = GAMES["lama"]
    rng = random.Random(2026)
    players = [person(user), person(other_user)]
    matches = []
    for index in range(MATCHES):
        match = create_match(players[0], "lama", [HUMAN, HUMAN], {}, seed=1000 + index)
        join_match(players[1], match.id)
        matches.append(match.id)

    workers = Workers(WORKERS, serial=connection.vendor != "postgresql")
    sent = []  # (group number, match id, seat, version, action, result)
    groups = 0
    turn = 0
    try:
        while len(sent) < TOTAL_ACTIONS:
            sizes = _group_sizes(rng, min(workers.count, TOTAL_ACTIONS - len(sent)))
            running = {m.id: m for m in Match.objects.filter(pk__in=matches, status=Match.Status.RUNNING)}
            order = [m for m in matches if m in running]
            assert len(order) >= len(sizes), "too many matches finished before the last wave"
            chosen = [order[(turn + i) % len(order)] for i in range(len(sizes))]
            turn += len(sizes)
            calls, meta = [], []
            for match_id, size in zip(chosen, sizes):
                match = running[match_id]
                state = lama.load(match.state)
                [seat] = lama.to_act(state)
                legal = lama.legal_actions(state, seat)
                # "quit" only when nothing else is legal, so that most matches keep going.
                candidates = [a for a in legal if a["type"] != "quit"] or legal
                picked = rng.sample(candidates, min(size, len(candidates)))
                actions = [picked[i % len(picked)] for i in range(size)]
                for action in actions:
                    calls.append(_act(players[seat], match_id, match.version, action))
                    meta.append((groups, match_id, seat, match.version, action))
                groups += 1
            results = workers.wave(calls)
            # Fail at the first wave with another outcome rather than run on.
            assert [r for r in results if not isinstance(r, (dict, StaleVersion))] == []
            sent += [(*info, result) for info, result in zip(meta, results)]
        workers.stop()
    except BaseException:
        workers.abort()
        raise

    assert len(sent) == TOTAL_ACTIONS
    unexpected = [r for *_, r in sent if not isinstance(r, (dict, StaleVersion))]
    assert unexpected == []
    applied = [s for s in sent if isinstance(s[-1], dict)]
    stale = [s for s in sent if isinstance(s[-1], StaleVersion)]
    # Within a group all calls are legal and based on the current version: exactly one applies.
    assert sorted(s[0] for s in applied) == list(range(groups))
    assert (len(applied), len(stale)) == (groups, TOTAL_ACTIONS - groups)

    final = {m.id: m for m in Match.objects.filter(pk__in=matches)}
    assert sum(m.version for m in final.values()) == len(applied)
    winners = {}
    for group, match_id, seat, version, action, view in applied:
        assert (view["version"], view["seat"]) == (version + 1, seat)
        assert view["last_action"] == {"version": version + 1, "seat": seat, "action": action, "by": "player"}
        winners[(match_id, version + 1)] = (seat, action)
    assert len(winners) == len(applied)  # no version was produced by two calls
    for group, match_id, seat, version, action, exc in stale:
        # The refusal carries the view after the one action of its group that applied.
        assert (exc.code, exc.status, exc.details) == (
            "stale_version", 409, {"version": version, "current_version": version + 1})
        assert (exc.view["seat"], exc.view["last_action"]["version"]) == (seat, version + 1)
        assert (seat, exc.view["last_action"]["action"]) == winners[(match_id, version + 1)]

    logs = {}
    for row in MatchAction.objects.filter(match_id__in=matches).order_by("match_id", "version"):
        logs.setdefault(row.match_id, []).append(row)
    for match_id, match in final.items():
        log = logs.get(match_id, [])
        assert [row.version for row in log] == list(range(1, match.version + 1)), match_id
        assert {(match_id, row.version): (row.seat, row.action) for row in log} == {
            key: value for key, value in winners.items() if key[0] == match_id}
        # Replaying the log from the set-up gives exactly the saved state: no update was lost.
        state = lama.setup(match.players, match.seed, match.options)
        for row in log:
            state = lama.apply(state, row.seat, row.action)
        assert lama.dump(state) == match.state, match_id
        outcome = lama.outcome(state)
        assert (match.status, match.outcome) == (
            ("finished", outcome.to_json()) if outcome else ("running", None)), match_id


def test_joins_racing_for_the_last_seat_exactly_one_wins(own_pool, user, other_user, django_user_model):
    count = JOINERS
    joiners = [django_user_model.objects.create_user(f"joiner{i}") for i in range(count)]
    workers = Workers(count, serial=connection.vendor != "postgresql")
    races = []
    try:
        for race in range(RACES):
            match = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, seed=race)
            join_match(person(other_user), match.id, seat=1)
            results = workers.wave([
                (lambda who=who, match_id=match.id: join_match(person(who), match_id, seat=2))
                for who in joiners
            ])
            races.append((match.id, results))
        workers.stop()
    except BaseException:
        workers.abort()
        raise

    for match_id, results in races:
        won = [i for i, r in enumerate(results) if isinstance(r, Match)]
        lost = [r for r in results if not isinstance(r, Match)]
        assert len(won) == 1, results
        assert [(type(r), r.code, r.status) for r in lost] == [(MatchError, "match_full", 409)] * (count - 1)
        match = Match.objects.get(pk=match_id)
        assert (match.status, match.version) == ("running", 0)
        seats = list(match.seats.order_by("index").values_list("index", "user_id"))
        assert seats == [(0, user.pk), (1, other_user.pk), (2, joiners[won[0]].pk)]
