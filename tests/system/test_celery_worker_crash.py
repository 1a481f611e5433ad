"""Kill a Celery worker (SIGKILL to its process group) while bot matches are mid-play: bots still
move once a worker is back, and no turn is played twice.

Ten bot-vs-bot L.A.M.A. matches are created while no worker runs (their first turns wait in
the test's own queue) and two more whose first turn goes to a queue nobody consumes (a turn the
broker lost). A worker plays until a third of all turns are done and is killed: whatever it was
running, had prefetched or was holding for its countdown is lost or handed back depending on the
broker (docs/deploy.md, "Celery"). A new worker starts; ``play.resume_stalled`` (queued when a
worker starts) queues the turns the database says are due. Every match must end with exactly
the log its seeded bots give when each turn is played once, and its state must be the replay
of that log.
"""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass

from bench.server import REPO, CeleryWorker, own_queue, site_database
from play.bots import BOTS
from play.engine import derive_seed
from play.games import GAMES

LAMA = GAMES["lama"]
BOT_SEATS = ["heuristic", "heuristic"]
OPTIONS = {"end_at": 10}

_CREATE = """
import json, sys
import django
django.setup()
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
seats = [{"kind": "bot", "bot": name} for name in json.loads(sys.argv[2])]
options = json.loads(sys.argv[3])
ids = [create_match(None, "lama", seats, options, seed=seed).id for seed in json.loads(sys.argv[1])]
print(json.dumps(ids))
"""


def create_bot_matches(env: dict, seeds: list[int], *more: tuple[dict, list[int]]) -> list[str]:
    """Create one bot-vs-bot L.A.M.A. match (``BOT_SEATS``, ``OPTIONS``) per seed in a subprocess
    with ``env`` over this process's environment (so the first bot turns are queued on the
    broker and queue that ``env`` names); returns their ids in order. Each ``(env, seeds)`` of
    ``more`` is created at the same time by a subprocess of its own, its ids following.
    Raises ``subprocess.CalledProcessError`` when creating fails."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _CREATE, json.dumps(run_seeds), json.dumps(BOT_SEATS), json.dumps(OPTIONS)],
            cwd=REPO, env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **run_env},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for run_env, run_seeds in ((env, seeds), *more)
    ]
    ids = []
    for run in runs:
        out, err = run.communicate(timeout=120)
        if run.returncode:
            raise subprocess.CalledProcessError(run.returncode, run.args, out, err)
        ids += json.loads(out.strip().splitlines()[-1])
    return ids


@dataclass(frozen=True)
class Row:
    """A match as the site database holds it (``state``: the dumped state; ``log``: its
    actions ``[(version, seat, action, by)]`` in version order)."""

    status: str
    version: int
    seed: int
    players: int
    options: dict
    state: dict | None
    log: list[tuple[int, int, dict, str]]


def _json(value):
    return json.loads(value) if isinstance(value, str) else value


def _query(database_url: str, sql: str, params: tuple) -> list[tuple]:
    if database_url.startswith("sqlite:///"):
        import sqlite3

        with contextlib.closing(sqlite3.connect(database_url[len("sqlite:///"):], timeout=20)) as conn:
            return conn.execute(sql.replace("%s", "?"), params).fetchall()
    import psycopg

    with psycopg.connect(database_url.replace("postgres://", "postgresql://", 1), autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


def versions(database_url: str, ids: list[str]) -> dict[str, tuple[str, int]]:
    """``{match_id: (status, version)}`` read straight from the site database."""
    marks = ",".join(["%s"] * len(ids))
    rows = _query(database_url, f"SELECT id, status, version FROM play_match WHERE id IN ({marks})", tuple(ids))
    return {i: (s, v) for i, s, v in rows}


def match_rows(database_url: str, ids: list[str]) -> dict[str, Row]:
    """Every match of ``ids`` with its log, read straight from the site database."""
    marks = ",".join(["%s"] * len(ids))
    matches = _query(database_url, "SELECT id, status, version, seed, players, options, state FROM play_match "
                     f"WHERE id IN ({marks})", tuple(ids))
    actions = _query(database_url, "SELECT match_id, version, seat, action, by FROM play_matchaction "
                     f"WHERE match_id IN ({marks}) ORDER BY match_id, version", tuple(ids))
    logs: dict[str, list] = {i: [] for i in ids}
    for match_id, version, seat, action, by in actions:
        logs[match_id].append((version, seat, _json(action), by))
    return {i: Row(s, v, seed, players, _json(options), _json(state), logs[i])
            for i, s, v, seed, players, options, state in matches}


def expected_playout(seed: int) -> tuple[list[tuple[int, int, dict, str]], object]:
    """The log ``[(version, seat, action, "bot")]`` and final state of a match made by
    ``create_bot_matches`` with ``seed``, each turn played once: the bots are seeded per seat
    and version (``play.services.bot_turns.play_bot_turn``), so the playout is fixed by the seed."""
    state = LAMA.setup(len(BOT_SEATS), seed, OPTIONS)
    log, version = [], 0
    while LAMA.outcome(state) is None:
        seat = LAMA.to_act(state)[0]
        bot = BOTS[BOT_SEATS[seat]](LAMA, derive_seed(seed, seat, version))
        action = bot.choose(LAMA.view(state, seat), LAMA.legal_actions(state, seat))
        state = LAMA.apply(state, seat, action)
        version += 1
        log.append((version, seat, action, "bot"))
    return log, state


def replayed(row: Row):
    """The state reached by applying the match's logged actions to its set-up."""
    state = LAMA.setup(row.players, row.seed, row.options)
    for _, seat, action, _ in row.log:
        state = LAMA.apply(state, seat, action)
    return state


