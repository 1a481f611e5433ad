"""The game's vocabulary: the words cards, decks, searches, effects, faces and the engine share,
each with its label in Japanese and English. Plain Python, no Django.

Source: elements-of-chaos.md, "Cards": a card's **type** (character, item, event), its
**colours** (zero or more of red, green, black, white; none = colourless), its **action
table** (STEP 1, 2 and 3, each listing 1–3 of the five actions), and a character's movement
**directions** (orthogonal = rook, diagonal = bishop, any = queen). Rarities and the kinds of
set are the catalogue's own (a card's rarity is free text of up to 8 characters; ``RARITIES``
are the ones printed, which faces draw in their own colours).

Labels are ``(Japanese, English)`` pairs, in the order of ``LANGUAGES``; the English is the
word in lower case, as sentences and tables use it (a card face capitalises it). Read one
with :func:`label`; the web layer picks the reader's language (``core.labels``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

#: The languages every label is written in, in the order of a label's pair.
LANGUAGES = ("ja", "en")

TYPES = ("character", "item", "event")
COLOURS = ("red", "green", "black", "white")
#: What a card of no colour is: a word of the tables and the search language, never a colour
#: of a card record.
COLOURLESS = "colourless"
ACTIONS = ("move", "attack", "defend", "charge", "special")
#: The keys of an action table: STEP 1, 2 and 3 ("Cards").
STEPS = ("step1", "step2", "step3")
DIRECTIONS = ("orthogonal", "diagonal", "any")
#: Unit vectors ``(drow, dcol)`` of each movement direction: rook, bishop, queen ("Cards").
DIRECTION_VECTORS = {
    "orthogonal": ((1, 0), (-1, 0), (0, 1), (0, -1)),
    "diagonal": ((1, 1), (1, -1), (-1, 1), (-1, -1)),
    "any": ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
}
#: The printed rarities: common, uncommon, rare, super rare.
RARITIES = ("C", "U", "R", "SR")
#: Kinds of set: printed, or made for the site (sample, synthetic, test).
SET_KINDS = ("printed", "sample", "synthetic", "test")

#: One bit a colour (red 1, green 2, black 4, white 8): the catalogue's colour mask.
COLOUR_BITS = {colour: 1 << i for i, colour in enumerate(COLOURS)}
#: The letter of each colour (r g b w), as the search language and the card pages write it.
COLOUR_LETTERS = {colour: colour[0] for colour in COLOURS}

#: key -> (Japanese, English)
TYPE_LABELS = {"character": ("キャラクター", "character"), "item": ("アイテム", "item"), "event": ("イベント", "event")}
COLOUR_LABELS = {
    "red": ("赤", "red"), "green": ("緑", "green"), "black": ("黒", "black"), "white": ("白", "white"),
    COLOURLESS: ("無色", "colourless"),
}
ACTION_LABELS = {
    "move": ("移動", "move"), "attack": ("攻撃", "attack"), "defend": ("防御", "defend"),
    "charge": ("チャージ", "charge"), "special": ("特殊", "special"),
}
DIRECTION_LABELS = {"orthogonal": ("縦横", "orthogonal"), "diagonal": ("斜め", "diagonal"), "any": ("全方向", "any")}
#: The chess piece that moves as each direction does ("Cards").
DIRECTION_PIECES = {"orthogonal": ("飛車", "rook"), "diagonal": ("角", "bishop"), "any": ("クイーン", "queen")}


def label(table: Mapping[str, tuple[str, str]], key: str, lang: str, default: str = "") -> str:
    """The ``lang`` (``"ja"`` or ``"en"``) label of ``key`` in ``table`` (one of the
    ``*_LABELS`` above), or ``default`` for a key the table does not know. ``ValueError`` for
    another language."""
    entry = table.get(key)
    return entry[LANGUAGES.index(lang)] if entry else default


def colour_mask(colours: Iterable[str]) -> int:
    """The bit mask of colour names (``COLOUR_BITS``; ``[]`` is 0, colourless). ``KeyError``
    for a name that is not a colour."""
    mask = 0
    for colour in colours:
        mask |= COLOUR_BITS[colour]
    return mask
