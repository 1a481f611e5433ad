"""Site-wide pages: the layout every page shares, the home page, errors, the language switch."""
import pytest

from tests.conftest import EN, JA, page_in_both_languages

pytestmark = pytest.mark.django_db


def test_home_in_both_languages(client, sample_catalogue):
    en, ja = page_in_both_languages(client, "/", 200)
    assert "Elements of Chaos card database" in en
    assert "エレメンツ オブ カオス" in ja
    assert '<html lang="en">' in en
    assert '<html lang="ja">' in ja


def test_home_defaults_to_japanese(client, sample_catalogue):
    body = client.get("/").content.decode()
    assert '<html lang="ja">' in body
    assert "デッキ検証" in body


def test_home_links_search_validator_and_sample_decks(client, sample_catalogue):
    response = client.get("/", **EN)
    body = response.content.decode()
    assert 'action="/cards/"' in body and 'name="q"' in body
    assert 'href="/decks/validate/"' in body
    assert [d.id for d in response.context["sample_decks"]] == ["SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE"]
    for deck_id in ("SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE"):
        assert f'href="/decks/{deck_id}/"' in body


@pytest.mark.parametrize(
    "path", ["/", "/cards/", "/cards/SMP-001/", "/decks/", "/decks/SMP-RED/", "/decks/validate/", "/accounts/login/",
             "/accounts/signup/"],
)
def test_every_page_has_the_layout(client, sample_catalogue, path):
    body = client.get(path, **EN).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in body
    assert "/static/css/site.css" in body
    assert "SAMPLE set invented for this project" in body
    assert 'action="/i18n/setlang/"' in body and 'name="next" value="' + path in body
    for href in ('href="/cards/"', 'href="/decks/validate/"', 'href="/decks/"', 'href="/api/docs/"',
                 'href="/accounts/login/"', 'href="/accounts/signup/"'):
        assert href in body, href


def test_sample_notice_in_japanese(client, sample_catalogue):
    body = client.get("/cards/", **JA).content.decode()
    assert "サンプル" in body and "2003" in body


def test_logged_in_header(client, user):
    client.force_login(user)
    body = client.get("/", **EN).content.decode()
    assert "alice" in body
    assert 'href="/accounts/tokens/"' in body
    assert 'action="/accounts/logout/" method="post"' in body
    assert 'href="/accounts/login/"' not in body


def test_language_switch(client, sample_catalogue):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/cards/"})
    assert response.status_code == 302 and response["Location"] == "/cards/"
    assert "Search syntax" in client.get("/cards/").content.decode()
    client.post("/i18n/setlang/", {"language": "ja", "next": "/cards/"})
    assert "検索の書き方" in client.get("/cards/").content.decode()


def test_404_page_is_html_and_translated(client, db):
    en, ja = page_in_both_languages(client, "/no/such/page/", 404)
    assert "Not found" in en
    assert "見つかりません" in ja
    assert "SAMPLE" in en


def test_static_files_are_served(client, db):
    for path in ("/static/css/site.css", "/static/js/site.js"):
        response = client.get(path)
        assert response.status_code == 200, path


def test_the_api_docs_need_no_network(client):
    # Swagger UI comes from the site's own static files (no CDN), so the docs work offline.
    body = client.get("/api/docs/").content.decode()
    assert "cdn.jsdelivr.net" not in body and "unpkg.com" not in body
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in body
    assert client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200
