"""The table's pages: the lobby, the new-match form, a guest's display name, the table of a
match (join, leave, resign) and the replay of a finished match.

Views only translate HTTP to ``play.services`` (writes) and ``play.selectors`` (reads) and
back. The table itself is drawn in the browser (``play/static/play/table.js``) from the view
payload the page embeds, then live from the match's websocket; each game has a board
(``play.boards``: a template ``play/boards/<slug>.html`` naming its JavaScript renderer, and its
labels).
"""
from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.addresses import request_address
from core.errors import error_message, status_of
from core.messages import localize
from core.params import page_number
from core.redirects import safe_next
from play.games import GAMES
from play.tutorials import TUTORIALS, hints
from tcg.integers import BadValue, parse_int

from .boards import board_context
from .errors import MatchError
from .forms import GuestNameForm, MatchForm, game_label, seat_deck_field_name
from .identity import (maker_from_request, nameless_visitor, player_from_request, set_guest_name,
                       visitor_from_request)
from .labels import REPLAY
from .models import Match
from .payloads import get_game, is_guest, match_summary
from .ratings_pages import leaderboard_url, player_url
from .rules_pages import rules_url
from .seat_decks import deck_choices, plays_with_seat_decks
from .selectors import history, live
from .selectors.match import card_texts, get_match, match_view
from .selectors.mine import matches_for
from .seat_holders import made_by, people_left
from .services.abandon import abandon as abandon_match
from .services.create import create_match
from .services.dismiss import dismiss as dismiss_match
from .services.guided import start_guided_match
from .services.join import join_match
from .services.leave import leave_match
from .services.rematch import propose_rematch
from .services.resign import resign as resign_match

#: The create form's field an error of ``create_match`` belongs to (None: the whole form).
CREATE_ERROR_FIELDS = {"unknown_game": "game", "bad_clock": "seconds_per_turn", "bad_think_time": "think_seconds"}
DECK_ERRORS = ("deck_required", "unknown_deck", "invalid_deck")
#: How many of the latest chat lines the table page brings (older ones: the replay's chat).
CHAT_LINES = 50
#: Matches per lobby page, and how many of the visitor's latest matches the lobby lists.
LOBBY_PER_PAGE = 30
MY_MATCHES = 20
#: The session key of the join a guest asked for before choosing a display name.
PENDING_JOIN_KEY = "play_pending_join"
#: The game whose guided match a guest asked for before they had a name (``guided``).
PENDING_GUIDED_KEY = "play_pending_guided"


def _match_or_404(match_id: str) -> Match:
    """The match; ``MatchError("match_not_found")`` (404) otherwise, which the pages' handler
    answers with the 404 page (``core.middleware.DomainErrorMiddleware``)."""
    return get_match(match_id)


def _ask_for_name(request, next_url: str):
    return redirect(f"{reverse('play-name')}?{urlencode({'next': next_url})}")


def _names(match: Match) -> list[dict]:
    """The people at a match as the lobby names them: ``[{"name", "url", "guest"}]``, ``url`` the
    page of a logged-in player (None for a guest), ``guest`` whether a guest holds the seat."""
    return [{"name": s.name, "url": player_url(s.user.get_username()) if s.user_id else None, "guest": is_guest(s)}
            for s in match.seats.all() if s.name]


def _row(match: Match, player) -> dict:
    """A match as the lobby lists it."""
    summary = match_summary(match, player)
    seats = summary["seats"]
    return {
        **summary,
        "label": game_label(match.game),
        "brings_deck": match.status == Match.Status.OPEN and plays_with_seat_decks(get_game(match.game), match.options),
        "bots": sum(1 for s in seats if s["kind"] == "bot"),
        "people": sum(1 for s in seats if s["kind"] == "human" and s["name"]),
        "names": _names(match),
        "timed_out": sum(1 for s in seats if s["timed_out"]),
        "replay": history.has_replay(match),
        "created_at": match.created,
    }


