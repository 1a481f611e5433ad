"""A builder that never loses work: drafts kept on the server, no version for a save that
changes nothing, adding a card to a deck within the copy limit, "play this deck", the sample
hand, and downloads named by the deck."""
import json
import re

import pytest

from decks import selectors, services
from decks.api.sharing import download_name
from decks.models import Deck, DeckDraft
from play.models import Match
from tcg.decks.goldfish import sample_game

SMALL = [{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}, {"code": "SMP-008", "count": 1}]


def make_deck(owner, cards=SMALL, name="テスト"):
    return services.create_deck(owner, name, selectors.check_entries(cards))


# --- no new version for a save that changes nothing ------------------------------------------

def test_saving_the_same_cards_makes_no_new_version(user, sample_catalogue):
    deck = make_deck(user)
    services.update_deck(deck, user, selectors.check_entries(SMALL), name="改名")
    assert list(deck.versions.values_list("number", flat=True)) == [1]
    deck.refresh_from_db()
    assert deck.name == "改名"
    changed = [*SMALL[:2], {"code": "SMP-008", "count": 2}]
    services.update_deck(deck, user, selectors.check_entries(changed))
    assert list(deck.versions.order_by("number").values_list("number", flat=True)) == [1, 2]
    # the same cards again: still version 2
    services.update_deck(deck, user, selectors.check_entries(changed), note="again")
    assert deck.versions.count() == 2
    # the same cards in another order are a new list order: a new version
    services.update_deck(deck, user, selectors.check_entries(list(reversed(changed))))
    assert deck.versions.count() == 3


def test_an_unchanged_put_answers_the_same_version(alice_api, sample_catalogue):
    created = alice_api.post("/api/decks/", {"name": "a", "cards": SMALL}, format="json").json()
    again = alice_api.put(f"/api/decks/{created['id']}/", {"name": "b", "cards": SMALL}, format="json")
    assert again.status_code == 200
    assert (again.json()["version"], again.json()["name"]) == (1, "b")


# --- add to a deck --------------------------------------------------------------------------

def test_add_card_up_to_three_copies(user, sample_catalogue):
    deck = make_deck(user, [{"code": "SMP-012", "count": 2}])
    version, card, copies = services.add_card(deck, user, "smp-012")
    assert (version.number, card.code, card.name, card.name_en, copies, version.total) == (
        2, "SMP-012", "焦げた教科書", "Scorched Textbook", 3, 3)
    assert version.note == "+1 SMP-012"
    with pytest.raises(services.CopyLimitError) as refused:
        services.add_card(deck, user, "SMP-012")
    assert (refused.value.name, refused.value.name_en, refused.value.count, refused.value.max) == (
        "焦げた教科書", "Scorched Textbook", 3, 3)
    assert deck.versions.count() == 2
    version, _, copies = services.add_card(deck, user, "SMP-001")
    assert version.entries[-1] == {"code": "SMP-001", "name": "火炎部長カグラ", "type": "character", "count": 1}
    assert copies == 1


def test_add_card_counts_every_printing_of_a_name(user, t_catalogue):
    # T-001 and T-019 are both 炎の剣士アリサ
    deck = make_deck(user, [{"code": "T-001", "count": 2}, {"code": "T-019", "count": 1}])
    with pytest.raises(services.CopyLimitError) as refused:
        services.add_card(deck, user, "T-019")
    assert (refused.value.name, refused.value.count) == ("炎の剣士アリサ", 3)
    assert [(e.card.code, e.count) for e in deck.entries.select_related("card")] == [("T-001", 2), ("T-019", 1)]


