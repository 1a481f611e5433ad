"""The how-to-play pages (``play/rules_pages.py``): the index and one page per game in both
languages, with every figure of the game's examples; the ``rules_url`` of ``GET /api/games/``;
and the links to the rules from the home page, the lobby, the new-match form, every table and
every replay (Django's test client; the browser test is tests/e2e/test_rules_pages.py)."""
import re
from html.parser import HTMLParser

import pytest

from django.utils import translation

from play.examples import EXAMPLES, figure
from play.forms import MatchForm, option_field_name
from play.games import GAMES
from play.identity import Player
from play.services.create import create_match
from tests.conftest import EN, JA, page_in_both_languages
from tests.play.test_pages import finished_bot_match, guest, json_block

pytestmark = pytest.mark.django_db

#: Per game: the page's title in English and in Japanese, and its sections (the h2 ids).
PAGES = {
    "lama": ("How to play L.A.M.A.", "ラマ（L.A.M.A.）の遊び方",
             ["toc-title", "goal", "components", "setup", "turn", "scoring", "end", "table", "options"]),
    "completto": ("How to play Completto", "コンプレットの遊び方",
                  ["toc-title", "goal", "components", "setup", "turn", "extra", "end", "table", "options"]),
    "elements": ("How to play Elements", "エレメンツの遊び方",
                 ["toc-title", "goal", "components", "setup", "phase-1", "phase-2", "bids", "end", "table", "options"]),
    "eoc": ("How to play Elements of Chaos", "エレメンツ オブ カオスの遊び方",
            ["toc-title", "goal", "cards", "deck", "area", "setup", "turn", "steps", "end-of-turn", "winning", "table",
             "options"]),
}
#: A sentence of each language's prose that the other language's page must not hold.
PROSE = {"en": "On this page", "ja": "このページの内容"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


#: Two Japanese characters (kana, kanji, full-width forms and punctuation) with white space between.
STRAY_SPACE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]\s+[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


class TextRuns(HTMLParser):
    """The runs of text of a page as a reader sees them: text joined across inline elements (a
    strong word, a link), cut at block elements; scripts and templates left out."""

    BLOCKS = {"p", "li", "dt", "dd", "h1", "h2", "h3", "figcaption", "figure", "div", "ol", "ul", "dl", "nav",
              "table", "thead", "tbody", "tr", "td", "th", "section", "article", "br"}
    HIDDEN = {"script", "template", "style"}

    def __init__(self):
        super().__init__()
        self.runs, self.run, self.skip = [], [], 0

    def cut(self):
        if "".join(self.run).strip():
            self.runs.append("".join(self.run).strip())
        self.run = []

    def handle_starttag(self, tag, attrs):
        self.skip += tag in self.HIDDEN
        if tag in self.BLOCKS:
            self.cut()

    def handle_endtag(self, tag):
        self.skip -= tag in self.HIDDEN
        if tag in self.BLOCKS:
            self.cut()

    def handle_data(self, data):
        if not self.skip:
            self.run.append(data)


class TagBalance(HTMLParser):
    """Every element of a page closed in order (void elements aside): the problems found."""

    def __init__(self):
        super().__init__()
        self.open, self.problems = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.open.append((tag, self.getpos()))

    def handle_endtag(self, tag):
        if not self.open or self.open[-1][0] != tag:
            self.problems.append(f"</{tag}> at {self.getpos()} closes {self.open[-1] if self.open else 'nothing'}")
            return
        self.open.pop()


def article(body: str) -> str:
    return body[body.index('<article class="rules-page"'):body.index("</article>") + len("</article>")]


def h2_ids(html: str) -> list[str]:
    return re.findall(r'<h2 id="([\w-]+)"', html)


# -- the pages ----------------------------------------------------------------------------------
def test_the_index_lists_every_game_with_its_rules_in_both_languages(client):
    en, ja = page_in_both_languages(client, "/play/rules/")
    for slug in GAMES:
        assert f'<li class="panel" data-game="{slug}">' in en and f'<li class="panel" data-game="{slug}">' in ja
        assert en.count(f'href="/play/rules/{slug}/"') == 2 and ja.count(f'href="/play/rules/{slug}/"') == 2
    assert "<h1>How to play</h1>" in en and "<h1>遊び方</h1>" in ja
    assert "2 to 6 players · about 20 minutes" in en and "2〜6人 · 約20分" in ja
    assert "2 players" in en and "2人" in ja  # Elements of Chaos


@pytest.mark.parametrize("slug", list(PAGES))
def test_each_game_page_has_its_sections_and_every_figure_in_both_languages(client, slug):
    en_title, ja_title, sections = PAGES[slug]
    en, ja = page_in_both_languages(client, f"/play/rules/{slug}/")
    assert f"<h1>{en_title}</h1>" in en and f"<h1>{ja_title}</h1>" in ja
    assert '<html lang="en">' in en and '<html lang="ja">' in ja
    assert PROSE["en"] in en and PROSE["ja"] not in en
    assert PROSE["ja"] in ja and PROSE["en"] not in ja
    keys = [e.key for e in EXAMPLES[slug]]
    for body in (en, ja):
        assert h2_ids(article(body)) == sections
        assert re.findall(r'data-figure="([\w-]+)"', body) == keys
        assert len(re.findall(r"<figcaption>", article(body))) == len(keys)
        assert [f["key"] for f in json_block(body, "rules-figures")] == keys
        assert f'href="/play/new/?game={slug}"' in body
        assert '<template id="rules-board">' in body and 'src="/static/play/rules.js"' in body
        assert f'data-board-module="/static/play/boards/{slug}.js"' in body
    for toc_target in re.findall(r'<a href="#([\w-]+)"', article(en)):
        assert toc_target in sections
    # The options are explained in both languages alike: as many terms, the site-wide ones included.
    assert len(re.findall(r"<dt>", article(en))) == len(re.findall(r"<dt>", article(ja)))


@pytest.mark.parametrize("slug", list(PAGES))
@pytest.mark.parametrize(("language", "headers"), [("en", EN), ("ja", JA)], ids=["en", "ja"])
def test_every_option_of_the_new_match_form_is_explained_under_its_label(client, slug, language, headers):
    body = article(client.get(f"/play/rules/{slug}/", **headers).content.decode())
    options = body[body.index('<h2 id="options">'):]
    terms = re.findall(r"<dt>(.*?)</dt>", options)
    with translation.override(language):
        form = MatchForm()
        labels = [str(form.fields[option_field_name(slug, option.name)].label)
                  for option in GAMES[slug].spec.form_options]
        labels += [str(form.fields["seconds_per_turn"].label), translation.gettext("Who sits where")]
        if slug in form.deck_games:
            labels.append(str(form.fields["deck"].label))
    for label in labels:
        assert any(term.startswith(label) for term in terms), label


@pytest.mark.parametrize("slug", list(PAGES))
def test_the_figures_are_the_examples_views_with_the_reader_and_bots_seated(client, slug):
    body = client.get(f"/play/rules/{slug}/", **EN).content.decode()
    drawn = json_block(body, "rules-figures")
    for example, shown in zip(EXAMPLES[slug], drawn):
        expected = figure(slug, example)
        assert {k: shown[k] for k in expected} == expected
        assert shown["seats"] == [
            {"index": i, "name": "Aoi" if i == example.seat else "", "kind": "human" if i == example.seat else "bot",
             "bot": "" if i == example.seat else "heuristic", "resigned": False, "you": i == example.seat}
            for i in range(example.players)
        ]
    ja = client.get(f"/play/rules/{slug}/", **JA).content.decode()
    assert json_block(ja, "rules-figures")[0]["seats"][0]["name"] == "あおい"
    assert "you play as “Aoi” against bots" in body


@pytest.mark.parametrize("slug", list(PAGES))
@pytest.mark.parametrize("headers", [EN, JA], ids=["en", "ja"])
def test_the_pages_are_well_formed(client, slug, headers):
    checker = TagBalance()
    checker.feed(client.get(f"/play/rules/{slug}/", **headers).content.decode())
    checker.close()
    assert checker.problems == [] and [tag for tag, _ in checker.open] == []


@pytest.mark.parametrize("slug", list(PAGES))
def test_the_japanese_prose_has_no_stray_spaces(client, slug):
    text = TextRuns()
    text.feed(article(client.get(f"/play/rules/{slug}/", **JA).content.decode()))
    text.cut()
    assert len(text.runs) > 50
    runs = [run.replace("エレメンツ オブ カオス", "エレメンツ・オブ・カオス") for run in text.runs]  # spaced by name
    assert [run for run in runs if STRAY_SPACE.search(run)] == []


#: Per game: the sections of the game's rules contract (their "## " headings) that its page names as simplified.
SIMPLIFIED = {
    "lama": ["A round", "Hidden information", "Actions (API)", "Stacked deals"],
    "completto": ["Set-up", "End", "Hidden information", "Actions (API)", "Stacked deals"],
    "elements": ["A game", "Hidden information", "Actions (API)", "Stacked deals"],
    "eoc": ["Cards", "Hidden information", "Actions (API)", "Stacked deals"],
}
SIMPLIFIED_TITLE = {"en": "Where this page simplifies", "ja": "このページで簡単にしている点"}


@pytest.mark.parametrize("slug", list(PAGES))
@pytest.mark.parametrize(("language", "headers"), [("en", EN), ("ja", JA)], ids=["en", "ja"])
def test_each_page_ends_its_reading_of_the_rules_with_what_it_simplifies(client, slug, language, headers):
    body = article(client.get(f"/play/rules/{slug}/", **headers).content.decode())
    reading = body[body.index('<h2 id="options">'):]
    reading = reading[reading.index("<h3>", reading.index("</dl>")):]
    # the list closes the section "How this site reads the rules", the last of the page
    assert re.findall(r"<h[34][^>]*>(.*?)</h[34]>", reading) == [
        {"en": "How this site reads the rules", "ja": "このサイトでのルールの読み方"}[language], SIMPLIFIED_TITLE[language]]
    listed = reading[reading.index('<ul class="rules-simplified">'):]
    listed = listed[:listed.index("</ul>")]
    items = re.findall(r"<li>(.*?)</li>", listed, re.S)
    # each item names the contract's section: in English as written there, in Japanese in brackets
    named = [re.findall(r"<strong>(.*?)</strong>", item) for item in items]
    if language == "en":
        assert [n for names in named for n in names] == SIMPLIFIED[slug]
    else:
        assert [re.search(r"（(.*)）", n).group(1) for names in named for n in names] == SIMPLIFIED[slug]


def test_the_elements_of_chaos_page_says_what_the_engine_does_in_set_up_and_with_five_rows(client):
    """The sandbox is refused during the mulligan and the laying of the area cards (play/games/eoc/sandbox.py),
    the first active player is not shown until set-up ends (views.py: ``ap`` is None), squares run to row 5 with
    option ``rows: 5``, and the random first player is said instead of "Seat 1 begins"."""
    en, ja = (article(body) for body in page_in_both_languages(client, "/play/rules/eoc/"))
    assert "The sandbox controls open <strong>once set-up is over</strong>" in en
    assert "not during the mulligan or while the\n    area cards are laid, when the table refuses them" in en
    assert "サンドボックスの操作が開くのは<strong>準備が終わってから</strong>です。マリガンとエリアカードの配置の間はテーブルが受け付けません。" in ja
    assert "The first AP stays hidden until set-up ends" in en and "最初の AP は準備が終わるまで伏せられています。" in ja
    assert "row 1–4 (1–5 with five rows)" in en and "行が 1〜4（5行の対戦では 1〜5。" in ja
    assert "Who begins is drawn at random (see Set-up)." in en and "Seat 1 begins." not in en
    assert "誰から始めるかはランダムに決まります（準備を参照）。" in ja and "席1から始めます。" not in ja


def test_a_game_the_site_does_not_host_is_a_404_page(client):
    en, ja = page_in_both_languages(client, "/play/rules/chess/", status=404)
    assert 'class="error-page"' in en and "There is nothing at /play/rules/chess/." in en
    assert "/play/rules/chess/ には何もありません。" in ja


def test_the_embedded_page_has_no_site_header_and_may_be_framed_by_the_site_only(client):
    full = client.get("/play/rules/lama/", **EN)
    embedded = client.get("/play/rules/lama/?embed=1", **EN)
    assert full.status_code == embedded.status_code == 200
    assert full["X-Frame-Options"] == embedded["X-Frame-Options"] == "SAMEORIGIN"
    assert client.get("/play/", **EN)["X-Frame-Options"] == "DENY"
    # the Content-Security-Policy says the same (browsers follow it over X-Frame-Options)
    assert "frame-ancestors 'self'" in embedded["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in client.get("/play/", **EN)["Content-Security-Policy"]
    body = embedded.content.decode()
    assert 'class="site-header"' in full.content.decode() and 'class="site-header"' not in body
    assert '<article class="rules-page" id="rules" data-game="lama" data-embed="1">' in body
    assert 'class="breadcrumbs"' not in article(body)
    assert 'id="rules-play"' not in body and 'id="rules-play" href="/play/new/?game=lama"' in full.content.decode()
    assert json_block(body, "rules-figures") == json_block(full.content.decode(), "rules-figures")


# -- the API -------------------------------------------------------------------------------------
def test_the_games_api_gives_each_games_rules_url(api, client):
    games = api.get("/api/games/").json()
    assert [(g["slug"], g["rules_url"]) for g in games] == [
        (slug, f"http://testserver/play/rules/{slug}/") for slug in sorted(GAMES)]
    for game in games:
        assert client.get(game["rules_url"].removeprefix("http://testserver")).status_code == 200


# -- the links to the rules ----------------------------------------------------------------------
def test_the_home_page_mentions_the_tables_and_the_rules(client):
    en, ja = page_in_both_languages(client, "/")
    for body in (en, ja):
        section = body[body.index('id="home-play"'):]
        section = section[:section.index("</article>")]
        assert 'href="/play/"' in section and 'href="/play/rules/"' in section
    assert "How to play each game" in en and "各ゲームの遊び方" in ja


def test_the_lobby_links_every_games_rules(client):
    en, ja = page_in_both_languages(client, "/play/")
    for body in (en, ja):
        links = body[body.index('id="lobby-rules"'):]
        links = links[:links.index("</p>")]
        assert re.findall(r'href="/play/rules/(\w+)/" data-game="\w+"', links) == list(GAMES)
        assert 'href="/play/rules/"' in links
    assert "New to a game? Read how to play:" in en and "初めてのゲームなら、遊び方をどうぞ:" in ja


def test_the_new_match_form_links_each_games_rules_beside_its_player_range(client):
    guest(client, "Ann")
    body = client.get("/play/new/", **EN).content.decode()
    ranges = body[body.index('id="game-ranges"'):]
    ranges = ranges[:ranges.index("</ul>")]
    for slug in GAMES:
        item = ranges[ranges.index(f'data-game="{slug}"'):]
        item = item[:item.index("</li>")]
        assert f'<a class="game-rules" href="/play/rules/{slug}/" target="_blank" rel="noopener">' in item
    assert "How to play Completto</a>" in ranges
    ja = client.get("/play/new/", **JA).content.decode()
    assert "コンプレットの遊び方</a>" in ja


@pytest.mark.parametrize("slug", ["lama", "completto", "elements"])
def test_every_table_has_a_rules_drawer_for_its_game(client, slug):
    players = GAMES[slug].min_players
    match = create_match(Player(None, "s", "Ann"), slug, [{"kind": "human"}] * players, {}, None)
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    drawer = body[body.index('<details class="rules-drawer"'):body.index("</details>")]
    assert f'data-src="/play/rules/{slug}/?embed=1"' in drawer
    assert f'<a href="/play/rules/{slug}/" target="_blank" rel="noopener" id="rules-link">' in drawer
    assert 'src="/static/play/rules_drawer.js"' in body
    assert "Rules of " in drawer
    ja = client.get(f"/play/m/{match.id}/", **JA).content.decode()
    assert "のルール</summary>" in ja


def test_an_elements_of_chaos_table_and_a_replay_have_the_drawer(client, sample_catalogue):
    match = create_match(None, "eoc", [{"kind": "bot", "bot": "random", "deck": "SMP-RED"},
                                       {"kind": "bot", "bot": "random", "deck": "SMP-GREEN"}], {}, None)
    assert 'data-src="/play/rules/eoc/?embed=1"' in client.get(f"/play/m/{match.id}/", **EN).content.decode()
    finished = finished_bot_match()
    replay = client.get(f"/play/m/{finished.id}/replay/", **EN).content.decode()
    assert 'data-src="/play/rules/lama/?embed=1"' in replay and "Rules of L.A.M.A.</summary>" in replay