def lobby(request):
    """The visitor's own matches, then the live matches (``play.selectors.live.lobby``: open ones waiting
    for people, then running ones to watch, most recent activity first, no client crowding
    them) and a "new match" button."""
    player = player_from_request(request)
    visitor = player or nameless_visitor(request)  # a visitor with no display name has the bot-only matches they made
    page = Paginator(live.lobby(), LOBBY_PER_PAGE).get_page(page_number(request.GET.get("page")))
    rows = [_row(m, player) for m in page.object_list]
    return render(request, "play/lobby.html", {
        "player": player,
        "page": page,
        "open_matches": [row for row in rows if row["status"] == Match.Status.OPEN],
        "running_matches": [row for row in rows if row["status"] == Match.Status.RUNNING],
        "my_matches": [_row(m, player) for m in matches_for(visitor)[:MY_MATCHES]],
        "rules": [{"slug": slug, "label": game_label(slug), "url": rules_url(slug)} for slug in GAMES],
        "guided": [{"slug": slug, "label": game_label(slug)} for slug in GAMES if slug in TUTORIALS],
        "leaderboards": [{"slug": slug, "label": game_label(slug), "url": leaderboard_url(slug)} for slug in GAMES],
    })


def guest_name(request):
    """The display name a guest plays under (kept in the session), then on to ``next``."""
    next_url = safe_next(request, reverse("play-lobby"))
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url)
    if request.method == "POST":
        form = GuestNameForm(request.POST)
        if form.is_valid():
            set_guest_name(request, form.cleaned_data["name"])
            _complete_pending_join(request, next_url)
            started = _start_pending_guided(request, next_url)
            return started or HttpResponseRedirect(next_url)
    else:
        form = GuestNameForm(initial={"name": request.session.get("guest_name", "")})
    status = 400 if form.errors else 200
    return render(request, "play/name.html", {"form": form, "next": next_url}, status=status)


def new_match(request):
    """The new-match form; a valid post creates the match and opens its table. A refusal of the
    service is shown on the form with the refusal's status (429 past the limits of
    ``play.services.limits``, else 400). A guest without a display name is asked for one first;
    but their post of a match of bots only makes it, their session its maker (as the API does,
    ``play.identity.maker_from_request``), who may stop it from its table."""
    player = player_from_request(request)
    if player is None and request.method != "POST":
        return _ask_for_name(request, request.get_full_path())
    refusal = None
    if request.method == "POST":
        form = MatchForm(request.POST, player=player)
        if form.is_valid():
            data = form.cleaned_data
            try:
                match = create_match(
                    player or maker_from_request(request), data["game"], data["seats"], data["options"],
                    data["seconds_per_turn"], deck=data["deck"], address=request_address(request),
                    think_seconds=data["think_seconds"])
            except MatchError as error:
                if error.code == "name_required":  # a seat for the nameless visitor
                    return _ask_for_name(request, request.get_full_path())
                _create_error(form, data, error)
                refusal = status_of(error)
            else:
                return redirect("play-table", match_id=match.id)
    else:
        initial = {"game": request.GET["game"]} if request.GET.get("game") else {}
        form = MatchForm(initial=initial, player=player)
    status = (refusal or 400) if form.errors else 200
    return render(request, "play/new.html", {"form": form, "player": player}, status=status)


#: The game and the opponent of "play this deck" (a deck page's and the builder's button).
DECK_GAME = "eoc"
DECK_OPPONENT = {"kind": "bot", "bot": "normal"}


