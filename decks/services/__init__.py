"""Writes to decks, one module per use case, all answered from here (``decks.services``):

- ``decks``: a deck and its versions — ``create_deck``, ``update_deck``, ``restore_version``,
  ``copy_deck``, ``delete_deck``, ``save_site_deck`` (the sample decks);
- ``goldfish``: a goldfish simulation's lifecycle — ``start_goldfish``, ``execute_goldfish``,
  ``sweep_stalled_goldfish``;
- ``builder``: the builder's writes — ``add_card`` (copies of one card, within the copy limit),
  ``save_draft``, ``discard_draft``;
- ``rows``: what they share (the deck's row locked, the owner's check, a new version written).

Each function is one transaction; a refused write changes nothing. A deck list that does not
resolve (unreadable lines, unknown or ambiguous cards, a code that disagrees with its name) is
refused whole with ``DeckListError``. A list that resolves but breaks the deck rules (size,
copies) is saved: a deck in progress may be incomplete, and its report says what is missing.
The errors (``decks.errors``, also answered from here) are domain errors with translatable
messages, answered by the one handler of the API (``core.api.errors``) and of the pages
(``core.middleware``).
"""
from ..errors import (
    CopyLimitError,
    DeckListError,
    DeckNotFound,
    DeckPermissionError,
    GoldfishRefused,
    VersionNotFound,
)
from .builder import add_card, discard_draft, save_draft
from .decks import copy_deck, create_deck, delete_deck, restore_version, save_site_deck, update_deck
from .goldfish import MAX_GOLDFISH_RUNS, execute_goldfish, start_goldfish, sweep_stalled_goldfish
from .rows import MAX_NOTE

__all__ = [
    "create_deck", "update_deck", "restore_version", "copy_deck", "delete_deck", "save_site_deck",
    "start_goldfish", "execute_goldfish", "sweep_stalled_goldfish",
    "add_card", "save_draft", "discard_draft",
    "MAX_NOTE", "MAX_GOLDFISH_RUNS",
    "CopyLimitError", "DeckListError", "DeckNotFound", "DeckPermissionError", "GoldfishRefused", "VersionNotFound",
]
