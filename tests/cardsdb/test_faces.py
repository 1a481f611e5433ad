"""Card faces served by the site (``/cards/<code>/face.svg``, ``face.png``, the same under
``/api/``) and the ``image_uris`` of every card answer of the API."""
import json
import xml.etree.ElementTree as ET
from io import StringIO
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from cardsdb.models import Card
from cardsdb.services import parse_catalogue
from tests.conftest import EN, JA

SVG = "{http://www.w3.org/2000/svg}"
CACHE_CONTROL = "public, max-age=86400, must-revalidate"
DOORS = ["/cards/", "/api/cards/"]


def name_shown(response) -> str:
    """The first name a face shows."""
    root = ET.fromstring(response.content)
    element = next(el for el in root.iter() if el.get("id") == "name")
    return "".join(element.itertext())


@pytest.mark.parametrize("door", DOORS)
def test_a_face_is_an_svg_image_with_its_cache_headers(client, sample_catalogue, door):
    response = client.get(f"{door}SMP-001/face.svg", {"lang": "ja"})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response["Cache-Control"] == CACHE_CONTROL
    assert response["Content-Security-Policy"] == "default-src 'none'"
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Content-Disposition"] == 'inline; filename="SMP-001-ja.svg"'
    assert response["Content-Language"] == "ja"
    assert response["ETag"].startswith('"') and response["Last-Modified"]
    assert name_shown(response) == "火炎部長カグラ"
    assert b"<script" not in response.content and b"href" not in response.content
    english = client.get(f"{door}smp-001/face.svg", {"lang": "en"})  # a code in any case
    assert name_shown(english) == "Kagura, Flame Club Captain"
    assert english["Content-Language"] == "en"
    assert english["ETag"] != response["ETag"]


def test_without_lang_a_face_is_in_the_request_language(client, sample_catalogue):
    assert name_shown(client.get("/cards/SMP-001/face.svg")) == "火炎部長カグラ"  # pages: Japanese by default
    assert name_shown(client.get("/cards/SMP-001/face.svg", **EN)) == "Kagura, Flame Club Captain"
    assert name_shown(client.get("/api/cards/SMP-001/face.svg")) == "Kagura, Flame Club Captain"  # API: English
    assert name_shown(client.get("/api/cards/SMP-001/face.svg", **JA)) == "火炎部長カグラ"
    ja, en = client.get("/cards/SMP-001/face.svg", **JA), client.get("/cards/SMP-001/face.svg", {"lang": "ja"}, **EN)
    assert ja["ETag"] == en["ETag"] and ja.content == en.content


@pytest.mark.parametrize("door", DOORS)
def test_a_matching_if_none_match_is_304_without_reading_the_card(client, sample_catalogue, door,
                                                                   django_assert_num_queries):
    path = f"{door}SMP-002/face.svg?lang=en"
    first = client.get(path)
    with django_assert_num_queries(1):  # the catalogue's version: the card is neither read nor drawn
        again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert (again.status_code, again.content) == (304, b"")
    assert (again["ETag"], again["Cache-Control"]) == (first["ETag"], CACHE_CONTROL)
    card = Card.objects.get(code="SMP-002")
    card.name_en = "Hinata the Bold"
    card.save()
    changed = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert name_shown(changed) == "Hinata the Bold"


def test_an_unknown_card_is_the_404_page_or_the_api_error(client, sample_catalogue):
    page = client.get("/cards/SMP-999/face.svg", **EN)
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert "Not found" in page.content.decode()
    for path in ("/api/cards/SMP-999/face.svg", "/api/cards/SMP-999/face.png"):
        api = client.get(path, HTTP_IF_NONE_MATCH="*")
        assert api.status_code == 404 and "ETag" not in api
        assert api.json() == {"error": {"code": "not_found", "message": "No card has the code SMP-999.",
                                        "details": {"code": "SMP-999"}}}
    assert client.get("/cards/%00/face.svg").status_code == 404
    assert client.get("/api/cards/x%00y/face.svg").json()["error"]["code"] == "not_found"


def test_the_api_face_answers_whatever_the_accept_header_and_refuses_in_json(api, sample_catalogue):
    for accept in ("image/svg+xml", "image/png", "text/html", "application/json"):
        assert api.get("/api/cards/SMP-001/face.svg", HTTP_ACCEPT=accept)["Content-Type"] == "image/svg+xml"
    missing = api.get("/api/cards/SMP-999/face.svg", HTTP_ACCEPT="image/svg+xml")
    assert (missing.status_code, missing["Content-Type"]) == (404, "application/json")
    assert missing.json()["error"]["code"] == "not_found"


def test_an_empty_language_is_the_default_at_both_doors(client, sample_catalogue):
    for door in ("/cards/", "/api/cards/"):
        response = client.get(f"{door}SMP-001/face.svg", {"lang": ""}, **EN)
        assert (response.status_code, response["Content-Language"]) == (200, "en"), door


