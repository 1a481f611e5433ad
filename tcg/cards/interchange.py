"""The catalogue interchange format: reading and writing card records (``tcg.cards.model``).
Plain Python, no Django.

A catalogue file is JSON ``{"cards": [card, ...], "sets": [set, ...]?}``, or CSV with one card a
row (see ``CSV_COLUMNS``). A card is a dict, as in ``fixtures/sample_catalogue.json``::

    {"code": "VA-001", "name": "炎の剣士アリサ", "name_en": "…", "reading": "ほのお…",
     "type": "character", "colours": ["red"], "size": 2,
     "size_bonus": {"colour": "red", "value": 1} | null,
     "action_table": {"step1": ["move", "attack"], "step2": [...], "step3": [...]},
     "hp": 5, "directions": "orthogonal", "movement": 2,      # characters only
     "ability": "…",                                          # characters only, optional
     "text": "…", "effect": {...} | [...] | "manual",          # optional: absent = vanilla
     "flavour": "…", "artist": "…", "rarity": "R", "set": "VA"}

Required keys: code, name, type, colours, size, action_table, set; and hp, directions,
movement for characters. The rest are optional (missing = empty). ``image_uris``, which the
API's bulk answer adds to each card (the URLs of its face), is ignored on import; any other
key is an error. ``effect`` is the card's
effect in the language of ``tcg.effects.language`` (checked there); in CSV, the column
``effect`` holds its JSON text (empty: vanilla). Keys a card does not have
are left out on export, so a round trip gives back the same dicts.

Source of the rules: elements-of-chaos.md, "Cards" (the words: ``tcg.vocabulary``).
"""
from __future__ import annotations

import json

from tcg.effects.language import check_effect
from tcg.integers import BadValue, parse_int
from tcg.numbers import MAX_STEP_ACTIONS
from tcg.vocabulary import ACTIONS, COLOURS, DIRECTIONS, STEPS, TYPES

from .model import CARD_KEYS, CHARACTER_KEYS, CODE_RE, CardRecord

MAX_TEXT = 2000

#: Keys a card record may carry that reading it ignores: the API's links to the card's face.
IGNORED_KEYS = ("image_uris",)

#: CSV columns: the card keys, with lists joined by spaces and the bonus split in two.
CSV_COLUMNS = (
    "code", "name", "name_en", "reading", "type", "colours", "size",
    "size_bonus_colour", "size_bonus_value", "step1", "step2", "step3",
    "hp", "directions", "movement", "ability", "text", "effect", "flavour", "artist", "rarity", "set",
)
#: The CSV columns a file must have (the others may be left out).
CSV_REQUIRED_COLUMNS = ("code", "name", "type", "size", *STEPS, "set")