@require_POST
def play_deck(request, deck_id: str):
    """"Play this deck": a new Elements of Chaos match of the visitor with the deck ``deck_id``
    (theirs or a public one) against the heuristic bot (bringing ``DEFAULT_BOT_DECK``), its
    table opened at once. A refusal (an invalid deck, with every problem; an unknown deck; the
    limits of ``play.services.limits``) is shown as a message on the page ``next`` (the deck's
    page by default); a guest without a display name is asked for one first."""
    back = safe_next(request, reverse("deck-detail", args=[deck_id]))
    player = player_from_request(request)
    if player is None:
        return _ask_for_name(request, back)
    try:
        match = create_match(player, DECK_GAME, [{"kind": "human"}, DECK_OPPONENT], deck=deck_id,
                             address=request_address(request))
    except MatchError as error:
        if error.code == "invalid_deck":
            messages.error(request, " ".join(
                [_("This deck breaks the deck rules, so it cannot be played:")]
                + [problem["message"] for problem in error.details["problems"]]))
        else:
            messages.error(request, error.message)
        return HttpResponseRedirect(back)
    return redirect("play-table", match_id=match.id)


@require_POST
def guided(request, slug: str):
    """"Play a guided match" (a rules page's and the lobby's button): a new guided first match of
    game ``slug`` (``play.services.guided``), its table opened at once. A guest without a display
    name is asked for one first and comes back to ``next`` (the game's rules page by default); a
    refusal (past the limits, no guided match of the game) is shown as a message there."""
    back = safe_next(request, rules_url(slug) if slug in GAMES else reverse("play-lobby"))
    player = player_from_request(request)
    if player is None:
        request.session[PENDING_GUIDED_KEY] = {"game": slug, "back": back}
        return _ask_for_name(request, back)
    return _guided_table(request, player, slug, back)


def _guided_table(request, player, slug: str, back: str):
    """Start ``player``'s guided match of ``slug`` and open its table; a refusal is shown on
    ``back``."""
    try:
        match = start_guided_match(player, slug, address=request_address(request))
    except MatchError as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(back)
    return redirect("play-table", match_id=match.id)


def _start_pending_guided(request, next_url: str):
    """After a guest named themselves: the guided match they asked for before they had a name
    (``guided``), its table opened at once, when they are going back to the page they asked
    from; else ``None``."""
    pending = request.session.pop(PENDING_GUIDED_KEY, None)
    if not isinstance(pending, dict) or pending.get("back") != next_url or not isinstance(pending.get("game"), str):
        return None
    return _guided_table(request, player_from_request(request), pending["game"], next_url)


def guide_hints(match: Match) -> dict[str, str] | None:
    """A guided match's hints in the reader's language, by the names its view's ``guide`` gives
    them (``play.tutorials.hints``); ``None`` for another match."""
    tutorial = TUTORIALS.get(match.guide)
    return None if tutorial is None else {name: _(text) for name, text in hints(tutorial).items()}


def _create_error(form: MatchForm, data: dict, error: MatchError) -> None:
    """Show a refusal of ``create_match`` on the field it concerns: a deck's problems (every
    one the validator names) under the creator's deck or the bot seat's deck."""
    if error.code not in DECK_ERRORS:
        field = CREATE_ERROR_FIELDS.get(error.code)
        form.add_error(field if field in form.fields else None, error_message(error))
        return
    seat = error.details.get("seat")
    bot_seat = isinstance(seat, int) and seat < len(data["seats"]) and data["seats"][seat]["kind"] == "bot"
    field = seat_deck_field_name(seat) if bot_seat else "deck"
    if error.code == "invalid_deck":
        form.add_error(field, [_("This deck breaks the deck rules, so it cannot be played:")]
                       + [localize(problem["message"]) for problem in error.details["problems"]])
    else:
        form.add_error(field, error_message(error))