@pytest.mark.parametrize("lang", ["fr", "JA", "ja-JP"])
def test_a_bad_language_is_400_at_both_doors(client, sample_catalogue, lang):
    page = client.get("/cards/SMP-001/face.svg", {"lang": lang}, **EN)
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
    assert f"The language of a card face is ja or en, not “{lang}”." in page.content.decode()
    ja_page = client.get("/cards/SMP-001/face.svg", {"lang": lang}, **JA)
    assert f"カード画像の言語は ja か en です（“{lang}” ではありません）。" in ja_page.content.decode()
    api = client.get("/api/cards/SMP-001/face.svg", {"lang": lang})
    assert api.status_code == 400
    error = api.json()["error"]
    assert (error["code"], error["details"]["parameter"], error["details"]["value"]) == ("bad_parameter", "lang", lang)


@pytest.mark.parametrize("door", DOORS)
def test_a_face_as_png(client, sample_catalogue, door):
    response = client.get(f"{door}SMP-053/face.png", {"lang": "ja"})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png" and response["Cache-Control"] == CACHE_CONTROL
    body = response.content
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")) == (488, 680)
    again = client.get(f"{door}SMP-053/face.png", {"lang": "ja"}, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert response["ETag"] != client.get(f"{door}SMP-053/face.svg", {"lang": "ja"})["ETag"]


# --- image_uris in every card answer -----------------------------------------------------
def _bulk_cards(api) -> list[dict]:
    response = api.get("/api/cards/bulk/")
    assert response.status_code == 200
    return json.loads(b"".join(response).decode())["cards"]  # the test client reads the streamed parts


pytestmark = pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume asynchronous iterators")
ANSWERS = {
    "list": lambda api: api.get("/api/cards/", {"q": "cn:1 s:smp"}).json()["results"],
    "card": lambda api: [api.get("/api/cards/SMP-001/").json()],
    "named": lambda api: [api.get("/api/cards/named/", {"exact": "火炎部長カグラ"}).json()],
    "random": lambda api: [api.get("/api/cards/random/", {"q": "!火炎部長カグラ"}).json()],
    "collection": lambda api: api.post("/api/cards/collection/", {"identifiers": [{"code": "SMP-001"}]},
                                       format="json").json()["cards"],
    "bulk": lambda api: [c for c in _bulk_cards(api) if c["code"] == "SMP-001"],
}


@pytest.mark.parametrize("answer", ANSWERS)
def test_every_card_answer_gives_image_uris_that_answer_with_the_face(api, sample_catalogue, answer):
    cards = ANSWERS[answer](api)
    assert [c["code"] for c in cards] == ["SMP-001"]
    uris = cards[0]["image_uris"]
    assert uris == {"svg": "http://testserver/cards/SMP-001/face.svg?lang=en",
                    "png": "http://testserver/cards/SMP-001/face.png?lang=en"}
    for fmt, uri in uris.items():
        parts = urlsplit(uri)
        face = api.get(parts.path, dict([parts.query.split("=")]))
        assert (face.status_code, face["Content-Type"]) == (200, {"svg": "image/svg+xml", "png": "image/png"}[fmt])
    japanese = ANSWERS[answer](api.__class__(HTTP_ACCEPT_LANGUAGE="ja"))
    assert japanese[0]["image_uris"]["svg"] == "http://testserver/cards/SMP-001/face.svg?lang=ja"


def test_image_uris_are_built_from_the_request_host(api, sample_catalogue):
    body = api.get("/api/cards/SMP-001/", HTTP_HOST="localhost:8000").json()
    assert body["image_uris"]["svg"] == "http://localhost:8000/cards/SMP-001/face.svg?lang=en"


def test_the_bulk_answer_with_image_uris_imports_back_with_import_cards(api, sample_catalogue, tmp_path):
    response = api.get("/api/cards/bulk/")
    text = b"".join(response).decode()
    cards = json.loads(text)["cards"]
    assert len(cards) == 72 and all(set(c["image_uris"]) == {"svg", "png"} for c in cards)
    before = {c.code: c.to_record() for c in Card.objects.all()}
    Card.objects.filter(code="SMP-001").update(name_en="changed")
    path = tmp_path / "bulk.json"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("import_cards", str(path), "--no-progress", stdout=out)
    assert out.getvalue() == f"Imported 72 card(s) from {path}: 0 new, 72 updated.\n"
    assert {c.code: c.to_record() for c in Card.objects.all()} == before
    assert parse_catalogue(json.dumps({"cards": [dict(cards[0], image_uris=[1])]}), "json").cards[0].code == "SMP-001"


def test_the_schema_documents_image_uris_and_the_face_endpoints(api, db):
    schema = api.get("/api/schema/?format=json").json()
    card = schema["components"]["schemas"]["Card"]
    assert "image_uris" in card["required"]
    uris = card["properties"]["image_uris"]
    assert uris["required"] == ["svg"] and set(uris["properties"]) == {"svg", "png"}
    assert uris["properties"]["svg"]["format"] == "uri"
    for fmt, media in (("svg", "image/svg+xml"), ("png", "image/png")):
        operation = schema["paths"][f"/api/cards/{{code}}/face.{fmt}"]["get"]
        assert list(operation["responses"]["200"]["content"]) == [media]
        assert {"400", "404"} <= set(operation["responses"])
        lang = next(p for p in operation["parameters"] if p["name"] == "lang")
        assert sorted(lang["schema"]["enum"]) == ["en", "ja"]
