"""The view payload: what one seat (or a spectator) is shown of a match, for the REST API, the
websocket and the answer of an action. Built only from ``game.view(state, seat)``, so it never
holds another seat's hand.

Shape::

    {"id", "game", "status", "version", "players", "options",
                                    # status: "open" | "running" | "finished" | "abandoned"
     "seats": [{"index", "name", "kind": "human"|"bot", "guest", "bot", "resigned", "timed_out", "you"}],
                                    # guest: the seat is held by a guest (a display name of a
                                    # browser session), not by the registered user of that name
     "seat": int | None,            # the viewer's seat; None for a spectator
     "to_act": [int],               # [] unless the match is running
     "legal_actions": [dict],       # the viewer's; [] when they may not act now (a game may
                                    # let a seat act out of turn, e.g. sandbox play)
     "state": dict | None,          # game.view(state, seat); None for every viewer until the
                                    # match starts (while it is open, and once abandoned
                                    # without having started: ``has_started``), so that
                                    # nobody sees a card of a deal before it is played
     "outcome": None | {"scores", "winners", ...},
     "clock": None | {"seconds_per_turn": int, "deadline": "ISO 8601 UTC" | None},
     "last_action": None | {"version", "seat", "action", "by"},
     "rematch": None | {"id", "status", "seat": int | None, "taken": bool},
                                    # the rematch proposed of a finished match
                                    # (play.services.rematch): the viewer's seat there (kept
                                    # for them; None for a spectator) and whether they took it
     "guide": None | {"game", "hint", "step", "steps", "action"}}
                                    # a guided match's hint at this version (play.tutorials.guide):
                                    # the page shows the hint it names in the reader's language
"""
from __future__ import annotations

from datetime import UTC, datetime

from play.games import GAMES
from play.tutorials import TUTORIALS, guide

from .identity import Player
from .models import ChatMessage, Match, MatchAction, Seat
from .seat_holders import find_seat

_UNSET = object()


def get_game(slug: str):
    """The game engine registered as ``slug`` in ``play.games.GAMES``; ``KeyError`` if none."""
    return GAMES[slug]


