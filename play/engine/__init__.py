"""The game framework (DESIGN.md, "The game engine protocol"): the :class:`Game` protocol and its
errors, a seeded generator kept in the state, a JSON codec for frozen-dataclass states, seats and
turn order, piles of cards, hidden-information helpers and argument checks. No Django here."""
from .actions import action_type, malformed
from .codec import from_json, to_json
from .hidden_actions import public_action
from .options import check_names, check_players, check_seed, int_option
from .piles import add, check_cards, deal, distinct, draw, full_deck, holds, put, take
from .protocol import Game, IllegalAction, Narrated, Outcome, State, public_options, stacked_options
from .rng import Rng, derive_seed
from .seats import is_seat, next_active, next_seat, seat_order
from .views import check_viewer, hand_sizes, own_hand, public_hands

__all__ = [
    "Game", "IllegalAction", "Narrated", "Outcome", "State", "public_options", "public_action", "stacked_options",
    "Rng", "derive_seed",
    "from_json", "to_json",
    "action_type", "malformed",
    "check_names", "check_players", "check_seed", "int_option",
    "add", "check_cards", "deal", "distinct", "draw", "full_deck", "holds", "put", "take",
    "is_seat", "next_active", "next_seat", "seat_order",
    "check_viewer", "hand_sizes", "own_hand", "public_hands",
]
