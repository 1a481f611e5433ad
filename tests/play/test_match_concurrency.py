"""Two conflicting actions sent at the same moment (the same seat in two tabs, both based on the
same version): exactly one applies, the other is refused as stale with the view after the first.

On PostgreSQL the two run in threads with their own connections. The test holds the match row
locked until both are waiting on it, so both requests are in flight together whatever the
scheduling; then the row lock (``select_for_update``) is what makes the second one see the first
one's version. SQLite has no row locks (a second writer fails with "database is locked" instead
of waiting), so there the same two calls are made one after the other, with the same assertions.
"""
import threading
import time

from django.db import connection, transaction

from play import services
from play.errors import StaleVersion
from play.models import Match, MatchAction
from tests.play.matches import HUMAN, STACKED, person

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


def test_two_conflicting_actions_one_applies_the_other_is_stale(transactional_db, user, other_user):
    alice = person(user)
    match = services.create_match(alice, "lama", [HUMAN, HUMAN], STACKED, seed=7)
    services.join_match(person(other_user), match.id)
    concurrent = connection.vendor == "postgresql"
    serial = threading.Lock()
    results = [None] * len(ACTIONS)

    def send(i):
        from django.db import connection as own

        try:
            if concurrent:
                results[i] = services.act(alice, match.id, 0, ACTIONS[i])
            else:
                with serial:
                    results[i] = services.act(alice, match.id, 0, ACTIONS[i])
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
            deadline = time.monotonic() + 10
            while waiting_on_locks() < len(ACTIONS):
                assert time.monotonic() < deadline, "the two requests never waited on the match row together"
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