class CardDataError(ValueError):
    """A card record that breaks the format; ``problems`` lists every reason as a sentence."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: dict, key: str, problems: list[str], required: bool = False, limit: int = MAX_TEXT) -> str:
    value = data.get(key)
    if value is None:
        if required:
            problems.append(f"'{key}' is required")
        return ""
    if not isinstance(value, str):
        problems.append(f"'{key}' must be a string")
        return ""
    value = value.strip()
    if required and not value:
        problems.append(f"'{key}' must not be empty")
    if len(value) > limit:
        problems.append(f"'{key}' is longer than {limit} characters")
    return value


def _int(data: dict, key: str, problems: list[str], low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        problems.append(f"'{key}' is required")
        return None
    if not _is_int(value):
        problems.append(f"'{key}' must be a whole number, not {json.dumps(value, ensure_ascii=False)}")
        return None
    if not low <= value <= high:
        problems.append(f"'{key}' must be between {low} and {high}, not {value}")
        return None
    return value


def card_from_dict(data) -> CardRecord:
    """Validate one interchange dict and return its ``CardRecord``.

    Raises ``CardDataError`` listing every problem of the record (not only the first).
    """
    if not isinstance(data, dict):
        raise CardDataError(["a card must be a JSON object"])
    problems: list[str] = []
    unknown = sorted(set(data) - set(CARD_KEYS) - set(IGNORED_KEYS))
    if unknown:
        problems.append("unknown field(s): " + ", ".join(unknown))

    code = _text(data, "code", problems, required=True, limit=21)
    if code and not CODE_RE.match(code):
        problems.append(f"'code' must look like SET-NUMBER (e.g. VA-001), not '{code}'")
    name = _text(data, "name", problems, required=True, limit=200)
    set_code = _text(data, "set", problems, required=True, limit=10)
    if code and set_code and CODE_RE.match(code) and code.split("-")[0] != set_code:
        problems.append(f"'code' {code} does not start with its set '{set_code}'")

    card_type = data.get("type")
    if card_type not in TYPES:
        problems.append(f"'type' must be one of {', '.join(TYPES)}, not {json.dumps(card_type, ensure_ascii=False)}")

    colours = data.get("colours")
    if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
        problems.append("'colours' must be a list of colour names ([] for colourless)")
        colours = []
    else:
        bad = [c for c in colours if c not in COLOURS]
        if bad:
            problems.append(f"unknown colour(s) {', '.join(bad)}; colours are {', '.join(COLOURS)}")
        if len(set(colours)) != len(colours):
            problems.append("'colours' lists a colour twice")

    size = _int(data, "size", problems, 0, 99)

    bonus = data.get("size_bonus")
    size_bonus = None
    if bonus is not None:
        if not isinstance(bonus, dict) or set(bonus) != {"colour", "value"}:
            problems.append("'size_bonus' must be null or {\"colour\": …, \"value\": …}")
        elif bonus["colour"] not in COLOURS:
            problems.append(f"'size_bonus' colour must be one of {', '.join(COLOURS)}")
        elif not _is_int(bonus["value"]) or not -99 <= bonus["value"] <= 99:
            problems.append("'size_bonus' value must be a whole number between -99 and 99")
        else:
            size_bonus = (bonus["colour"], bonus["value"])

    table = data.get("action_table")
    action_table: dict[str, tuple[str, ...]] = {}
    if not isinstance(table, dict) or set(table) != set(STEPS):
        problems.append("'action_table' must have exactly step1, step2 and step3")
    else:
        for step in STEPS:
            actions = table[step]
            if (
                not isinstance(actions, list)
                or not 1 <= len(actions) <= MAX_STEP_ACTIONS
                or not all(a in ACTIONS for a in actions)
                or len(set(actions)) != len(actions)
            ):
                problems.append(
                    f"'{step}' must list 1 to 3 different actions from {', '.join(ACTIONS)}"
                )
            else:
                action_table[step] = tuple(actions)

    hp = directions = movement = None
    ability = ""
    if card_type == "character":
        hp = _int(data, "hp", problems, 1, 99)
        movement = _int(data, "movement", problems, 0, 9)
        directions = data.get("directions")
        if directions not in DIRECTIONS:
            problems.append(f"'directions' must be one of {', '.join(DIRECTIONS)}")
        ability = _text(data, "ability", problems)
    elif card_type in TYPES:
        present = [k for k in CHARACTER_KEYS if data.get(k) not in (None, "")]
        if present:
            problems.append(f"only characters have {', '.join(present)}")

    texts = {k: _text(data, k, problems) for k in ("name_en", "reading", "text", "flavour", "artist")}
    rarity = _text(data, "rarity", problems, limit=8)
    effect = data.get("effect")
    if card_type in TYPES:
        try:
            check_effect(effect, card_type, code or "card")
        except ValueError as exc:
            problems.append(str(exc))

    if problems:
        raise CardDataError(problems)
    return CardRecord(
        code=code, name=name, type=card_type, colours=tuple(colours), size=size,
        action_table=action_table, set=set_code, size_bonus=size_bonus, hp=hp,
        directions=directions, movement=movement, ability=ability, rarity=rarity, effect=effect, **texts,
    )


def card_from_csv_row(row: dict[str, str]) -> CardRecord:
    """Read a CSV row (``CSV_COLUMNS``; every value a string) as a card. Raises ``CardDataError``."""
    problems: list[str] = []
    bad_numbers: set[str] = set()
    missing = [c for c in CSV_REQUIRED_COLUMNS if c not in row]
    if missing:
        raise CardDataError([f"missing column(s): {', '.join(missing)}"])

    def number(key: str):
        raw = (row.get(key) or "").strip()
        if raw == "":
            return None
        try:
            return parse_int(raw)
        except BadValue:
            problems.append(f"'{key}' must be a whole number, not '{raw}'")
            bad_numbers.add(key)
            return raw

    data: dict = {k: row[k] for k in ("code", "name", "type", "set") if k in row}
    data["colours"] = (row.get("colours") or "").split()
    data["size"] = number("size")
    bonus_colour = (row.get("size_bonus_colour") or "").strip()
    bonus_value = number("size_bonus_value")
    if bonus_colour or bonus_value is not None:
        data["size_bonus"] = {"colour": bonus_colour, "value": bonus_value}
    else:
        data["size_bonus"] = None
    data["action_table"] = {step: (row.get(step) or "").split() for step in STEPS}
    for key in ("hp", "movement"):
        value = number(key)
        if value is not None:
            data[key] = value
    for key in ("directions", "ability", "name_en", "reading", "text", "flavour", "artist", "rarity"):
        value = row.get(key)
        if value:
            data[key] = value
    raw_effect = (row.get("effect") or "").strip()
    if raw_effect == "manual":
        data["effect"] = "manual"
    elif raw_effect:
        try:
            data["effect"] = json.loads(raw_effect)
        except (json.JSONDecodeError, RecursionError):
            problems.append(f"'effect' must be the JSON text of an effect, not '{raw_effect[:30]}'")
    try:
        record = card_from_dict(data)
    except CardDataError as exc:
        rest = [p for p in exc.problems if not any(p.startswith(f"'{k}' must be a whole number") for k in bad_numbers)]
        raise CardDataError(problems + rest) from None
    if problems:
        raise CardDataError(problems)
    return record


def card_to_csv_row(record: CardRecord) -> dict[str, str]:
    """The CSV row of a card: the inverse of ``card_from_csv_row``."""
    d = record.to_dict()
    bonus = d.get("size_bonus")
    return {
        "code": d["code"], "name": d["name"], "name_en": d.get("name_en", ""),
        "reading": d.get("reading", ""), "type": d["type"], "colours": " ".join(d["colours"]),
        "size": str(d["size"]),
        "size_bonus_colour": bonus["colour"] if bonus else "",
        "size_bonus_value": str(bonus["value"]) if bonus else "",
        **{step: " ".join(d["action_table"][step]) for step in STEPS},
        "hp": "" if d.get("hp") is None else str(d["hp"]),
        "directions": d.get("directions") or "",
        "movement": "" if d.get("movement") is None else str(d["movement"]),
        "ability": d.get("ability", ""), "text": d.get("text", ""),
        "effect": "" if record.effect is None else json.dumps(record.effect, ensure_ascii=False),
        "flavour": d.get("flavour", ""),
        "artist": d.get("artist", ""), "rarity": d.get("rarity", ""), "set": d["set"],
    }
