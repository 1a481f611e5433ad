"""A rematch with the same seats (``propose_rematch``): a person of a finished match proposes a
new match of the same game, with the same options, clock and seat kinds. Bots stay bots (with
the decks they brought); each person's seat is kept (reserved) for the person who held it, the
proposer takes theirs at once, and the others accept by joining (``play.services.join``, which
takes the seat kept for them); the match starts as any other once every person's seat is taken.
The finished match links to the new one (``Match.rematch``); a second proposal answers it."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match, Seat
from play.payloads import get_game
from play.scheduling import after_commit

from . import limits
from .checks import abandoned, needs_player, seated
from .deadlines import start_clock
from .game_setup import setup, start_with_decks
from .match_rows import lock_with_seats
from .seating import address_key, take


def rematch_options(engine, match: Match, seats: list[Seat]) -> dict:
    """The options of a rematch of ``match``: its own, without the seats' decks of a game played
    with them (each seat brings its deck again), and without the options that stack the deal
    (``GameSpec.stacked_options``) when more than one seat is a person's: DESIGN.md, "The game
    engine protocol" — a stacked deal only with bots in every other seat."""
    options = dict(match.options)
    if any(s.deck is not None for s in seats) and engine.spec.seat_decks:
        options.pop(engine.spec.seat_decks, None)
    if sum(1 for s in seats if s.kind == "human") > 1:
        for name in engine.spec.stacked_options(options):
            options.pop(name)
    return options


@transaction.atomic
def propose_rematch(player: Player | None, match_id: str, address: str | None = None) -> tuple[Match, bool]:
    """``player``, a person of the finished match ``match_id``, proposes a rematch; returns
    ``(rematch, made)``: the new match (``open`` until every person's seat is taken; ``running`` at once when the
    proposer is the only person). Seat ``i`` of the rematch is a bot's when seat ``i`` was made
    for a bot (the same bot and deck), else a person's, kept for whoever held it (a person who
    resigned or timed out included); the proposer takes theirs. Options: ``rematch_options``;
    the clock (``seconds_per_turn``) and the bots' time to think (``think_seconds``) are the same;
    the seed is new. When ``match`` already has a
    rematch, that one is returned (``made`` False) and nothing changes. ``address`` is the client address of the
    request, counted by ``play.services.limits`` as for creating a match.

    Raises ``MatchError``: ``name_required``, ``match_not_found``, ``abandoned`` (409),
    ``not_finished`` (409: the match is open or running), ``not_seated`` (403: the caller held
    no person's seat there), ``too_many_matches`` (429), ``bad_options``. Nothing is saved then.
    """
    player = needs_player(player)
    match, seats = lock_with_seats(match_id, decks=True)
    if match.status == Match.Status.ABANDONED:
        raise abandoned()
    if match.status != Match.Status.FINISHED:
        raise MatchError("not_finished", _("A rematch can be proposed once the match is over."),
                         {"status": match.status})
    mine = seated(seats, player)
    if match.rematch_id is not None:
        return Match.objects.get(pk=match.rematch_id), False
    engine = get_game(match.game)
    options = rematch_options(engine, match, seats)
    people = [s for s in seats if s.kind == "human"]
    starts = len(people) == 1
    key = address_key(address)
    limits.check_room(player, key, Match.Status.RUNNING if starts else Match.Status.OPEN)
    new = Match(
        game=match.game, players=match.players, options=options, seed=secrets.randbits(63),
        seconds_per_turn=match.seconds_per_turn, think_seconds=match.think_seconds, created_by_id=player.user_id,
        created_session="" if player.user_id is not None else (player.session_key or ""), created_address=key,
    )
    rows = []
    for old in seats:
        row = Seat(match=new, index=old.index, deck=old.deck)
        if old.kind == "bot":
            row.bot = old.bot
        else:
            row.reserved_user_id = old.user_id
            row.reserved_session = "" if old.user_id is not None else old.session_key
        rows.append(row)
    take(rows[mine.index], player, key)
    with_decks = any(r.deck is not None for r in rows)
    state = None
    if not with_decks:
        state = setup(engine, new.players, new.seed, options)
        new.state = engine.dump(state)
    if starts:
        if with_decks:
            state = start_with_decks(engine, new, rows)
        new.status = Match.Status.RUNNING
        start_clock(new, engine, state, rows)
    new.save(force_insert=True)
    Seat.objects.bulk_create(rows)
    match.rematch = new
    match.save(update_fields=["rematch", "updated"])
    after_commit(new, engine, state, rows, reseat=True)
    return new, True

