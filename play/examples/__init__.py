"""Example positions of each game for its how-to-play page, built by the game's own engine.

An :class:`Example` is a stacked deal (``setup`` with the rules page's stacking option and a fixed
seed) and a script of moves, each of which must be legal when it is made: :func:`play` refuses a
move that the engine does not list in ``legal_actions``, so a picture on a rules page can never
show a position that the rules do not reach. :func:`figure` turns an example into what its picture
is drawn from: the game view of the example's seat (``game.view(state, seat)``, exactly what the
table would send that seat) and, when the example shows them, that seat's legal moves.

``EXAMPLES`` maps a game's slug to its examples in page order; each figure on a rules page names
its example by ``key``. Plain Python: no Django here.
"""
from __future__ import annotations

import functools
import json

from . import completto, elements, eoc, lama
from .example import Example, IllegalExample, figure, play

EXAMPLES: dict[str, tuple[Example, ...]] = {
    "lama": lama.EXAMPLES,
    "completto": completto.EXAMPLES,
    "elements": elements.EXAMPLES,
    "eoc": eoc.EXAMPLES,
}
"""Every game's examples by slug, in the order of its rules page."""


@functools.cache
def _figures(slug: str) -> str:
    return json.dumps([figure(slug, example) for example in EXAMPLES.get(slug, ())])


def figures(slug: str) -> list[dict]:
    """The figures of ``slug``'s rules page, in page order (``[]`` for a game without examples).
    Built once per process (the engines are deterministic); each call returns a fresh copy."""
    return json.loads(_figures(slug))


__all__ = ["EXAMPLES", "Example", "IllegalExample", "figure", "figures", "play"]
