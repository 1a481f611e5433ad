"""What every page around the content has: the icon at ``/favicon.ico`` (also on the admin's and
the API docs' pages), a way back to the site from the API docs, the home page's entries to the
builder and the table, the phone header's menu button and the sample notice that can be
dismissed (a cookie). The browser side is tests/e2e/test_site_chrome.py."""
import pytest
from django.contrib.auth.models import User

from tests.conftest import EN, JA, REPO

pytestmark = pytest.mark.django_db

ICO = (REPO / "static" / "img" / "favicon.ico").read_bytes()


def test_favicon_ico_is_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response["Cache-Control"] == "public, max-age=86400"
    assert response["Content-Security-Policy"] == "default-src 'none'"
    assert response.content == ICO
    # an ICO file with the 16, 32 and 48 px images
    assert ICO[:4] == b"\x00\x00\x01\x00" and int.from_bytes(ICO[4:6], "little") == 3
    assert client.head("/favicon.ico").status_code == 200


def test_pages_admin_and_api_docs_link_the_icon(client):
    link = '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">'
    svg = '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">'
    root = User.objects.create_superuser("root", password="a long admin passphrase")
    assert link in client.get("/admin/login/", **EN).content.decode()
    client.force_login(root)
    pages = {path: client.get(path, **EN) for path in ("/", "/admin/", "/admin/cardsdb/", "/api/docs/")}
    for path, response in pages.items():
        body = response.content.decode()
        assert response.status_code == 200, path
        assert body.count('rel="icon"') == 2 and link in body and svg in body, path
    assert client.get("/static/img/favicon.svg").status_code == 200


def test_the_api_docs_lead_back_to_the_site(client):
    en = client.get("/api/docs/", **EN).content.decode()
    ja = client.get("/api/docs/", **JA).content.decode()
    assert '<a href="/" id="back-to-site">Back to the Elements of Chaos site</a>' in en
    assert '<a href="/" id="back-to-site">エレメンツ オブ カオスのサイトへ戻る</a>' in ja
    for href in ('href="/cards/"', 'href="/decks/new/"', 'href="/play/"'):
        assert href in en
    # above Swagger UI, which fills the page below it
    assert en.index('id="back-to-site"') < en.index('<div id="swagger-ui">')


def test_home_leads_to_the_builder_and_the_table(client, sample_catalogue):
    en = client.get("/", **EN).content.decode()
    ja = client.get("/", **JA).content.decode()
    assert '<a class="button" href="/decks/new/" id="home-builder-link">Build a deck</a>' in en
    assert '<a class="button" href="/play/" id="home-table-link">Play at the table</a>' in en
    assert '<a class="button" href="/decks/new/" id="home-builder-link">デッキを組む</a>' in ja
    assert '<a class="button" href="/play/" id="home-table-link">テーブルで対戦する</a>' in ja
    assert '<article class="panel" id="home-builder">\n    <h2>Deck builder</h2>' in en
    assert '<a class="button" href="/decks/new/">Open the deck builder</a>' in en
    assert "(log in or sign up first: decks are saved to your account)" in en


def test_home_builder_panel_says_nothing_of_logging_in_to_a_user(client, user):
    client.force_login(user)
    body = client.get("/", **EN).content.decode()
    assert 'id="home-builder"' in body and "log in or sign up first" not in body


def test_the_header_has_a_menu_button_for_phones(client, db):
    body = client.get("/", **EN).content.decode()
    assert ('<button type="button" class="nav-toggle secondary" aria-expanded="false" aria-controls="site-nav" hidden>'
            in body)
    assert '<nav class="site-nav" id="site-nav" aria-label="Main">' in body
    assert '<span class="nav-toggle-text">メニュー</span>' in client.get("/", **JA).content.decode()


def test_the_sample_notice_stays_away_once_dismissed(client, db):
    shown = client.get("/cards/", **EN).content.decode()
    assert 'id="sample-notice"' in shown and "SAMPLE set invented for this project" in shown
    assert '<span class="visually-hidden">Dismiss this notice</span>' in shown
    client.cookies["sample_notice"] = "hidden"
    for path in ("/", "/cards/", "/decks/validate/"):
        body = client.get(path, **EN).content.decode()
        assert 'id="sample-notice"' not in body and "SAMPLE set invented" not in body, path
    client.cookies["sample_notice"] = "something else"
    assert 'id="sample-notice"' in client.get("/", **EN).content.decode()
