"""A bot takes the turn of a match (``play_bot_turn``), through ``act`` as a person does; run by
the Celery task ``play.bot_turn`` and when a turn clock runs out."""
from __future__ import annotations

from play.bot_memory import keep_move
from play.bots import make_bot
from play.bots.scripted import ScriptedBot
from play.engine import derive_seed
from play.errors import StaleVersion
from play.models import Match, MatchAction
from play.payloads import get_game
from play.selectors.history import last_move_of
from play.tutorials import TUTORIALS, scripted_action

from .act import BotPlayer, act
from .bots import seat_private, stand_in_bot


def play_bot_turn(match_id: str, version: int, by: str = MatchAction.By.BOT) -> bool:
    """Let a bot take the turn of a match still at ``version``: with ``by="bot"`` the first
    seat to act that a bot plays, with ``by="clock"`` the first seat to act (a person's seat is
    played by the heuristic bot). The bot chooses from that seat's view and legal actions only; a
    bot that thinks (``play.bots.thinks``) takes the match's ``think_seconds``, and one that takes
    what its seat knows beyond the view gets it (``seat_private``: an Elements of Chaos seat's
    deck); one that reads the others' moves since its seat's last one (``recalls``) is told that
move (``play.selectors.history.last_move_of``). In a guided match (``Match.guide``) a bot's seat plays the tutorial's scripted move
    while the match is on the guided path (``play.bots.scripted``); a learner who resigned is
    played by the heuristic bot.
    Returns whether an action was applied; does nothing (False) when the match has moved on, is
    not running, or no bot is to act, so a task may run twice — or when the seat has no action a
    bot takes (``GameSpec.bot_actions``: the actions left to people, e.g. sandbox moves, are
    not a bot's, except the game's ``bot_fallback``)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version or match.status != Match.Status.RUNNING:
        return False
    engine = get_game(match.game)
    state = engine.load(match.state, match.options)
    seats = {s.index: s for s in match.seats.all()}
    seat = next((seats[i] for i in engine.to_act(state) if seats[i].bot or by == MatchAction.By.CLOCK), None)
    if seat is None:
        return False
    name = seat.bot or stand_in_bot(engine)
    bot = make_bot(name, engine, derive_seed(match.seed, seat.index, version), think_seconds=match.think_seconds,
                   private=seat_private(engine, match, seat))
    recalls = getattr(bot, "recalls", False)  # it reads what the others did since its seat's last move
    if recalls:
        last = last_move_of(match, seat.index)
        if last is not None:
            bot.recall(*last)
    tutorial = TUTORIALS.get(match.guide)
    if tutorial is not None and seat.index != tutorial.learner:
        bot = ScriptedBot(scripted_action(tutorial, match.state, version, seat.index), bot)
    legal = engine.spec.bot_actions(engine.legal_actions(state, seat.index), seat.index)
    if not legal:
        return False
    view = engine.view(state, seat.index)
    action = bot.choose(view, legal)
    try:
        act(BotPlayer(seat.index, by), match_id, version, action)
    except StaleVersion:
        return False
    if recalls:  # its next turn reads this move without playing the match again
        keep_move(match.id, seat.index, version + 1, view, action)
    return True