def table(request, match_id: str):
    """A match's table: the shell and the caller's first view, drawn and kept live by JS."""
    match = _match_or_404(match_id)
    player = player_from_request(request)
    view = match_view(match, player)
    joining = view["seat"] is None and match.status == Match.Status.OPEN
    brings_deck = joining and plays_with_seat_decks(get_game(match.game), match.options)
    seated_open = view["seat"] is not None and match.status == Match.Status.OPEN
    # A rematch's free seats are kept for the people of the match before: no invite links to them.
    kept = {s.index for s in match.seats.all() if s.reserved_user_id or s.reserved_session} if seated_open else set()
    invites = [
        {"number": s["index"] + 1,
         "url": request.build_absolute_uri(reverse("play-invite", kwargs={"match_id": match.id, "seat": s["index"]}))}
        for s in view["seats"] if s["kind"] == "human" and not s["name"] and s["index"] not in kept
    ] if seated_open else []
    return render(request, "play/table.html", {
        "invites": invites,
        "join_decks": deck_choices(player) if brings_deck else None,
        "match": match,
        "view": view,
        "player": player,
        "game_name": game_label(match.game),
        "rules_url": rules_url(match.game),
        **board_context(match.game),
        "log": history.action_log(match, player),
        "card_texts": card_texts(match, [view["state"]]),
        "chat": history.chat_log(match, last=CHAT_LINES),
        "guide_hints": guide_hints(match),
        # A rematch with bots in every other seat starts at once (play.services.rematch): nobody
        # else is asked to accept it.
        "rematch_starts": sum(1 for s in view["seats"] if s["kind"] == "human") == 1,
        # The maker may have no display name: their session made it (play.identity.nameless_visitor).
        "can_stop": can_stop(match, player or nameless_visitor(request)),
    })


def can_stop(match: Match, player) -> bool:
    """Whether the table offers ``player`` to stop the match (``play.services.abandon``): they
    made it (a nameless visitor's session included), it runs, and no person plays a seat of it."""
    return (match.status == Match.Status.RUNNING and made_by(match, player)
            and not people_left(list(match.seats.all())))


def invite(request, match_id: str, seat: int):
    """An invite link to seat ``seat`` of an open match (``/play/m/<id>/invite/<seat>/``, which a
    seated person copies from the table): a guest without a display name is sent to choose one
    and is then seated (the pending join of ``_seat_change``); anyone else lands on the table,
    where the seat's "Take this seat" button is (and, in a game played with one's own deck, the
    deck picker). A seat that is no longer free, or a match no longer open, is said so on the
    table."""
    match = _match_or_404(match_id)
    table_url = reverse("play-table", kwargs={"match_id": match.id})
    free = [s.index for s in match.seats.all() if s.is_free]
    if match.status != Match.Status.OPEN or seat not in free:
        messages.info(request, _("This invitation's seat is no longer free."))
        return redirect(table_url)
    if player_from_request(request) is None:
        messages.info(request, _("You are invited to seat %(number)s: choose a display name to take it.")
                      % {"number": seat + 1})
        request.session[PENDING_JOIN_KEY] = {"match": match.id, "seat": seat, "deck": None}
        return _ask_for_name(request, table_url)
    messages.info(request, _("You are invited to seat %(number)s: press “Take this seat” to join.") % {"number": seat + 1})
    return redirect(table_url)


def _seat_change(request, match_id: str, change, pending: dict | None = None):
    """Run ``change(player, match_id)`` for a POST from the table, then back to the table (to
    the lobby when the change removed the match). A guest without a display name is sent to
    choose one first; ``pending`` (a join's ``{"seat", "deck"}``) is kept in the session so
    that the name page completes the join."""
    match = _match_or_404(match_id)
    table_url = reverse("play-table", kwargs={"match_id": match.id})
    player = player_from_request(request)
    if player is None:
        messages.info(request, _("Choose a display name first, then take a seat."))
        if pending is not None:
            request.session[PENDING_JOIN_KEY] = {"match": match.id, **pending}
        return _ask_for_name(request, table_url)
    try:
        changed = change(player, match.id)
    except MatchError as error:
        messages.error(request, error_message(error))
    else:
        if isinstance(changed, Match) and changed.pk is None:
            messages.info(request, _("You left the match; nobody else was seated, so it was removed."))
            return redirect("play-lobby")
    return redirect(table_url)


