"""The ``strong`` bot (play/bots/search.py): it plays every game at every player count to the end
with legal moves only, is exactly reproducible for a seed and a cap on playouts, reads nothing
but the view and the legal actions (two real states with the same view get the same answer),
finds an obvious winning move, and answers an Elements of Chaos order decision."""
from __future__ import annotations

from collections import Counter

import pytest

from play.bots import BOTS, HEURISTICS, RandomBot, SearchBot, make_bot
from play.bots.runner import play_game
from play.bots.search_profiles import (
    LAMA_MIN_ROUNDS, PROFILES, Clue, elements_worth, lama_clues, lama_searched, lama_stop, lama_worth,
    outcome_worth, shares,
)
from play.engine import Outcome, Rng
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from play.games.lama import DECK, LamaState, Tally

CAP = {"budget": None, "iterations": 6}
EOC_OPTIONS = {"decks": [sample_deck("SMP-GREEN"), sample_deck("SMP-BLACK")]}

#: slug, players, options (kept short)
GAMES_PLAYED = [
    *[("lama", n, {"end_at": 12}) for n in range(2, 7)],
    *[("completto", n, {"max_turns": 40}) for n in range(2, 7)],
    *[("elements", n, {"deals": 2 if n == 3 else 1}) for n in range(3, 6)],  # 2 deals: a give-up step
    ("eoc", 2, EOC_OPTIONS),
]


class Checked:
    """A bot whose every answer is checked against the legal actions it was given."""

    def __init__(self, bot):
        self.bot = bot
        self.moves = 0
        self.kinds = set()

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        assert any(action is a for a in legal)
        self.moves += 1
        self.kinds.add(action["type"])
        return action


def strong_bots(game, players, options, seed):
    """A strong bot with a small cap in every seat (an Elements of Chaos seat knows its deck)."""
    bots = []
    for seat in range(players):
        private = {"deck": options["decks"][seat]} if game.slug == "eoc" else None
        bots.append(Checked(SearchBot(game, seed + seat, private, **CAP)))
    return bots


def test_the_registry_makes_it_for_every_game_and_passes_private_to_it_only():
    for game in GAMES.values():
        assert BOTS["strong"].plays(game)
        assert isinstance(make_bot("strong", game, 1), SearchBot)
    eoc = GAMES["eoc"]
    private = {"deck": EOC_OPTIONS["decks"][0]}
    assert make_bot("strong", eoc, 1, private=private).private is private
    assert isinstance(make_bot("random", eoc, 1, private=private), RandomBot)  # the others take none
    with pytest.raises(ValueError, match="a time budget, a cap on playouts, or both"):
        SearchBot(eoc, 1, budget=None)
    with pytest.raises(ValueError, match="method: one of pimc, ismcts, not 'mcts'"):
        SearchBot(eoc, 1, method="mcts")


@pytest.mark.parametrize("slug, players, options", GAMES_PLAYED,
                         ids=[f"{slug}-{players}" for slug, players, _ in GAMES_PLAYED])
def test_it_plays_a_whole_game_with_legal_moves_only(slug, players, options):
    game = GAMES[slug]
    bots = strong_bots(game, players, options, 11)
    state, log = play_game(game, players, 4, options, bots)
    assert game.outcome(state) is not None
    assert sum(bot.moves for bot in bots) == len(log) > 0
    searched = [bot.bot.last for bot in bots if bot.bot.last]
    assert all(not last["fallback"] for last in searched)
    kinds = set().union(*(bot.kinds for bot in bots))
    expected = {"lama": {"play", "draw"}, "completto": {"insert", "take", "place"},
                "elements": {"place", "bid", "pass"} | ({"discard"} if (options or {}).get("deals", 1) > 1 else set()),
                "eoc": {"mulligan", "arrange", "place_character", "set", "action_table", "choose", "done"}}[slug]
    assert expected <= kinds


def test_the_ismcts_method_plays_a_whole_game_too():
    game = GAMES["lama"]
    bots = [Checked(SearchBot(game, s, method="ismcts", **CAP)) for s in range(3)]
    state, log = play_game(game, 3, 2, {"end_at": 12}, bots)
    assert game.outcome(state) is not None and len(log) > 0


def first_moves(game, players, options, bots, steps):
    """The first ``steps`` actions of a game from seed 5, as ``(seat, action)``."""
    state, log = game.setup(players, 5, options), []
    while len(log) < steps and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
        log.append((seat, action))
        state = game.apply(state, seat, action)
    return log


@pytest.mark.parametrize("slug, players, options", [("lama", 2, None), ("completto", 2, {"max_turns": 60}),
                                                     ("elements", 3, {"deals": 2}), ("eoc", 2, EOC_OPTIONS)])
