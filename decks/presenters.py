"""A deck's statistics, damage and odds shaped for the pages: translated labels, SVG charts
(``decks.charts``) and table rows. Reads ``tcg.decks.analysis``'s JSON forms; writes nothing."""
from __future__ import annotations

from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.labels import label
from tcg.cards.names import card_order_key, display_name
from tcg.decks.analysis import odds_json, stats_json
from tcg.decks.stats import ATTACKERS, StatCard
from tcg.vocabulary import ACTION_LABELS, ACTIONS, COLOUR_LABELS, COLOURLESS, COLOURS, STEPS, TYPE_LABELS, TYPES

from .charts import bar_chart


def _percent(p: float) -> str:
    return f"{p * 100:.1f}%"


def _histogram_chart(title: str, rows: list[dict], label: str, css: str) -> str:
    return bar_chart(title, [(label % {"value": r["value"]}, r["count"], r["count"]) for r in rows], css)


def stats_context(cards: list[StatCard]) -> dict:
    """``{"stats": stats_json, "charts": [{"id", "title", "svg"}], "damage_rows": [...],
    "damage_means": [...], "attackers": [labels], "actions": [{"step", "label", "svg"}]}``."""
    stats = stats_json(cards)
    chart = lambda key, title, svg: {"id": key, "title": title, "svg": mark_safe(svg)}  # noqa: E731
    charts = [
        chart("types", _("Cards by type"), bar_chart(
            _("Cards by type"), [(capfirst(label(TYPE_LABELS, t)), stats["types"][t], stats["types"][t]) for t in TYPES], "types")),
        chart("colours", _("Cards by colour"), bar_chart(
            _("Cards by colour"),
            [(capfirst(label(COLOUR_LABELS, c)), stats["colours"][c], stats["colours"][c]) for c in COLOURS + (COLOURLESS,)],
            "colours")),
        chart("size", _("SIZE curve"), _histogram_chart(_("SIZE curve"), stats["size_curve"], _("SIZE %(value)s"), "size")),
        chart("hp", _("Characters by HP"), _histogram_chart(
            _("Characters by HP"), stats["characters"]["hp"], _("HP %(value)s"), "hp")),
        chart("movement", _("Characters by movement power"), _histogram_chart(
            _("Characters by movement power"), stats["characters"]["movement"], _("Movement %(value)s"), "movement")),
    ]
    total = stats["total"] or 1
    actions = []
    for number, step in enumerate(STEPS, start=1):
        title = _("STEP %(number)s: cards listing each action") % {"number": number}
        counts = stats["actions"][step]
        actions.append({"step": step, "label": _("STEP %(number)s") % {"number": number}, "svg": mark_safe(bar_chart(
            title, [(capfirst(label(ACTION_LABELS, a)), counts[a], f"{counts[a]} ({_percent(counts[a] / total)})") for a in ACTIONS],
            "actions"))})
    damages = sorted({d["damage"] for a in ATTACKERS for d in stats["damage"][a]["distribution"]})
    by_attacker = {a: {d["damage"]: d for d in stats["damage"][a]["distribution"]} for a in ATTACKERS}
    damage_rows = [
        {"damage": dmg, "cells": [
            {"p": _percent(by_attacker[a][dmg]["p"]), "exact": by_attacker[a][dmg]["exact"]} if dmg in by_attacker[a]
            else {"p": "—", "exact": "0"} for a in ATTACKERS]}
        for dmg in damages
    ]
    means = [stats["damage"][a]["mean"] for a in ATTACKERS]
    return {
        "stats": stats,
        "charts": charts,
        "actions": actions,
        "attackers": [capfirst(label(COLOUR_LABELS, a)) for a in ATTACKERS],
        "damage_rows": damage_rows,
        "damage_means": [f"{m['p']:.2f}" if m else "—" for m in means],
        "average_size": f"{stats['average_size']['p']:.2f}" if stats["average_size"] else "—",
    }


def group_label(group: dict, names: dict[str, dict] | None = None, lang: str = "ja") -> str:
    """The translated label of an odds group: a card's name in ``lang`` (``names``: card rows
    by code, with ``name`` and ``name_en``), "Any character", "Any red card"…"""
    if group["kind"] == "type":
        return _("Any %(type)s") % {"type": label(TYPE_LABELS, group["label"])}
    if group["kind"] == "colour":
        return _("Any %(colour)s card") % {"colour": label(COLOUR_LABELS, group["label"])}
    if group["kind"] == "custom":
        return _("The chosen cards")
    card = (names or {}).get(group["codes"][0]) if group.get("codes") else None
    return display_name(card, lang) if card else group["label"]


def point_label(point: dict) -> str:
    """"Opening hand" or "Turn 3", with the cards drawn into hand by then."""
    if point["turn"] == 0:
        return _("Opening hand")
    return _("Turn %(turn)s") % {"turn": point["turn"]}


def odds_context(cards: list[StatCard], k: int = 1, turns: int = 5, played: int = 2,
                 names: dict[str, dict] | None = None, lang: str = "ja") -> dict:
    """``{"odds": odds_json, "k", "points": [{"label", "cards"}], "rows": [{"label", "kind",
    "copies", "code", "cells": [{"p", "exact"}], "mulligan": {"p", "exact"} | None}]}``: the chance of at
    least ``k`` of each group, groups with fewer than ``k`` cards left out; ``code`` is the card's
    code on a card's row (for its preview), else None. Cards are named in
    ``lang`` from ``names`` (card rows by code) and listed in the reader's order
    (``tcg.cards.names.card_order_key``), before the groups of a type or colour."""
    odds = odds_json(cards, turns, played)
    rows = []
    def order(group: dict):
        card = (names or {}).get(group["codes"][0]) if group["kind"] == "card" and group["codes"] else None
        return (0, card_order_key(card, lang)) if card else (1, ())

    for group in sorted(odds["groups"], key=order):
        row = group["at_least"].get(str(k))
        if row is None:
            continue
        mulligan = group["opening_with_mulligan"][str(k)]
        rows.append({
            "label": group_label(group, names, lang), "kind": group["kind"], "copies": group["copies"],
            "code": group["codes"][0] if group["kind"] == "card" and group["codes"] else None,
            "cells": [{"p": _percent(c["p"]), "exact": c["exact"]} for c in row],
            "mulligan": {"p": _percent(mulligan["p"]), "exact": mulligan["exact"]},
        })
    return {
        "odds": odds, "k": k, "played": played, "rows": rows,
        "points": [{"label": point_label(p), "cards": p["cards"]} for p in odds["points"]],
    }