def iso_utc(value: datetime | None) -> str | None:
    """``value`` as ISO 8601 in UTC with a ``Z`` (``None`` stays ``None``)."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def is_guest(holder: Seat | ChatMessage) -> bool:
    """Whether a seat or a chat line is a guest's: a browser session's display name, no user
    (a name may be a registered user's only when ``False``)."""
    return holder.user_id is None and bool(holder.session_key)


def seat_entries(seats: list[Seat], viewer: int | None) -> list[dict]:
    """The public list of seats: ``[{"index", "name", "kind", "guest", "bot", "resigned",
    "timed_out", "you"}]`` (``guest``: a guest holds the seat, not a registered user;
    ``timed_out``: the person was away on their turn too long, a bot plays the seat)."""
    return [
        {"index": s.index, "name": s.name, "kind": s.kind, "guest": is_guest(s), "bot": s.bot,
         "resigned": s.resigned, "timed_out": s.timed_out, "you": s.index == viewer}
        for s in seats
    ]


def clock_entry(match: Match) -> dict | None:
    """``{"seconds_per_turn", "deadline"}`` for a match with a turn clock, else ``None``."""
    if match.seconds_per_turn is None:
        return None
    return {"seconds_per_turn": match.seconds_per_turn, "deadline": iso_utc(match.turn_deadline)}


def guide_entry(match: Match) -> dict | None:
    """A guided match's hint at its version (``play.tutorials.guide``), else ``None``."""
    tutorial = TUTORIALS.get(match.guide)
    if tutorial is None:
        return None
    return guide(tutorial, match.state, match.version, match.status != Match.Status.RUNNING)


def action_entry(game, action: MatchAction | None, viewer: int | None) -> dict | None:
    """``{"version", "seat", "action", "by"}`` of a logged action, the action as ``viewer`` (a
    seat, or ``None`` for a spectator) may see it: a game hides e.g. a card placed face down from
    the other seats (the game's ``public_action``)."""
    if action is None:
        return None
    seen = game.public_action(action.action, action.seat, viewer)
    return {"version": action.version, "seat": action.seat, "action": seen, "by": action.by}


def has_started(match: Match, seats: list[Seat]) -> bool:
    """Whether ``match`` has started: running or finished, or abandoned with every seat taken
    (an open match that expired is abandoned with a free seat). Until then no view shows its
    state: the deal of a game that does not take the seats' decks is made, from the seed, when
    the match is created, and a person who could read a seat's hand before the start could
    learn the hands of the people to come, or take a seat, read it and leave to shop for the
    best."""
    if match.status == Match.Status.OPEN:
        return False
    if match.status == Match.Status.ABANDONED:
        return not any(s.is_free for s in seats)
    return True


class MatchViews:
    """Builds view payloads of one match for any viewer, loading the seats, the state and the
    last action once (``seats``, ``last_action`` and the engine ``state`` of ``match.state`` may
    be given to save the queries and the decoding), and each viewer's payload once: ``view``
    returns the same dict for the same seat (callers do not change it). A match that has not
    started (``has_started``) is viewed without its state, whatever is stored or given."""

    def __init__(self, match: Match, seats: list[Seat] | None = None, last_action=_UNSET, state=None):
        self.match = match
        self.seats = list(match.seats.all()) if seats is None else seats
        self._by_index = {s.index: s for s in self.seats}
        self.game = get_game(match.game)
        if not has_started(match, self.seats):
            state = None  # nobody sees the deal before the match starts
        elif state is None and match.state is not None:
            state = self.game.load(match.state, match.options)
        self.state = state
        running = match.status == Match.Status.RUNNING
        self.to_act = list(self.game.to_act(self.state)) if running else []
        if last_action is _UNSET:
            last_action = match.actions.order_by("-version").first() if match.version else None
        self.logged = last_action
        self._rematch = _UNSET
        self._views: dict[int | None, dict] = {}

    def rematch_entry(self, seat: int | None) -> dict | None:
        """``{"id", "status", "seat", "taken"}`` of the match's rematch as seat ``seat`` sees it
        (``None``: a spectator), or ``None`` when no rematch was proposed."""
        if self.match.rematch_id is None:
            return None
        if self._rematch is _UNSET:
            self._rematch = Match.objects.filter(pk=self.match.rematch_id).prefetch_related("seats").first()
        rematch = self._rematch
        if rematch is None:
            return None
        held = next((s for s in rematch.seats.all() if s.index == seat), None)
        taken = held is not None and held.user_id == self._by_index[seat].user_id and (
            held.user_id is not None or (bool(held.session_key) and held.session_key == self._by_index[seat].session_key))
        return {"id": rematch.id, "status": rematch.status, "seat": seat, "taken": taken}

    def seat_of(self, player: Player | None) -> int | None:
        """The index of ``player``'s seat, or ``None``."""
        seat = find_seat(self.seats, player)
        return None if seat is None else seat.index

    def view(self, seat: int | None) -> dict:
        """The payload for seat index ``seat`` (``None``: a spectator), built on the first call."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._build(seat)
        return view

    def _build(self, seat: int | None) -> dict:
        match = self.match
        # A seat may have legal actions out of turn too (e.g. sandbox play): ask the game.
        running = match.status == Match.Status.RUNNING
        acting = running and seat is not None and not self._by_index[seat].resigned
        return {
            "id": match.id,
            "game": match.game,
            "status": match.status,
            "version": match.version,
            "players": match.players,
            "options": self.game.spec.public_options(match.options),
            "seats": seat_entries(self.seats, seat),
            "seat": seat,
            "to_act": self.to_act,
            "legal_actions": list(self.game.legal_actions(self.state, seat)) if acting else [],
            "state": None if self.state is None else self.game.view(self.state, seat),
            "outcome": match.outcome,
            "clock": clock_entry(match),
            "last_action": action_entry(self.game, self.logged, seat),
            "rematch": self.rematch_entry(seat),
            "guide": guide_entry(match),
        }

    def view_for(self, player: Player | None) -> dict:
        """The payload for ``player``: their seat's view, or the spectator view."""
        return self.view(self.seat_of(player))


def match_summary(match: Match, player: Player | None) -> dict:
    """A match as the lobby and "my matches" list it (no state): ``{"id", "game", "status",
    "players", "version", "options", "seats", "seat", "free_seats", "clock", "outcome",
    "created", "updated"}``. Uses ``match.seats.all()`` (prefetch it for lists)."""
    seats = list(match.seats.all())
    mine = find_seat(seats, player)
    viewer = None if mine is None else mine.index
    return {
        "id": match.id,
        "game": match.game,
        "status": match.status,
        "players": match.players,
        "version": match.version,
        "options": get_game(match.game).spec.public_options(match.options),
        "seats": seat_entries(seats, viewer),
        "seat": viewer,
        "free_seats": sum(1 for s in seats if s.is_free),
        "clock": clock_entry(match),
        "outcome": match.outcome,
        "created": iso_utc(match.created),
        "updated": iso_utc(match.updated),
    }


def chat_entry(message: ChatMessage) -> dict:
    """The public shape of a chat line: ``{"id", "seat" (int | None: a spectator), "name",
    "guest" (said by a guest, not by the registered user of that name), "text", "version" (the
    match version when it was said), "created" (ISO 8601, UTC)}``."""
    return {"id": message.pk, "seat": message.seat, "name": message.name, "guest": is_guest(message),
            "text": message.text,
            "version": message.version, "created": iso_utc(message.created)}
