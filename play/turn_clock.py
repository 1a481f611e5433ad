"""The turn clock's range, the one the new-match page, the API and the match services all take
(``seconds_per_turn``): a clock of 10 seconds to an hour a move, or none. When a seat's time runs
out its bot plays that turn (DESIGN.md, "Matches"; the rules pages say nothing of a clock)."""

MIN_SECONDS_PER_TURN = 10
MAX_SECONDS_PER_TURN = 60 * 60
