"""How a card face looks and what it prints besides the card's own text: the game's words as a
face prints them, the face's own words, and the colours it is drawn in. Plain Python, no
Django.

The game's words and their labels are those of ``tcg.vocabulary`` (elements-of-chaos.md,
"Cards"); a face prints the English capitalised, and a character's movement directions with
their chess piece (縦横（飛車）, Orthogonal (rook)).
"""
from __future__ import annotations

from dataclasses import dataclass

from tcg.vocabulary import (
    COLOURLESS, COLOUR_LABELS, DIRECTION_LABELS, DIRECTION_PIECES, LANGUAGES, RARITIES, label,
)

def printed(table: dict, key: str, lang: str, default: str = "") -> str:
    """The label of ``key`` in a vocabulary table (``tcg.vocabulary``) as a face prints it in
    ``lang``: English capitalised (``Character``); ``default`` for a key the table does not
    know."""
    text = label(table, key, lang, "")
    if not text:
        return default
    return text[:1].upper() + text[1:] if lang == "en" else text


def printed_direction(directions: str, lang: str, default: str = "") -> str:
    """A character's movement directions as a face prints them, with their chess piece:
    ``縦横（飛車）``, ``Orthogonal (rook)``; in English ``any`` reads ``Any direction (queen)``.
    ``default`` for directions the vocabulary does not know."""
    if directions not in DIRECTION_LABELS:
        return default
    piece = label(DIRECTION_PIECES, directions, lang)
    if lang == "ja":
        return f"{label(DIRECTION_LABELS, directions, lang)}（{piece}）"
    name = "Any direction" if directions == "any" else printed(DIRECTION_LABELS, directions, lang)
    return f"{name} ({piece})"


def colourless(lang: str) -> str:
    """"無色" / "Colourless"."""
    return printed(COLOUR_LABELS, COLOURLESS, lang)


WORDS = {
    "step": ("STEP", "STEP"),
    "size": ("SIZE", "SIZE"),
    "size_bonus": ("SIZEボーナス", "SIZE bonus"),
    "hp": ("HP", "HP"),
    "movement": ("移動力", "MOVE"),
    "movement_long": ("移動力", "Movement power"),
    "ability": ("特殊能力", "Special ability"),
    "rarity": ("レアリティ", "Rarity"),
    "sample": ("見本 SAMPLE", "SAMPLE"),
    "sample_long": ("サンプルカード（このサイトのために作られたカード）", "Sample card (made for this site, not printed)"),
    "japanese_text": ("", "Japanese text"),
}
#: The prefixes with which the catalogue writes a character's ability (``tcg.effects.text``
#: writes the first and the last).
ABILITY_PREFIXES = ("特殊能力:", "特殊能力：", "Special ability:")


def word(key: str, lang: str) -> str:
    """A fixed word of the face (``WORDS``) in ``lang``."""
    return WORDS[key][LANGUAGES.index(lang)]


@dataclass(frozen=True)
class Tone:
    """The colours of one card colour: the frame, a dark shade for borders and bars, a light
    shade for plates, the ink that reads on the frame, and the colour of its emblem."""

    frame: str
    dark: str
    light: str
    ink: str
    emblem: str = "#ffffff"


TONES = {
    "red": Tone("#c8412f", "#6e1a10", "#fbe1d8", "#ffffff"),
    "green": Tone("#3b8c50", "#183f23", "#dcf0d8", "#ffffff"),
    "black": Tone("#463b57", "#17131e", "#ddd6e6", "#ffffff"),
    "white": Tone("#e6dcbc", "#7d6a36", "#fffbef", "#3a3220", "#c9a13f"),
}
COLOURLESS_TONE = Tone("#9ca2a8", "#4b5157", "#eef0f2", "#ffffff")

#: The disc behind each action's icon.
ACTION_COLOURS = {
    "move": "#2673b0", "attack": "#c0282a", "defend": "#4f6575", "charge": "#dd7a00", "special": "#7a2aa0",
}
UNKNOWN_ACTION_COLOUR = "#666666"

#: Rarity badges of the printed rarities (C, U, R, SR): fill, and the ink on it.
RARITY_COLOURS = dict(zip(RARITIES, (
    ("#3d3d3d", "#ffffff"), ("#8d99a6", "#ffffff"), ("#c99a1e", "#ffffff"), ("#9b3fb5", "#ffffff"),
)))
OTHER_RARITY = ("#3d3d3d", "#ffffff")


def tones(colours) -> list[Tone]:
    """The tones of a card's colours in the order printed, ``[COLOURLESS_TONE]`` for none; an
    unknown colour counts as colourless."""
    found = [TONES[c] for c in colours if c in TONES]
    return found or [COLOURLESS_TONE]
