"""A game's board on a page (the table, the replay, the how-to-play page): the board template
``play/boards/<slug>.html``, which names the board's script (``play/static/play/boards/<slug>.js``),
and the labels that script and the table's draw with (``play.labels``). A game without a board of
its own gets the generic one.
"""
from __future__ import annotations

from django.template.loader import select_template

from .labels import BOARDS, TABLE

GENERIC = "generic"


def board_context(slug: str) -> dict:
    """What a page showing ``slug``'s board adds to its template context: ``board_template``
    (the template's name, to include), ``board_labels`` and ``table_labels`` (dicts of lazily
    translated strings, rendered with ``json_script`` as ``#board-labels`` and ``#play-labels``)."""
    template = select_template([f"play/boards/{slug}.html", f"play/boards/{GENERIC}.html"]).template.name
    board = slug if template == f"play/boards/{slug}.html" else GENERIC
    return {"board_template": template, "board_labels": BOARDS[board], "table_labels": TABLE}
