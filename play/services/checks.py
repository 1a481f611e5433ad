"""The refusals several services share: the match row locked or ``match_not_found``, the
caller's seat or ``not_seated``, a match that is not running, a seat a bot plays already, a
guest without a display name, a stacked deal where another person could sit, a match of bots
only longer than they may play. Each raises (or
returns) ``MatchError``; nothing has changed when it does."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match, Seat
from play.seat_holders import find_seat


def refuse_stacked_deal(engine, options, message: str) -> None:
    """``MatchError("secret_options")`` with ``message`` (a sentence with ``%(options)s``) when
    ``options`` stack the deal (the game's record: ``GameSpec.stacked_options``), details
    ``{"options": [names]}``. DESIGN.md, "The game engine protocol": a stacked deal only with
    bots in every other seat, where no other person can be misled."""
    stacked = engine.spec.stacked_options(options)
    if stacked:
        raise MatchError("secret_options", message % {"options": ", ".join(stacked)}, {"options": stacked})


def too_long(engine, options: dict, players: int) -> int | None:
    """The most moves a match of ``players`` seats with ``options`` may take
    (``GameSpec.most_moves``: the worst case of the options that lengthen a match, e.g.
    Completto's ``games`` × ``max_turns``, L.A.M.A.'s ``end_at``, Elements' ``deals``) when it is
    more than a match of bots only may take, ``PLAY_BOT_MATCH_MAX_MOVES``; else ``None``. Nobody
    paces a match of bots only, and each of its moves is a stored state, a log row and a task of
    the bots' worker. The default, 20,000, takes every value of L.A.M.A.'s ``end_at`` (at most
    15 moves a point, measured with the bots: 15,000 at 1,000), Elements' ``deals`` (65 moves a
    deal: 3,250 at 50) and Elements of Chaos (no option lengthens it; 1,240 moves at most,
    measured), and Completto series of up to 9 games at the default 1,000 turns a game
    (2,020 to 2,048 moves each, by the seats); at about a move a second it is five to six hours
    of a bot worker's time."""
    limit = settings.PLAY_BOT_MATCH_MAX_MOVES
    moves = engine.spec.most_moves(options, players)
    return moves if limit and moves is not None and moves > limit else None


def refuse_too_long(engine, options: dict, players: int) -> None:
    """``MatchError("bad_options")`` for a match of bots only that ``too_long`` finds too long,
    naming the options that lengthen it; details ``{"options": [names], "moves", "limit"}``."""
    moves = too_long(engine, options, players)
    if moves is None:
        return
    limit, names = settings.PLAY_BOT_MATCH_MAX_MOVES, list(engine.spec.length_options)
    raise MatchError(
        "bad_options",
        _("A match of bots only may last at most %(limit)s moves, and with these options (%(options)s) it may "
          "last %(moves)s. Choose smaller values of %(options)s.")
        % {"limit": f"{limit:,}", "moves": f"{moves:,}", "options": ", ".join(names)},
        {"options": names, "moves": moves, "limit": limit},
    )


def needs_player(player: Player | None) -> Player:
    """``player``; ``MatchError("name_required")`` for ``None`` or a nameless visitor
    (``name`` ``""``, ``play.identity.maker_from_request``): a guest without a display name."""
    if player is None or not player.name:
        raise _name_required()
    return player


def needs_visitor(player: Player | None) -> Player:
    """``player``, a nameless visitor included (who may stop or dismiss the bot-only matches
    they made); ``MatchError("name_required")`` for ``None`` (no session came)."""
    if player is None:
        raise _name_required()
    return player


def _name_required() -> MatchError:
    return MatchError("name_required", _("Choose a display name to play as a guest, or log in."))


def lock(match_id) -> Match:
    """The match ``match_id``, its row locked until the transaction ends (``select_for_update``);
    ``MatchError("match_not_found")`` when there is none."""
    match = Match.objects.select_for_update().filter(pk=str(match_id)).first()
    if match is None:
        raise MatchError("match_not_found", _("There is no match “%(id)s”.") % {"id": match_id}, {"id": str(match_id)})
    return match


def seated(seats: list[Seat], player: Player | None) -> Seat:
    """The seat ``player`` holds among ``seats``; ``MatchError("not_seated")`` when none."""
    seat = find_seat(seats, player)
    if seat is None:
        raise MatchError("not_seated", _("You do not have a seat at this match."))
    return seat


def running(match: Match) -> None:
    """Refuse unless ``match`` is running: ``not_started``, ``game_over`` or ``abandoned``."""
    if match.status == Match.Status.OPEN:
        raise MatchError("not_started", _("The match has not started yet: seats are still free."))
    if match.status == Match.Status.FINISHED:
        raise MatchError("game_over", _("The match is over."))
    if match.status == Match.Status.ABANDONED:
        raise abandoned()


def abandoned() -> MatchError:
    """The refusal for an abandoned match (``abandoned``)."""
    return MatchError("abandoned", _("The match was abandoned: nobody joined it in time, every person at it was "
                                     "away too long, or its maker stopped it. It is over."))


def replaced(seat: Seat) -> MatchError:
    """The refusal for a person whose seat a bot plays: they resigned, or they timed out."""
    if seat.timed_out:
        return MatchError("timed_out", _("You were away on your turn too long; a bot plays your seat."))
    return MatchError("resigned", _("You have resigned; a bot plays your seat."))