def _complete_pending_join(request, next_url: str) -> None:
    """After a guest named themselves: take the seat they asked for before they had a name
    (``_seat_change``), when they are going back to that match's table. A game whose seats
    bring decks is joined only with a deck chosen; without one the table's join form (with its
    deck picker) is where the guest lands."""
    pending = request.session.pop(PENDING_JOIN_KEY, None)
    if not isinstance(pending, dict) or not isinstance(pending.get("match"), str):
        return
    if next_url != reverse("play-table", kwargs={"match_id": pending["match"]}):
        return
    match = Match.objects.filter(pk=pending["match"]).first()
    if match is None or match.status != Match.Status.OPEN:
        return
    deck = pending.get("deck")
    if deck is None and plays_with_seat_decks(get_game(match.game), match.options):
        return
    try:
        join_match(player_from_request(request), match.id, pending.get("seat"), deck=deck,
                   address=request_address(request))
    except MatchError as error:
        messages.error(request, error_message(error))


@require_POST
def join(request, match_id: str):
    """Take a seat: ``seat`` (an index) or, without it, the first free seat; ``deck``: the deck
    one brings, in a game played with one's own deck."""
    raw = request.POST.get("seat", "").strip()
    try:
        seat = parse_int(raw, 0) if raw else None
    except BadValue:
        messages.error(request, _("There is no free seat like that at this match."))
        return redirect("play-table", match_id=match_id)
    deck = request.POST.get("deck", "").strip() or None
    address = request_address(request)
    return _seat_change(request, match_id,
                        lambda player, mid: join_match(player, mid, seat, deck=deck, address=address),
                        pending={"seat": seat, "deck": deck})


@require_POST
def leave(request, match_id: str):
    """Give up one's seat before the match starts."""
    return _seat_change(request, match_id, leave_match)


@require_POST
def resign(request, match_id: str):
    """Resign during play: a bot plays the seat from then on."""
    return _seat_change(request, match_id, resign_match)


@require_POST
def rematch(request, match_id: str):
    """Propose a rematch of a finished match with the same seats (``play.services.rematch``), or
    go to the one proposed already: to the new match's table, where the others accept it."""
    try:
        new, _made = propose_rematch(player_from_request(request), match_id, address=request_address(request))
    except MatchError as error:
        messages.error(request, error_message(error))
        return redirect("play-table", match_id=match_id)
    return redirect("play-table", match_id=new.id)


@require_POST
def dismiss(request, match_id: str):
    """Take a finished or abandoned match off the caller's "Your matches" (the lobby)."""
    try:
        dismiss_match(visitor_from_request(request), match_id)
    except MatchError as error:
        messages.error(request, error_message(error))
    return redirect("play-lobby")


@require_POST
def abandon(request, match_id: str):
    """Stop a match of bots only that the caller made (``play.services.abandon``; a visitor with
    no display name by the session that made it, ``play.identity.visitor_from_request``): it
    ends as abandoned; back to its table, which says why when it is refused."""
    match = _match_or_404(match_id)
    try:
        abandon_match(visitor_from_request(request), match.id)
    except MatchError as error:
        messages.error(request, error_message(error))
    return redirect("play-table", match_id=match.id)


def replay(request, match_id: str):
    """Step through a finished match (or an abandoned one that had started) from the caller's
    seat (or a spectator's). The page holds the match's moves, not its states: the script
    fetches the frames as they are viewed (``/api/matches/<id>/replay/frames/``), and the chat
    (``/api/matches/<id>/chat/``)."""
    match = _match_or_404(match_id)
    context = {"match": match, "game_name": game_label(match.game), "rules_url": rules_url(match.game)}
    if not history.has_replay(match):
        return render(request, "play/replay.html", {**context, "not_finished": True}, status=409)
    data = history.replay_outline(match, player_from_request(request))
    return render(request, "play/replay.html", {
        **context, "replay": data, **board_context(match.game), "replay_labels": REPLAY,
        "frames_url": reverse("api-match-replay-frames", kwargs={"match_id": match.id}),
        "chat_url": reverse("api-match-chat", kwargs={"match_id": match.id}),
        "read_only": True,
    })
