"""Which bot plays a seat: the bots a game has (``play.bots.bots_for``), the stand-in bot that
plays a person's seat (resigned, timed out, or a turn the clock ran out on), and what a bot of a
seat knows beyond its view (``seat_private``)."""
from __future__ import annotations

from play.bots import bots_for


def stand_in_bot(engine) -> str:
    """The bot that plays a person's seat (resigned, timed out, or a turn the clock ran out on):
    the heuristic one, or the random one for a game without a heuristic bot."""
    return "heuristic" if "heuristic" in bots_for(engine) else "random"


def seat_private(engine, match, seat) -> dict | None:
    """What a bot playing ``seat`` of ``match`` knows beyond the seat's view, for the bots that
    take it (``play.bots.make_bot``'s ``private``): in a game whose seats bring their own decks
    (its record's ``seat_decks``, Elements of Chaos), ``{"deck": cards}``, the 51 interchange
    dicts of the deck the seat brought (``Seat.deck``), or, in a match whose options hold the
    decks (a stacked deal), that seat's deck of the options; ``None`` otherwise. A player knows
    their own deck list, never its order: the search bot shuffles what it has not seen."""
    option = engine.spec.seat_decks
    if option is None:
        return None
    if isinstance(seat.deck, dict) and isinstance(seat.deck.get("cards"), list):
        return {"deck": seat.deck["cards"]}
    decks = (match.options or {}).get(option)
    if isinstance(decks, list) and seat.index < len(decks) and isinstance(decks[seat.index], list):
        return {"deck": decks[seat.index]}
    return None
