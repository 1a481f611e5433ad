"""What every game's bots promise (DESIGN.md, "The game engine protocol"; the bots use only
``legal_actions`` and ``view``): a bot is given exactly the seat's view and legal actions, never
the state, and answers one of them; the runner's log replays to the final state; and a game of
bots is the same for the same seed and differs for another."""
from __future__ import annotations

import pytest

from play.bots.runner import make_bots, play_game
from play.games import GAMES
from play.games.eoc.decklists import sample_deck

EOC_DECKS = {"decks": [sample_deck("SMP-WHITE"), sample_deck("SMP-BLACK")], "rows": 5}

#: slug, players, options (kept short), the bots seated
SETUPS = [
    ("lama", 3, {"end_at": 30}, ["heuristic", "random", "heuristic"]),
    ("lama", 4, None, ["random"] * 4),
    ("completto", 3, {"max_turns": 200}, ["heuristic", "random", "heuristic"]),
    ("completto", 2, {"games": 2, "max_turns": 100}, ["random", "heuristic"]),
    ("elements", 3, None, ["heuristic"] * 3),
    ("elements", 5, None, ["heuristic", "random", "heuristic", "random", "random"]),
    ("eoc", 2, EOC_DECKS, ["heuristic", "random"]),
]
IDS = [f"{slug}-{players}-{'+'.join(sorted(set(names)))}" for slug, players, _, names in SETUPS]


class Watched:
    """A real bot that records, in ``calls`` (shared by all seats), exactly what it was given and
    what it answered."""

    def __init__(self, bot, calls: list):
        self.bot = bot
        self.calls = calls

    def choose(self, *args, **kwargs):
        assert not kwargs and len(args) == 2
        action = self.bot.choose(*args)
        self.calls.append((*args, action))
        return action


@pytest.mark.parametrize("slug, players, options, names", SETUPS, ids=IDS)
def test_bots_get_only_the_view_and_the_legal_actions_and_answer_one_of_them(slug, players, options, names):
    game = GAMES[slug]
    calls, seen = [], []
    watched = [Watched(bot, calls) for bot in make_bots(game, names, 5)]

    def on_step(before, seat, action, after):
        seen.append((game.view(before, seat), game.legal_actions(before, seat), action))

    state, log = play_game(game, players, 5, options, watched, on_step=on_step)
    assert len(calls) == len(seen) == len(log) > 0
    state_type = type(state)
    for (view, legal, action), expected in zip(calls, seen):
        assert (view, legal, action) == expected
        assert type(view) is dict and type(legal) is list
        assert not any(isinstance(value, state_type) for value in view.values())
        assert action in legal
    assert game.outcome(state) is not None


@pytest.mark.parametrize("slug, players, options, names", SETUPS, ids=IDS)
def test_the_log_replays_and_a_seed_gives_the_same_game(slug, players, options, names):
    game = GAMES[slug]

    def bots_game(seed):
        return play_game(game, players, 3, options, make_bots(game, names, seed))

    state, log = bots_game(8)
    replayed = game.setup(players, 3, options)
    for entry in log:
        assert entry["action"] in game.legal_actions(replayed, entry["seat"])
        replayed = game.apply(replayed, entry["seat"], entry["action"])
    assert replayed == state
    assert bots_game(8)[1] == log
    if "random" in names:
        assert bots_game(9)[1] != log
