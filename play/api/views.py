"""Match endpoints under ``/api/games/`` and ``/api/matches/``. Thin: each calls one service or
selector. Refusals are ``MatchError`` (``play.errors``), answered by the API's one handler
(``core.api.errors``) as ``{"error": {"code", "message", "details"}}`` with the status its code
is registered with; a stale version is 409 with the caller's current ``view`` beside ``error``.

Callers: a user (token or session), or a guest (a browser session with a display name, given
once as ``name``). A guest's writes are checked for the CSRF token like a user's session ones.
"""
from django.conf import settings
from django.middleware.csrf import get_token
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.addresses import request_address
from core.api.base import ApiView, GenericApiView
from core.api.bodies import takes_no_body
from core.api.pagination import PAGINATION
from core.api.params import Boolean, Integer, Text, query_parameters

from play.bots import DEFAULT_THINK_SECONDS
from play.games import GAMES
from play.levels import levels_for
from play.identity import (GUEST_NAME_KEY, Player, maker_from_request, named_guest, nameless_visitor,
                           player_from_request, set_guest_name)
from play.rules_pages import rules_url
from play.selectors import history, live, ratings
from play.selectors.match import get_match, match_view, summaries, visible_card_texts
from play.selectors.mine import matches_for
from play.services.abandon import abandon
from play.services.act import act
from play.services.create import create_match
from play.services.guided import start_guided_match
from play.services.dismiss import dismiss
from play.services.join import join_match
from play.services.leave import leave_match
from play.services.rematch import propose_rematch
from play.services.resign import resign

from .serializers import (
    LEVELS_HELP,
    ActionInput,
    ChatLineSerializer,
    CreateMatchInput,
    GameSerializer,
    GuidedMatchInput,
    JoinInput,
    LeaderboardEntrySerializer,
    LogEntrySerializer,
    MatchSummarySerializer,
    MatchViewSerializer,
    ReplayFramesSerializer,
    ReplaySerializer,
    StaleVersionSerializer,
)

ERROR = OpenApiResponse(description='{"error": {"code", "message", "details"}}')
CARD_TEXTS = OpenApiResponse(description='{code: text}: the text on each card asked for that your view shows')
MAX_CODES_TEXT = 2000
"""The longest ``codes`` a card-texts request takes, in characters (about 150 codes)."""
VIEW = MatchViewSerializer


def _caller(request: Request, name: str | None = None) -> Player | None:
    """The person making a write. A guest who sends a display name and has none yet plays
    under it (``keep_name`` keeps it once the write is done). Guests' writes need the CSRF
    token, as session users' do."""
    if not request.user.is_authenticated:
        if settings.SESSION_COOKIE_NAME in request.COOKIES:
            SessionAuthentication().enforce_csrf(request)
        if name and not request.session.get(GUEST_NAME_KEY):
            return named_guest(request, name)
    return player_from_request(request)


def keep_name(request: Request, player: Player | None) -> None:
    """After a guest's write is done: keep the display name they gave (``_caller``) in their
    session, with a CSRF token for their next writes. A nameless visitor (``name`` ``""``: a
    match of bots only made by someone who has no display name, ``maker_from_request``) gets
    the token only, for stopping it; ``None``: nothing to keep."""
    if player is not None and player.user_id is None and not request.session.get(GUEST_NAME_KEY):
        if player.name:
            set_guest_name(request, player.name)
        get_token(request)


class MatchApiView(GenericApiView):
    """A match endpoint: not paginated unless a view says so; ``OPTIONS`` works without a
    serializer. Its refusals (``MatchError``) are answered by the API's one handler."""

    pagination_class = None

    def body(self, serializer_class):
        data = serializer_class(data=self.request.data)
        data.is_valid(raise_exception=True)
        return data.validated_data