def wait_until(condition, timeout: float, what: str, every: float = 0.1):
    """Poll ``condition()`` until it returns a truthy value, which is returned; ``AssertionError``
    naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout:g} s waiting for {what}"
        time.sleep(every)


def log_problems(path) -> list[str]:
    """The lines of a Celery log file that report an error (``ERROR``, ``CRITICAL``, a traceback)."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip() for line in f if any(w in line for w in ("ERROR", "CRITICAL", "Traceback"))]


def resumed_turns(path) -> list[tuple[str, int, str]]:
    """The turns ``play.resume_stalled`` queued, from a worker's log: ``[(match_id, version, task)]``."""
    turns = []
    if not os.path.exists(path):
        return turns
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "play.resume_stalled: queued" in line:
                for item in line.split("stalled turns: ", 1)[1].split():
                    match_id, rest = item.split("@")
                    version, task = rest.split(":")
                    turns.append((match_id, int(version), task))
    return turns


# -- the test ------------------------------------------------------------------------------------
SEEDS = [100, 104, 105, 107, 109, 111, 112, 117, 123, 126]  # 10 matches of 20 to 34 turns, 272 in all
LOST_SEEDS = [200, 201]  # 2 more whose first turn a broker "lost"
STALL_AFTER = 1.0  # PLAY_STALL_AFTER of the workers, seconds


def test_a_killed_worker_stalls_no_match_and_no_turn_is_played_twice(tmp_path):
    expected = {seed: expected_playout(seed) for seed in SEEDS + LOST_SEEDS}
    total = sum(len(log) for log, _ in expected.values())
    with site_database() as database_url, own_queue("crash") as queue, own_queue("lost") as lost:
        env = {"DATABASE_URL": database_url, "PLAY_BOT_DELAY": "0.05", "PLAY_STALL_AFTER": str(STALL_AFTER), **queue}
        everyone = create_bot_matches(env, SEEDS, ({**env, **lost}, LOST_SEEDS))
        lost_ids = everyone[len(SEEDS):]
        seed_of = dict(zip(everyone, SEEDS + LOST_SEEDS))
        assert set(versions(database_url, everyone).values()) == {("running", 0)}

        first = CeleryWorker(env, concurrency=2)
        first.command += ["--logfile", str(tmp_path / "first.log")]
        first.ready = None  # the matches moving say it is up; its pings would only cost time
        with first:  # stopped on the way out should anything fail before the kill
            # Killed mid-play: tasks are running, prefetched and waiting out their countdown.
            wait_until(lambda: sum(v for _, v in versions(database_url, everyone).values()) >= total * 0.35,
                       30, "a third of the turns")
            first.kill()
        at_kill = versions(database_url, everyone)
        unfinished = sorted(i for i, (status, _) in at_kill.items() if status == "running")
        assert unfinished, "every match finished before the kill"
        # The worker is gone with its children: the matches stand still.
        time.sleep(STALL_AFTER + 0.2)
        assert versions(database_url, everyone) == at_kill

        # The new worker queues the next turns with no countdown: with the filesystem broker a
        # countdown waits for the worker's next poll of the broker (up to 2 s) once few matches
        # are left, which would only make the test slow.
        second = CeleryWorker({**env, "PLAY_BOT_DELAY": "0"}, concurrency=2)
        second.command += ["--logfile", str(tmp_path / "second.log")]
        second.ready = None
        with second:
            wait_until(lambda: {s for s, _ in versions(database_url, everyone).values()} == {"finished"},
                       40, "every match to finish")
            # Read before the end: SIGTERM to the whole group (bench.server's stop) kills the
            # pool's processes under the worker, which it logs as errors.
            second_problems = log_problems(tmp_path / "second.log")
            second.kill()  # nothing is left to do; a warm shutdown takes seconds
        rows = match_rows(database_url, everyone)

    for match_id, row in rows.items():
        log, state = expected[seed_of[match_id]]
        # Each turn exactly once: versions 1..final, no gap, no copy, the seeded bots' choices.
        assert [entry[0] for entry in row.log] == list(range(1, row.version + 1))
        assert row.log == log
        assert (row.status, row.version) == ("finished", len(log))
        assert LAMA.load(row.state) == state == replayed(row)
    # The two matches whose first turn was lost were resumed at version 0 when a worker
    # started: the first one, or (had they not yet stood still for PLAY_STALL_AFTER when it
    # started) the second.
    first_resumed = resumed_turns(tmp_path / "first.log")
    second_resumed = resumed_turns(tmp_path / "second.log")
    assert {(i, 0, "bot") for i in lost_ids} <= set(first_resumed) | set(second_resumed)
    # The second resumed only matches that stood still at the kill, each at a version it had then.
    assert {(i, v) for i, v, _ in second_resumed} <= {(i, at_kill[i][1]) for i in unfinished}
    assert log_problems(tmp_path / "first.log") == []
    assert second_problems == []
    print(f"\nkilled at {sum(v for _, v in at_kill.values())}/{total} turns, {len(unfinished)} matches unfinished; "
          f"resumed by the first worker {len(first_resumed)}, by the second {len(second_resumed)}: {second_resumed}")
