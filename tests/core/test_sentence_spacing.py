"""Two sentences side by side on a page: in Japanese they follow each other without a space, in
English with one (as the deck diffs and the sample hand's notes write them). The card search's
"no cards" line and a leaderboard's introduction had a space after 。 in Japanese."""
import re

import pytest

from tests.conftest import page_in_both_languages

pytestmark = pytest.mark.django_db


def text_of(html: str, pattern: str) -> str:
    """The text (tags left out) of the first element ``pattern`` finds."""
    return re.sub(r"<[^>]+>", "", re.search(pattern, html, re.S).group(1)).strip()


def test_the_searchs_no_cards_line(client, t_catalogue):
    en, ja = page_in_both_languages(client, "/cards/?q=zzqq")
    line = r'<p class="no-results-title">(.*?)</p>'
    assert text_of(en, line) == "No cards found. No card matches zzqq."
    assert text_of(ja, line) == "カードが見つかりません。zzqq に一致するカードはありません。"


def test_a_leaderboards_introduction_and_its_rules_link(client):
    en, ja = page_in_both_languages(client, "/play/leaderboard/lama/")
    intro = r'<p class="muted">(The rating.*?|レーティング.*?)</p>'
    assert text_of(en, intro).endswith("with no bot seat. How to play")
    assert text_of(ja, intro).endswith("最後まで終えた対戦だけが数えられます。遊び方")
