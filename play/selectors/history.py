"""What happened in a match, as a viewer may see it: the log of its actions, its table chat, and
the replay of a match that is over, frame by frame (all of it, or a range of frames), played
again once per viewer and kept in the cache (``play.replay_cache``)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from play.bot_memory import kept_move
from play.errors import MatchError
from play.identity import Player
from play.models import ChatMessage, Match, MatchAction
from play.payloads import action_entry, chat_entry, get_game, iso_utc, match_summary
from play.replay_cache import keep_frames, kept_frames
from play.seat_holders import find_seat
from play.selectors.match import card_texts


def action_log(match: Match, player: Player | None) -> list[dict]:
    """Every applied action in order, as ``player``'s seat (or a spectator) may see it:
    ``[{"version", "seat", "action", "by", "created"}]`` (a game hides e.g. a card placed face
    down from the other seats; see ``play.engine.public_action``)."""
    game = get_game(match.game)
    viewer = _viewer(match, player)
    return [
        {**action_entry(game, a, viewer), "created": iso_utc(a.created)}
        for a in MatchAction.objects.filter(match=match).order_by("version")
    ]


def chat_log(match: Match, last: int | None = None) -> list[dict]:
    """The match's chat lines, oldest first (``play.payloads.chat_entry``); only the ``last``
    ones when given. Every viewer sees the same chat."""
    lines = ChatMessage.objects.filter(match=match).order_by("-created", "-id")
    if last is not None:
        lines = lines[:last]
    return [chat_entry(line) for line in reversed(list(lines))]


def has_replay(match: Match) -> bool:
    """Whether ``match`` is over and was played: finished, or abandoned once running (every
    seat taken, a state set up)."""
    if match.status == Match.Status.FINISHED:
        return True
    return (match.status == Match.Status.ABANDONED and match.state is not None
            and not any(seat.is_free for seat in match.seats.all()))


def _viewer(match: Match, player: Player | None) -> int | None:
    seat = find_seat(list(match.seats.all()), player)
    return None if seat is None else seat.index


def _frames(match: Match, viewer: int | None, start: int = 0, stop: int | None = None) -> list[dict]:
    """Frames ``start`` to ``stop - 1`` (to the last for ``None``; ``start`` at most the match's
    version) of the replay of ``match`` as seat ``viewer`` (``None``: a spectator) sees it (see
    ``replay``). Only for a match that is over (``_replayable``), whose log can no longer change:
    the frames are read from the replay kept in the cache (``play.replay_cache``, under the
    match, its version and ``viewer``) when it is there, else the whole match is played again
    (``_played``) and kept."""
    total = match.version + 1
    stop = total if stop is None else min(stop, total)
    kept = kept_frames(match.id, match.version, viewer, start, stop)
    if kept is not None:
        return kept
    frames = _played(match, viewer)
    keep_frames(match.id, match.version, viewer, frames)
    return frames[start:stop]


def _states(match: Match, game, before: int | None = None):
    """``match`` played again from its seed, options and log: ``(None, the state after the
    deal)``, then ``(entry, the state after it)`` for each logged action (a ``MatchAction``), in
    order; only the actions logged before version ``before`` when given."""
    state = game.setup(match.players, match.seed, match.options)
    yield None, state
    entries = MatchAction.objects.filter(match=match).order_by("version")
    if before is not None:
        entries = entries.filter(version__lt=before)
    for entry in entries:
        state = game.apply(state, entry.seat, entry.action)
        yield entry, state


def _played(match: Match, viewer: int | None) -> list[dict]:
    """Every frame of ``match`` played again (``_states``), as seat ``viewer`` (``None``: a
    spectator) sees it: the deal, then one frame per logged action."""
    game = get_game(match.game)
    deal = {"version": 0, "seat": None, "action": None, "by": None}
    return [{**(deal if entry is None else action_entry(game, entry, viewer)),
             "state": game.view(state, viewer), "to_act": game.to_act(state)}
            for entry, state in _states(match, game)]


def last_move_of(match: Match, seat: int) -> tuple[dict, dict] | None:
    """The last action seat ``seat`` took in ``match``, with the seat's view just before it:
    ``(view, action)`` (``game.view`` of the state played again from the seed, the options and
    the log, as the replay does), or ``None`` when the seat has taken no action yet. A bot made
    afresh for each move learns from it what the others did since (``SearchBot.recall``). A move
    a bot kept (``play.bot_memory``) is read from the cache instead of playing the match again."""
    last = MatchAction.objects.filter(match=match, seat=seat).order_by("-version").values_list("version", flat=True).first()
    if last is None:
        return None
    kept = kept_move(match.id, seat, last)
    if kept is not None:
        return kept
    game = get_game(match.game)
    for _entry, state in _states(match, game, before=last):
        pass
    action = MatchAction.objects.get(match=match, version=last).action
    return game.view(state, seat), action


def _replayable(match: Match) -> None:
    if not has_replay(match):
        raise MatchError("not_finished", _("A replay is available once the match is over."))


def replay(match: Match, player: Player | None) -> dict:
    """A finished match played again from its seed, options and log, as ``player`` sees it:
    ``{"match": <summary>, "frames": [{"version": 0, "seat": None, "action": None, "by": None,
    "state": view, "to_act": [seat, ...]}, {"version": 1, "seat", "action", "by", "state",
    "to_act"}, ...], "texts": {code: text}}`` where each ``state`` is ``game.view`` for the player's seat (or a
    spectator) after that action and ``to_act`` the seats to act then (``game.to_act``, [] once
    the game is over), and ``texts`` the text of each card the frames show in the active language
    (``play.selectors.match.card_texts``: only cards the frames name).

    An abandoned match that had started is replayed up to where it stopped. The match is played
    again once for each viewer (a seat, or the spectators) and kept (``play.replay_cache``);
    ``replay_frames`` reads the same kept frames.

    Raises ``MatchError("not_finished")`` (HTTP 409) while the match is open or running, and for
    an abandoned match that never started (it expired while open).
    """
    _replayable(match)
    frames = _frames(match, _viewer(match, player))
    return {"match": match_summary(match, player), "frames": frames, "texts": _texts(match, frames)}


def replay_outline(match: Match, player: Player | None) -> dict:
    """What the replay page starts from, without any game state (the frames are fetched as
    they are viewed: ``replay_frames``): ``{"match": <summary>, "total": <number of frames,
    the deal included>, "moves": [{"version", "seat", "action", "by"}, ...]}``, the moves as
    ``player``'s seat may see them (``action_log`` without the times). Raises as ``replay``."""
    _replayable(match)
    game = get_game(match.game)
    viewer = _viewer(match, player)
    moves = [action_entry(game, a, viewer) for a in MatchAction.objects.filter(match=match).order_by("version")]
    return {"match": match_summary(match, player), "total": len(moves) + 1, "moves": moves}


