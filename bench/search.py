"""Card search at scale: ``GET /api/cards/?q=…`` over HTTP on PostgreSQL with 100,000 synthetic
cards (set SYN) beside the sample catalogue, against the same answers from hand-written SQL.

- The database is ``DATABASE_URL`` when it is PostgreSQL, else
  ``postgres://postgres@127.0.0.1:5432/eoc_bench`` (created when missing). It is migrated, the
  sample catalogue is imported (``fixtures/sample_catalogue.json``), ``synth_cards 100000``
  fills the synthetic set (only the missing cards are made), then ``VACUUM ANALYZE`` (what
  autovacuum does after a bulk load). Once the data exists a run takes under 2 minutes.
- The site runs under uvicorn (2 workers, ``bench.server.running_site``); one client sends the
  20 queries of ``QUERIES`` in rounds (each once a round, shuffled), 120 rounds: p50 and p95 per
  query and over all of them. Then 4 clients on one query for 5 s give a throughput.
- The floor: each query's answer computed by hand-written SQL run straight through psycopg —
  the page (60 cards with their set, as the API reads them: one row past the page, then a
  ``COUNT`` only when the results go on) — timed the same way. The SQL is the best one could
  write by hand with the same indexes; the bench checks it finds the same cards and count as
  the API. It is timed in the same rounds, right after the HTTP request for the same query.
- The API keeps each search's count per state of the catalogue
  (``cardsdb.selectors.search.match_count``), so only a query's first answer counts its matches:
  that first answer's time is printed too ("first"), beside the floor's, which counts every time.
  Without ``REDIS_URL`` each worker keeps its own counts, so the other worker's first answer to
  a query counts again: one of that query's timed answers at most.
- Targets (the search issue): p95 ≤ 25 ms, and p95 ≤ 3 × the floor's p95.

Everything (the API, PostgreSQL, the load generator) shares the machine's cores.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from urllib.parse import urlencode

import httpx
import psycopg

from .load import LoadResult, run_load
from .server import REPO, running_site

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/eoc_bench"
CARDS = 100_000
PAGE = 60
TARGET_MS = 25
TARGET_RATIO = 3

#: The columns the API's card list reads (``cardsdb.api.serializers.ROW_FIELDS``).
_COLS = """c.code, c.name, c.name_en, c.reading, c.type, c.colours, c.size, c.bonus_colour, c.bonus_value,
 c.step1, c.step2, c.step3, c.hp, c.directions, c.movement, c.ability, c.text, c.effect, c.flavour, c.artist, c.rarity,
 c.card_set_id, s.name, s.kind"""


def _masks(test) -> str:
    return ", ".join(str(m) for m in range(16) if test(m))


def _names_like(text: str) -> str:
    return f"(c.name_folded LIKE '%{text}%' OR c.reading_folded LIKE '%{text}%' OR c.name_en_folded LIKE '%{text}%')"


def _chars_like(column: str, text: str) -> str:
    chars = f"string_to_array(c.{column}, NULL) @> '{{{','.join(sorted(set(text)))}}}'"
    return chars if len(text) == 1 else f"({chars} AND c.{column} LIKE '%{text}%')"


def _step_cells(action: str) -> str:
    from itertools import permutations

    actions = ("move", "attack", "defend", "charge", "special")
    cells = [" ".join(p) for n in (1, 2, 3) for p in permutations(actions, n) if action in p]
    return ", ".join(f"'{c}'" for c in cells)


#: (query, WHERE clause, ORDER BY) — the hand-written SQL of each query of the mix.
QUERIES: list[tuple[str, str, str]] = [
    ("t:character", "c.type = 'character'", "c.code"),
    ("c:r", f"c.colour_mask IN ({_masks(lambda m: m & 1)})", "c.code"),
    ("c=rg", "c.colour_mask = 3", "c.code"),
    ("t:character hp>=5", "c.type = 'character' AND c.hp >= 5", "c.code"),
    ("size>=3 order:size dir:desc", "c.size >= 3", "c.size DESC, c.code"),
    ("炎", "(" + " OR ".join(_chars_like(col, "炎") for col in ("name_folded", "reading_folded", "name_en_folded"))
     + ")", "c.code"),
    ("ほのお", _names_like("ほのお"), "c.code"),
    ("flame", _names_like("flame"), "c.code"),
    ('!"火炎部長カグラ"', "(c.name_folded = '火炎部長かぐら' OR c.reading_folded = '火炎部長かぐら' "
     "OR c.name_en_folded = '火炎部長かぐら')", "c.code"),
    ("o:回復", _chars_like("text_folded", "回復"), "c.code"),
    ('o:"ダメージ"', "c.text_folded LIKE '%だめーじ%'", "c.code"),
    ("o:/[2-3]ダメージ/", "c.text_folded LIKE '%だめーじ%' AND c.text_folded ~* '[2-3]だめーじ'", "c.code"),
    ("(c:r or c:w) t:event", f"c.type = 'event' AND c.colour_mask IN ({_masks(lambda m: m & 9)})", "c.code"),
    ("-t:character c:g size<=2",
     f"c.type <> 'character' AND c.colour_mask IN ({_masks(lambda m: m & 2)}) AND c.size <= 2", "c.code"),
    ("act:special mv>=2", f"(c.step1 IN ({_step_cells('special')}) OR c.step2 IN ({_step_cells('special')}) "
     f"OR c.step3 IN ({_step_cells('special')})) AND c.movement >= 2", "c.code"),
    ("step1:charge bonus<0", f"c.step1 IN ({_step_cells('charge')}) AND c.bonus_value < 0", "c.code"),
    ("dir:diagonal c:b", f"c.directions = 'diagonal' AND c.colour_mask IN ({_masks(lambda m: m & 4)})", "c.code"),
    ("a:sato", "c.artist_folded LIKE '%sato%'", "c.code"),
    ("s:smp t:character", "upper(c.card_set_id) = 'SMP' AND c.type = 'character'", "c.code"),
    ("arisa order:name", _names_like("arisa"), "c.name_folded, c.code"),
]


def database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_URL


def _manage(url: str, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=REPO, env={**os.environ, "DATABASE_URL": url},
                   check=True, stdout=subprocess.DEVNULL)


def prepare(url: str) -> list[str]:
    """Create, migrate and fill the database; returns lines saying what was done."""
    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')
    started = time.perf_counter()
    _manage(url, "migrate", "--noinput", "-v0")
    _manage(url, "import_cards", str(REPO / "fixtures" / "sample_catalogue.json"), "--no-progress")
    _manage(url, "synth_cards", str(CARDS), "--no-progress")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE cardsdb_card")
        total = conn.execute("SELECT count(*) FROM cardsdb_card").fetchone()[0]
    return [f"database {url.rpartition('@')[2]}: {total:,} cards (prepared in {time.perf_counter() - started:.0f} s)"]


def floor_answer(conn, where: str, order: str) -> tuple[int, list[str], float]:
    """(count, codes of the first page, seconds) of one hand-written answer."""
    started = time.perf_counter()
    rows = conn.execute(
        f"SELECT {_COLS} FROM cardsdb_card c JOIN cardsdb_cardset s ON s.code = c.card_set_id "
        f"WHERE {where} ORDER BY {order} LIMIT {PAGE + 1}"
    ).fetchall()
    count = len(rows)
    if count > PAGE:
        count = conn.execute(f"SELECT count(*) FROM cardsdb_card c WHERE {where}").fetchone()[0]
    return count, [r[0] for r in rows[:PAGE]], time.perf_counter() - started


def measure(base: str, url: str, rounds: int, warmup: int) -> tuple[dict, dict, dict, dict, int]:
    """Per query: the count, the first answer's latency (ms, its count not yet kept), and the
    latencies (ms) over HTTP and of the floor; and the number of errors (answers other than 200,
    left out of the latencies). Each round sends every query
    once over HTTP and answers it once by SQL, in a shuffled order, so load from anything else
    on the machine falls on all of them alike. Raises ``AssertionError`` when a first answer
    is not 200 or differs from the SQL's (the floor would not be the same work)."""
    counts, first, api, floor = {}, {}, {q: [] for q, _, _ in QUERIES}, {q: [] for q, _, _ in QUERIES}
    errors = 0
    order = list(QUERIES)
    shuffle = random.Random(7).shuffle
    with httpx.Client(base_url=base, timeout=30) as client, psycopg.connect(url, autocommit=True) as conn:
        client.get("/api/health/")  # the connection opened here, not in the first query's time
        for query, where, sort in QUERIES:
            started = time.perf_counter()
            response = client.get("/api/cards/", params={"q": query})
            first[query] = (time.perf_counter() - started) * 1000
            if response.status_code != 200:
                raise AssertionError(f"{query!r}: HTTP {response.status_code}")
            body = response.json()
            count, codes, _ = floor_answer(conn, where, sort)
            if (body["count"], [c["code"] for c in body["results"]]) != (count, codes):
                raise AssertionError(f"{query!r}: the API found {body['count']} cards, the SQL {count}; pages differ")
            counts[query] = count
        for round_ in range(warmup + rounds):
            shuffle(order)
            for query, where, sort in order:
                started = time.perf_counter()
                response = client.get("/api/cards/", params={"q": query})
                took = time.perf_counter() - started
                *_, floor_took = floor_answer(conn, where, sort)
                if round_ >= warmup:
                    if response.status_code != 200:
                        errors += 1
                        continue
                    api[query].append(took * 1000)
                    floor[query].append(floor_took * 1000)
    return counts, first, api, floor, errors


