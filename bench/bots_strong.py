"""The ``strong`` bot (play/bots/search.py) against the heuristic bots over seeded games.

Two seats (Elements of Chaos with the sample decks, every ordered pair of decks in turn, each pair
twice with the seats swapped; L.A.M.A. and Completto with 2 players): the strong bot's win rate
against one heuristic bot, the strong bot in seat ``i % 2`` of game ``i``. A shared win or a draw
counts half. Target: at least 60%.

Four seats (Elements, L.A.M.A. and Completto with 4 players): one strong bot among three heuristic
bots, in seat ``i % 4`` of game ``i``; its wins (a win shared by ``k`` seats counts ``1/k``)
against its fair share, 1/4. Target: at least 1.6 times the fair share.

Both with the 95% Wilson interval. And the strong bot's time per move (moves with more than one
legal action; the others are answered at once), p50 and p99, against its budget. Target: p99 at
most the budget plus 50 ms.

Time on a small machine is scarce, so the settings are environment variables:
``BENCH_STRONG_BUDGET`` (seconds a move, default 0.1; the bot's own default is 0.5),
``BENCH_STRONG_ITERATIONS`` (a cap on playouts a move, default none), ``BENCH_STRONG_GAMES``
(games a setup, default 100), ``BENCH_STRONG_FIRST`` (the index of a setup's first game, default
0, so that a run can go on from an earlier one with fresh games), ``BENCH_STRONG_SETUPS`` (some
of ``eoc-2 lama-2 completto-2 elements-4 lama-4 completto-4``, comma-separated; default all),
``BENCH_STRONG_METHOD`` (``pimc`` or ``ismcts``) and ``BENCH_STRONG_JOBS`` (games played in
parallel processes, default 1; the move times are then those of a machine under that load). The
games played so far are shown on the standard error as they finish.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from tqdm import tqdm

from play.bots import HEURISTICS
from play.bots.search import SearchBot
from play.bots.runner import play_game
from play.engine import derive_seed
from play.games import GAMES

from .engine_eoc import deck_pairs
from .games import wilson

SETUPS = ("eoc-2", "lama-2", "completto-2", "elements-4", "lama-4", "completto-4")
BASE_SEED = 2027


def settings() -> dict:
    """The benchmark's settings from the environment."""
    env = os.environ
    budget = env.get("BENCH_STRONG_BUDGET", "0.1")
    iterations = env.get("BENCH_STRONG_ITERATIONS")
    return {
        "budget": None if budget.lower() in ("", "none") else float(budget),
        "iterations": int(iterations) if iterations else None,
        "method": env.get("BENCH_STRONG_METHOD", "pimc"),
        "games": int(env.get("BENCH_STRONG_GAMES", "100")),
        "first": int(env.get("BENCH_STRONG_FIRST", "0")),
        "setups": [s for s in env.get("BENCH_STRONG_SETUPS", ",".join(SETUPS)).split(",") if s],
        "jobs": int(env.get("BENCH_STRONG_JOBS", "1")),
    }


class _Timed:
    """The strong bot, timing each move that has a choice."""

    def __init__(self, bot: SearchBot):
        self.bot = bot
        self.times: list[float] = []

    def choose(self, view: dict, legal: list[dict]) -> dict:
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def one_game(slug: str, players: int, i: int, options: dict) -> tuple[float, list[float]]:
    """Game ``i`` of a setup: the strong bot's share of the win (``1/k`` of a win shared by
    ``k`` seats; a draw shares it among all) and its move times."""
    game = GAMES[slug]
    seat = i % players
    seed = derive_seed(BASE_SEED, players, i)
    match_options, private = None, None
    if slug == "eoc":
        pairs = deck_pairs()
        match_options = pairs[(i // 2) % len(pairs)]
        private = {"deck": match_options["decks"][seat]}
    bots = [HEURISTICS[slug](derive_seed(seed, s)) for s in range(players)]
    strong = _Timed(SearchBot(game, derive_seed(seed, seat, 1), private, budget=options["budget"],
                              iterations=options["iterations"], method=options["method"]))
    bots[seat] = strong
    state, _ = play_game(game, players, seed, match_options, bots)
    winners = game.outcome(state).winners or tuple(range(players))
    return (1 / len(winners) if seat in winners else 0.0), strong.times


def run_setup(setup: str, options: dict) -> tuple[float, int, list[float], float]:
    """Play a setup's games: ``(wins, games, move times, seconds)``."""
    slug, players = setup.split("-")
    players = int(players)
    games = options["games"]
    start = time.perf_counter()
    first = options["first"]
    args = [(slug, players, i, options) for i in range(first, first + games)]
    results = []
    with tqdm(total=games, unit="game", desc=setup, file=sys.stderr) as bar:
        if options["jobs"] > 1:
            with ProcessPoolExecutor(options["jobs"]) as pool:
                for played in as_completed([pool.submit(one_game, *a) for a in args]):
                    results.append(played.result())
                    bar.update(1)
        else:
            for a in args:
                results.append(one_game(*a))
                bar.update(1)
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[1]]
    return wins, games, times, time.perf_counter() - start


def lines_for(setup: str, wins: float, games: int, times: list[float], seconds: float, options: dict) -> list[str]:
    slug, players = setup.split("-")
    players = int(players)
    name = GAMES[slug].name
    low, high = wilson(wins, games)
    if players == 2:
        result = (f"{name}, 2 players, strong vs heuristic: {wins / games:.1%} of {games} games "
                  f"(95% CI {low:.1%}..{high:.1%}); target 60%")
    else:
        fair = 1 / players
        result = (f"{name}, {players} players, strong among {players - 1} heuristic: wins {wins / games:.1%} of {games} "
                  f"games = {wins / games / fair:.2f}x the fair share (95% CI {low / fair:.2f}x..{high / fair:.2f}x); "
                  f"target 1.6x")
    budget = options["budget"]
    if times:
        cuts = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else [times[0]] * 99
        limit = "no time limit" if budget is None else f"budget {budget * 1000:.0f} ms, target p99 <= {budget * 1000 + 50:.0f} ms"
        timing = (f"  move time over {len(times)} moves with a choice: p50 {statistics.median(times) * 1000:.1f} ms, "
                  f"p99 {cuts[98] * 1000:.1f} ms, max {max(times) * 1000:.1f} ms ({limit}); {seconds:.0f} s in all")
    else:
        timing = f"  no move with a choice; {seconds:.0f} s in all"
    return [result, timing]


def main():
    """The lines of each setup as soon as it is played (a generator: a setup takes minutes)."""
    options = settings()
    cap = options["iterations"]
    yield (f"settings: budget {options['budget']} s a move, cap {cap if cap else 'none'} playouts a move, "
           f"method {options['method']}, {options['games']} games a setup from game {options['first']}, "
           f"{options['jobs']} process(es)")
    for setup in options["setups"]:
        if setup not in SETUPS:
            raise ValueError(f"unknown setup {setup!r}; known: {', '.join(SETUPS)}")
        yield from lines_for(setup, *run_setup(setup, options), options)
