"""Reads of matches, one module per kind of question:

- ``match`` — one match as a viewer sees it (``get_match``, ``match_view``, ``summaries``);
- ``live`` — the matches that are live: the lobby, open matches and when they expire;
- ``mine`` — a person's or an address's matches, and the places they hold (``play.services.limits``);
- ``history`` — what happened in a match: its log, and the replay of one that is over;
- ``stalled`` — the matches Celery owes a move (``play.resume_stalled``).
"""
