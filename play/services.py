"""Writes of matches (DESIGN.md, "Matches"). Each service is one transaction that locks the
match row (``select_for_update``); a refused request raises ``MatchError`` and changes nothing.
After the commit, every seat and the spectators are sent their views (``play.notify``) and bot
turns and turn clocks are queued in Celery (``play.tasks``). Bots and clocks act through
``act`` like people do.

Creating and joining are refused past the limits of ``play.limits`` (per person and per client
address). A running match always has a deadline while a person is to act: the turn clock's
(``seconds_per_turn``) or, without a clock, the absence deadline (``PLAY_ABSENT_AFTER``), after
which ``time_out`` gives the person's seat to a bot (see ``expire_clock``).
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from cardsdb.messages import localize
from core.addresses import client_key
from play.bots import bots_for, make_bot
from play.engine import IllegalAction, derive_seed
from play.games import GAMES

from . import limits, notify, selectors, tasks
from .errors import MatchError, StaleVersion
from .seat_decks import DEFAULT_BOT_DECK, not_used, plays_with_seat_decks, seat_deck
from .identity import Player
from .models import Match, MatchAction, Seat
from .payloads import MatchViews, find_seat, get_game
from .turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN


@dataclass(frozen=True)
class BotPlayer:
    """A bot acting for seat ``seat``: ``by`` is ``"bot"`` (the seat's own bot) or ``"clock"``
    (the seat's time ran out)."""

    seat: int
    by: str = MatchAction.By.BOT


# -- checks ---------------------------------------------------------------------------------------
def _engine(slug):
    try:
        return get_game(slug)
    except (KeyError, TypeError):
        raise MatchError(
            "unknown_game", _("There is no game called “%(game)s”.") % {"game": slug},
            {"game": slug, "known": sorted(GAMES)},
        ) from None


def _seat_bots(engine, seats) -> list[str]:
    """Per seat, ``""`` for a person or the bot's name; ``MatchError("bad_seats")`` naming every
    problem otherwise (``seats`` is ``[{"kind": "human"} | {"kind": "bot", "bot": name}]``)."""
    if not isinstance(seats, list) or not engine.min_players <= len(seats) <= engine.max_players:
        count = len(seats) if isinstance(seats, list) else None
        names = {"game": engine.spec.name_in(get_language()), "low": engine.min_players, "high": engine.max_players}
        if engine.min_players == engine.max_players:
            message = ngettext("%(game)s is for %(low)s player.", "%(game)s is for %(low)s players.",
                               engine.min_players) % names
        else:
            message = _("%(game)s is for %(low)s to %(high)s players.") % names
        raise MatchError(
            "bad_seats", message,
            {"min_players": engine.min_players, "max_players": engine.max_players, "seats": count},
        )
    bots, problems, known = [], [], bots_for(engine)
    for index, spec in enumerate(seats):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        bot = spec.get("bot", "") if isinstance(spec, dict) else None
        if kind == "human" and bot in ("", None):
            bots.append("")
            continue
        if kind == "bot" and bot in known:
            bots.append(bot)
            continue
        problems.append({"seat": index, "message": _(
            "Seat %(seat)s must be {\"kind\": \"human\"} or {\"kind\": \"bot\", \"bot\": one of %(bots)s}."
        ) % {"seat": index, "bots": ", ".join(known)}})
    if problems:
        raise MatchError("bad_seats", " ".join(p["message"] for p in problems), {"problems": problems})
    return bots


def _check_clock(seconds_per_turn) -> None:
    if seconds_per_turn is None:
        return
    if type(seconds_per_turn) is not int or not MIN_SECONDS_PER_TURN <= seconds_per_turn <= MAX_SECONDS_PER_TURN:
        raise MatchError(
            "bad_clock",
            _("Seconds per turn must be a whole number from %(min)s to %(max)s, or null for no clock.")
            % {"min": MIN_SECONDS_PER_TURN, "max": MAX_SECONDS_PER_TURN},
            {"seconds_per_turn": seconds_per_turn},
        )


def _refuse_stacked_deal(engine, options, message: str) -> None:
    """``MatchError("secret_options")`` with ``message`` (a sentence with ``%(options)s``) when
    ``options`` stack the deal (the game's record: ``GameSpec.stacked_options``), details
    ``{"options": [names]}``. DESIGN.md, "The game engine protocol": a stacked deal only with
    bots in every other seat, where no other person can be misled."""
    stacked = engine.spec.stacked_options(options)
    if stacked:
        raise MatchError("secret_options", message % {"options": ", ".join(stacked)}, {"options": stacked})


def _needs_player(player: Player | None) -> Player:
    if player is None:
        raise MatchError("name_required", _("Choose a display name to play as a guest, or log in."))
    return player


def _lock(match_id) -> Match:
    match = Match.objects.select_for_update().filter(pk=str(match_id)).first()
    if match is None:
        raise MatchError("match_not_found", _("There is no match “%(id)s”.") % {"id": match_id}, {"id": str(match_id)})
    return match


def _seated(seats: list[Seat], player: Player | None) -> Seat:
    seat = find_seat(seats, player)
    if seat is None:
        raise MatchError("not_seated", _("You do not have a seat at this match."))
    return seat


def _running(match: Match) -> None:
    if match.status == Match.Status.OPEN:
        raise MatchError("not_started", _("The match has not started yet: seats are still free."))
    if match.status == Match.Status.FINISHED:
        raise MatchError("game_over", _("The match is over."))
    if match.status == Match.Status.ABANDONED:
        raise _abandoned()


def _abandoned() -> MatchError:
    return MatchError("abandoned", _("The match was abandoned: nobody joined it in time, or every person at it "
                                     "was away too long. It is over."))


def _stand_in_bot(engine) -> str:
    """The bot that plays a person's seat (resigned, timed out, or a turn the clock ran out on):
    the heuristic one, or the random one for a game without a heuristic bot."""
    return "heuristic" if "heuristic" in bots_for(engine) else "random"


# -- seats, the clock and the work after the commit -----------------------------------------------
def _take(seat: Seat, player: Player, address: str) -> None:
    seat.user_id = player.user_id
    seat.session_key = "" if player.user_id is not None else (player.session_key or "")
    seat.name = player.name
    seat.address = address


def _key(address: str | None) -> str:
    """The client key (``core.addresses.client_key``) of ``address``; ``""`` for none."""
    return client_key(address) if address else ""


def _start_clock(match: Match, engine, state, seats: list[Seat]) -> None:
    """Set the turn deadline of a match: for a running match with a turn clock,
    ``seconds_per_turn`` from now, whoever is to act; for one without a clock, the absence
    deadline ``PLAY_ABSENT_AFTER`` seconds from now when a person's seat (not a bot's, not
    resigned) is to act (``time_out``); else none. No task is queued for the absence deadline:
    ``play.resume_stalled`` finds it passed, as it finds a clock a broker lost."""
    match.turn_deadline = None
    if match.status != Match.Status.RUNNING:
        return
    if match.seconds_per_turn:
        match.turn_deadline = timezone.now() + timedelta(seconds=match.seconds_per_turn)
    elif settings.PLAY_ABSENT_AFTER and _person_to_act(engine, state, seats):
        match.turn_deadline = timezone.now() + timedelta(seconds=settings.PLAY_ABSENT_AFTER)


def _person_to_act(engine, state, seats: list[Seat]) -> bool:
    by_index = {s.index: s for s in seats}
    return any(not by_index[i].bot for i in engine.to_act(state))


def _people_left(seats: list[Seat]) -> bool:
    """Whether a person still plays a seat (taken, neither a bot's nor resigned)."""
    return any(not s.bot and (s.user_id is not None or s.session_key) for s in seats)


def _after_commit(match: Match, engine, state, seats: list[Seat], reseat: bool, views: MatchViews | None = None) -> None:
    """Once the transaction commits: broadcast the views (``reseat``: seats changed hands, so
    every socket looks up its seat again; ``views``: the committed match's views, when the
    caller built them), queue the bot turn when a bot is to act, and queue the clock when the
    match has one."""
    match_id, version = match.id, match.version
    transaction.on_commit(lambda: notify.match_changed(match_id, reseat=reseat, views=views), robust=True)
    if match.status != Match.Status.RUNNING:
        return
    by_index = {s.index: s for s in seats}
    if any(by_index[i].bot for i in engine.to_act(state)):
        people = _people_left(seats)
        transaction.on_commit(
            lambda: tasks.queue_bot_turn(match_id, version, people=people, countdown=settings.PLAY_BOT_DELAY),
            robust=True,
        )
    if match.seconds_per_turn:
        seconds = match.seconds_per_turn
        transaction.on_commit(
            lambda: tasks.clock_expired.apply_async((match_id, version), countdown=seconds), robust=True
        )


# -- services -------------------------------------------------------------------------------------
def _setup(engine, players: int, seed: int, options: dict):
    try:
        return engine.setup(players, seed, options)
    except ValueError as exc:
        raise MatchError(
            "bad_options", _("The options are not valid: %(reason)s") % {"reason": exc}, {"reason": str(exc)}
        ) from None


def _creation_decks(engine, player, seats, bots, humans, options, deck) -> list[dict | None] | None:
    """Per seat, the deck it brings (``None`` for a free seat), or ``None`` for a match that
    takes no decks; refuses a deck chosen for such a match (``deck_not_used``), a missing deck of
    the creator (``deck_required``), and unknown or invalid decks."""
    chosen = [spec.get("deck") if isinstance(spec, dict) else None for spec in seats]
    if not plays_with_seat_decks(engine, options):
        if deck is not None or any(d is not None for d in chosen):
            raise not_used(engine)
        return None
    decks: list[dict | None] = [None] * len(bots)
    if humans:
        if deck is None:
            raise MatchError(
                "deck_required", _("Choose the deck you bring to this match."), {"seat": humans[0]})
        decks[humans[0]] = seat_deck(player, deck, humans[0])
    for index, bot in enumerate(bots):
        if bot:
            decks[index] = seat_deck(player, chosen[index] or DEFAULT_BOT_DECK, index)
        elif chosen[index] is not None:
            raise MatchError(
                "bad_seats", _("A person's seat brings the deck its player chooses; only bot seats name one here."),
                {"seat": index},
            )
    return decks


def _start_with_decks(engine, match: Match, seats: list[Seat]):
    """Set up a match whose seats have all brought their decks: the decks become the options
    (the record's ``seat_decks`` option) and the state is stored. Returns the state."""
    decks = [s.deck["cards"] for s in sorted(seats, key=lambda s: s.index)]
    options = engine.spec.with_seat_decks(match.options, decks)
    state = _setup(engine, match.players, match.seed, options)
    match.options = options
    match.state = engine.dump(state)
    return state


def create_match(
    player: Player | None, game: str, seats: list[dict], options: dict | None = None,
    seconds_per_turn: int | None = None, seed: int | None = None, deck: str | None = None,
    address: str | None = None,
) -> Match:
    """A new match of ``game`` with one seat per entry of ``seats`` (``{"kind": "human"}`` or
    ``{"kind": "bot", "bot": "random"|"heuristic"}``, a bot seat optionally with ``"deck"``).
    ``player`` takes the first human seat (a match of bots only may be made by anyone,
    ``player`` None included). Options that stack the deal (the game's record,
    ``GameSpec.stacked_options``: ``deck``, ``decks``, ``pool``, ``stacked``) are taken only when
    every other seat is a bot. The match is ``running`` at once when no human seat is left free,
    else ``open``. ``seconds_per_turn`` (``play.turn_clock``: 10..3600) turns on the turn clock;
    ``seed`` defaults to a random 63-bit int.

    In a game played with the seats' own decks (``play.seat_decks``), ``deck`` is the id of the
    creator's deck and a bot seat brings its ``"deck"`` (default ``DEFAULT_BOT_DECK``); each is
    checked with the deck validator. The game is set up when the last seat is taken: until then
    the match's ``state`` is ``None`` (its options are checked now, with the decks known).

    ``address`` is the client address of the request (``core.addresses``; None from the command
    line): the match records it and its maker, and ``play.limits`` refuses a match past the
    limits of ``player`` or of the address (a bot-only match counts as running).

    Raises ``MatchError`` with code ``too_many_matches`` (HTTP 429), ``unknown_game``,
    ``bad_seats`` (count outside the game's range, a bad entry, a bot the game does not have),
    ``bad_clock``, ``secret_options`` (a stacked deal with another seat for a person; details
    ``{"options": [names]}``), ``bad_options`` (the engine's ``ValueError``), ``name_required``
    (no player for a human seat),
    ``deck_required``, ``deck_not_used`` (a deck for a game or match that takes none),
    ``unknown_deck`` or ``invalid_deck`` (with every problem). Nothing is saved then.
    """
    engine = _engine(game)
    bots = _seat_bots(engine, seats)
    _check_clock(seconds_per_turn)
    humans = [i for i, bot in enumerate(bots) if not bot]
    if len(humans) > 1:
        _refuse_stacked_deal(engine, options, _(
            "A stacked deal (%(options)s) is allowed only when every seat but yours is a bot: another person at "
            "the table could not tell that the deal was stacked."))
    if humans:
        _needs_player(player)
    seed = secrets.randbits(63) if seed is None else seed
    options = {} if options is None else options
    decks = _creation_decks(engine, player, seats, bots, humans, options, deck)
    starts = len(humans) <= 1
    state = None
    if decks is None:
        state = _setup(engine, len(bots), seed, options)
    elif not starts:
        # Check the options now, with the decks known standing in for those still to come.
        known = next(d for d in decks if d is not None)
        _setup(engine, len(bots), seed, engine.spec.with_seat_decks(options, [(d or known)["cards"] for d in decks]))
    key = _key(address)
    with transaction.atomic():
        limits.check_room(player, key, Match.Status.RUNNING if starts else Match.Status.OPEN)
        match = Match(
            game=engine.slug, players=len(bots), options=options, seed=seed,
            state=None if state is None else engine.dump(state),
            seconds_per_turn=seconds_per_turn, created_by_id=player.user_id if player else None,
            created_session=(player.session_key or "") if player and player.user_id is None else "",
            created_address=key,
        )
        rows = [Seat(match=match, index=i, bot=bot, deck=None if decks is None else decks[i])
                for i, bot in enumerate(bots)]
        if humans:
            _take(rows[humans[0]], player, key)
        if starts:
            if decks is not None:
                state = _start_with_decks(engine, match, rows)
            match.status = Match.Status.RUNNING
            _start_clock(match, engine, state, rows)
        match.save(force_insert=True)
        Seat.objects.bulk_create(rows)
        _after_commit(match, engine, state, rows, reseat=True)
    return match


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
    ``play.limits`` (the join that takes the last seat is a place in a running match).

    Raises ``MatchError``: ``match_not_found``, ``name_required``, ``already_seated`` (the
    player has a seat here), ``match_full`` (the match is running: every seat is taken),
    ``not_open`` (it is over or abandoned, or it expired: nobody joined it for
    ``PLAY_OPEN_TTL`` seconds), ``secret_options`` (the match's options stack the deal, so only
    bots may sit beside its creator: a match saved before that rule), ``bad_seat`` (no such
    seat, or a bot's), ``seat_taken``, ``deck_required``, ``deck_not_used``, ``unknown_deck``,
    ``invalid_deck`` (with every problem), ``bad_options``, ``too_many_matches`` (HTTP 429).
    Nothing is saved then.
    """
    player = _needs_player(player)
    match = _lock(match_id)
    seats = list(match.seats.all())
    if find_seat(seats, player) is not None:
        raise MatchError("already_seated", _("You already have a seat at this match."))
    if match.status == Match.Status.FINISHED:
        raise MatchError("not_open", _("This match is over; it takes no more players."))
    if match.status == Match.Status.ABANDONED or selectors.is_expired(match):
        raise MatchError("not_open", _("This match was abandoned: nobody joined it in time. It takes no more "
                                       "players."), {"abandoned": True})
    free = [s for s in seats if s.is_free]
    if match.status == Match.Status.RUNNING or not free:
        raise MatchError("match_full", _("Every seat of this match is taken."))
    engine = get_game(match.game)
    _refuse_stacked_deal(engine, match.options, _(
        "This match was made with a stacked deal (%(options)s), so only bots may sit at it beside its creator."))
    if seat is None:
        chosen = free[0]
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
    if plays_with_seat_decks(engine, match.options):
        if deck is None:
            raise MatchError("deck_required", _("Choose the deck you bring to this match."), {"seat": chosen.index})
        chosen.deck = seat_deck(player, deck, chosen.index)
    elif deck is not None:
        raise not_used(engine, chosen.index)
    key = _key(address)
    limits.check_room(player, key, Match.Status.RUNNING if len(free) == 1 else Match.Status.OPEN)
    _take(chosen, player, key)
    state = None if match.state is None else engine.load(match.state)
    if len(free) == 1:
        if match.state is None:
            state = _start_with_decks(engine, match, seats)
        match.status = Match.Status.RUNNING
        _start_clock(match, engine, state, seats)
    chosen.save(update_fields=["user", "session_key", "name", "deck", "address"])
    match.save()
    _after_commit(match, engine, state, seats, reseat=True)
    return match


@transaction.atomic
def leave_match(player: Player | None, match_id: str) -> Match:
    """``player`` gives up their seat of a match that has not started; the seat is free again.
    When no person is left seated at the match, the match is deleted: it leaves the lobby and
    the API (404 from then on), and the returned ``Match`` has ``pk`` None.

    Raises ``MatchError``: ``match_not_found``, ``not_seated``, ``not_open`` (the match has
    started: resign instead; or it is over or abandoned).
    """
    match = _lock(match_id)
    seats = list(match.seats.all())
    seat = _seated(seats, player)
    if match.status in (Match.Status.FINISHED, Match.Status.ABANDONED):
        raise MatchError("not_open", _("The match is over, so there is no seat to leave."))
    if match.status != Match.Status.OPEN:
        raise MatchError("not_open", _("The match has started, so you cannot leave it; you can resign."))
    seat.user_id, seat.session_key, seat.name, seat.deck, seat.address = None, "", "", None, ""
    if all(s.is_free or s.kind == "bot" for s in seats):
        match.delete()
        return match
    seat.save(update_fields=["user", "session_key", "name", "deck", "address"])
    match.save()
    engine = get_game(match.game)
    _after_commit(match, engine, None if match.state is None else engine.load(match.state), seats, reseat=True)
    return match


@transaction.atomic
def resign(player: Player | None, match_id: str) -> Match:
    """``player`` resigns a running match: the seat is marked resigned and the heuristic bot
    (the random one for a game without a heuristic bot) plays it from now on.

    Raises ``MatchError``: ``match_not_found``, ``not_seated``, ``resigned`` (already),
    ``timed_out`` (a bot plays the seat already), ``not_started`` (leave instead),
    ``game_over``, ``abandoned``.
    """
    match = _lock(match_id)
    seats = list(match.seats.all())
    seat = _seated(seats, player)
    _running(match)
    if seat.timed_out:
        raise _replaced(seat)
    if seat.resigned:
        raise MatchError("resigned", _("You have already resigned; a bot plays your seat."))
    engine = get_game(match.game)
    seat.resigned = True
    seat.bot = _stand_in_bot(engine)
    seat.save(update_fields=["resigned", "bot"])
    match.save()
    _after_commit(match, engine, engine.load(match.state), seats, reseat=True)
    return match


def _replaced(seat: Seat) -> MatchError:
    """The refusal for a person whose seat a bot plays: they resigned, or they timed out."""
    if seat.timed_out:
        return MatchError("timed_out", _("You were away on your turn too long; a bot plays your seat."))
    return MatchError("resigned", _("You have resigned; a bot plays your seat."))


def act(actor: Player | BotPlayer | None, match_id: str, version: int, action) -> dict:
    """Apply ``action`` for the actor's seat to a running match whose current version is
    ``version``; the state, the version, the outcome and the log row are saved together.
    Returns the actor's view payload after the action.

    Raises ``MatchError``: ``match_not_found``; ``not_started`` / ``game_over`` / ``abandoned``;
    ``not_seated`` (``actor`` has no seat, or a bot acts for a person's seat without the clock);
    ``resigned``; ``timed_out``;
    ``bad_version`` (not an int, or a version the match has not reached yet); ``StaleVersion``
    (code ``stale_version``, with the current view) when the match has moved on; ``not_your_turn`` (the seat is not to act and the game
    gives it no legal action out of turn, as sandbox play does); the engine's code and message
    (``illegal_action``, ``malformed_action``, …) when the engine refuses the action.
    """
    with transaction.atomic():
        match = _lock(match_id)
        seats = list(match.seats.all())
        _running(match)
        if isinstance(actor, BotPlayer):
            seat = next((s for s in seats if s.index == actor.seat), None)
            if seat is None or not (seat.bot or actor.by == MatchAction.By.CLOCK):
                raise MatchError("not_seated", _("Seat %(seat)s is not played by a bot.") % {"seat": actor.seat})
            by = actor.by
        else:
            seat = _seated(seats, actor)
            if seat.resigned:
                raise _replaced(seat)
            by = MatchAction.By.PLAYER
        if type(version) is not int:
            raise MatchError("bad_version", _("The version must be a whole number."), {"version": str(version)[:40]})
        if version > match.version:
            raise MatchError(
                "bad_version",
                _("There is no version %(version)s yet; the match is at version %(current)s.")
                % {"version": version, "current": match.version},
                {"version": version, "current_version": match.version},
            )
        if version != match.version:
            raise StaleVersion(
                _("The match has moved on to version %(current)s; your action was based on version %(version)s.")
                % {"current": match.version, "version": version},
                MatchViews(match, seats).view(seat.index), version,
            )
        engine = get_game(match.game)
        state = engine.load(match.state)
        out_of_turn = seat.index not in engine.to_act(state)
        if out_of_turn and not engine.legal_actions(state, seat.index):
            raise MatchError("not_your_turn", _("It is not your turn."), {"to_act": list(engine.to_act(state))})
        try:
            state = engine.apply(state, seat.index, action)
        except IllegalAction as exc:
            raise MatchError(exc.code, localize(exc.message)) from None
        match.state = engine.dump(state)
        match.version = version + 1
        outcome = engine.outcome(state)
        if outcome is not None:
            match.status = Match.Status.FINISHED
            match.outcome = outcome.to_json()
        _start_clock(match, engine, state, seats)
        match.save()
        logged = MatchAction.objects.create(match=match, version=match.version, seat=seat.index, action=action, by=by)
        views = MatchViews(match, seats, last_action=logged, state=state)
        _after_commit(match, engine, state, seats, reseat=False, views=views)
        return views.view(seat.index)


def play_bot_turn(match_id: str, version: int, by: str = MatchAction.By.BOT) -> bool:
    """Let a bot take the turn of a match still at ``version``: with ``by="bot"`` the first
    seat to act that a bot plays, with ``by="clock"`` the first seat to act (a person's seat is
    played by the heuristic bot). The bot chooses from that seat's view and legal actions
    only. Returns whether an action was applied; does nothing (False) when the match has moved
    on, is not running, or no bot is to act, so a task may run twice."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version or match.status != Match.Status.RUNNING:
        return False
    engine = get_game(match.game)
    state = engine.load(match.state)
    seats = {s.index: s for s in match.seats.all()}
    seat = next((seats[i] for i in engine.to_act(state) if seats[i].bot or by == MatchAction.By.CLOCK), None)
    if seat is None:
        return False
    name = seat.bot or _stand_in_bot(engine)
    bot = make_bot(name, engine, derive_seed(match.seed, seat.index, version))
    people_only = engine.spec.people_only_actions
    legal = [a for a in engine.legal_actions(state, seat.index) if a.get("type") not in people_only]
    action = bot.choose(engine.view(state, seat.index), legal)
    try:
        act(BotPlayer(seat.index, by), match_id, version, action)
    except StaleVersion:
        return False
    return True


def expire_clock(match_id: str, version: int) -> bool:
    """The deadline of ``match_id`` at ``version``: when the match is still at that version and
    its deadline has passed, with a turn clock the seat to act is played by its bot for this
    turn (``by="clock"``); without one (the absence deadline) the people to act are timed out
    (``time_out``). When the deadline is still ahead, the check is queued again for then.
    Returns whether an action was applied or a seat timed out."""
    match = (Match.objects.filter(pk=match_id)
             .only("version", "status", "turn_deadline", "seconds_per_turn").first())
    if match is None or match.version != version or match.status != Match.Status.RUNNING or not match.turn_deadline:
        return False
    remaining = (match.turn_deadline - timezone.now()).total_seconds()
    if remaining > 0:
        tasks.clock_expired.apply_async((match_id, version), countdown=remaining)
        return False
    if match.seconds_per_turn:
        return play_bot_turn(match_id, version, by=MatchAction.By.CLOCK)
    return time_out(match_id, version)


@transaction.atomic
def time_out(match_id: str, version: int) -> bool:
    """The absence rule, for a running match without a turn clock still at ``version`` whose
    absence deadline (``PLAY_ABSENT_AFTER`` seconds after a person's seat became to act, see
    ``_start_clock``) has passed: every person's seat that is to act is timed out — marked
    ``timed_out`` and ``resigned`` and played by the bot from then on, as ``resign`` does (the
    rules pages say nothing of a player who stops playing; DESIGN.md: "where it says nothing,
    the seat's bot plays"). When no person is left playing, the match is ``abandoned`` instead
    of played on by bots for nobody: it ends with no outcome and no bot moves again. Returns
    whether a seat timed out; False (nothing changed) when the match moved on, has a clock, is
    not running or its deadline is still ahead."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if (match is None or match.status != Match.Status.RUNNING or match.version != version
            or match.seconds_per_turn or match.turn_deadline is None or match.turn_deadline > timezone.now()):
        return False
    seats = list(match.seats.all())
    engine = get_game(match.game)
    state = engine.load(match.state)
    away = [s for s in seats if s.index in engine.to_act(state) and not s.bot]
    if not away:
        return False
    bot = _stand_in_bot(engine)
    for seat in away:
        seat.resigned, seat.timed_out, seat.bot = True, True, bot
        seat.save(update_fields=["resigned", "timed_out", "bot"])
    if not _people_left(seats):
        match.status = Match.Status.ABANDONED
    _start_clock(match, engine, state, seats)
    match.save()
    _after_commit(match, engine, state, seats, reseat=True)
    return True


def expire_open_matches(now=None, limit: int = 1000) -> list[str]:
    """Abandon every open match that expired (nobody joined or left it for ``PLAY_OPEN_TTL``
    seconds before ``now``; ``play.selectors.is_expired``), at most ``limit``, each in its own
    transaction (a join that got there first keeps its match). Its seats and spectators are
    sent the abandoned view. Returns the ids abandoned."""
    done = []
    for match_id in selectors.expired_open_ids(now, limit):
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id).first()
            if match is None or not selectors.is_expired(match, now):
                continue
            match.status = Match.Status.ABANDONED
            match.turn_deadline = None
            match.save()
            transaction.on_commit(lambda match_id=match_id: notify.match_changed(match_id), robust=True)
        done.append(match_id)
    return done
