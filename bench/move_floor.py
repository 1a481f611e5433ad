"""``moves``: what a move costs the site against its database floor, side by side in one run,
on PostgreSQL.

For L.A.M.A. (2 people, ``end_at`` 500) and Elements of Chaos (2 people with the sample decks
SMP-RED and SMP-GREEN), a match between two users is played move by move, each move a random
legal action of the seat to act (picked untimed), and timed two ways, one right after the other
(their order alternating):

- **the move**: ``play.services.act`` in process — lock and read the match and its seats, the
  checks, the engine's ``load`` / ``apply`` / ``dump``, the save and the log row, the commit,
  the views built and handed to the channel layer (the in-memory one: nobody listens), the
  actor's view returned;
- **the floor**: the same rows written by hand-written psycopg on a second match of the same
  game, over a connection of its own: one statement that locks and reads the match with its
  seats, an ``UPDATE`` of the state (the very JSON the move just wrote, sent as text) and the
  version, an ``INSERT`` of the log row, the commit. No Django, no engine, no JSON parsed.

Prints per game the median and p90 of each in ms, the ratio of the medians (the figure the
issue of cheap moves is judged by: target ≤ 2×), and the size of the state's JSON. When a
match ends, the next moves go to a new pair of matches.

The database is ``DATABASE_URL`` when it names PostgreSQL, else
``postgres://postgres@127.0.0.1:5432/eoc_bench`` (created when missing); it is migrated and
the sample catalogue loaded when it is missing. The benchmark's users and matches are deleted
at the end. The measuring runs in a process of its own (``python -m bench.move_floor
--measure``) with the in-memory channel layer (``REDIS_URL`` unset).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

from .server import REPO

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/eoc_bench"
#: Moves timed per game (after ``WARMUP`` untimed ones).
MOVES = int(os.environ.get("BENCH_MOVES", "400"))
WARMUP = 30
TARGET_RATIO = 2
USERS = ("bench-moves-0", "bench-moves-1")

#: game -> (label, options, the decks of seats 0 and 1 or None)
GAMES = {
    "lama": ("L.A.M.A., 2 people", {"end_at": 500}, None),
    "eoc": ("Elements of Chaos, 2 people, sample decks", {}, ("SMP-RED", "SMP-GREEN")),
}

#: One statement: the match locked and read with its seats (the columns ``act`` reads: not the
#: seats' decks nor the addresses, ``play.services.match_rows.NOT_READ_BY_A_MOVE``).
LOCK_AND_READ = """
SELECT m.id, m.game, m.players, m.options, m.seed, m.state, m.version, m.status, m.seconds_per_turn,
       m.turn_deadline, m.outcome, s.id, s.index, s.user_id, s.session_key, s.name, s.bot, s.resigned,
       s.timed_out
