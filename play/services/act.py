"""An action for a seat of a running match (``act``): a person's, or a bot's (``BotPlayer``: the
seat's own bot, or the bot playing a turn the clock ran out on)."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from play.engine import IllegalAction
from play.errors import MatchError, StaleVersion
from play.identity import Player
from play.models import Match, MatchAction
from play.payloads import MatchViews, get_game
from play.scheduling import after_commit

from .checks import replaced, running, seated
from .deadlines import start_clock
from .match_rows import load_state, lock_with_seats, record_move
from .ratings import rate_match


@dataclass(frozen=True)
class BotPlayer:
    """A bot acting for seat ``seat``: ``by`` is ``"bot"`` (the seat's own bot) or ``"clock"``
    (the seat's time ran out)."""

    seat: int
    by: str = MatchAction.By.BOT


def act(actor: Player | BotPlayer | None, match_id: str, version: int, action) -> dict:
    """Apply ``action`` for the actor's seat to a running match whose current version is
    ``version``; the state, the version, the outcome and the log row are saved together, with
    the ratings of a finished match between people (``play.services.ratings``).
    Returns the actor's view payload after the action.

    Round trips to the database (``play.services.match_rows``, statements built once per
    process): one statement locks and reads the match with its seats (the options without the
    decks, read only when this process has not loaded the match's cards yet); one writes the
    columns a move changes and inserts the log row (two statements on SQLite); the views are
    built from what is in hand (each seat's once, for the answer and the broadcast).

    Raises ``MatchError``: ``match_not_found``; ``not_started`` / ``game_over`` / ``abandoned``;
    ``not_seated`` (``actor`` has no seat, or a bot acts for a person's seat without the clock);
    ``resigned``; ``timed_out``;
    ``bad_version`` (not an int from 0 up, or a version the match has not reached yet); ``StaleVersion``
    (code ``stale_version``, with the current view) when the match has moved on;
    ``not_your_turn`` (the seat is not to act and the game gives it no legal action out of turn,
    as sandbox play does); the engine's code and message (``illegal_action``,
    ``malformed_action``, …) when the engine refuses the action.
    """
    with transaction.atomic():
        match, seats = lock_with_seats(match_id)
        running(match)
        if isinstance(actor, BotPlayer):
            seat = next((s for s in seats if s.index == actor.seat), None)
            if seat is None or not (seat.bot or actor.by == MatchAction.By.CLOCK):
                raise MatchError("not_seated", _("Seat %(seat)s is not played by a bot.") % {"seat": actor.seat})
            by = actor.by
        else:
            seat = seated(seats, actor)
            if seat.resigned:
                raise replaced(seat)
            by = MatchAction.By.PLAYER
        if type(version) is not int or version < 0:
            raise MatchError("bad_version", _("The version must be a whole number from 0 up."),
                             {"version": str(version)[:40]})
        if version > match.version:
            raise MatchError(
                "bad_version",
                _("There is no version %(version)s yet; the match is at version %(current)s.")
                % {"version": version, "current": match.version},
                {"version": version, "current_version": match.version},
            )
        engine = get_game(match.game)
        if version != match.version:
            raise StaleVersion(
                _("The match has moved on to version %(current)s; your action was based on version %(version)s.")
                % {"current": match.version, "version": version},
                MatchViews(match, seats, state=load_state(engine, match)).view(seat.index), version,
            )
        state = load_state(engine, match)
        out_of_turn = seat.index not in engine.to_act(state)
        if out_of_turn and not engine.legal_actions(state, seat.index):
            raise MatchError("not_your_turn", _("It is not your turn."), {"to_act": list(engine.to_act(state))})
        try:
            state = engine.apply(state, seat.index, action)
        except IllegalAction as exc:
            raise MatchError(exc.code, exc.message, exc.details) from None  # said in the reader's language when answered
        match.state = engine.dump(state)
        match.version = version + 1
        outcome = engine.outcome(state)
        if outcome is not None:
            match.status = Match.Status.FINISHED
            match.outcome = outcome.to_json()
        start_clock(match, engine, state, seats)
        logged = record_move(match, seat.index, action, by)
        if outcome is not None:
            rate_match(match, seats)
        views = MatchViews(match, seats, last_action=logged, state=state)
        after_commit(match, engine, state, seats, reseat=False, views=views)
        return views.view(seat.index)