class GameList(ApiView):
    """The games you can play: ``[{"slug", "name", "min_players", "max_players", "rules_url",
    "levels"}]``; ``rules_url`` is the absolute URL of the game's how-to-play page, ``levels``
    the bots' levels that play the game (``play.levels.levels_for``), easiest first, each
    ``{"name", "label", "description", "bot"}`` in the reader's language."""

    @extend_schema(
        responses={200: GameSerializer(many=True)},
        description=(
            f'Each game\'s "levels" are what a bot seat\'s "bot" takes when creating a match ({LEVELS_HELP}); '
            "label and description are in the language asked for (Accept-Language)."
        ),
    )
    def get(self, request):
        return Response([
            {"slug": g.slug, "name": g.spec.name,
             "min_players": g.min_players, "max_players": g.max_players,
             "rules_url": request.build_absolute_uri(rules_url(g.slug)),
             "levels": [level.as_dict() for level in levels_for(g)]}
            for g in sorted(GAMES.values(), key=lambda g: g.slug)
        ])


class GameLeaderboard(MatchApiView):
    """A game's leaderboard: the ratings of logged-in players from matches between people, best
    first (``play.selectors.ratings.leaderboard``), paginated."""

    serializer_class = LeaderboardEntrySerializer
    pagination_class = api_settings.DEFAULT_PAGINATION_CLASS

    @query_parameters(*PAGINATION)
    @extend_schema(
        description=(
            "The ratings at one game, best first: by rating (mu − 3 × sigma, openskill's Plackett-Luce ordinal), "
            "then more rated games, then username; rank is 1 + the number of players rated higher (equal ratings "
            "share it). A match counts when it "
            "finished between people: no bot seat, not abandoned, not sandbox play, at least two logged-in "
            "players (guests are not rated). 404 game_not_found for a game the site does not host."
        ),
        responses={200: LeaderboardEntrySerializer(many=True), 404: ERROR},
    )
    def get(self, request, slug):
        page = self.paginate_queryset(ratings.leaderboard(slug))
        return self.get_paginated_response(ratings.board(page, self.paginator.page.start_index()))


class MatchList(MatchApiView):
    """The lobby (live matches: open ones to join, then running ones to watch, most recent activity
    first, at most ``PLAY_LOBBY_PER_CLIENT`` made by one person or one address), or with
    ``?mine=1`` your own matches (any status, those you made included); create a match."""

    serializer_class = MatchSummarySerializer
    pagination_class = api_settings.DEFAULT_PAGINATION_CLASS

    @query_parameters(Boolean("mine", "your matches (any status: open, running, finished or abandoned; those "
                              "you made too) instead of the lobby"), *PAGINATION)
    @extend_schema(
        description=(
            "The lobby: open matches (waiting for players, not expired) first, then running ones to watch, each "
            "most recent activity first; at most PLAY_LOBBY_PER_CLIENT (default 3) made by one person and by one "
            "client address."
        ),
        responses={200: MatchSummarySerializer(many=True)},
    )
    def get(self, request):
        player = player_from_request(request)
        matches = matches_for(player or nameless_visitor(request)) if request.parameters["mine"] else live.lobby()
        page = self.paginate_queryset(matches)
        return self.get_paginated_response(summaries(page, player))

    @extend_schema(
        request=CreateMatchInput,
        responses={201: VIEW, 400: ERROR, 403: ERROR, 429: ERROR},
        description=(
            'Body: {"game": "lama", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "normal"}], '
            '"options": {}, "seconds_per_turn": null, "think_seconds": 0.5, "name": "Ann"}. A bot seat\'s "bot" is '
            f"one of the game's levels (GET /api/games/ lists them: {LEVELS_HELP}); think_seconds is the time a "
            "bot that thinks takes per move. You take the first human seat; the match runs at once when no human "
            "seat is left free. A match of bots only needs no display name: without one, your session (its "
            "cookie is set in this answer when you send none) is its maker, which may stop it (POST "
            "/api/matches/<id>/abandon/). 429 too_many_matches: you, or your client address, "
            "already hold the most places allowed in open matches (PLAY_MAX_OPEN_MATCHES, default 3) or in running "
            "ones (PLAY_MAX_RUNNING_MATCHES, default 20; a bot-only match counts as running); details: "
            '{"limit", "count", "status": "open"|"running", "scope": "player"|"address"}. 400 codes: unknown_game, '
            "bad_seats (details.levels: the game's levels), bad_options (also a match of bots only whose options let it "
            "last more than PLAY_BOT_MATCH_MAX_MOVES moves, default 20,000; details: options, moves, limit), bad_clock, bad_think_time, name_required (a "
            "guest without a display name), invalid_request, "
            "secret_options (options that stack the deal, e.g. deck, decks, pool, stacked, where another seat is "
            "for a person: only with bots in every other seat; details.options names them); in a game played with "
            'one\'s own deck (eoc), "deck": "<deck id>" is your deck and a bot seat may name its "deck": '
            "deck_required, unknown_deck, invalid_deck (details.problems lists every problem of the deck "
            "validator), deck_not_used (a deck for a game or match that takes none); such a game is set up when "
            "the last seat is taken. While the match is open, the view's state is null for everyone, in every game: "
            "nobody sees a card of the deal before the match starts."
        ),
    )
    def post(self, request):
        data = self.body(CreateMatchInput)
        player = _caller(request, data.get("name"))
        # Without a display name, the visitor's session is the maker of a match of bots only.
        maker = player or maker_from_request(request)
        match = create_match(
            maker, data["game"], data["seats"], data.get("options", {}), data.get("seconds_per_turn"),
            deck=data.get("deck"), address=request_address(request),
            think_seconds=data.get("think_seconds", DEFAULT_THINK_SECONDS),
        )
        keep_name(request, maker)
        return Response(match_view(match, player), status=status.HTTP_201_CREATED)


