"""Every link to a card's page in the site's templates carries ``data-card="<code>"``, so that
the card preview (static/js/kit/preview.js) shows the card when the name is hovered,
long-pressed or focused. A link whose content is the card's face image already shows the card
and needs none."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIRS = [ROOT / "templates", *sorted(ROOT.glob("*/templates"))]
CARD_LINK = re.compile(r"<a\b(?P<attrs>[^>]*\{% url 'card-detail' [^>]*)>(?P<body>.*?)</a>", re.S)


def card_links():
    """``(template path, attributes, content)`` of every ``<a>`` whose href is a card page."""
    for folder in TEMPLATE_DIRS:
        for path in sorted(folder.rglob("*.html")):
            for match in CARD_LINK.finditer(path.read_text(encoding="utf-8")):
                yield path.relative_to(ROOT).as_posix(), match["attrs"], match["body"]


def test_the_scan_finds_the_card_links_of_the_search_and_deck_pages():
    found = {path for path, _, _ in card_links()}
    assert {"cardsdb/templates/cardsdb/card_list.html", "decks/templates/decks/_card_groups.html",
            "cardsdb/templates/cardsdb/card_detail.html"} <= found


def test_every_card_link_carries_data_card():
    unmarked = [(path, attrs.strip()) for path, attrs, body in card_links()
                if "data-card=" not in attrs and "card-face" not in body and "tile-face" not in body]
    assert unmarked == []
