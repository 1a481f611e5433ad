"""The game framework (DESIGN.md, "The game engine protocol"): the :class:`Game` protocol, the
record each game declares (:class:`GameSpec` and its :class:`Option`\\ s), the base every game
inherits (:class:`BaseGame`), the refusals (:class:`IllegalAction`, a domain error with a
translatable message, and its helpers; :class:`BadOption`, ``setup``'s ``ValueError`` with
one), a seeded generator kept in the state, a JSON codec for frozen-dataclass states, seats and turn order, piles of cards, hidden-information helpers and
argument checks. No Django here."""
from .actions import action_type, same_action
from .base import BaseGame
from .codec import fields_to_json, from_json, to_json
from .errors import (
    JSON_TYPES, BadOption, IllegalAction, bad_option, either, game_over, illegal, malformed, not_your_turn, rule, shown,
)
from .options import check_names, check_players, check_seed
from .piles import add, check_cards, deal, distinct, draw, full_deck, holds, put, take
from .protocol import Game, Outcome, State
from .rng import Rng, derive_seed
from .seats import acting, is_seat, is_turn, next_active, next_seat, replace_at, seat_order
from .spec import BOOL, DATA, INT, SEAT, CliOption, GameSpec, Option
from .views import check_seat_view, check_viewer, hand_sizes, own_hand, public_hands, split_cards, unseen_cards

__all__ = [
    "Game", "Outcome", "State",
    "BaseGame", "GameSpec", "Option", "CliOption", "BOOL", "DATA", "INT", "SEAT",
    "IllegalAction", "illegal", "rule", "malformed", "game_over", "not_your_turn", "shown", "either", "JSON_TYPES",
    "BadOption", "bad_option",
    "Rng", "derive_seed",
    "fields_to_json", "from_json", "to_json",
    "action_type", "same_action",
    "check_names", "check_players", "check_seed",
    "add", "check_cards", "deal", "distinct", "draw", "full_deck", "holds", "put", "take",
    "acting", "is_seat", "is_turn", "next_active", "next_seat", "replace_at", "seat_order",
    "check_viewer", "hand_sizes", "own_hand", "public_hands", "check_seat_view", "split_cards", "unseen_cards",
]