class GuidedMatch(MatchApiView):
    """Start a guided first match of a game (``play.services.guided``): its stacked deal against
    a bot, with a hint at each step in the view's ``guide``."""

    @extend_schema(
        request=GuidedMatchInput,
        responses={201: VIEW, 400: ERROR, 403: ERROR, 429: ERROR},
        description=(
            'Body: {"game": "lama", "name": "Ann"}. A new running match of the game\'s guided first match: you '
            "in the learner's seat, bots in the others, on a prepared deal; unrated and not listed in the lobby. "
            'The view\'s "guide" names the hint for this moment ("step-<k>", "wait", "done", "off", "over"; the '
            'table shows its text) and "action", the move it asks for. 400 codes: unknown_game (no guided match of '
            "that game), name_required, invalid_request; 429 too_many_matches as for POST /api/matches/."
        ),
    )
    def post(self, request):
        data = self.body(GuidedMatchInput)
        player = _caller(request, data.get("name"))
        match = start_guided_match(player, data["game"], address=request_address(request))
        keep_name(request, player)
        return Response(match_view(match, player), status=status.HTTP_201_CREATED)


class MatchDetail(MatchApiView):
    """Your view of a match: your seat's, or the spectator view when you hold no seat."""

    @extend_schema(responses={200: VIEW, 404: ERROR})
    def get(self, request, match_id):
        return Response(match_view(get_match(match_id), player_from_request(request)))


