"""A card: the record every part of the site shares (elements-of-chaos.md, "Cards"). Plain
Python, no Django.

A ``CardRecord`` holds one printing's fields as the interchange format names them
(``tcg.cards.interchange`` reads and writes it; the catalogue's ``Card`` model stores it, see
``cardsdb.models``): code, names, type, colours, SIZE and SIZE bonus, the action table, the
character fields (HP, movement directions and power, special ability), texts, rarity, set and
the effect (in the language of ``tcg.effects.language``). The words it uses are those of
``tcg.vocabulary``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tcg.vocabulary import STEPS

#: A card code: its set's code, ``-``, its number (letters and digits), e.g. ``VA-001``.
CODE_RE = re.compile(r"^[A-Z0-9]{1,10}-[A-Z0-9]{1,10}$")

#: Every key a card record may carry, in the order they are written.
CARD_KEYS = (
    "code", "name", "name_en", "reading", "type", "colours", "size", "size_bonus",
    "action_table", "hp", "directions", "movement", "ability", "text", "effect", "flavour",
    "artist", "rarity", "set",
)
#: The keys only characters have ("Cards").
CHARACTER_KEYS = ("hp", "directions", "movement", "ability")
OPTIONAL_TEXT_KEYS = ("name_en", "reading", "ability", "text", "flavour", "artist", "rarity")


@dataclass(frozen=True)
class CardRecord:
    """One validated card, in the interchange format's terms. ``effect`` is the parsed JSON of
    its effect (``None``: vanilla; ``"manual"``; an operation dict or a list of them)."""

    code: str
    name: str
    type: str
    colours: tuple[str, ...]
    size: int
    action_table: dict[str, tuple[str, ...]]
    set: str
    name_en: str = ""
    reading: str = ""
    size_bonus: tuple[str, int] | None = None
    hp: int | None = None
    directions: str | None = None
    movement: int | None = None
    ability: str = ""
    text: str = ""
    flavour: str = ""
    artist: str = ""
    rarity: str = ""
    effect: object = None

    def to_dict(self) -> dict:
        """The interchange dict: keys in ``CARD_KEYS`` order; empty optional texts are left
        out, and the character keys appear on characters only."""
        out: dict = {}
        for key in CARD_KEYS:
            if key in CHARACTER_KEYS and self.type != "character":
                continue
            value = getattr(self, key)
            if key == "colours":
                value = list(value)
            elif key == "size_bonus":
                value = None if value is None else {"colour": value[0], "value": value[1]}
            elif key == "action_table":
                value = {step: list(value[step]) for step in STEPS}
            if (key in OPTIONAL_TEXT_KEYS and value == "") or (key == "effect" and value is None):
                continue
            out[key] = value
        return out
