"""The Japanese words of every game's table (the boards' labels, the table's and the replay's),
as a reader sees them once filled: no stray space between Japanese words around a placeholder
("花子 が 炎の剣士 を…" reads as three words), the same rule as the rules pages' prose."""
import re

import pytest
from django.utils import translation

from play.labels import BOARDS, REPLAY, TABLE
from tests.play.test_rules_pages import STRAY_SPACE

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: Placeholders that stand for numbers or square names ("b3"): filled with those; any other
#: (a player's or a card's name, an action, a colour, a list of names…) with Japanese words.
NUMERIC = {"turn", "step", "count", "hp", "max", "value", "damage", "seconds", "number", "round", "deal", "deals",
           "total", "points", "tile", "square", "from", "to", "by", "target", "limit", "length", "seat", "version",
           "current", "index", "position", "left", "score", "deck", "change", "prize"}
JAPANESE = "花子"

LABEL_SETS = {**{f"board:{slug}": labels for slug, labels in BOARDS.items()}, "table": TABLE, "replay": REPLAY}


def filled(template: str) -> str:
    return PLACEHOLDER.sub(lambda m: "3" if m.group(1) in NUMERIC else JAPANESE, template)


@pytest.mark.parametrize("which", list(LABEL_SETS))
def test_the_japanese_table_words_have_no_stray_spaces(which):
    with translation.override("ja"):
        texts = {name: str(text) for name, text in LABEL_SETS[which].items()}
    assert [(name, filled(text)) for name, text in texts.items() if STRAY_SPACE.search(filled(text))] == []


def test_a_filled_label_reads_as_one_phrase():
    with translation.override("ja"):
        assert filled(str(BOARDS["eoc"]["log_place"])) == "花子が花子をベースに置きました"
        assert filled(str(BOARDS["eoc"]["log_turned"])) == "花子が花子をめくりました: 3ダメージ"