class MatchJoin(MatchApiView):
    """Take a seat of an open match; the match starts when the last human seat is taken."""

    @extend_schema(
        request=JoinInput, responses={200: VIEW, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 429: ERROR},
        description=(
            'Body: {"seat": 2, "name": "Bob", "deck": "SMP-RED"} (all optional; "deck" is required in a game '
            "played with one's own deck; a rematch's seat kept for you keeps the deck you brought before). 409 codes: "
            "match_full, seat_taken, already_seated, not_open (over, abandoned, or expired: nobody joined it for "
            "PLAY_OPEN_TTL seconds), seat_reserved (a rematch's seat kept for another person; without \"seat\" you "
            "take the one kept for you); 429 too_many_matches (as for "
            "creating; taking the last seat is a place in a running match); 400: bad_seat, name_required, "
            "deck_required, unknown_deck, invalid_deck, deck_not_used, secret_options (the match's deal is "
            "stacked: only bots may sit beside its creator)."
        ),
    )
    def post(self, request, match_id):
        data = self.body(JoinInput)
        player = _caller(request, data.get("name"))
        match = join_match(player, match_id, data.get("seat"), deck=data.get("deck"),
                           address=request_address(request))
        keep_name(request, player)
        return Response(match_view(match, player))


class MatchLeave(MatchApiView):
    """Give up your seat before the match starts (answers your view, now a spectator's). When no
    person is left seated, the match is removed: 204 with no body, and the match is gone from the
    lobby and the API."""

    @takes_no_body
    @extend_schema(request=None, responses={
        200: VIEW, 204: OpenApiResponse(description="the match was removed: nobody is seated any more"),
        403: ERROR, 404: ERROR, 409: ERROR})
    def post(self, request, match_id):
        player = _caller(request)
        match = leave_match(player, match_id)
        if match.pk is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(match_view(match, player))


class MatchResign(MatchApiView):
    """Resign a running match: a bot plays your seat from now on."""

    @takes_no_body
    @extend_schema(request=None, responses={200: VIEW, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR})
    def post(self, request, match_id):
        player = _caller(request)
        match = resign(player, match_id)
        return Response(match_view(match, player))


class MatchActions(MatchApiView):
    """Take an action for your seat."""

    @extend_schema(
        request=ActionInput,
        responses={200: VIEW, 400: ERROR, 403: ERROR, 404: ERROR, 409: StaleVersionSerializer},
        description=(
            'Body: {"version": 12, "action": {"type": "play", "card": 4}}, the version being the one your view '
            "showed. 409 stale_version (with your current view) when the match has moved on, abandoned; 403 "
            "not_seated, resigned, timed_out (you were away on your turn too long: a bot plays your seat); 400 "
            "bad_version (a version the match has not reached yet), not_your_turn, not_started, "
            "game_over and the game's codes (illegal_action, malformed_action, …)."
        ),
    )
    def post(self, request, match_id):
        data = self.body(ActionInput)
        return Response(act(_caller(request), match_id, data["version"], data["action"]))


class MatchLog(MatchApiView):
    """Every action applied so far, in order."""

    @extend_schema(responses={200: LogEntrySerializer(many=True), 404: ERROR})
    def get(self, request, match_id):
        return Response(history.action_log(get_match(match_id), _caller(request)))


class MatchReplay(MatchApiView):
    """A finished match (or an abandoned one that had started, up to where it stopped), frame by
    frame, as your seat (or a spectator) saw it."""

    @extend_schema(responses={200: ReplaySerializer, 404: ERROR, 409: ERROR})
    def get(self, request, match_id):
        return Response(history.replay(get_match(match_id), player_from_request(request)))


class MatchReplayFrames(MatchApiView):
    """Some frames of a replay, each as ``/replay/`` gives it: what the replay page fetches as
    its frames are viewed."""

    @query_parameters(
        Integer("start", "the first frame: 0 is the deal, N the match after its Nth action", low=0, default=0),
        Integer("count", f"how many frames, at most {history.MAX_FRAMES} (cut at the last frame)",
                low=1, high=history.MAX_FRAMES, default=20),
    )
    @extend_schema(
        responses={200: ReplayFramesSerializer, 400: ERROR, 404: ERROR, 409: ERROR},
        description=("400 bad_frame: start is past the last frame (details: start, total); bad_parameter; 409 "
                     "not_finished: the match is not over."),
    )
    def get(self, request, match_id):
        params = request.parameters
        return Response(history.replay_frames(get_match(match_id), player_from_request(request),
                                              params["start"], params["count"]))


