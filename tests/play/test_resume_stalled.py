"""The recovery of stalled matches: ``play.selectors.stalled.stalled_turns`` finds the running matches whose
turn Celery should have played (a bot's seat is to act, the clock ran out, or the person to act
in a match without a clock is away past the absence deadline) and that have stood still; ``tasks.resume_stalled`` queues their turns again, and a real worker plays them.
A turn is "lost" here by changing the database behind the services' back (no task queued)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from play import tasks
from play.errors import MatchError
from play.models import Match, MatchAction, Seat
from play.selectors.stalled import StalledTurn, stalled_turns
from play.services.act import BotPlayer, act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.join import join_match
from tests.play.matches import HEURISTIC, HUMAN, RANDOM, SHORT, STACKED, person, stack, wait_for
from tests.play.test_match_tasks import log_of, worker, worker_thread  # noqa: F401  (fixtures)


def idle(match_id: str, seconds: float, deadline_in: float | None = None) -> None:
    """Make the match look unchanged for ``seconds``; ``deadline_in`` (seconds from now, may be
    negative) sets its turn deadline. ``update`` skips ``auto_now`` and queues nothing."""
    now = timezone.now()
    fields = {"updated": now - timedelta(seconds=seconds)}
    if deadline_in is not None:
        fields["turn_deadline"] = now + timedelta(seconds=deadline_in)
    Match.objects.filter(pk=match_id).update(**fields)


def bots_only(seed=3):
    return create_match(None, "lama", [RANDOM, HEURISTIC], STACKED, seed=seed)


def test_a_bot_match_idle_longer_than_the_threshold_is_stalled(db):
    match = bots_only()
    idle(match.id, 20)
    assert stalled_turns(10) == [StalledTurn(match.id, 0, "bot", False)]
    assert stalled_turns(25) == []


def test_a_match_waiting_for_a_person_is_not_stalled_until_its_clock_ran_out(db, user, other_user):
    alice, bob = person(user), person(other_user)
    with_bot = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    people = create_match(alice, "lama", [HUMAN, HUMAN], {}, seconds_per_turn=60, seed=5)
    join_match(bob, people.id)
    idle(with_bot.id, 3600)
    idle(people.id, 3600, deadline_in=60)
    assert stalled_turns(10) == []  # seat 0, a person's, is to act in both
    idle(people.id, 3600, deadline_in=-5)
    assert stalled_turns(10) == []  # the clock ran out, but only 5 s ago
    idle(people.id, 3600, deadline_in=-20)
    assert stalled_turns(10) == [StalledTurn(people.id, 0, "clock", True)]


def test_only_running_matches_count_oldest_first_up_to_the_limit(db, user):
    older, newer = bots_only(1), bots_only(2)
    waiting = create_match(person(user), "lama", [HUMAN, HUMAN, RANDOM], {}, seed=5)
    finished = bots_only(4)
    Match.objects.filter(pk=finished.id).update(status=Match.Status.FINISHED)
    for match, seconds in ((older, 300), (newer, 200), (waiting, 400), (finished, 500)):
        idle(match.id, seconds)
    assert Match.objects.get(pk=waiting.id).status == "open"
    assert stalled_turns(10) == [
        StalledTurn(older.id, 0, "bot", False), StalledTurn(newer.id, 0, "bot", False)]
    assert stalled_turns(10, limit=1) == [StalledTurn(older.id, 0, "bot", False)]
    later = timezone.now() + timedelta(seconds=250)
    assert stalled_turns(500, now=later) == [StalledTurn(older.id, 0, "bot", False)]


def test_resume_stalled_queues_a_lost_bot_turn_and_the_worker_plays_the_match_out(worker, user):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], SHORT, seed=21)
    assert tasks.resume_stalled.apply().get() == 0  # seat 0 (a person) is to act: nothing to do
    # The person's seat becomes a bot's behind the services' back: its turn was never queued.
    Seat.objects.filter(match_id=match.id, index=0).update(bot="random")
    assert tasks.resume_stalled.apply().get() == 0  # unchanged for less than PLAY_STALL_AFTER
    idle(match.id, 60)
    assert tasks.resume_stalled.apply().get() == 1
    done = wait_for(match.id, lambda m: m.status == "finished", timeout=60)
    assert [version for version, _, _ in log_of(match.id)] == list(range(1, done.version + 1))
    assert {by for _, _, by in log_of(match.id)} == {"bot"}
    assert tasks.resume_stalled.apply().get() == 0


def test_resume_stalled_plays_a_lost_clock(worker, user, other_user):
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seconds_per_turn=600, seed=5)
    join_match(bob, match.id)  # queues the clock, due in 600 s
    idle(match.id, 120, deadline_in=-60)
    assert tasks.resume_stalled.apply().get() == 1
    played = wait_for(match.id, lambda m: m.version == 1, timeout=15)
    assert log_of(match.id) == [(1, 0, "clock")]
    assert played.turn_deadline > timezone.now() + timedelta(seconds=590)
    assert tasks.resume_stalled.apply().get() == 0


def test_resume_stalled_times_out_a_person_away_past_the_absence_deadline(worker, user, other_user):
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=5)
    join_match(bob, match.id)  # no clock: alice, to act, has 5 minutes; no task waits for them
    stack(match.id, STACKED)
    assert stalled_turns(10) == []
    idle(match.id, 400, deadline_in=-100)
    assert stalled_turns(10) == [StalledTurn(match.id, 0, "absent", True)]
    assert tasks.resume_stalled.apply().get() == 1
    # the worker times alice out; the bot then plays her seat, and bob (present) is to act
    played = wait_for(match.id, lambda m: m.version == 1, timeout=15)
    assert log_of(match.id) == [(1, 0, "bot")]
    assert list(Seat.objects.filter(match_id=match.id).order_by("index").values_list("timed_out", "bot")) == [
        (True, "heuristic"), (False, "")]
    assert (played.status, played.turn_deadline > timezone.now() + timedelta(seconds=290)) == ("running", True)
    assert tasks.resume_stalled.apply().get() == 0


def test_a_long_clock_waits_in_the_broker_at_most_the_cap_and_is_queued_again(worker, user, other_user, settings):
    settings.PLAY_CLOCK_MAX_COUNTDOWN = 1
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seconds_per_turn=3600, seed=5)
    join_match(bob, match.id)  # the clock task: countdown 3600 s, cut to 1 s
    # The deadline moves to now without queuing anything: only the capped, re-queued check of
    # the clock can see it before an hour has passed.
    Match.objects.filter(pk=match.id).update(turn_deadline=timezone.now())
    wait_for(match.id, lambda m: m.version == 1, timeout=15)
    assert log_of(match.id) == [(1, 0, "clock")]
    assert MatchAction.objects.get(match_id=match.id, version=1).seat == 0


def test_a_copy_of_the_finishing_turn_that_loses_the_race_does_nothing(db):
    match = create_match(None, "lama", [RANDOM, HEURISTIC], SHORT, seed=21)
    version = 0
    while play_bot_turn(match.id, version):
        version += 1
    last = MatchAction.objects.get(match_id=match.id, version=version)
    assert Match.objects.get(pk=match.id).status == "finished"
    # Two copies of the last turn's task read the match before it finished; the second one's
    # act() is refused with game_over (the status is checked before the version) ...
    late_copy = lambda: act(BotPlayer(last.seat), match.id, version - 1, last.action)  # noqa: E731
    with pytest.raises(MatchError) as refused:
        late_copy()
    assert refused.value.code == "game_over"
    # ... which the task takes as "the match moved on", like a stale version.
    assert tasks._moved_on(match.id, version - 1, late_copy) is False
    assert tasks.bot_turn.apply(args=(match.id, version - 1)).get() is False
    # Any other refusal is still an error.
    with pytest.raises(MatchError) as other:
        tasks._moved_on(match.id, 0, lambda: act(BotPlayer(0), "nosuchmatch", 0, last.action))
    assert other.value.code == "match_not_found"
    assert Match.objects.get(pk=match.id).version == version
