"""The game set up for a match: from its options, and in a game played with the seats' own decks
(``play.seat_decks``) from every seat's deck once the last seat is taken."""
from __future__ import annotations

from play.errors import MatchError
from play.models import Match, Seat
from tcg.message import Message, gettext_noop


def setup(engine, players: int, seed: int, options: dict):
    """``engine.setup(players, seed, options)``; ``MatchError("bad_options")`` with the engine's
    reason when it refuses the options (its ``ValueError``): the message says it in the reader's
    language when the engine gave a ``play.engine.BadOption``; ``details.reason`` is the English
    sentence."""
    try:
        return engine.setup(players, seed, options)
    except ValueError as exc:
        reason = getattr(exc, "message", None) or str(exc)
        raise MatchError(
            "bad_options", Message(gettext_noop("The options are not valid: %(reason)s"), reason=reason),
            {"reason": str(exc)},
        ) from None


def start_with_decks(engine, match: Match, seats: list[Seat]):
    """Set up a match whose seats have all brought their decks: the decks become the options
    (the record's ``seat_decks`` option) and the state is stored. Returns the state."""
    decks = [s.deck["cards"] for s in sorted(seats, key=lambda s: s.index)]
    options = engine.spec.with_seat_decks(match.options, decks)
    state = setup(engine, match.players, match.seed, options)
    match.options = options
    match.state = engine.dump(state)
    return state
