"""Deck builder pages: the builder and its live panel, a deck's page with statistics and odds,
the history with diffs and restore, copying and the printable list."""
import json
import re

import pytest

from decks import services
from decks.models import Deck, DeckVersion
from decks.selectors import check_entries
from tests.conftest import EN, JA, page_in_both_languages

pytestmark = pytest.mark.django_db

SMALL = [{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}, {"code": "SMP-008", "count": 1}]


@pytest.fixture
def alice_deck(sample_catalogue, user):
    deck = services.create_deck(user, "アリスの赤", check_entries(SMALL), note="first")
    services.update_deck(deck, user, check_entries(
        [{"code": "SMP-001", "count": 2}, {"code": "SMP-012", "count": 2}, {"code": "SMP-013", "count": 3}]))
    return deck


def panel(client, body, **headers):
    return client.post("/decks/builder/panel/", json.dumps(body), content_type="application/json", **headers)


def test_builder_needs_a_login(client, sample_catalogue):
    response = client.get("/decks/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_new_deck_builder_in_both_languages(client, user, sample_catalogue):
    client.force_login(user)
    en, ja = page_in_both_languages(client, "/decks/new/")
    for body in (en, ja):
        assert 'id="card-search"' in body and 'list="card-names"' in body
        assert 'id="builder-panel"' in body and 'data-total="0"' in body
        assert 'id="builder-entries"' in body
    assert "No cards yet" in en and "New deck" in en
    assert "新しいデッキ" in ja


def test_edit_own_deck_others_are_refused(client, alice_deck, other_user):
    client.force_login(alice_deck.owner)
    body = client.get(f"/decks/{alice_deck.pk}/edit/", **EN).content.decode()
    assert 'data-total="7"' in body and f'data-deck-id="{alice_deck.pk}"' in body
    assert 'value="アリスの赤"' in body
    client.force_login(other_user)
    assert client.get(f"/decks/{alice_deck.pk}/edit/").status_code == 404  # private
    Deck.objects.filter(pk=alice_deck.pk).update(is_public=True)
    assert client.get(f"/decks/{alice_deck.pk}/edit/").status_code == 403


def test_panel_validates_live_and_names_every_problem(client, sample_catalogue):
    response = panel(client, {"cards": [{"code": "SMP-001", "count": 4}, {"code": "SMP-012", "count": 2}]}, **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'data-total="6"' in body and 'data-valid="false"' in body
    codes = re.findall(r'<li class="problem" data-code="([a-z_]+)"(?: data-card="[A-Z0-9-]+")?>', body)
    assert codes == ["too_many_copies", "deck_size"]
    assert "A deck has exactly 51 cards; this one has 6." in body
    # each card with its +/− buttons and its key fields
    assert 'data-action="add" data-code="SMP-001"' in body and 'data-action="remove" data-code="SMP-001"' in body
    assert "<dd>6</dd>" in body  # Kagura's HP
    assert 'id="chart-types"' in body and "<svg" in body
    entries = re.search(r'<script id="builder-entries" type="application/json">(.*?)</script>', body).group(1)
    assert json.loads(entries) == [{"code": "SMP-001", "count": 4}, {"code": "SMP-012", "count": 2}]


def test_panel_import_is_refused_whole_with_every_problem(client, sample_catalogue):
    refused = panel(client, {"text": "3 SMP-001\n2 ないカード\n0 SMP-012\n"}, **EN)
    assert refused.status_code == 422
    assert re.findall(r'data-code="([a-z_]+)"', refused.content.decode()) == ["unknown_card", "bad_line"]
    accepted = panel(client, {"text": "3 火炎部長カグラ\n2 smp-012\n"}, **JA)
    assert accepted.status_code == 200
    entries = re.search(r'id="builder-entries" type="application/json">(.*?)</script>', accepted.content.decode())
    assert json.loads(entries.group(1)) == [{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}]
    for bad in ("not json", json.dumps([1, 2]), json.dumps({"cards": [{"code": "SMP-001", "count": 0}]})):
        response = client.post("/decks/builder/panel/", bad, content_type="application/json")
        assert response.status_code == 400


def test_deck_page_shows_stats_odds_and_links(client, sample_catalogue):
    en, ja = page_in_both_languages(client, "/decks/SMP-RED/")
    for body in (en, ja):
        for marker in ('id="chart-types"', 'id="chart-size"', 'id="chart-step1"', 'id="damage-table"',
                       'id="odds-table"', 'id="goldfish"', 'href="/decks/SMP-RED/history/"', 'href="/decks/SMP-RED/print/"',
                       'href="/api/decks/SMP-RED/export/?as=text&amp;lang=', 'id="share-url"'):
            assert marker in body, marker
    # 3 copies of Kagura: at least one in the opening 7 is 1083/2975 = 36.4%.
    row = re.search(r'<th scope="row" title="Kagura, Flame Club Captain" data-card="SMP-001"><span class="odds-name">Kagura, Flame Club Captain</span></th>(.*?)</tr>', en, re.S).group(1)
    assert '<th scope="row" title="火炎部長カグラ" data-card="SMP-001"><span class="odds-name">火炎部長カグラ</span></th>' in ja
    assert '<td class="num" title="1083/2975">36.4%</td>' in row
    assert "Draw odds" in en and "ドローの確率" in ja
    at_least_two = client.get("/decks/SMP-RED/?k=2&played=3", **EN).content.decode()
    row = re.search(r'<th scope="row" title="Kagura, Flame Club Captain" data-card="SMP-001"><span class="odds-name">Kagura, Flame Club Captain</span></th>(.*?)</tr>', at_least_two, re.S).group(1)
    assert 'title="137/2975"' in row  # at least 2 of 3: 5331492/115775100


def test_history_shows_the_diff_and_the_owner_restores(client, alice_deck, other_user):
    client.force_login(alice_deck.owner)
    body = client.get(f"/decks/{alice_deck.pk}/history/", **EN).content.decode()
    rows = re.findall(r'<tr class="diff-row" data-code="([A-Z0-9-]+)">.*?<td class="num change (plus|minus)">(.*?)</td>', body, re.S)
    assert rows == [("SMP-001", "minus", "−1"), ("SMP-013", "plus", "+3"), ("SMP-008", "minus", "−1")]
    assert "Restore version 1" in body and "Restore version 2" not in body
    assert re.findall(r'<span class="version-kind">(.*?)</span>', body) == ["saved", "created"]
    assert client.get(f"/decks/{alice_deck.pk}/history/?from=9", **EN).status_code == 400

    response = client.post(f"/decks/{alice_deck.pk}/history/restore/", {"number": "1"})
    assert response.status_code == 302 and response["Location"] == f"/decks/{alice_deck.pk}/history/?from=1&to=3"
    assert DeckVersion.objects.get(deck=alice_deck, number=3).entries == DeckVersion.objects.get(
        deck=alice_deck, number=1).entries
    restored = client.get(f"/decks/{alice_deck.pk}/history/", **JA).content.decode()
    assert re.findall(r'<span class="version-kind">(.*?)</span>', restored)[0] == "版1から戻した"

    client.force_login(other_user)
    assert client.get(f"/decks/{alice_deck.pk}/history/").status_code == 404
    assert client.post(f"/decks/{alice_deck.pk}/history/restore/", {"number": "1"}).status_code == 404
    Deck.objects.filter(pk=alice_deck.pk).update(is_public=True)
    assert client.post(f"/decks/{alice_deck.pk}/history/restore/", {"number": "1"}).status_code == 403
    assert DeckVersion.objects.filter(deck=alice_deck).count() == 3


def test_copy_a_public_deck_from_its_page(client, user, sample_catalogue):
    assert client.post("/decks/SMP-RED/copy/").status_code == 302  # to the login page
    assert Deck.objects.filter(owner=user).count() == 0
    client.force_login(user)
    response = client.post("/decks/SMP-RED/copy/")
    mine = Deck.objects.get(owner=user)
    assert response["Location"] == f"/decks/{mine.pk}/edit/"
    assert (mine.is_public, mine.copied_from_id, mine.entries.count()) == (False, "SMP-RED", 19)


def test_printable_list(client, sample_catalogue):
    en, ja = page_in_both_languages(client, "/decks/SMP-RED/print/")
    assert '3 × <span class="name-first" lang="en">Kagura, Flame Club Captain</span>' in en and "Valid deck" in en
    assert '3 × <span class="name-first" lang="ja">火炎部長カグラ</span>' in ja
    assert client.get("/decks/nope/print/").status_code == 404