FROM play_match m JOIN play_seat s ON s.match_id = m.id
WHERE m.id = %s ORDER BY s.index FOR UPDATE OF m"""
UPDATE = "UPDATE play_match SET state = %s::jsonb, version = %s, updated = now() WHERE id = %s"
INSERT = ("INSERT INTO play_matchaction (match_id, version, seat, action, by, created) "
          "VALUES (%s, %s, %s, %s::jsonb, 'player', now())")


def database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_URL


def _ensure_database(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')


# -- the measuring process ------------------------------------------------------------------------
def _floor_connection(url: str):
    import psycopg
    from psycopg.types.string import TextLoader

    conn = psycopg.connect(url.replace("postgres://", "postgresql://", 1))
    # The floor reads the state as the text PostgreSQL sends, without parsing it.
    for jsonb in ("json", "jsonb"):
        conn.adapters.register_loader(jsonb, TextLoader)
    return conn


def _floor_move(conn, match_id: str, state_text: str, version: int, seat: int, action_text: str) -> None:
    rows = conn.execute(LOCK_AND_READ, (match_id,)).fetchall()
    assert rows and rows[0][6] == version - 1, (match_id, rows[:1])
    conn.execute(UPDATE, (state_text, version, match_id))
    conn.execute(INSERT, (match_id, version, seat, action_text))
    conn.commit()


def _measure(url: str, moves: int) -> dict:
    import random
    import time

    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from decks.models import Deck

    if not Deck.objects.filter(pk="SMP-RED").exists():
        call_command("load_samples", verbosity=0)
    from play.identity import Player
    from play.models import Match
    from play.payloads import get_game
    from play.services.act import act
    from play.services.create import create_match
    from play.services.join import join_match

    User.objects.filter(username__in=USERS).delete()
    users = [User.objects.create_user(name) for name in USERS]
    people = [Player(u.pk, None, u.username) for u in users]
    made: list[str] = []
    conn = _floor_connection(url)
    perf = time.perf_counter

    def new_pair(game: str, options: dict, decks, seed: int) -> tuple[str, str]:
        pair = []
        for _ in range(2):
            match = create_match(people[0], game, [{"kind": "human"}, {"kind": "human"}], dict(options),
                                 seed=seed, deck=decks[0] if decks else None)
            join_match(people[1], match.id, None, deck=decks[1] if decks else None)
            made.append(match.id)
            pair.append(match.id)
        return pair[0], pair[1]

    results = {}
    try:
        for game, (label, options, decks) in GAMES.items():
            engine = get_game(game)
            rng = random.Random(7)
            seed = 1
            moved, floor_id = new_pair(game, options, decks, seed)
            act_ms, floor_ms, sizes, pairs = [], [], [], 1
            for n in range(WARMUP + moves):
                match = Match.objects.only("state", "options", "version", "status").get(pk=moved)
                if match.status != Match.Status.RUNNING:
                    seed += 1
                    pairs += 1
                    moved, floor_id = new_pair(game, options, decks, seed)
                    match = Match.objects.only("state", "options", "version", "status").get(pk=moved)
                state = engine.load(match.state, match.options)
                seat = engine.to_act(state)[0]
                action = rng.choice(engine.legal_actions(state, seat))
                version = match.version

                def the_move():
                    started = perf()
                    act(people[seat], moved, version, action)
                    return perf() - started

                def the_floor():
                    state_text = conn.execute("SELECT state FROM play_match WHERE id = %s", (moved,)).fetchone()[0]
                    conn.commit()
                    floor_version = conn.execute("SELECT version FROM play_match WHERE id = %s",
                                                 (floor_id,)).fetchone()[0] + 1
                    conn.commit()
                    started = perf()
                    _floor_move(conn, floor_id, state_text, floor_version, seat, json.dumps(action))
                    return perf() - started, len(state_text.encode())

                if n % 2 == 0:
                    took = the_move()
                    floor_took, size = the_floor()
                else:
                    # The floor writes the state the move will write: the move's state is
                    # only known after it, so here the floor writes the previous one.
                    floor_took, size = the_floor()
                    took = the_move()
                if n >= WARMUP:
                    act_ms.append(took * 1000)
                    floor_ms.append(floor_took * 1000)
                    sizes.append(size)
            results[game] = {"label": label, "act": act_ms, "floor": floor_ms, "sizes": sizes, "matches": pairs}
    finally:
        conn.close()
        Match.objects.filter(pk__in=made).delete()
        User.objects.filter(username__in=USERS).delete()
    return results


# -- the report -----------------------------------------------------------------------------------
def _p(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def lines_of(results: dict) -> list[str]:
    lines = [f"{'move':<44} {'act p50':>8} {'p90':>7} {'floor p50':>10} {'p90':>7} {'ratio':>6} {'state JSON':>11}"]
    for game in GAMES:
        r = results[game]
        act_p50, floor_p50 = statistics.median(r["act"]), statistics.median(r["floor"])
        ratio = act_p50 / floor_p50
        lines.append(
            f"{r['label']:<44} {act_p50:>5.2f} ms {_p(r['act'], 90):>7.2f} {floor_p50:>7.2f} ms "
            f"{_p(r['floor'], 90):>7.2f} {ratio:>5.1f}x {statistics.median(r['sizes']) / 1024:>7.1f} KiB"
            f"  ({len(r['act'])} moves, {r['matches']} match(es); target <= {TARGET_RATIO}x: "
            f"{'met' if ratio <= TARGET_RATIO else 'NOT met'})")
    return lines


def main() -> list[str]:
    url = database_url()
    try:
        _ensure_database(url)
    except Exception as exc:  # psycopg.OperationalError: no server
        return [f"PostgreSQL at {url.rpartition('@')[2]}: not reachable ({type(exc).__name__}), not measured"]
    before = os.getloadavg()
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": "", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run([sys.executable, "-m", "bench.move_floor", "--measure", str(MOVES)], cwd=REPO, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the measuring process failed:\n{done.stderr[-4000:]}")
    results = json.loads(done.stdout.strip().splitlines()[-1])
    return ([f"PostgreSQL {url.rpartition('@')[2]}; play.services.act in process against hand-written psycopg "
             "(lock and read match and seats, update state and version, insert the log row, commit)"]
            + lines_of(results)
            + [f"load average before {before[0]:.2f}, after {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)"])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        print(json.dumps(_measure(os.environ["DATABASE_URL"], int(sys.argv[2]))), flush=True)
