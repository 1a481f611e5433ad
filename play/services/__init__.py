"""Writes of matches (DESIGN.md, "Matches"), one module per use case:

- ``create`` — a new match (``create_match``);
- ``join`` — a person takes a free seat (``join_match``); the match starts with its last seat;
- ``leave`` — a person gives up a seat before the match starts (``leave_match``);
- ``resign`` — a person gives a running match's seat to a bot (``resign``);
- ``act`` — an action for a seat (``act``), a person's or a bot's (``BotPlayer``);
- ``bot_turns`` — a bot takes the turn (``play_bot_turn``);
- ``clocks`` — a deadline passed: the turn clock ran out (``expire_clock``), or a person was
  away too long (``time_out``);
- ``expiry`` — open matches nobody joined are abandoned (``expire_open_matches``);
- ``chat`` — a person says a line at the table (``say``);
- ``dismiss`` — a person takes a match that is over off their list (``dismiss``);
- ``abandon`` — the person who made a match of bots only stops it (``abandon``);

and what they share: ``checks`` (the refusals of several services), ``limits`` (how many matches
one person and one address may hold), ``seating`` (a person takes a seat), ``game_setup`` (the
game set up from the options and the seats' decks), ``deadlines`` (the turn deadline), ``bots``
(which bot plays a seat), ``match_rows`` (the match and its seats read under lock, and a move's
write, in statements built once per process).

Each service is one transaction that locks the match row (``select_for_update``); a refused
request raises ``MatchError`` and changes nothing. After the commit, every seat and the
spectators are sent their views and bot turns and turn clocks are queued in Celery
(``play.scheduling``). Bots and clocks act through ``act`` like people do.

Creating and joining are refused past the limits of ``limits`` (per person and per client
address). A running match always has a deadline while a person is to act: the turn clock's
(``seconds_per_turn``) or, without a clock, the absence deadline (``PLAY_ABSENT_AFTER``), after
which ``time_out`` gives the person's seat to a bot (see ``clocks.expire_clock``).
"""
