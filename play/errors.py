"""Errors of the match services: a snake_case ``code``, a sentence, details and the HTTP status
the API answers with (the error shape of ``core.api.errors``)."""
from __future__ import annotations

# Codes answered with something other than 400.
_STATUS = {
    "not_seated": 403,
    "resigned": 403,
    "timed_out": 403,
    "abandoned": 409,
    "too_many_matches": 429,
    "match_not_found": 404,
    "game_not_found": 404,
    "player_not_found": 404,
    "stale_version": 409,
    "not_finished": 409,
    "not_open": 409,
    "match_full": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "not_over": 409,
}


class MatchError(Exception):
    """A refused request; nothing was changed.

    ``code`` is one of: ``unknown_game``, ``bad_seats``, ``bad_options``, ``bad_clock`` (create);
    ``secret_options`` (a stacked deal where another person would sit: create, join);
    ``match_full``, ``seat_taken``, ``bad_seat``, ``already_seated``, ``not_open`` (join, leave);
    ``too_many_matches`` (create, join: ``play.services.limits``);
    ``deck_required``, ``deck_not_used``, ``unknown_deck``, ``invalid_deck`` (the decks the seats
    bring: create, join; see ``play.seat_decks``);
    ``not_started``, ``game_over``, ``abandoned``, ``not_seated``, ``resigned``, ``timed_out``,
    ``stale_version``, ``bad_version``,
    ``not_your_turn`` and the engine's codes (``illegal_action``, ``malformed_action``, …) (act);
    ``match_not_found``; ``not_finished``, ``bad_frame`` (replay); ``chat_empty``,
    ``chat_too_long``, ``name_required`` (chat); ``not_over`` (dismiss); ``game_not_found``,
    ``player_not_found`` (leaderboards and players' pages: 404). ``status`` is the HTTP status for it.
    """

    def __init__(self, code: str, message: str, details: dict | None = None):
        super().__init__(str(message))
        self.code = code
        self.message = str(message)
        self.details = details or {}

    @property
    def status(self) -> int:
        return _STATUS.get(self.code, 400)


class StaleVersion(MatchError):
    """The action was based on ``version`` but the match is at ``view["version"]``; ``view`` is
    the caller's current view payload (HTTP 409, code ``stale_version``)."""

    def __init__(self, message: str, view: dict, version: int):
        super().__init__("stale_version", message, {"version": version, "current_version": view["version"]})
        self.view = view
