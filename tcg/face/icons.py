"""The small drawings of a card face, as SVG fragments: an icon per action, per card type and
per colour, the movement-direction glyph and the HP heart. Plain Python, no Django.

Every drawing is made in its own box (24 × 24 for icons, 100 × 100 for colour emblems) with
paths and shapes only (no text, no reference outside the document), and placed with
:func:`place`. Sources of what they show: elements-of-chaos.md, "Cards" (the actions; rook,
bishop and queen directions) and "A turn" (what each action does).
"""
from __future__ import annotations

import math

from tcg.vocabulary import DIRECTION_VECTORS


def num(value: float) -> str:
    """A coordinate as short, fixed text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def place(fragment: str, x: float, y: float, size: float, box: float = 24) -> str:
    """``fragment`` drawn in a ``box``-wide square, scaled to ``size`` with its top left at
    (``x``, ``y``)."""
    return f'<g transform="translate({num(x)} {num(y)}) scale({num(size / box)})">{fragment}</g>'


_W = 'fill="#ffffff"'
_STROKE = 'fill="none" stroke="#ffffff" stroke-linecap="round" stroke-linejoin="round"'

#: Action icons, white, to be drawn on the action's coloured disc (24 box).
ACTION_ICONS = {
    # two chevrons: move along a line
    "move": f'<path d="M5.5 6l6 6-6 6M12.5 6l6 6-6 6" {_STROKE} stroke-width="2.8"/>',
    # a sword: attack an adjacent enemy
    "attack": (
        f'<path d="M19.6 3.2l1.2 1.2-9.9 10.6-2.1-2.1z" {_W}/>'
        f'<path d="M6.3 12.2l5.5 5.5" {_STROKE} stroke-width="2.4"/>'
        f'<path d="M8.6 15.4l-4.3 4.3" {_STROKE} stroke-width="2.6"/>'
    ),
    # a shield: every damage 1 lower this turn
    "defend": (
        f'<path d="M12 2.6l7.6 3v5.6c0 4.9-3.2 8.6-7.6 10.4C7.6 19.8 4.4 16.1 4.4 11.2V5.6z" {_W}/>'
        '<path d="M12 5.4v13.2" fill="none" stroke="#4f6575" stroke-width="1.6"/>'
    ),
    # an arrow striking a wall: 1 damage and a push-back
    "charge": (
        f'<path d="M3.5 12h9.5" {_STROKE} stroke-width="2.8"/>'
        f'<path d="M11.2 6.6l5.6 5.4-5.6 5.4z" {_W}/>'
        f'<path d="M20 4.5v15" {_STROKE} stroke-width="2.6"/>'
    ),
    # a four-pointed sparkle: the special ability
    "special": (
        f'<path d="M12 2.2l2.2 7.6 7.6 2.2-7.6 2.2-2.2 7.6-2.2-7.6-7.6-2.2 7.6-2.2z" {_W}/>'
    ),
}
#: An action the vocabulary does not know: a question mark.
UNKNOWN_ACTION_ICON = f'<path d="M8.5 9a3.5 3.5 0 1 1 5 3.2c-1 .5-1.5 1.2-1.5 2.3v.8" {_STROKE} stroke-width="2.6"/><circle cx="12" cy="19" r="1.6" {_W}/>'

#: Card type icons, white (24 box).
TYPE_ICONS = {
    "character": f'<circle cx="12" cy="7.5" r="4.3" {_W}/><path d="M3.5 21.5c.6-5.6 4-8.3 8.5-8.3s7.9 2.7 8.5 8.3z" {_W}/>',
    "item": (
        f'<path d="M9 2.5h6v1.8h-1v5.2l5.6 9.2c.9 1.6-.2 3-1.9 3H6.3c-1.7 0-2.8-1.4-1.9-3L10 9.5V4.3H9z" {_W}/>'
    ),
    "event": f'<path d="M13.6 1.8L4.6 13.6h6.2l-1.4 8.6 9.6-12.4h-6.4z" {_W}/>',
}

#: The HP heart (24 box), filled with ``fill``.
HEART = 'M12 21.3C5.4 16.2 2.3 12.6 2.3 8.5 2.3 5.4 4.7 3 7.6 3c1.9 0 3.4 1 4.4 2.5C13 4 14.5 3 16.4 3c2.9 0 5.3 2.4 5.3 5.5 0 4.1-3.1 7.7-9.7 12.8z'


def _star_points(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90) -> str:
    corners = []
    for k in range(points * 2):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(turn + k * 180 / points)
        corners.append(f"{num(cx + radius * math.cos(angle))},{num(cy + radius * math.sin(angle))}")
    return " ".join(corners)


#: Colour emblems, the face's "art" (100 box), in ``fill``: flame, leaf, moon, sun, and a ring
#: for colourless.
EMBLEMS = {
    "red": (
        '<path d="M50 6c6 18 26 28 26 52 0 20-12 34-26 34S24 80 24 62c0-14 8-22 12-32 3 10 7 14 11 16'
        '-3-14-2-26 3-40z" fill="{fill}"/>'
        '<path d="M50 92c-8 0-14-7-14-16 0-8 6-12 8-19 3 6 5 8 8 9-1-8 1-14 4-19 6 9 8 15 8 27 0 10-6 18-14 18z"'
        ' fill="{hole}"/>'
    ),
    "green": (
        '<path d="M16 86C14 46 44 14 88 12c2 44-26 74-72 74z" fill="{fill}"/>'
        '<path d="M18 84L70 32M40 62l-2-18M52 50l14 2M30 72l-14-4" fill="none" stroke="{hole}" stroke-width="4"'
        ' stroke-linecap="round"/>'
    ),
    "black": (
        '<path d="M60 8a42 42 0 1 0 32 62A34 34 0 1 1 60 8z" fill="{fill}"/>'
        '<polygon points="' + _star_points(74, 30, 9, 3.6, 4) + '" fill="{fill}"/>'
    ),
    "white": (
        '<polygon points="' + _star_points(50, 50, 46, 30, 12) + '" fill="{fill}"/>'
        '<circle cx="50" cy="50" r="24" fill="{hole}"/><circle cx="50" cy="50" r="17" fill="{fill}"/>'
    ),
    None: (
        '<polygon points="' + _star_points(50, 50, 44, 44, 3, -90) + '" fill="none" stroke="{fill}" stroke-width="9"'
        ' stroke-linejoin="round"/><circle cx="50" cy="50" r="13" fill="{fill}"/>'
    ),
}


def emblem(colour: str | None, fill: str, hole: str) -> str:
    """The emblem of ``colour`` (``None``, or a colour the vocabulary lacks: colourless) in a
    100 box, drawn in ``fill`` with its cut-outs in ``hole``."""
    shape = EMBLEMS.get(colour, EMBLEMS[None])
    return shape.replace("{fill}", fill).replace("{hole}", hole)




def direction_glyph(directions: str | None, ink: str, faint: str) -> str:
    """The movement-direction glyph (24 box): a 3 × 3 board whose centre square is the
    character, with an arrow to each neighbouring square it may move towards (rook: 4
    orthogonal, bishop: 4 diagonal, queen: all 8). Unknown directions: the board alone."""
    parts = []
    for row in range(3):
        for col in range(3):
            fill = ink if (row, col) == (1, 1) else faint
            parts.append(f'<rect x="{num(0.6 + col * 7.8)}" y="{num(0.6 + row * 7.8)}" width="7" height="7" rx="1"'
                         f' fill="{fill}"/>')
    for dy, dx in DIRECTION_VECTORS.get(directions or "", ()):
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        tip = (12 + dx * 9.6, 12 + dy * 9.6) if dx and dy else (12 + dx * 10.6, 12 + dy * 10.6)
        base = (tip[0] - ux * 4.2, tip[1] - uy * 4.2)
        start = (12 + ux * 3.6, 12 + uy * 3.6)
        left = (base[0] - uy * 2.6, base[1] + ux * 2.6)
        right = (base[0] + uy * 2.6, base[1] - ux * 2.6)
        parts.append(
            f'<path d="M{num(start[0])} {num(start[1])}L{num(base[0])} {num(base[1])}" stroke="{ink}"'
            f' stroke-width="1.8" stroke-linecap="round"/>'
            f'<path d="M{num(tip[0])} {num(tip[1])}L{num(left[0])} {num(left[1])}L{num(right[0])} {num(right[1])}z"'
            f' fill="{ink}"/>'
        )
    return "".join(parts)
