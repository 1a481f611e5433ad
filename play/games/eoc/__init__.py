"""Elements of Chaos (エレメンツ オブ カオス): the ``eoc`` engine (elements-of-chaos.md). One module
per concern: :mod:`.cards` (cards and decks), :mod:`.state` (the immutable state), :mod:`.setup`
(set-up and mulligan), :mod:`.area` (the area and movement), :mod:`.turn` (turn and STEP flow),
:mod:`.steps` (the actions of a STEP), :mod:`.combat` (attack, charge, push-back, defence,
damage, down check), :mod:`.effects` (card effects), :mod:`.winning`, :mod:`.legal` (legal
actions), :mod:`.views` (hidden information) and :mod:`.game` (the protocol front)."""
from .game import EoC
from .state import EocState

__all__ = ["EoC", "EocState"]
