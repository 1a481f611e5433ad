"""Icons instead of emoji: no page's template, script or stylesheet draws with an emoji
character (they show as boxes where no emoji font is installed, and as pictures where one is);
the site's icons are one SVG sprite (``templates/_icons.html``) drawn by ``{% icon %}`` and the
JS kit's ``icon()``, and every icon asked for exists."""
import re

import emoji
import pytest
from django.template import Context, Template, TemplateSyntaxError

from core.icons import ICONS
from tests.conftest import REPO

FOLDERS = ("templates", "accounts", "cardsdb", "core", "decks", "home", "play", "static")
SOURCES = sorted(
    p for folder in FOLDERS for p in (REPO / folder).rglob("*")
    if p.suffix in {".html", ".js", ".css", ".svg"} and ("templates" in p.parts or "static" in p.parts)
)
SPRITE = REPO / "templates" / "_icons.html"


def emoji_in(text: str) -> list[str]:
    """The emoji characters of ``text`` (Unicode's Emoji property), less the ASCII ones (digits,
    ``#``, ``*``) and the marks © ® ™ that every text font has."""
    return [c for c in text if emoji.is_emoji(c) and not c.isascii() and c not in "©®™"]


def test_the_scan_finds_the_sources_and_knows_an_emoji():
    assert len(SOURCES) >= 80
    assert {REPO / "play/static/play/boards/lama.js", REPO / "play/templates/play/replay.html",
            REPO / "static/css/site.css"} <= set(SOURCES)
    assert emoji_in("🦙 🏆 ⏮ ◀ ▶ ⏭ ⚠ ▪ ▫ ↔ ★ ▼ ◆ 1 # © 検索") == ["🦙", "🏆", "⏮", "◀", "▶", "⏭", "⚠", "▪", "▫", "↔"]


def test_no_template_script_or_stylesheet_draws_with_an_emoji():
    found = {
        f"{p.relative_to(REPO)}:{n}": "".join(emoji_in(line))
        for p in SOURCES for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if emoji_in(line)
    }
    assert found == {}


def test_the_sprite_has_exactly_the_named_icons():
    ids = re.findall(r'<symbol id="icon-([\w-]+)" viewBox="0 0 24 24">', SPRITE.read_text(encoding="utf-8"))
    assert tuple(ids) == ICONS


def test_every_icon_asked_for_is_in_the_sprite():
    asked = set()
    for p in SOURCES:
        text = p.read_text(encoding="utf-8")
        asked |= set(re.findall(r'\{% icon "([\w-]+)"', text)) | set(re.findall(r'\bicon\("([\w-]+)"', text))
    assert asked <= set(ICONS)
    assert {"first", "previous", "next", "last", "trophy", "llama", "face-up", "face-down", "hidden",
            "swap", "close", "menu"} <= asked


def test_the_tag_draws_a_decorative_icon_or_a_named_image():
    def render(source):
        return Template("{% load icons %}" + source).render(Context({"name": 'a "b" <c>'}))

    assert render('{% icon "trophy" %}') == (
        '<svg class="icon icon-trophy" aria-hidden="true" focusable="false"><use href="#icon-trophy"></use></svg>')
    assert render('{% icon "trophy" label=name %}') == (
        '<svg class="icon icon-trophy" role="img" aria-label="a &quot;b&quot; &lt;c&gt;" focusable="false">'
        '<title>a &quot;b&quot; &lt;c&gt;</title><use href="#icon-trophy"></use></svg>')
    with pytest.raises(TemplateSyntaxError, match="no icon is named 'cup'"):
        render('{% icon "cup" %}')


@pytest.mark.django_db
def test_every_page_carries_the_sprite_once(client):
    for path in ("/", "/play/rules/completto/", "/play/rules/completto/?embed=1"):
        body = client.get(path).content.decode()
        assert body.count('class="icon-sprite"') == 1, path
        assert body.count("<symbol ") == len(ICONS), path
