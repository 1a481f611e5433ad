"""Elements of Chaos (エレメンツ オブ カオス): the ``eoc`` engine (elements-of-chaos.md). One module
per concern: :mod:`.cards` (cards and decks), :mod:`.state` (the immutable state), :mod:`.setup`
(set-up and mulligan), :mod:`.area` (the area and movement), :mod:`.turn` (turn and STEP flow),
:mod:`.steps` (the actions of a STEP), :mod:`.combat` (attack, charge, push-back, defence,
damage, down check), :mod:`.modifiers` (the continuous effects that movement and combat read),
:mod:`.effects` (the operations of card effects), :mod:`.sandbox` (sandbox play), :mod:`.winning`,
:mod:`.legal` (legal actions), :mod:`.views` (hidden information), :mod:`.decklists` (the sample
decks) and :mod:`.game` (the protocol front and the record ``SPEC``)."""
from .game import EoC
from .state import EocState

__all__ = ["EoC", "EocState"]
