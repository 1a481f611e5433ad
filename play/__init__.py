"""The online table (DESIGN.md, "Matches"): four card games played live by people and bots.

Plain Python, no Django: ``engine`` (the Game protocol and its kit), ``games`` (one engine per
game), ``bots``, ``examples`` (the rules pages' positions). Around them, the Django layers,
each importing only those below it:

- the doors: ``views``, ``rules_pages`` and ``forms`` (pages), ``api`` (REST), ``consumers``
  (the match websocket), ``tasks`` (Celery), the ``play`` command;
- ``services``: the writes, one module per use case;
- ``selectors`` (the reads) and ``scheduling`` (the work after a write commits: ``notify``
  broadcasts the views; bot turns and clocks are queued for ``tasks`` by name, so the tasks and
  the services never import each other);
- ``notify``, ``payloads`` (the view payload), ``seat_holders``, ``seat_decks``;
- ``models``, ``errors``, ``identity``.
"""
