"""A person takes a free seat of an open match (``join_match``); the match starts, its game set up,
when the last seat is taken."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.payloads import get_game
from play.scheduling import after_commit
from play.seat_decks import not_used, plays_with_seat_decks, seat_deck
from play.seat_holders import find_seat, is_reserved_for, reserved_for_other
from play.selectors.live import is_expired

from . import limits
from .checks import lock, needs_player, refuse_stacked_deal
from .deadlines import start_clock
from .game_setup import start_with_decks
from .seating import address_key, take


@transaction.atomic
def join_match(
    player: Player | None, match_id: str, seat: int | None = None, deck: str | None = None,
    address: str | None = None,
) -> Match:
    """``player`` takes seat ``seat`` of an open match (the first free human seat when None);
    the match starts when the last human seat is taken. In a game played with the seats' own
    decks, ``deck`` is the id of the deck the player brings (checked with the deck validator),
    and the game is set up with every seat's deck when the last seat is taken. ``address`` is
    the client address of the request (``core.addresses``), recorded on the seat and counted by
    ``play.services.limits`` (the join that takes the last seat is a place in a running match).

    Raises ``MatchError``: ``match_not_found``, ``name_required``, ``already_seated`` (the
    player has a seat here), ``match_full`` (the match is running: every seat is taken),
    ``not_open`` (it is over or abandoned, or it expired: nobody joined it for
    ``PLAY_OPEN_TTL`` seconds), ``secret_options`` (the match's options stack the deal, so only
    bots may sit beside its creator: a match saved before that rule), ``bad_seat`` (no such
    seat, or a bot's), ``seat_taken``, ``deck_required``, ``deck_not_used``, ``unknown_deck``,
    ``invalid_deck`` (with every problem), ``bad_options``, ``too_many_matches`` (HTTP 429),
    ``seat_reserved`` (409: the seat, or every free seat, is a rematch's seat kept for another
    person). A person for whom a rematch keeps a seat (``play.services.rematch``) takes that one
    when ``seat`` is None, with the deck they brought before unless ``deck`` names another.
    Nothing is saved then.
    """
    player = needs_player(player)
    match = lock(match_id)
    seats = list(match.seats.all())
    if find_seat(seats, player) is not None:
        raise MatchError("already_seated", _("You already have a seat at this match."))
    if match.status == Match.Status.FINISHED:
        raise MatchError("not_open", _("This match is over; it takes no more players."))
    if match.status == Match.Status.ABANDONED or is_expired(match):
        raise MatchError("not_open", _("This match was abandoned: nobody joined it in time. It takes no more "
                                       "players."), {"abandoned": True})
    free = [s for s in seats if s.is_free]
    if match.status == Match.Status.RUNNING or not free:
        raise MatchError("match_full", _("Every seat of this match is taken."))
    engine = get_game(match.game)
    refuse_stacked_deal(engine, match.options, _(
        "This match was made with a stacked deal (%(options)s), so only bots may sit at it beside its creator."))
    open_to_me = [s for s in free if not reserved_for_other(s, player)]
    if seat is None:
        chosen = next((s for s in free if is_reserved_for(s, player)), open_to_me[0] if open_to_me else None)
        if chosen is None:
            raise reserved()
    else:
        chosen = next((s for s in seats if type(seat) is int and s.index == seat), None)
        if chosen is None or chosen.kind == "bot":
            raise MatchError(
                "bad_seat",
                _("Seat %(seat)s is not a seat for a person at this match; free seats: %(free)s.")
                % {"seat": seat, "free": ", ".join(str(s.index) for s in free)},
                {"seat": seat, "free": [s.index for s in free]},
            )
        if not chosen.is_free:
            raise MatchError(
                "seat_taken", _("Seat %(seat)s is taken.") % {"seat": seat},
                {"seat": seat, "free": [s.index for s in free]},
            )
        if reserved_for_other(chosen, player):
            raise reserved(seat)
    if plays_with_seat_decks(engine, match.options):
        if deck is not None:
            chosen.deck = seat_deck(player, deck, chosen.index)
        elif chosen.deck is None:  # a rematch's seat keeps the deck its person brought before
            raise MatchError("deck_required", _("Choose the deck you bring to this match."), {"seat": chosen.index})
    elif deck is not None:
        raise not_used(engine, chosen.index)
    key = address_key(address)
    limits.check_room(player, key, Match.Status.RUNNING if len(free) == 1 else Match.Status.OPEN)
    take(chosen, player, key)
    state = None if match.state is None else engine.load(match.state, match.options)
    if len(free) == 1:
        if match.state is None:
            state = start_with_decks(engine, match, seats)
        match.status = Match.Status.RUNNING
        start_clock(match, engine, state, seats)
    chosen.save(update_fields=["user", "session_key", "name", "deck", "address"])
    match.save()
    after_commit(match, engine, state, seats, reseat=True)
    return match


def reserved(seat: int | None = None) -> MatchError:
    """The refusal for a rematch's seat kept for another person (``seat_reserved``)."""
    if seat is None:
        return MatchError("seat_reserved", _("The free seats of this rematch are kept for the people of the match "
                                             "before."))
    return MatchError("seat_reserved", _("Seat %(seat)s of this rematch is kept for the person who held it in the "
                                         "match before.") % {"seat": seat}, {"seat": seat})
