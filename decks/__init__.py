"""Decks (Django app): saved decks with their versions and goldfish runs (``models``), writes
(``services``, which queue their Celery work through ``scheduling``), reads (``selectors``),
``tasks``, the deck API and pages. The deck rules, text format, statistics, odds, goldfish and
diff are plain Python in ``tcg.decks``; the catalogue is read through ``cardsdb.selectors``."""
