"""Card names completing what a person types."""
from __future__ import annotations

from django.db.models import F, Q

from tcg.folding import fold

from ..lookups import FoldedContains
from ..models import Card
from .names import NAME_COLUMNS


AUTOCOMPLETE_MIN = 2
AUTOCOMPLETE_LIMIT = 20
#: rows read per name column and kind of match; the names shown are sorted among them
AUTOCOMPLETE_SCAN = 400


def autocomplete_names(text: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Up to ``limit`` distinct card names completing ``text`` (folded; under
    ``AUTOCOMPLETE_MIN`` characters: ``[]``): names starting with it first, then names containing
    it, each group in folded-name order. A match on the Japanese name or its reading gives the
    Japanese name; a match on the English name alone gives the English name.

    At most ``AUTOCOMPLETE_SCAN`` rows are read per column and group, in whatever order the
    database's index gives them (so each query stops early): when more match, the names shown
    are the first in folded order among those read."""
    key = fold(text)
    if len(key) < AUTOCOMPLETE_MIN:
        return []
    found: list[str] = []
    for prefix in (True, False):
        group: set[str] = set()
        for column in NAME_COLUMNS:
            display = "name_en" if column == "name_en_folded" else "name"
            test = Q(**{f"{column}__startswith": key}) if prefix else Q(FoldedContains(F(column), key))
            rows = Card.objects.filter(test).order_by().values_list(display, flat=True)[:AUTOCOMPLETE_SCAN]
            group.update(name for name in rows if name and name not in found)
        found += sorted(group, key=lambda name: (fold(name), name))[: limit - len(found)]
        if len(found) == limit:
            break
    return found
