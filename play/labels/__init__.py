"""The words the table's scripts draw with, in the request's language: dicts of lazily
translated strings that a page renders with Django's ``json_script`` and the scripts read with
``labels()`` of the site's JS kit (``static/js/kit/labels.js``). Placeholders are python-format
(``%(name)s``), filled in the browser.

- ``TABLE`` (``#play-labels``): the table, the replay, the seat list and the how-to-play pictures;
- ``REPLAY`` (``#replay-labels``): the replay's controls;
- ``BOARDS[slug]`` (``#board-labels``): each board's, one module per board beside its script
  ``play/static/play/boards/<slug>.js``; ``generic`` is the board of a game without one.
"""
from __future__ import annotations

from . import completto, elements, eoc, generic, lama
from .table import REPLAY, TABLE

BOARDS = {
    "lama": lama.LABELS,
    "completto": completto.LABELS,
    "elements": elements.LABELS,
    "eoc": eoc.LABELS,
    "generic": generic.LABELS,
}

__all__ = ["BOARDS", "REPLAY", "TABLE"]
