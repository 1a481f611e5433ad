"""What a card face prints besides the card's own text: the labels of the game's vocabulary
in Japanese and English, and the colours a face is drawn in. Plain Python, no Django.

The vocabulary is that of elements-of-chaos.md, "Cards": types, colours, the five actions, the
three movement directions; the Japanese labels are the site's own (移動, 攻撃, 防御, チャージ,
特殊; 縦横, 斜め, 全方向).
"""
from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("ja", "en")
COLOURS = ("red", "green", "black", "white")
ACTIONS = ("move", "attack", "defend", "charge", "special")
DIRECTIONS = ("orthogonal", "diagonal", "any")
TYPES = ("character", "item", "event")
STEPS = ("step1", "step2", "step3")

#: label -> (Japanese, English)
TYPE_LABELS = {"character": ("キャラクター", "Character"), "item": ("アイテム", "Item"), "event": ("イベント", "Event")}
COLOUR_LABELS = {"red": ("赤", "Red"), "green": ("緑", "Green"), "black": ("黒", "Black"), "white": ("白", "White")}
COLOURLESS_LABEL = ("無色", "Colourless")
ACTION_LABELS = {
    "move": ("移動", "Move"), "attack": ("攻撃", "Attack"), "defend": ("防御", "Defend"),
    "charge": ("チャージ", "Charge"), "special": ("特殊", "Special"),
}
DIRECTION_LABELS = {
    "orthogonal": ("縦横（飛車）", "Orthogonal (rook)"),
    "diagonal": ("斜め（角）", "Diagonal (bishop)"),
    "any": ("全方向（クイーン）", "Any direction (queen)"),
}
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
#: The prefix with which the catalogue writes a character's ability (``cardsdb.effect_text``).
ABILITY_PREFIXES = ("特殊能力:", "特殊能力：", "Special ability:")


def label(table: dict, key: str, lang: str, default: str = "") -> str:
    """The ``lang`` label of ``key`` in ``table``, or ``default`` for a key it does not know."""
    entry = table.get(key)
    return entry[LANGUAGES.index(lang)] if entry else default


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
COLOURLESS = Tone("#9ca2a8", "#4b5157", "#eef0f2", "#ffffff")

#: The disc behind each action's icon.
ACTION_COLOURS = {
    "move": "#2673b0", "attack": "#c0282a", "defend": "#4f6575", "charge": "#dd7a00", "special": "#7a2aa0",
}
UNKNOWN_ACTION_COLOUR = "#666666"

#: Rarity badges: fill, and the ink on it.
RARITY_COLOURS = {
    "C": ("#3d3d3d", "#ffffff"), "U": ("#8d99a6", "#ffffff"), "R": ("#c99a1e", "#ffffff"),
    "SR": ("#9b3fb5", "#ffffff"),
}
OTHER_RARITY = ("#3d3d3d", "#ffffff")


def tones(colours) -> list[Tone]:
    """The tones of a card's colours in the order printed, ``[COLOURLESS]`` for none; an
    unknown colour counts as colourless."""
    found = [TONES[c] for c in colours if c in TONES]
    return found or [COLOURLESS]
