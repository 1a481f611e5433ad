"""A list of cards named by code or by name, resolved in one query (Scryfall's ``collection``)."""
from __future__ import annotations

from django.db.models import Q

from tcg.folding import fold

from ..models import Card
from .catalogue import cards
from .names import NAME_COLUMNS, names_q


def cards_by_identifiers(identifiers: list[dict]) -> tuple[list[Card], list[dict]]:
    """Resolve identifiers ``{"code": …}`` or ``{"name": …, "set"?: …}`` (names folded, as in
    ``card_named``; several printings: the first by code) in one query.

    Returns ``(cards, not_found)``: a card for each identifier found, in the order given
    (repeats kept), and the identifiers not found, as given."""
    codes = {str(i["code"]).upper() for i in identifiers if "code" in i}
    keys = {fold(i["name"]) for i in identifiers if "name" in i} - {""}
    rows = (
        cards().filter(Q(code__in=codes) | names_q("__in", keys)).order_by("code")
        if codes or keys
        else Card.objects.none()
    )
    by_code: dict[str, Card] = {}
    by_key: dict[tuple[str, str | None], Card] = {}
    for card in rows:
        by_code[card.code] = card
        for column in NAME_COLUMNS:
            key = getattr(card, column)
            if key in keys:
                by_key.setdefault((key, None), card)
                by_key.setdefault((key, card.card_set_id.upper()), card)
    found, missing = [], []
    for identifier in identifiers:
        if "code" in identifier:
            card = by_code.get(str(identifier["code"]).upper())
        else:
            set_code = identifier.get("set")
            card = by_key.get((fold(identifier["name"]), set_code.upper() if set_code else None))
        if card is None:
            missing.append(identifier)
        else:
            found.append(card)
    return found, missing