def test_add_card_over_the_api(alice_api, bob_api, api, user, sample_catalogue):
    deck = make_deck(user, [{"code": "SMP-012", "count": 2}], name="赤")
    url = f"/api/decks/{deck.pk}/cards/"
    done = alice_api.post(url, {"code": "SMP-012"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert done.status_code == 201
    assert done.json() == {
        "deck": deck.pk, "code": "SMP-012", "copies": 3, "total": 3, "version": 2,
        "message": "Added to “赤”: it now holds 3 copies of Scorched Textbook (3 cards).", "warning": None,
    }
    full = alice_api.post(url, {"code": "SMP-012"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert full.status_code == 400
    assert full.json()["error"] == {
        "code": "too_many_copies",
        "message": "“赤” holds 3 copies of Scorched Textbook already; a deck may hold at most 3.",
        "details": {"name": "焦げた教科書", "count": 3, "max": 3},
    }
    ja = alice_api.post(url, {"code": "SMP-012"}, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert ja.json()["error"]["message"] == "「赤」には焦げた教科書がすでに3枚あります。同じカードは3枚までです。"
    unknown = alice_api.post(url, {"code": "SMP-999"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "invalid_deck_list"
    assert alice_api.post(url, {"code": "SMP-001", "count": 4}, format="json").status_code == 400
    assert bob_api.post(url, {"code": "SMP-001"}, format="json").status_code == 404  # private: not visible
    assert bob_api.post("/api/decks/SMP-RED/cards/", {"code": "SMP-001"}, format="json").status_code == 403
    assert api.post(url, {"code": "SMP-001"}, format="json").status_code == 401
    assert deck.versions.count() == 2


# --- drafts -----------------------------------------------------------------------------------

def test_drafts_are_kept_replaced_and_discarded(alice_api, bob_api, user, sample_catalogue):
    body = {"cards": SMALL, "name": "作りかけ", "description": "", "public": False}
    assert alice_api.get("/api/deck-drafts/new/").status_code == 404
    put = alice_api.put("/api/deck-drafts/new/", body, format="json")
    assert put.status_code == 200
    assert {k: put.json()[k] for k in ("deck", "cards", "name", "public")} == {
        "deck": None, "cards": SMALL, "name": "作りかけ", "public": False}
    alice_api.put("/api/deck-drafts/new/", {**body, "cards": SMALL[:1]}, format="json")
    assert DeckDraft.objects.filter(owner=user, deck=None).count() == 1
    assert alice_api.get("/api/deck-drafts/new/").json()["cards"] == SMALL[:1]

    deck = make_deck(user)
    edit = alice_api.put(f"/api/deck-drafts/{deck.pk}/", {"cards": SMALL[1:]}, format="json")
    assert edit.status_code == 200 and edit.json()["deck"] == deck.pk
    assert DeckDraft.objects.filter(owner=user).count() == 2
    assert bob_api.put(f"/api/deck-drafts/{deck.pk}/", {"cards": []}, format="json").status_code == 404
    assert bob_api.put("/api/deck-drafts/SMP-RED/", {"cards": []}, format="json").status_code == 403
    bad = alice_api.put("/api/deck-drafts/new/", {"cards": [{"code": "SMP-001", "count": 0}]}, format="json")
    assert bad.status_code == 400
    assert alice_api.get("/api/deck-drafts/new/").json()["cards"] == SMALL[:1]  # the refused one changed nothing
    based = alice_api.put("/api/deck-drafts/new/", {**body, "base_version": 99999}, format="json")
    assert (based.status_code, based.json()["error"]["message"]) == (404, "Deck new has no version 99999.")
    assert alice_api.get("/api/deck-drafts/new/").json()["cards"] == SMALL[:1]  # a new deck has no versions yet

    assert alice_api.delete(f"/api/deck-drafts/{deck.pk}/").status_code == 204
    assert alice_api.delete("/api/deck-drafts/new/").status_code == 204
    assert DeckDraft.objects.count() == 0


def test_a_draft_is_its_owners_alone(alice_api, bob_api, user, sample_catalogue):
    """Nobody has a draft of another person's deck: reading or discarding one is 404 whether the
    deck is public or private (never a refusal "to change it" for a read); keeping one of a deck
    that can be read is 403 with the draft's own words, of a private deck 404."""
    public = services.create_deck(user, "Open", selectors.check_entries(SMALL), is_public=True)
    private = make_deck(user)
    for deck in (public, private):
        services.save_draft(user, deck, SMALL[:1], name="Alice's work")
    for deck_id in (public.pk, private.pk, "SMP-RED"):
        url = f"/api/deck-drafts/{deck_id}/"
        read = bob_api.get(url)
        assert (read.status_code, read.json()["error"]["code"]) == (404, "not_found"), deck_id
        assert bob_api.delete(url).status_code == 404, deck_id
    for deck_id in (public.pk, "SMP-RED"):
        kept = bob_api.put(f"/api/deck-drafts/{deck_id}/", {"cards": []}, format="json")
        assert (kept.status_code, kept.json()["error"]["message"]) == (
            403, "Only the deck's owner may keep a draft of it."), deck_id
    assert bob_api.put(f"/api/deck-drafts/{private.pk}/", {"cards": []}, format="json").status_code == 404
    # Alice's drafts are untouched, and hers to read.
    assert DeckDraft.objects.filter(owner=user).count() == 2
    assert alice_api.get(f"/api/deck-drafts/{public.pk}/").json()["cards"] == SMALL[:1]


@pytest.mark.parametrize("target", ["new", "deck"])
def test_a_draft_write_overtaken_on_its_way_is_not_applied(alice_api, user, sample_catalogue, target):
    deck_id = "new" if target == "new" else make_deck(user).pk
    url = f"/api/deck-drafts/{deck_id}/"

    def put(cards, **order):
        answer = alice_api.put(url, {"cards": cards, **order}, format="json")
        assert answer.status_code == 200, answer.content
        return {k: answer.json()[k] for k in ("cards", "writer", "sequence")}

    assert put(SMALL, writer="page-a", sequence=2) == {"cards": SMALL, "writer": "page-a", "sequence": 2}
    # Write 1 of the same page arrives after write 2 (sent as the page closed): the draft stays.
    assert put(SMALL[:1], writer="page-a", sequence=1) == {"cards": SMALL, "writer": "page-a", "sequence": 2}
    assert put(SMALL[:1], writer="page-a", sequence=2) == {"cards": SMALL, "writer": "page-a", "sequence": 2}
    assert put(SMALL[1:], writer="page-a", sequence=3) == {"cards": SMALL[1:], "writer": "page-a", "sequence": 3}
    # Another page (opened later) writes from its own first number; a client sending no order
    # replaces the draft too, as before.
    assert put(SMALL[:1], writer="page-b", sequence=1) == {"cards": SMALL[:1], "writer": "page-b", "sequence": 1}
    assert put(SMALL, writer="page-b") == {"cards": SMALL, "writer": "page-b", "sequence": 0}
    assert put(SMALL[1:]) == {"cards": SMALL[1:], "writer": "", "sequence": 0}
    assert DeckDraft.objects.filter(owner=user).count() == 1
    bad = alice_api.put(url, {"cards": SMALL, "writer": "x" * 41, "sequence": -1}, format="json")
    assert bad.status_code == 400
    assert [p["field"] for p in bad.json()["error"]["details"]["problems"]] == ["writer", "sequence"]
    odd = alice_api.put(url, {"cards": SMALL, "writer": "page\u202e", "sequence": 9}, format="json")
    assert (odd.status_code, odd.json()["error"]["details"]["problems"]) == (
        400, [{"field": "writer", "message": "Use letters, digits, - and _ only."}])
    assert alice_api.get(url).json()["cards"] == SMALL[1:]


def test_the_builder_restores_a_draft(client, user, sample_catalogue):
    services.save_draft(user, None, [{"code": "SMP-001", "count": 2}], name="途中")
    client.force_login(user)
    page = client.get("/decks/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="draft-notice"' in page and "This is the unsaved deck you were building" in page
    assert 'value="途中"' in page and 'data-draft="true"' in page
    assert '[{"code": "SMP-001", "count": 2}]' in page
    deck = make_deck(user)
    services.save_draft(user, deck, SMALL[:1], name="テスト")
    edit = client.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "保存していない変更を復元しました。保存済みのデッキは版1です。" in edit
    other = make_deck(user, name="別")
    assert 'id="draft-notice"' not in client.get(f"/decks/{other.pk}/edit/").content.decode()


# --- play this deck ---------------------------------------------------------------------------

def test_play_this_deck_opens_a_table_against_a_bot(client, user, sample_catalogue):
    client.force_login(user)
    response = client.post("/play/deck/SMP-GREEN/")
    assert response.status_code == 302
    match_id = re.fullmatch(r"/play/m/([^/]+)/", response["Location"]).group(1)
    match = Match.objects.get(pk=match_id)
    assert (match.game, match.status, match.players) == ("eoc", "running", 2)
    seats = list(match.seats.order_by("index"))
    assert [(s.bot, s.deck["id"]) for s in seats] == [("", "SMP-GREEN"), ("heuristic", "SMP-RED")]
    assert seats[0].user_id == user.pk


def test_play_this_deck_refuses_an_illegal_deck_with_a_message(client, user, sample_catalogue):
    deck = make_deck(user)
    client.force_login(user)
    response = client.post(f"/play/deck/{deck.pk}/", {"next": f"/decks/{deck.pk}/edit/"},
                           HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert response.redirect_chain == [(f"/decks/{deck.pk}/edit/", 302)]
    assert "This deck breaks the deck rules, so it cannot be played:" in response.content.decode()
    assert Match.objects.count() == 0
    assert client.get(f"/play/deck/{deck.pk}/").status_code == 405


def test_the_deck_page_offers_play_only_for_a_legal_deck(client, user, sample_catalogue):
    client.force_login(user)
    legal = client.get("/decks/SMP-RED/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'action="/play/deck/SMP-RED/"' in legal
    deck = make_deck(user)
    illegal = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="play-button" disabled' in illegal and "Only a legal deck can be played" in illegal


# --- sample hand --------------------------------------------------------------------------------

def test_sample_hand_shows_the_goldfish_game_as_cards(client, sample_catalogue):
    deck = Deck.objects.get(pk="SMP-RED")
    entries = [{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]
    game = sample_game(selectors.stat_cards(entries), turns=4, seed=11)
    assert len(game["hand"]) == 7 and len(game["area"]) == 4 and [t["turn"] for t in game["turns"]] == [1, 2, 3, 4]
    # turn 1 refills nothing (the hand holds 7), later turns what the turn before used
    assert game["turns"][0]["drawn"] == []
    assert sample_game(selectors.stat_cards(entries), turns=4, seed=11) == game
    response = client.post("/decks/sample-hand/", {"cards": entries, "seed": 11}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    hand = re.search(r'data-part="hand">(.*?)</ul>', html, re.S).group(1)
    assert re.findall(r'data-code="([^"]+)"', hand) == game["hand"]
    assert f'/cards/{game["hand"][0]}/face.svg?lang=en' in hand
    area = re.search(r'data-part="area">(.*?)</ul>', html, re.S).group(1)
    assert re.findall(r'data-code="([^"]+)"', area) == game["area"]
    assert html.count('data-part="turn"') == 4
    assert "Turn 1: the hand holds 7 already, so the refill draws nothing" in html
    placed = next(t["placed"] for t in game["turns"] if t["placed"])
    names = {e.card.code: e for e in deck.entries.select_related("card")}
    assert f"Placed {names[placed].card.name_en} on the base." in html
    ja = client.post("/decks/sample-hand/", {"cards": entries, "seed": 11}, content_type="application/json",
                     HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert f"{names[placed].card.name}をベースに登場させました。" in ja and "?lang=ja" in ja
    for turn in game["turns"][1:]:
        count = len(turn["drawn"])
        assert f"Turn {turn['turn']}: the refill draws {count} card{'s' if count != 1 else ''}" in html


def test_sample_hand_notes_join_sentences_as_each_language_does(client, sample_catalogue):
    """Japanese sentences follow each other without a space (「…させました。 裏向きに…」 had one),
    English ones with one."""
    deck = Deck.objects.get(pk="SMP-RED")
    entries = [{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]
    game = sample_game(selectors.stat_cards(entries), turns=4, seed=11)
    cards = {e.card.code: e.card for e in deck.entries.select_related("card")}
    turn = next(t for t in game["turns"] if t["placed"] and t["laid"])
    notes = {}
    for lang in ("en", "ja"):
        html = client.post("/decks/sample-hand/", {"cards": entries, "seed": 11}, content_type="application/json",
                           HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        notes[lang] = re.findall(r'<p class="muted sample-turn-note">(.*?)</p>', html, re.S)[game["turns"].index(turn)]
    placed, laid = cards[turn["placed"]], [cards[code] for code in turn["laid"]]
    assert notes["en"] == (f"Placed {placed.name_en} on the base. Laid face down: "
                           + ", ".join(card.name_en for card in laid))
    assert notes["ja"] == f"{placed.name}をベースに登場させました。裏向きに置いたカード: " + "、".join(card.name for card in laid)


def test_sample_hand_refuses_a_short_list_and_bad_bodies(client, sample_catalogue):
    short = client.post("/decks/sample-hand/", {"cards": SMALL}, content_type="application/json",
                        HTTP_ACCEPT_LANGUAGE="en")
    assert short.status_code == 400
    assert short.content.decode() == "A sample hand needs at least 11 cards (7 in hand and 4 on the area)."
    bad_seed = client.post("/decks/sample-hand/", {"cards": SMALL * 2, "seed": "1"}, content_type="application/json")
    assert bad_seed.status_code == 400
    assert client.post("/decks/sample-hand/", "[]", content_type="application/json").status_code == 400


# --- downloads ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, expected", [
    ("紅蓮速攻", "紅蓮速攻.txt"), ("a/b:c", "a_b_c.txt"), ("...", "deck-abc.txt"), ("x" * 120, "x" * 100 + ".txt"),
])
def test_download_names(name, expected):
    assert download_name(Deck(pk="abc", name=name), "txt") == expected


def test_an_ascii_name_is_the_file_name(alice_api, user, sample_catalogue):
    deck = make_deck(user, name="Red rush")
    response = alice_api.get(f"/api/decks/{deck.pk}/export/?as=json")
    assert response["Content-Disposition"] == 'attachment; filename="Red rush.json"'


# --- a draft's base version -------------------------------------------------------------------

def test_a_draft_remembers_the_version_it_was_started_from(alice_api, user, sample_catalogue):
    deck = make_deck(user)
    assert services.save_draft(user, deck, SMALL[:1]).base_version == 1
    services.update_deck(deck, user, selectors.check_entries(SMALL[:2]))
    # rewritten without a base: it keeps the one it had
    assert services.save_draft(user, deck, SMALL[:2], name="x").base_version == 1
    assert services.save_draft(user, deck, SMALL[:2], base_version=2).base_version == 2
    with pytest.raises(services.VersionNotFound):
        services.save_draft(user, deck, SMALL, base_version=3)
    assert DeckDraft.objects.get(owner=user, deck=deck).entries == SMALL[:2]  # the refused one changed nothing
    with pytest.raises(services.VersionNotFound):  # a new deck has no versions yet
        services.save_draft(user, None, SMALL, base_version=2)
    assert not DeckDraft.objects.filter(owner=user, deck=None).exists()
    assert services.save_draft(user, None, SMALL).base_version is None

    url = f"/api/deck-drafts/{deck.pk}/"
    put = alice_api.put(url, {"cards": SMALL, "base_version": 1}, format="json")
    assert (put.status_code, put.json()["base_version"]) == (200, 1)
    assert alice_api.get(url).json()["base_version"] == 1
    assert alice_api.put(url, {"cards": SMALL, "base_version": 9}, format="json").status_code == 404
    assert alice_api.put(url, {"cards": SMALL, "base_version": "2"}, format="json").status_code == 400
    assert alice_api.get("/api/deck-drafts/new/").json()["base_version"] is None


def test_adding_a_card_to_the_deck_adds_it_to_the_draft_too(user, sample_catalogue):
    deck = make_deck(user, [{"code": "SMP-012", "count": 1}])
    services.save_draft(user, deck, [{"code": "SMP-012", "count": 2}, {"code": "SMP-008", "count": 1}], name="途中")
    services.add_card(deck, user, "SMP-012")
    services.add_card(deck, user, "SMP-001", 2)
    draft = DeckDraft.objects.get(owner=user, deck=deck)
    assert draft.entries == [{"code": "SMP-012", "count": 3}, {"code": "SMP-008", "count": 1},
                             {"code": "SMP-001", "count": 2}]
    assert (draft.base_version, draft.name) == (1, "途中")  # still based on version 1: the deck is at 3
    other = make_deck(user, [{"code": "SMP-012", "count": 1}], name="別")
    services.add_card(other, user, "SMP-001")
    assert not DeckDraft.objects.filter(deck=other).exists()


def stale_draft(user):
    """A deck at version 2 (SMP-002 added from a card page) with a draft started from version 1
    in which one SMP-001 was taken out and SMP-008 put in."""
    deck = make_deck(user, [{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}], name="赤")
    services.save_draft(user, deck, [{"code": "SMP-001", "count": 2}, {"code": "SMP-012", "count": 2},
                                     {"code": "SMP-008", "count": 1}], name="赤 改", base_version=1)
    services.add_card(deck, user, "SMP-002")
    return deck


def test_the_builder_says_a_draft_is_older_than_the_deck(client, user, sample_catalogue):
    deck = stale_draft(user)
    client.force_login(user)
    page = client.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This draft was started from version 1; the deck has changed since (version 2)." in page
    assert 'data-stale-draft="true"' in page and 'data-draft="false"' in page
    assert 'id="restore-draft"' in page and "Restore the draft anyway" in page and 'id="discard-draft"' in page
    # the builder holds the deck as saved; the draft waits, whole, for the player's choice
    assert 'value="赤"' in page
    assert ('[{"code": "SMP-001", "count": 3}, {"code": "SMP-012", "count": 2}, {"code": "SMP-002", "count": 1}]'
            in page)
    work = json.loads(re.search(r'<script id="stale-draft" type="application/json">(.*?)</script>', page).group(1))
    assert work == {"cards": [{"code": "SMP-001", "count": 2}, {"code": "SMP-012", "count": 2},
                              {"code": "SMP-008", "count": 1}, {"code": "SMP-002", "count": 1}],
                    "name": "赤 改", "description": "", "public": False}
    # what restoring would change in version 2: the card added is in the draft too
    assert re.findall(r'<tr class="diff-row" data-code="([^"]+)">', page) == ["SMP-001", "SMP-008"]
    assert "What the draft changes in version 2" in page
    assert "1 copy added, 1 removed; 6 → 6 cards." in page

    ja = client.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "この下書きは版1から始めたものです。その後デッキが変わりました（版2）。" in ja
    assert "それでも下書きを復元する" in ja and "下書きが版2から変えるところ" in ja
    assert '<th scope="col" class="num">版2</th><th scope="col" class="num">下書き</th>' in ja
    assert "1枚追加、1枚削除。6枚 → 6枚。" in ja  # Japanese sentences without a space between them
    history = client.get(f"/decks/{deck.pk}/history/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "1枚追加、0枚削除。5枚 → 6枚。" in history  # the same diff, the same words


def test_a_draft_of_the_latest_version_is_restored_as_before(client, user, sample_catalogue):
    deck = stale_draft(user)
    services.save_draft(user, deck, [{"code": "SMP-001", "count": 1}], name="赤 改", base_version=2)
    client.force_login(user)
    page = client.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-stale-draft="false"' in page and 'data-draft="true"' in page
    assert "the deck as saved is version 2" in page and "restore-draft" not in page
    assert 'value="赤 改"' in page


def test_a_card_added_past_the_deck_size_is_kept_with_a_warning(alice_api, user, sample_catalogue):
    """Adding a card from its page to a legal deck made it 52 cards without a word; the deck
    then could not be played."""
    red = [{"code": e.card.code, "count": e.count} for e in Deck.objects.get(pk="SMP-RED").entries.select_related("card")]
    deck = make_deck(user, red, name="赤")
    one, other = [e["code"] for e in red if e["count"] < 3][:2]
    done = alice_api.post(f"/api/decks/{deck.pk}/cards/", {"code": one}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert (done.status_code, done.json()["total"]) == (201, 52)
    assert done.json()["warning"] == "A deck has exactly 51 cards, and this one now has 52: take 1 out before playing it."
    ja = alice_api.post(f"/api/decks/{deck.pk}/cards/", {"code": other}, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert ja.json()["warning"] == "デッキはちょうど51枚です。このデッキは53枚になりました。対戦に使う前に2枚抜いてください。"
