"""Matches, seats and the action log come with the online table (the match platform)."""
