"""Differences between two deck lists (two versions of a deck). Plain Python, no Django."""
from __future__ import annotations

from tcg.cards.names import card_order_key


def diff_entries(before: list[dict], after: list[dict]) -> dict:
    """Compare two deck lists, each ``[{"code", "name", "type", "count"}]`` (one entry a code).

    Returns ``{"changes": [{"code", "name", "type", "before", "after", "change"}],
    "added": int, "removed": int, "total_before": int, "total_after": int}``: one change per
    code whose count differs (``change`` = after − before, e.g. +1 or −2; a card new to the deck
    has ``before`` 0, a card gone has ``after`` 0), sorted by type (characters, items, events)
    then reading in kana order (``tcg.cards.names``) then code; ``added``/``removed`` are the copies gained and lost in all.
    """
    old = {e["code"]: e for e in before}
    new = {e["code"]: e for e in after}
    changes = []
    for code in old.keys() | new.keys():
        was = old.get(code, {}).get("count", 0)
        now = new.get(code, {}).get("count", 0)
        if was != now:
            card = new.get(code) or old[code]
            changes.append({
                "code": code, "name": card.get("name", code), "type": card.get("type", ""),
                "before": was, "after": now, "change": now - was,
            })
    changes.sort(key=lambda c: card_order_key(c, "ja"))
    return {
        "changes": changes,
        "added": sum(c["change"] for c in changes if c["change"] > 0),
        "removed": -sum(c["change"] for c in changes if c["change"] < 0),
        "total_before": sum(e["count"] for e in before),
        "total_after": sum(e["count"] for e in after),
    }