def _percentile(values: list[float], p: float) -> float:
    return LoadResult(len(values), 0, 1, values).percentile(p)


def main(rounds: int = 120, warmup: int = 5) -> list[str]:
    url = database_url()
    lines = prepare(url)
    lines.append("load average before: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} cores)")
    with running_site(workers=2, env={"DATABASE_URL": url}) as base:
        counts, first, api, floor, errors = measure(base, url, rounds, warmup)
        rate = run_load("GET", f"{base}/api/cards/?{urlencode({'q': QUERIES[0][0]})}", concurrency=4, seconds=5)
    lines.append(f"{rounds} requests per query, one client, in shuffled rounds; floor = hand-written SQL via psycopg; "
                 f"{errors} errors (answers other than 200, not timed)")
    lines.append(f"{'query':<30} {'cards':>7} {'first':>6} {'p50 ms':>7} {'p95 ms':>7} {'floor p50':>9} "
                 f"{'floor p95':>9} {'ratio':>6}  targets")
    met = 0
    for query, _, _ in QUERIES:
        p50, p95 = _percentile(api[query], 50), _percentile(api[query], 95)
        floor_p50, floor_p95 = _percentile(floor[query], 50), _percentile(floor[query], 95)
        ratio = p95 / floor_p95
        ok_ms, ok_ratio = p95 <= TARGET_MS, ratio <= TARGET_RATIO
        met += ok_ms and ok_ratio
        marks = f"{'p95 ok' if ok_ms else 'p95 OVER'}, {'ratio ok' if ok_ratio else 'ratio OVER'}"
        lines.append(f"{query:<30} {counts[query]:>7,} {first[query]:>6.1f} {p50:>7.1f} {p95:>7.1f} {floor_p50:>9.1f} "
                     f"{floor_p95:>9.1f} {ratio:>6.1f}  {marks}")
    every = [ms for values in api.values() for ms in values]
    every_floor = [ms for values in floor.values() for ms in values]
    lines.append(
        f"{'all 20 queries':<30} {'':>7} {statistics.median(first.values()):>6.1f} {_percentile(every, 50):>7.1f} {_percentile(every, 95):>7.1f} "
        f"{_percentile(every_floor, 50):>9.1f} {_percentile(every_floor, 95):>9.1f} "
        f"{_percentile(every, 95) / _percentile(every_floor, 95):>6.1f}  mean {statistics.fmean(every):.1f} ms"
    )
    lines.append(f"{met} of {len(QUERIES)} queries meet both targets "
                 f"(p95 <= {TARGET_MS} ms and <= {TARGET_RATIO}x floor)")
    lines.append(rate.line(f"{QUERIES[0][0]!r}, 4 clients"))
    lines.append("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return lines
