"""Elements (エレメンツ): the ``elements`` engine (elements.md). :mod:`.cards` holds the components
and the bid comparison, :mod:`.state` the immutable state, :mod:`.engine` the game itself."""
from .cards import CARDS, COLOURS, card_json, parse_card, set_strength
from .engine import Elements
from .state import ElementsState

__all__ = ["CARDS", "COLOURS", "Elements", "ElementsState", "card_json", "parse_card", "set_strength"]
