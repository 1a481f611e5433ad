"""A new match (``create_match``): its seats, options, clock and decks checked, the limits of
``play.services.limits`` kept, the game set up when no seat is left for a person to take."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from play.bots import BOTS, DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS, MIN_THINK_SECONDS
from play.errors import MatchError
from play.games import GAMES
from play.identity import Player
from play.levels import find, levels_for
from play.models import Match, Seat
from play.payloads import get_game
from play.scheduling import after_commit
from play.seat_decks import DEFAULT_BOT_DECK, not_used, plays_with_seat_decks, seat_deck
from play.turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN

from . import limits
from .checks import needs_player, refuse_stacked_deal, refuse_too_long
from .deadlines import start_clock
from .game_setup import setup, start_with_decks
from .seating import address_key, take


def _engine(slug):
    try:
        return get_game(slug)
    except (KeyError, TypeError):
        raise MatchError(
            "unknown_game", _("There is no game called “%(game)s”.") % {"game": slug},
            {"game": slug, "known": sorted(GAMES)},
        ) from None


def _seat_bots(engine, seats) -> list[str]:
    """Per seat, ``""`` for a person or the name of the bot playing its level;
    ``MatchError("bad_seats")`` naming every problem (and, in ``details["levels"]``, the game's
    levels) otherwise. ``seats`` is ``[{"kind": "human"} | {"kind": "bot", "bot": level}]``, a
    level by its name or its bot's (``play.levels.find``) among the game's
    (``play.levels.levels_for``)."""
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
    bots, problems, levels = [], [], levels_for(engine)
    names = ", ".join(f"\"{level.name}\"" for level in levels)
    for index, spec in enumerate(seats):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        bot = spec.get("bot", "") if isinstance(spec, dict) else None
        if kind == "human" and bot in ("", None):
            bots.append("")
            continue
        level = find(bot) if kind == "bot" else None
        if level in levels:
            bots.append(level.bot)
            continue
        if level is not None and level.bot in BOTS:
            message = _("Seat %(seat)s: the level “%(level)s” does not play %(game)s; its levels: %(levels)s.") % {
                "seat": index, "level": level.name, "game": engine.spec.name_in(get_language()), "levels": names}
        else:
            message = _(
                "Seat %(seat)s must be {\"kind\": \"human\"} or {\"kind\": \"bot\", \"bot\": one of %(bots)s}."
            ) % {"seat": index, "bots": names}
        problems.append({"seat": index, "message": message})
    if problems:
        raise MatchError("bad_seats", " ".join(p["message"] for p in problems),
                         {"problems": problems, "levels": [level.name for level in levels]})
    return bots


def _check_think_time(think_seconds) -> None:
    """``MatchError("bad_think_time")`` unless ``think_seconds`` is a number (not a boolean) from
    ``MIN_THINK_SECONDS`` to ``MAX_THINK_SECONDS``."""
    if (isinstance(think_seconds, bool) or not isinstance(think_seconds, (int, float))
            or not MIN_THINK_SECONDS <= think_seconds <= MAX_THINK_SECONDS):
        raise MatchError(
            "bad_think_time",
            _("The strong bot's time to think must be a number of seconds from %(min)s to %(max)s.")
            % {"min": f"{MIN_THINK_SECONDS:g}", "max": f"{MAX_THINK_SECONDS:g}"},
            {"think_seconds": think_seconds if isinstance(think_seconds, (int, float, str)) else None,
             "min": MIN_THINK_SECONDS, "max": MAX_THINK_SECONDS},
        )


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


def create_match(
    player: Player | None, game: str, seats: list[dict], options: dict | None = None,
    seconds_per_turn: int | None = None, seed: int | None = None, deck: str | None = None,
    address: str | None = None, guide: str = "", think_seconds: float = DEFAULT_THINK_SECONDS,
) -> Match:
    """A new match of ``game`` with one seat per entry of ``seats`` (``{"kind": "human"}`` or
    ``{"kind": "bot", "bot": level}``, a level of ``play.levels`` by its name, ``"easy"``,
    ``"normal"`` or ``"strong"``, or by its bot's, ``"random"`` or ``"heuristic"``; a bot seat
    optionally with ``"deck"``).
    ``player`` takes the first human seat (a match of bots only may be made by anyone: a nameless
    visitor, ``name`` ``""``, whose session is recorded as the maker so that they can stop it,
    ``play.services.abandon``; or ``None``, nobody known, e.g. the command line). Options that stack
    the deal (the game's record, ``GameSpec.stacked_options``: ``deck``, ``decks``, ``pool``,
    ``stacked``) are taken only when every other seat is a bot. The match is ``running`` at once
    when no human seat is left free, else ``open``. ``seconds_per_turn`` (``play.turn_clock``:
    10..3600) turns on the turn clock; ``seed`` defaults to a random 63-bit int. ``think_seconds``
    is the time a bot that thinks (the ``strong`` level) takes per move,
    ``play.bots.MIN_THINK_SECONDS`` to ``MAX_THINK_SECONDS`` (0.1 to 2; default 0.5).

    In a game played with the seats' own decks (``play.seat_decks``), ``deck`` is the id of the
    creator's deck and a bot seat brings its ``"deck"`` (default ``DEFAULT_BOT_DECK``); each is
    checked with the deck validator. The game is set up when the last seat is taken: until then
    the match's ``state`` is ``None`` (its options are checked now, with the decks known).

    ``address`` is the client address of the request (``core.addresses``; None from the command
    line): the match records it and its maker, and ``play.services.limits`` refuses a match past the
    limits of ``player`` or of the address (a bot-only match counts as running).

    ``guide`` marks a guided first match (``Match.guide``, the game's slug; only
    ``play.services.guided`` sets it).

    Raises ``MatchError`` with code ``too_many_matches`` (HTTP 429), ``unknown_game``,
    ``bad_seats`` (count outside the game's range, a bad entry, a bot the game does not have),
    ``bad_clock``, ``bad_think_time``, ``secret_options`` (a stacked deal with another seat for a
    person; details ``{"options": [names]}``), ``bad_options`` (the engine's ``ValueError``; or a match of bots only whose options let it last
    more than ``PLAY_BOT_MATCH_MAX_MOVES`` moves, ``checks.refuse_too_long``), ``name_required``
    (no player, or a nameless one, for a human seat),
    ``deck_required``, ``deck_not_used`` (a deck for a game or match that takes none),
    ``unknown_deck`` or ``invalid_deck`` (with every problem). Nothing is saved then.
    """
    engine = _engine(game)
    bots = _seat_bots(engine, seats)
    _check_clock(seconds_per_turn)
    _check_think_time(think_seconds)
    humans = [i for i, bot in enumerate(bots) if not bot]
    if len(humans) > 1:
        refuse_stacked_deal(engine, options, _(
            "A stacked deal (%(options)s) is allowed only when every seat but yours is a bot: another person at "
            "the table could not tell that the deal was stacked."))
    if humans:
        needs_player(player)
    seed = secrets.randbits(63) if seed is None else seed
    options = {} if options is None else options
    decks = _creation_decks(engine, player, seats, bots, humans, options, deck)
    starts = len(humans) <= 1
    state = None
    if decks is None:
        state = setup(engine, len(bots), seed, options)
    elif not starts:
        # Check the options now, with the decks known standing in for those still to come.
        known = next(d for d in decks if d is not None)
        setup(engine, len(bots), seed, engine.spec.with_seat_decks(options, [(d or known)["cards"] for d in decks]))
    if not humans:
        refuse_too_long(engine, options, len(bots))
    key = address_key(address)
    with transaction.atomic():
        limits.check_room(player, key, Match.Status.RUNNING if starts else Match.Status.OPEN)
        match = Match(
            game=engine.slug, players=len(bots), options=options, seed=seed,
            state=None if state is None else engine.dump(state),
            seconds_per_turn=seconds_per_turn, created_by_id=player.user_id if player else None,
            created_session=(player.session_key or "") if player and player.user_id is None else "",
            created_address=key, guide=guide, think_seconds=think_seconds,
        )
        rows = [Seat(match=match, index=i, bot=bot, deck=None if decks is None else decks[i])
                for i, bot in enumerate(bots)]
        if humans:
            take(rows[humans[0]], player, key)
        if starts:
            if decks is not None:
                state = start_with_decks(engine, match, rows)
            match.status = Match.Status.RUNNING
            start_clock(match, engine, state, rows)
        match.save(force_insert=True)
        Seat.objects.bulk_create(rows)
        after_commit(match, engine, state, rows, reseat=True)
    return match
