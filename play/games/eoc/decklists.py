"""The sample decks (``fixtures/decks/SMP-*.txt`` over ``fixtures/sample_catalogue.json``) as
lists of catalogue interchange dicts, the form of option ``decks`` (elements-of-chaos.md,
"Stacked deals"). Plain files read with the deck text parser of ``tcg.decks.format``; no database."""
from __future__ import annotations

import functools
import json
from pathlib import Path

from tcg.decks.format import parse_deck_text

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


@functools.cache
def sample_catalogue() -> dict[str, dict]:
    """The sample catalogue's cards by code."""
    data = json.loads((FIXTURES / "sample_catalogue.json").read_text(encoding="utf-8"))
    return {card["code"]: card for card in data["cards"]}


def sample_deck_names() -> list[str]:
    """The names of the sample decks, e.g. ``["SMP-BLACK", "SMP-GREEN", ...]``."""
    return sorted(p.stem for p in (FIXTURES / "decks").glob("*.txt"))


@functools.cache
def _deck(name: str) -> tuple[str, ...]:
    path = FIXTURES / "decks" / f"{name}.txt"
    if "/" in name or "\\" in name or not path.is_file():
        raise ValueError(f"unknown deck {name!r}; known: {', '.join(sample_deck_names())}")
    entries, problems = parse_deck_text(path.read_text(encoding="utf-8"))
    if problems:
        raise ValueError(f"deck {name}: {problems[0].message}")
    cards = sample_catalogue()
    by_name = {c["name"]: code for code, c in cards.items()}
    codes: list[str] = []
    for entry in entries:
        code = entry.code or by_name.get(entry.name or "")
        if code not in cards:
            raise ValueError(f"deck {name}, line {entry.line}: unknown card {entry.name or entry.code}")
        codes.extend([code] * entry.count)
    return tuple(codes)


def sample_deck(name: str) -> list[dict]:
    """The sample deck ``name`` (e.g. ``"SMP-RED"``) as 51 interchange dicts in list order;
    ``ValueError`` for an unknown name or a card the catalogue lacks."""
    cards = sample_catalogue()
    return [dict(cards[code]) for code in _deck(name)]
