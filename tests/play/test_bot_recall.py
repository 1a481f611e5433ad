"""The site makes a bot afresh for every move (``play.services.bot_turns``). A bot that reads
what the others did since its seat's last move (``recalls``: the strong bot in L.A.M.A.) is told
that move — the seat's view just before it and the action — by
``play.selectors.history.last_move_of``, played again from the match's seed and log; a bot made
afresh and told it reads the same clues as a bot kept from move to move."""
from __future__ import annotations

import dataclasses

import pytest
from django.core.cache import cache

from play import bots
from play.bot_memory import keep_move, kept_move
from play.bots import HEURISTICS, SearchBot
from play.games import GAMES
from play.identity import Player
from play.models import Match, MatchAction
from play.selectors.history import last_move_of
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.guided import start_guided_match
from play.tutorials import TUTORIALS
from tests.play.matches import HEURISTIC
from tests.play.test_guided_match import follow_the_hints

LAMA = GAMES["lama"]


class Recording:
    """The stand-in under "strong": a factory that thinks, whose bots ``recall`` (each call kept
    in ``recalled`` with the match version the bot was made at) and answer the first legal action."""

    thinks = True

    def __init__(self):
        self.recalled: list[tuple[int, dict, dict]] = []
        self.made = 0

    def __call__(self, game, seed, think_seconds):
        self.made += 1
        return _Bot(self)

    @staticmethod
    def plays(game) -> bool:
        return game.slug == "lama"


class _Bot:
    recalls = True

    def __init__(self, factory: Recording):
        self.factory = factory

    def recall(self, view, action):
        self.factory.recalled.append((self.factory.made, view, action))

    @staticmethod
    def choose(view, legal):
        return legal[0]


def replayed_views(match: Match, seat: int) -> list[tuple[dict, dict]]:
    """``(view before, action)`` of each action ``seat`` took, played again from the log here."""
    state = LAMA.setup(match.players, match.seed, match.options)
    moves = []
    for entry in MatchAction.objects.filter(match=match).order_by("version"):
        if entry.seat == seat:
            moves.append((LAMA.view(state, seat), entry.action))
        state = LAMA.apply(state, entry.seat, entry.action)
    return moves


@pytest.mark.django_db
def test_a_bot_that_recalls_is_told_its_seats_last_move_before_each_move(monkeypatch):
    factory = Recording()
    monkeypatch.setitem(bots.BOTS, "strong", factory)
    match = create_match(None, "lama", [{"kind": "bot", "bot": "strong"}, HEURISTIC], {"end_at": 10}, None, seed=7)
    assert last_move_of(match, 0) is None and last_move_of(match, 1) is None
    for _ in range(24):
        match.refresh_from_db()
        if match.status != Match.Status.RUNNING:
            break
        assert play_bot_turn(match.id, match.version)
    match.refresh_from_db()
    own = replayed_views(match, 0)
    # the first move recalls nothing; every later one its seat's move before, exactly
    assert factory.made == len(own) >= 6
    assert [(made, view, action) for made, view, action in factory.recalled] == [
        (n + 2, view, action) for n, (view, action) in enumerate(own[:factory.made - 1])]
    assert last_move_of(match, 0) == own[-1] and last_move_of(match, 1) == replayed_views(match, 1)[-1]


def test_a_bot_made_afresh_and_told_its_last_move_reads_the_clues_a_kept_bot_reads():
    kept = SearchBot(LAMA, 5, budget=None, iterations=8)
    other = HEURISTICS["lama"](3)
    state = LAMA.setup(2, 11, None)
    last, read = None, []
    while LAMA.outcome(state) is None:
        seat = LAMA.to_act(state)[0]
        view, legal = LAMA.view(state, seat), LAMA.legal_actions(state, seat)
        if seat == 0:
            action = kept.choose(view, legal)
            fresh = SearchBot(LAMA, 5, budget=None, iterations=8)
            assert fresh.recalls
            if last is not None:
                fresh.recall(*last)
            fresh.choose(view, legal)
            assert fresh._clues == kept._clues
            read.append(kept._clues)
            last = (view, action)
        else:
            action = other.choose(view, legal)
        state = LAMA.apply(state, seat, action)
    assert sum(1 for clues in read if clues) >= 3 and len(read) >= 10
    assert not SearchBot(GAMES["eoc"], 1, budget=None, iterations=1).recalls


@pytest.mark.django_db
def test_a_bots_last_move_is_kept_so_its_next_turn_does_not_play_the_match_again(monkeypatch, django_assert_num_queries):
    """``play.bot_memory``: the move a recalling bot made is kept under its log version; reading
    it is one query (the seat's last version), where playing the match again reads the whole log.
    A kept move that is not the seat's last one (a person moved for it since), or one the cache
    lost, is not used: the match is played again."""
    factory = Recording()
    monkeypatch.setitem(bots.BOTS, "strong", factory)
    match = create_match(None, "lama", [{"kind": "bot", "bot": "strong"}, HEURISTIC], {"end_at": 10}, None, seed=7)
    for _ in range(12):
        match.refresh_from_db()
        assert play_bot_turn(match.id, match.version)
    match.refresh_from_db()
    own = replayed_views(match, 0)
    last = MatchAction.objects.filter(match=match, seat=0).order_by("-version").first().version
    assert kept_move(match.id, 0, last) == own[-1]
    assert kept_move(match.id, 1, last) is None  # the heuristic bot does not recall: nothing kept
    with django_assert_num_queries(1):
        assert last_move_of(match, 0) == own[-1]
    keep_move(match.id, 0, last - 2, {"stale": True}, {"type": "draw"})  # an older move of the seat
    assert kept_move(match.id, 0, last) is None
    with django_assert_num_queries(3):  # the last version, the log, the last action
        assert last_move_of(match, 0) == own[-1]
    cache.clear()
    assert last_move_of(match, 0) == own[-1]


@pytest.mark.django_db
def test_a_recalling_bot_behind_a_guided_matchs_script_keeps_its_seats_move_too(monkeypatch):
    """In a guided match the bot seat plays the tutorial's script (``play.bots.scripted``) with
    its own bot behind it; a bot behind it that recalls has the seat's move kept as it would
    outside a guided match, so its next turn does not play the match again either."""
    factory = Recording()
    monkeypatch.setitem(bots.BOTS, "strong", factory)
    monkeypatch.setitem(TUTORIALS, "lama", dataclasses.replace(TUTORIALS["lama"], bot="strong"))
    ann = Player(None, "ann-session", "Ann")
    match = start_guided_match(ann, "lama")
    assert follow_the_hints(match, ann)[-1] == "done"
    match.refresh_from_db()
    last = MatchAction.objects.filter(match=match, seat=1).order_by("-version").first().version
    assert kept_move(match.id, 1, last) == replayed_views(match, 1)[-1]