class MatchCardTexts(MatchApiView):
    """The text on cards of the match that your view shows now, in your language, by code:
    ``{code: text}`` for each code of ``codes`` your view names (every card it names when
    ``codes`` is left out). A code it does not name — unknown, or a card you have not been shown,
    such as one in another player's hand or deck — is left out: the table asks for the texts of
    cards as they come into view, and another player's deck list stays hidden."""

    @query_parameters(Text("codes", "card codes, separated by commas", max_length=MAX_CODES_TEXT))
    @extend_schema(responses={200: CARD_TEXTS, 400: ERROR, 404: ERROR})
    def get(self, request, match_id):
        codes = request.parameters["codes"]
        asked = [code.strip() for code in codes.split(",")] if codes else None
        return Response(visible_card_texts(get_match(match_id), player_from_request(request), asked))


class MatchChat(MatchApiView):
    """The match's table chat, oldest first (lines are said over the match's websocket:
    ``{"type": "chat", "text"}``)."""

    @extend_schema(responses={200: ChatLineSerializer(many=True), 404: ERROR})
    def get(self, request, match_id):
        return Response(history.chat_log(get_match(match_id)))


class MatchDismiss(MatchApiView):
    """Take a finished or abandoned match off your list of matches (``?mine=1`` and the lobby's
    "Your matches") for good; 204."""

    @takes_no_body
    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description="dismissed (or it was already)"), 400: ERROR, 404: ERROR,
                   409: ERROR},
        description=("A visitor with no display name dismisses the bot-only matches they made with the session cookie "
                     "they made them with. 400 name_required: no session came; 409 not_over: the match is open or "
                     "running."),
    )
    def post(self, request, match_id):
        dismiss(_caller(request) or nameless_visitor(request), match_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchAbandon(MatchApiView):
    """Stop a match of bots only that you made: it ends as abandoned at once (answers your view)."""

    @takes_no_body
    @extend_schema(
        request=None, responses={200: VIEW, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        description=(
            "The person who made a running match where nobody plays a seat (every seat a bot's) stops it: "
            "status abandoned, no outcome; the bots' turns already queued do nothing. A visitor with no display "
            "name who made it stops it with the session cookie they made it with. 403 not_creator (someone else "
            "made it, or no session came); 409 people_playing (a person plays a seat: resign instead), abandoned; "
            "400 not_started, game_over."
        ),
    )
    def post(self, request, match_id):
        player = _caller(request)
        match = abandon(player or nameless_visitor(request), match_id)
        return Response(match_view(match, player))


class MatchRematch(MatchApiView):
    """Propose a rematch of a finished match you played, with the same seats: answers your view
    of the new match (201 when it is made; 200 with the one already proposed)."""

    @takes_no_body
    @extend_schema(
        request=None, responses={200: VIEW, 201: VIEW, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 429: ERROR},
        description=(
            "A new match of the same game, options and turn clock, with the same seat kinds: bots stay bots, and "
            "each person's seat is kept for the person who held it (nobody else may take it: 409 seat_reserved "
            "on join). You take your seat; the others accept by joining the new match (POST "
            "/api/matches/<new id>/join/ takes the seat kept for them); it starts when every person's seat is "
            "taken. Options that stack the deal are not copied when another seat is a person's. The finished "
            "match's view gives the rematch (rematch: {id, status, seat, taken}). A second proposal answers the "
            "rematch already proposed (200). 409 not_finished (open or running), abandoned; 403 not_seated (you "
            "held no person's seat); 400 name_required; 429 too_many_matches."
        ),
    )
    def post(self, request, match_id):
        player = _caller(request)
        match, made = propose_rematch(player, match_id, address=request_address(request))
        return Response(match_view(match, player), status=status.HTTP_201_CREATED if made else status.HTTP_200_OK)
