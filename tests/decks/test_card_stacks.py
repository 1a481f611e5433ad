"""A deck's cards as card faces (the "Cards" view beside the list) on a deck's page and in the
builder's panel: one face per distinct card, stacked by type in the list's order
(``decks.views.group_by_type``), in the reader's language, lazy-loaded, each with its count and
``data-card`` for the preview."""
import json
import re

import pytest

from decks import services
from decks.selectors import check_entries
from tests.conftest import EN, JA

pytestmark = pytest.mark.django_db

# Two cards of each type, given out of order: characters Kagura (SMP-001, かえんぶちょうかぐら)
# and Hinata (SMP-002, ねっけつのてんこうせいひなた); items Scorched Textbook (SMP-012,
# こげたきょうかしょ) and Clubroom Shinai (SMP-013, ぶしつのしない); events Fighting Spirit
# (SMP-008, とうし) and Day and Night (SMP-060, ひるとよる).
ENTRIES = [
    {"code": "SMP-060", "count": 3}, {"code": "SMP-012", "count": 2}, {"code": "SMP-001", "count": 2},
    {"code": "SMP-008", "count": 1}, {"code": "SMP-013", "count": 3}, {"code": "SMP-002", "count": 3},
]
# In English by English name, in Japanese by reading; the types in TYPES's order either way.
ORDER = {
    "en": [("character", ["SMP-002", "SMP-001"]), ("item", ["SMP-013", "SMP-012"]), ("event", ["SMP-060", "SMP-008"])],
    "ja": [("character", ["SMP-001", "SMP-002"]), ("item", ["SMP-012", "SMP-013"]), ("event", ["SMP-008", "SMP-060"])],
}
COUNTS = {e["code"]: e["count"] for e in ENTRIES}
FACE = re.compile(
    r'<li class="stack-card" data-code="(?P<code>[A-Z0-9-]+)" data-count="(?P<count>\d+)">\s*'
    r'<span class="stack-count"><span aria-hidden="true">(?P<badge>[^<]+)</span>'
    r'<span class="visually-hidden">(?P<spoken>[^<]+)</span></span>\s*'
    r'(?:<a class="stack-face" href="(?P<href>[^"]+)" data-card="(?P<link_card>[^"]+)">|<span class="stack-face">)'
    r'<img src="(?P<src>[^"]+)" alt="(?P<alt>[^"]+)" lang="(?P<alt_lang>\w+)" width="244" height="340" '
    r'loading="lazy" decoding="async" data-card="(?P<card>[^"]+)">'
)


def stacks(body: str) -> list[tuple[str, list[dict]]]:
    """The card view of a page: ``[(type, [face fields])]`` in the page's order."""
    view = re.search(r'<div class="deck-view-cards">\s*<div class="card-stacks">(.*?)</div>\s*</div>', body, re.S)
    assert view, "no card view"
    found = []
    for kind, inner in re.findall(r'<section class="card-stack type-(\w+)" data-type="\1">(.*?)</section>', view.group(1), re.S):
        faces = [m.groupdict() for m in FACE.finditer(inner)]
        assert len(faces) == inner.count("<img "), f"a face of another shape in {kind}"
        found.append((kind, faces))
    return found


def expected(lang: str, links: bool) -> list[tuple[str, list[dict]]]:
    spoken = {"en": lambda n: f"{n} cop{'y' if n == 1 else 'ies'}", "ja": lambda n: f"{n}枚"}[lang]
    names = {"SMP-001": ("Kagura, Flame Club Captain", "火炎部長カグラ"), "SMP-002": ("Hinata, Hot-Blooded Transfer Student", "熱血の転校生ヒナタ"),
             "SMP-012": ("Scorched Textbook", "焦げた教科書"), "SMP-013": ("Clubroom Shinai", "部室の竹刀"),
             "SMP-008": ("Fighting Spirit", "闘志"), "SMP-060": ("Day and Night", "昼と夜")}
    return [(kind, [{
        "code": code, "count": str(COUNTS[code]), "badge": f"×{COUNTS[code]}", "spoken": spoken(COUNTS[code]),
        "href": f"/cards/{code}/" if links else None, "link_card": code if links else None,
        "src": f"/cards/{code}/face.svg?lang={lang}", "alt": names[code][0 if lang == "en" else 1], "alt_lang": lang,
        "card": code,
    } for code in codes]) for kind, codes in ORDER[lang]]


@pytest.fixture
def deck(sample_catalogue, user):
    return services.create_deck(user, "六種", check_entries(ENTRIES))


def test_the_deck_page_stacks_one_face_per_card_by_type_in_both_languages(client, deck):
    client.force_login(deck.owner)
    for lang, headers in (("en", EN), ("ja", JA)):
        body = client.get(f"/decks/{deck.pk}/", **headers).content.decode()
        assert stacks(body) == expected(lang, links=True)
        assert re.findall(r'<button type="button" class="view-button" data-show-view="(\w+)" aria-pressed="(\w+)">([^<]+)</button>', body) == (
            [("list", "true", "List"), ("cards", "false", "Cards")] if lang == "en"
            else [("list", "true", "リスト"), ("cards", "false", "カード")])
        # the list is still there, in the same order
        listed = re.findall(r'<td class="code"><a href="/cards/([A-Z0-9-]+)/"', body)
        assert listed == [code for _, codes in ORDER[lang] for code in codes]


def test_the_card_view_follows_the_chosen_order(client, deck):
    client.force_login(deck.owner)
    body = client.get(f"/decks/{deck.pk}/?sort=code", **EN).content.decode()
    assert [(kind, [f["code"] for f in faces]) for kind, faces in stacks(body)] == [
        ("character", ["SMP-001", "SMP-002"]), ("item", ["SMP-012", "SMP-013"]), ("event", ["SMP-008", "SMP-060"])]


def test_the_builder_panel_stacks_the_list_being_built_in_both_languages(client, sample_catalogue):
    for lang, headers in (("en", EN), ("ja", JA)):
        response = client.post("/decks/builder/panel/", json.dumps({"cards": ENTRIES}), content_type="application/json", **headers)
        assert response.status_code == 200
        body = response.content.decode()
        assert stacks(body) == expected(lang, links=False)
        assert body.count('data-show-view="cards"') == 1


def test_the_builder_opens_with_the_deck_as_faces_too(client, deck):
    client.force_login(deck.owner)
    body = client.get(f"/decks/{deck.pk}/edit/", **JA).content.decode()
    assert stacks(body) == expected("ja", links=False)
    assert "decks/deck_view_early.js" in body


def test_an_empty_builder_has_no_switch_and_no_faces(client, user, sample_catalogue):
    client.force_login(user)
    body = client.get("/decks/new/", **EN).content.decode()
    assert 'id="builder-empty"' in body
    assert "data-show-view" not in body and "card-stacks" not in body