def test_a_seed_and_a_cap_give_the_same_moves_and_another_seed_others(slug, players, options):
    game = GAMES[slug]

    def moves(seed):
        return first_moves(game, players, options, strong_bots(game, players, options, seed), 120)

    first = moves(1)
    assert len(first) > 30
    assert moves(1) == first
    assert moves(2) != first


def lama_state(hands, top, *, scores=(0, 0), draw=(), turn=0, active=None):
    """A hand-built L.A.M.A. position of round 1: ``hands``, the discard pile's ``top`` over every
    card not dealt elsewhere, the ``draw`` pile (top first); ``scores`` as chips."""
    players = len(hands)
    rest = Counter(DECK)
    rest.subtract([*(c for h in hands for c in h), top, *draw])
    tally = Tally(players=players, end_at=40, decks=(), rng=7, round=1, starter=0,
                  white=tuple(s % 10 for s in scores), black=tuple(s // 10 for s in scores), last_round=None, over=False)
    return LamaState(tuple(tuple(sorted(h)) for h in hands), tuple(draw), (top, *sorted(rest.elements())),
                     tuple(active or [True] * players), turn, tally)


def test_it_reads_only_the_view_two_states_with_one_view_get_one_answer():
    game = GAMES["lama"]
    real = game.setup(2, 3, None)
    view = game.view(real, 0)
    other = game.determinize(view, 0, Rng.from_seed(99))
    assert other.hands[1] != real.hands[1] and game.view(other, 0) == view
    answers = set()
    for state in (real, other):
        bot = SearchBot(game, 5, budget=None, iterations=40)
        action = bot.choose(game.view(state, 0), game.legal_actions(state, 0))
        answers.add(repr(action))
        assert bot.last["playouts"] > 0
    assert len(answers) == 1


def test_it_goes_out_to_win_a_lama_game():
    game = GAMES["lama"]
    # seat 0 holds one 4 on a 3 (it goes out); seat 1 sits at 38 of 40 with a llama and sixes
    state = lama_state([[4], [6, 6, 7, 2]], 3, scores=(20, 38), draw=[1, 2, 3, 5, 5, 6, 1, 2])
    legal = game.legal_actions(state, 0)
    assert legal == [{"type": "play", "card": 4}, {"type": "draw"}, {"type": "quit"}]
    bot = SearchBot(game, 1, budget=None, iterations=30)
    assert bot.choose(game.view(state, 0), legal) == {"type": "play", "card": 4}
    after = game.apply(state, 0, legal[0])
    assert game.outcome(after).winners == (0,)


def test_it_draws_for_its_last_chance_rather_than_quit_and_lose_the_game():
    game = GAMES["lama"]
    # seat 0 cannot play a llama on a 3 and stands at 39 of 40: quitting keeps the llama, 10
    # points, and loses the game at once; drawing keeps a chance to go out.
    state = lama_state([[7], [1, 1, 2, 5]], 3, scores=(39, 0), draw=[4, 5, 6, 1, 7, 7])
    legal = game.legal_actions(state, 0)
    assert legal == [{"type": "draw"}, {"type": "quit"}]
    bot = SearchBot(game, 1, budget=None, iterations=40)
    assert bot.choose(game.view(state, 0), legal) == {"type": "draw"}
    assert bot.last["playouts"] > 0


def test_one_legal_action_is_answered_at_once():
    game = GAMES["lama"]
    state = lama_state([[7], [1, 2]], 3, draw=[1, 2], active=[True, False])
    legal = game.legal_actions(state, 0)
    assert legal == [{"type": "quit"}]
    bot = SearchBot(game, 1, budget=None, iterations=1000)
    assert bot.choose(game.view(state, 0), legal) is legal[0]
    assert bot.last["playouts"] == 0


def test_it_answers_an_eoc_order_decision():
    game = GAMES["eoc"]
    state = game.setup(2, 0, {"decks": [sample_deck("SMP-GREEN"), sample_deck("SMP-WHITE")]})
    players = [RandomBot(game, 0), RandomBot(game, 1)]
    for _ in range(46):  # random play reaches SMP-023's order decision (found by search over seeds)
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, players[seat].choose(game.view(state, seat), game.legal_actions(state, seat)))
    legal = game.legal_actions(state, 0)
    assert game.to_act(state) == [0] and [a["type"] for a in legal] == ["order", "order"]
    bot = SearchBot(game, 3, {"deck": sample_deck("SMP-GREEN")}, budget=None, iterations=16)
    action = bot.choose(game.view(state, 0), legal)
    assert action in legal
    assert bot.last["playouts"] > 0 and not bot.last["fallback"]
    # Elements of Chaos races from the eighth round (its profile's min_rounds): the two
    # candidates are both played out 8 times, the whole cap
    assert bot.min_rounds == 8 and bot.last["rounds"] == 8 and bot.last["playouts"] == 16


def test_min_rounds_comes_from_the_profile_unless_given():
    assert SearchBot(GAMES["lama"], 1).min_rounds == LAMA_MIN_ROUNDS == 12
    assert SearchBot(GAMES["lama"], 1, min_rounds=5).min_rounds == 5
    assert SearchBot(GAMES["completto"], 1).min_rounds == 4
    assert SearchBot(GAMES["elements"], 1).min_rounds == 4
    assert SearchBot(GAMES["eoc"], 1).min_rounds == 8
    assert SearchBot(GAMES["eoc"], 1, min_rounds=3).min_rounds == 3
    assert SearchBot(GAMES["eoc"], 1, min_rounds=0).min_rounds == 1


def test_worths():
    assert outcome_worth(Outcome((3, 5, 3), (0, 2)), 3) == [0.5, 0.0, 0.5]
    assert outcome_worth(Outcome((0, 0), ()), 2) == [0.5, 0.5]
    assert shares([0.0, 0.0], 8.0) == [0.5, 0.5]
    assert round(shares([8.0, 0.0], 8.0)[0], 4) == 0.7311
    view = {"round": 2, "scores": [8, 0]}
    assert lama_stop({"round": 1}, view, 5) and not lama_stop({"round": 2}, view, 5)
    assert [round(w, 4) for w in lama_worth(view)] == [0.2689, 0.7311]


def test_the_elements_worth_reads_points_at_a_temperature_of_8():
    # points: score + won this deal + the 17 points of prizes to come by cards in hand (18 in all)
    view = {"phase": "bid", "players": 4, "scores": [10, 4, 0, 0], "hand_sizes": [3, 6, 5, 4],
            "won": [[{"colour": "red", "value": 5}], [], [{"colour": "blue", "value": 2}], []],
            "prizes": [{"card": {"colour": "red", "value": 5}, "status": "won"},
                       {"card": {"colour": "blue", "value": 2}, "status": "won"},
                       {"card": {"colour": "green", "value": 8}, "status": "current"},
                       {"card": {"colour": "red", "value": 9}, "status": "waiting"}]}
    assert [round(w, 4) for w in elements_worth(view)] == [0.5611, 0.2022, 0.1399, 0.0968]


def test_a_time_budget_ends_the_search():
    game = GAMES["lama"]
    state = lama_state([[3, 4, 6], [1, 2, 5]], 3, draw=[4, 5, 6, 1, 7, 7, 2, 2])
    legal = game.legal_actions(state, 0)
    assert len(legal) == 4
    bot = SearchBot(game, 1, budget=0.02, min_rounds=10_000)  # never drops a candidate: only time ends it
    bot.choose(game.view(state, 0), legal)
    assert bot.last["playouts"] > 0 and 0.02 <= bot.last["seconds"] < 0.02 + 0.25


def test_the_race_waits_the_rounds_of_the_games_profile():
    game = GAMES["lama"]
    state = lama_state([[3, 4, 6], [1, 2, 5]], 3, draw=[4, 5, 6, 1, 7, 7, 2, 2])
    legal = game.legal_actions(state, 0)
    bot = SearchBot(game, 1, budget=None, iterations=400)
    bot.choose(game.view(state, 0), legal)
    # play 3, play 4 and quit (a draw is not searched while a card can be played)
    assert bot.last["candidates"] == 3 and bot.last["rounds"] >= 12 and bot.last["playouts"] >= 36


def test_lama_searches_no_draw_while_a_card_can_be_played():
    game = GAMES["lama"]
    state = lama_state([[3, 4, 6], [1, 2, 5]], 3, draw=[4, 5, 6, 1, 7, 7, 2, 2])
    legal = game.legal_actions(state, 0)
    assert legal == [{"type": "play", "card": 3}, {"type": "play", "card": 4}, {"type": "draw"}, {"type": "quit"}]
    assert lama_searched(game.view(state, 0), legal) == [legal[0], legal[1], legal[3]]
    assert PROFILES["lama"].searched is lama_searched
    # nothing to play on a 1: the draw stays
    stuck = lama_state([[3, 4, 6], [1, 2, 5]], 1, draw=[4, 5, 6, 1, 7, 7, 2, 2])
    legal = game.legal_actions(stuck, 0)
    assert legal == [{"type": "draw"}, {"type": "quit"}]
    assert lama_searched(game.view(stuck, 0), legal) == legal
    # the other games search every legal action
    assert all(PROFILES[slug].searched(None, legal) is legal for slug in ("completto", "elements", "eoc"))


def test_a_lama_strong_bot_never_draws_when_it_could_play():
    game = GAMES["lama"]
    seen = Counter()

    class Watched(Checked):
        def choose(self, view, legal):
            action = super().choose(view, legal)
            if any(a["type"] == "play" for a in legal):
                seen[action["type"]] += 1
            return action

    bots = [Watched(SearchBot(game, 7, budget=None, iterations=24)), HEURISTICS["lama"](1), HEURISTICS["lama"](2)]
    play_game(game, 3, 11, {"end_at": 12}, bots)
    assert seen["play"] > 0 and seen["draw"] == 0


def test_lama_clues_read_the_other_seats_draw_and_play():
    before = {"players": 2, "seat": 0, "round": 1, "quit": [False, False], "hand_sizes": [5, 6], "discard_top": 3}
    drew = {**before, "hand_sizes": [4, 7], "discard_top": 4}
    # seat 0 played a 4; seat 1 drew: it held no 4 or 5 then, at most one now (the card it drew)
    assert lama_clues(before, {"type": "play", "card": 4}, drew, ()) == (Clue(1, frozenset({4, 5}), 1),)
    # seat 0 drew on the 4 and seat 1 drew again: it had none again, at most one now
    again = {**drew, "hand_sizes": [5, 8]}
    clue = lama_clues(drew, {"type": "draw"}, again, (Clue(1, frozenset({4, 5}), 1),))
    assert clue == (Clue(1, frozenset({4, 5}), 1),)
    assert clue[0].holds({"hand": [5, 6, 6]}) and not clue[0].holds({"hand": [4, 5, 6]})
    # seat 1 played the 5 on the 4: it holds no 4
    played = {**drew, "hand_sizes": [5, 6], "discard_top": 5}
    assert lama_clues(drew, {"type": "draw"}, played, ()) == (Clue(1, frozenset({4}), 0),)
    # the same value tells nothing; nor a new round, a quit seat
    assert lama_clues(drew, {"type": "draw"}, {**played, "discard_top": 4}, ()) == ()
    assert lama_clues(before, {"type": "play", "card": 4}, {**drew, "round": 2}, ()) == ()
    assert lama_clues(before, {"type": "play", "card": 4}, {**drew, "quit": [False, True]}, ()) == ()
    # 4 seats after seat 1's play of a 4: seat 2 drew on it, seat 3 played a 5 (no 4 left), seat 0
    # drew on the 5; seat 0 had quit
    four = {"players": 4, "seat": 1, "round": 3, "quit": [True, False, False, False], "hand_sizes": [2, 5, 6, 4],
            "discard_top": 3}
    after = {**four, "hand_sizes": [2, 4, 7, 3], "discard_top": 5}
    assert lama_clues(four, {"type": "play", "card": 4}, after, ()) == (
        Clue(2, frozenset({4, 5}), 1), Clue(3, frozenset({4}), 0))
    # two plays: the top between them is unknown, so the clues stop at the first play
    twice = {**four, "quit": [False] * 4, "hand_sizes": [1, 4, 7, 3], "discard_top": 6}
    assert lama_clues({**four, "quit": [False] * 4}, {"type": "play", "card": 4}, twice, ()) == (
        Clue(2, frozenset({4, 5}), 1),)


def test_drawn_states_fit_the_clues():
    game = GAMES["lama"]
    state = lama_state([[1, 3, 6], [2, 2, 5, 6, 7, 7]], 3, draw=[4, 5, 6, 1, 7, 7, 2, 2])
    view = game.view(state, 0)
    bot = SearchBot(game, 1, budget=None, iterations=10)
    bot._clues = (Clue(1, frozenset({3, 4}), 0),)
    hands = [bot._world(view, 0).hands[1] for _ in range(20)]
    assert all(3 not in hand and 4 not in hand for hand in hands) and len(set(hands)) > 1


def test_lama_clues_read_from_heuristic_players_are_true_of_their_hands():
    """Over seeded games of heuristic bots (2-6 players), every clue a seat reads at its turn
    fits the real hand of the seat it names (the clues assume players who play when they can,
    as the heuristic does)."""
    game = GAMES["lama"]
    read, false, after_plays = 0, 0, 0
    for players in range(2, 7):
        for seed in range(6):
            last = {}

            def step(before, seat, action, after):
                nonlocal read, false, after_plays
                view = game.view(before, seat)
                if seat in last:
                    was, did = last[seat]
                    clues = lama_clues(was, did, view, ())
                    read += len(clues)
                    false += sum(not clue.holds(game.view(before, clue.seat)) for clue in clues)
                    played = [s for s in range(players) if s != seat and view["hand_sizes"][s] < was["hand_sizes"][s]]
                    after_plays += len(clues) * (len(played) > 1)
                last[seat] = (view, action)

            play_game(game, players, seed, None, [HEURISTICS["lama"](seed + s) for s in range(players)], on_step=step)
    # clues read before a second play of the others (the tops after it are not known)
    assert (read, false, after_plays) == (2354, 0, 377)