#: The most frames one ``replay_frames`` call gives.
MAX_FRAMES = 50


def replay_frames(match: Match, player: Player | None, start: int, count: int) -> dict:
    """Frames ``start`` to ``start + count - 1`` of the replay (frame N is the match after its
    Nth action, frame 0 the deal), each exactly as in ``replay``, the range cut at the last
    frame: ``{"total": <number of frames>, "start": start, "frames": [...], "texts": {code: text}}``
    (``texts`` as in ``replay``, for these frames). ``count`` is 1 to
    ``MAX_FRAMES``.

    Raises ``MatchError``: as ``replay``; ``bad_frame`` (400) when ``start`` is past the last
    frame (details ``{"start", "total"}``).
    """
    _replayable(match)
    total = match.version + 1  # the version counts the logged actions
    if start >= total:
        raise MatchError("bad_frame", _("This replay has frames 0 to %(last)s: there is no frame %(start)s.")
                         % {"last": total - 1, "start": start}, {"start": start, "total": total})
    frames = _frames(match, _viewer(match, player), start, start + count)
    return {"total": total, "start": start, "frames": frames, "texts": _texts(match, frames)}


def _texts(match: Match, frames: list[dict]) -> dict[str, str]:
    """The text of each card the ``frames`` show, by code (``play.selectors.match.card_texts``)."""
    return card_texts(match, [frame["state"] for frame in frames])
