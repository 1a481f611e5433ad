"""Errors of the match services: ``MatchError`` (and ``StaleVersion``), the one domain error
type (``tcg.errors.DomainError``) with a snake_case ``code``, a sentence and details, and the
codes they and the engines' refusals use, registered with their HTTP status and meaning
(``core.errors``) so that the one handler answers them in the error shape."""
from __future__ import annotations

from core.errors import register_codes
from tcg.errors import DomainError

#: The API paths the match codes are answered on.
PATHS = ("/api/games/", "/api/matches/")

#: Every code a match service or an engine refuses with: ``code → (status, description)``.
CODES = {
    # create
    "unknown_game": (400, "No game has this slug."),
    "bad_seats": (400, "The seats are not a list of people and bots the game takes; details.problems names each."),
    "bad_options": (400, "An option the game does not take, or a value out of its range."),
    "bad_clock": (400, "The turn clock is not a whole number of seconds in its range."),
    "bad_think_time": (400, "The strong bot's time to think per move is not a number of seconds in its range."),
    "secret_options": (400, "A stacked deal (a secret option) where another person would sit."),
    # join, leave
    "match_full": (409, "Every seat of the match is taken."),
    "seat_taken": (409, "The seat asked for is taken."),
    "bad_seat": (400, "There is no such seat at the match."),
    "seat_reserved": (409, "The seat (or every free seat) is a rematch's seat kept for another person."),
    "already_seated": (409, "The caller already has a seat at the match."),
    "not_open": (409, "The match has started or is over, so seats no longer change hands."),
    "name_required": (400, "A guest must choose a display name first."),
    "too_many_matches": (429, "Past the limit of open matches or seats (per person, per address, or in all)."),
    # the decks the seats bring
    "deck_required": (400, "This game is played with one's own deck: choose one."),
    "deck_not_used": (400, "A deck was given for a game (or seat) that brings none."),
    "unknown_deck": (400, "No such deck, or a private deck of someone else."),
    "invalid_deck": (400, "The deck breaks the deck rules; details.problems lists every problem."),
    # act
    "not_started": (400, "The match has not started yet: seats are still free."),
    "game_over": (400, "The match (or the game) is over."),
    "abandoned": (409, "The match was abandoned."),
    "not_seated": (403, "The caller has no seat at the match (or the seat is not a bot's)."),
    "resigned": (403, "The caller resigned; a bot plays the seat."),
    "timed_out": (403, "The caller was away on their turn too long; a bot plays the seat."),
    "stale_version": (409, "The action was based on an older version; the answer carries the current view."),
    "bad_version": (400, "The version is not a whole number, or one the match has not reached."),
    "not_your_turn": (400, "It is not the caller's turn."),
    "illegal_action": (400, "The action breaks a rule of the game; the message names the rule."),
    "malformed_action": (400, "The action is not of a shape the game knows."),
    # read
    "match_not_found": (404, "There is no match with this id."),
    # leaderboards and players' pages
    "game_not_found": (404, "There is no game with this slug."),
    "player_not_found": (404, "There is no player with this name."),
    "not_finished": (409, "A replay, or a rematch, is available once the match is over."),
    "bad_frame": (400, "There is no replay frame of this number (frames run from 0 to the match's version)."),
    # chat and the lobby
    "chat_empty": (400, "A chat line must be a text that is not blank."),
    "chat_too_long": (400, "A chat line is longer than the limit; details give the limit and the length."),
    "chat_bad_text": (400, "A chat line holds a control character or a bidirectional formatting character, which "
                           "text shown to others cannot hold; details give the character (U+XXXX)."),
    "not_over": (409, "Only a finished or abandoned match can be dismissed."),
    # abandon
    "people_playing": (409, "A person plays a seat of the match, so it cannot be stopped (they resign instead)."),
    "not_creator": (403, "Only the person who made a match of bots only can stop it."),
}

register_codes(CODES, PATHS)


class MatchError(DomainError):
    """A refused request; nothing was changed.

    ``code`` is one of ``CODES`` (with its HTTP status there): ``unknown_game``, ``bad_seats``,
    ``bad_options``, ``bad_clock``, ``bad_think_time`` (create); ``secret_options`` (a stacked deal where another
    person would sit: create, join); ``match_full``, ``seat_taken``, ``bad_seat``,
    ``already_seated``, ``not_open``, ``seat_reserved`` (join, leave); ``not_finished``,
    ``not_seated``, ``abandoned`` (rematch); ``too_many_matches`` (create, join,
    rematch: ``play.services.limits``); ``deck_required``, ``deck_not_used``, ``unknown_deck``,
    ``invalid_deck`` (the decks the seats bring: create, join; see ``play.seat_decks``);
    ``not_started``, ``game_over``, ``abandoned``, ``not_seated``, ``resigned``, ``timed_out``,
    ``stale_version``, ``bad_version``, ``not_your_turn`` and the engine's codes
    (``illegal_action``, ``malformed_action``, …) (act); ``match_not_found``; ``not_finished``
    (replay); ``bad_frame`` (replay frames); ``chat_empty``,
    ``chat_bad_text``, ``chat_too_long``, ``name_required`` (chat); ``not_over`` (dismiss);
    ``people_playing``, ``not_creator`` (abandon);
    ``game_not_found``, ``player_not_found`` (leaderboards and players' pages).
    ``message`` is a sentence (translated where it was made, or a ``tcg.message.Message`` said
    in the reader's language when answered). ``status`` is the
    HTTP status of the code (``CODES``).
    """

    @property
    def status(self) -> int:
        return CODES.get(self.code, (400, ""))[0]


class StaleVersion(MatchError):
    """The action was based on ``version`` but the match is at ``view["version"]``; ``view`` is
    the caller's current view payload, answered beside the error (HTTP 409, code
    ``stale_version``)."""

    def __init__(self, message: str, view: dict, version: int):
        super().__init__("stale_version", message, {"version": version, "current_version": view["version"]})
        self.view = view

    def answer_fields(self) -> dict:
        return {"view": self.view}
