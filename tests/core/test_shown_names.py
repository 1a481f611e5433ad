"""Names shown to others: a name must have a visible character (every door: a guest's name on the
page and through the API, a deck's name through the API and the admin, a username at sign-up,
a chat line), and a guest's name may not read as a registered user's."""
from __future__ import annotations

import json

import pytest
from django.utils.html import escape
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from decks.admin import DeckAdminForm
from decks.models import Deck, DeckDraft
from play.errors import MatchError
from play.models import ChatMessage, Match, Seat
from play.services.chat import say
from play.services.create import create_match
from tcg.shown_text import is_invisible, name_key, name_problem, stacked_marks, text_problem
from tests.conftest import EN, JA
from tests.core.test_input_rules import error
from tests.play.matches import HUMAN, guest, person

#: Names with no visible character: Hangul fillers, the braille blank, the half-width filler.
INVISIBLE_NAMES = ["\u3164", "\u115f\u3164", "\u2800", "\uffa0", "\u1160 \u3164"]
INVISIBLE_IDS = ["U+3164", "U+115F U+3164", "U+2800", "U+FFA0", "U+1160 space U+3164"]
INVISIBLE_EN = "A name needs a visible character: this one is only blank or invisible characters."
INVISIBLE_JA = "名前には目に見える文字が必要です。この名前は空白や見えない文字だけでできています。"


def test_the_plain_rule_tells_invisible_names_and_folds_look_alikes():
    assert [is_invisible(name) for name in INVISIBLE_NAMES] == [True] * 5
    assert [is_invisible(name) for name in ["a", "\u3164a", "❤\ufe0f", "名"]] == [False] * 4
    assert {name_key(name) for name in ["alice", "Alice", "ａｌｉｃｅ", "al\u0456ce", "ALICE\u3164"]} == {"a1ice"}
    assert name_key("bob") != name_key("alice")


# -- no visible character ------------------------------------------------------------------------
@pytest.mark.parametrize("name", INVISIBLE_NAMES, ids=INVISIBLE_IDS)
def test_a_guest_name_without_a_visible_character_is_refused_by_the_page_and_the_api(api, db, name):
    client = Client()
    page = client.post("/play/name/", {"name": name}, **EN)
    assert page.status_code == 400 and INVISIBLE_EN in page.content.decode()
    page = client.post("/play/name/", {"name": name}, **JA)
    assert page.status_code == 400 and INVISIBLE_JA in page.content.decode()
    assert "guest_name" not in client.session
    body = error(api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "name": name}, format="json",
                          **EN), 400)
    assert (body["code"], body["details"]["problems"]) == ("invalid_request", [{"field": "name",
                                                                                "message": INVISIBLE_EN}])
    body = error(api.post("/api/matches/guided/", {"game": "lama", "name": name}, format="json", **JA), 400)
    assert body["details"]["problems"] == [{"field": "name", "message": INVISIBLE_JA}]
    assert not Match.objects.exists()


@pytest.mark.parametrize("name", INVISIBLE_NAMES, ids=INVISIBLE_IDS)
def test_a_deck_name_without_a_visible_character_is_refused_at_every_door(alice_api, sample_catalogue, name):
    text = alice_api.get("/api/decks/SMP-RED/export/").content.decode()
    deck = alice_api.post("/api/decks/", {"name": "Mine", "text": text}, format="json").json()["id"]
    doors = [
        ("PATCH", f"/api/decks/{deck}/", {"name": name}),
        ("PUT", f"/api/decks/{deck}/", {"name": name, "text": text}),
        ("POST", "/api/decks/", {"name": name, "text": text}),
        ("POST", "/api/decks/SMP-RED/copy/", {"name": name}),
        ("PUT", f"/api/deck-drafts/{deck}/", {"cards": [], "name": name}),
        ("PUT", "/api/deck-drafts/new/", {"cards": [], "name": name}),
    ]
    for method, path, body in doors:
        refused = error(alice_api.generic(method, path, json.dumps(body), content_type="application/json", **EN), 400)
        assert (refused["code"], refused["details"]["problems"]) == (
            "invalid_request", [{"field": "name", "message": INVISIBLE_EN}]), path
    refused = error(alice_api.patch(f"/api/decks/{deck}/", {"name": name}, format="json", **JA), 400)
    assert refused["details"]["problems"] == [{"field": "name", "message": INVISIBLE_JA}]
    assert list(Deck.objects.filter(owner__username="alice").values_list("name", flat=True)) == ["Mine"]
    assert Deck.objects.get(pk=deck).versions.count() == 1
    assert not DeckDraft.objects.exists()
    with translation.override("en"):
        form = DeckAdminForm(data={"id": "x1", "name": name, "description": "", "is_public": True})
        assert not form.is_valid() and form.errors["name"] == [INVISIBLE_EN]
        form = DeckAdminForm(data={"id": "x1", "name": "Fine", "description": "a\u202eb", "is_public": True})
        assert not form.is_valid() and form.errors["description"] == [
        "A text cannot hold control characters or bidirectional formatting characters (U+202E)."]


@pytest.mark.parametrize("username, character", [("\u3164", "U+1160"), ("bob\u3164", "U+1160"),
                                                 ("\uffa0x", "U+1160"), ("a\u115fb", "U+115F")])
def test_a_username_with_an_invisible_letter_is_refused_at_sign_up(db, username, character):
    """Django keeps a username in NFKC, where both Hangul fillers U+3164 and U+FFA0 are U+1160:
    the message names the character as it would be kept."""
    form = {"username": username, "password1": "a long pass phrase 1", "password2": "a long pass phrase 1"}
    page = Client().post("/accounts/signup/", form, **EN)
    assert page.status_code == 400
    assert f"A username cannot hold invisible characters ({character})." in page.content.decode()
    page = Client().post("/accounts/signup/", form, **JA)
    assert page.status_code == 400 and f"ユーザー名に見えない文字（{character}）は使えません。" in page.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize("username", ["Alice", "ａｌｉｃｅ", "al\u0456ce"], ids=["case", "full width", "Cyrillic i"])
def test_a_username_that_reads_as_a_users_is_refused_at_sign_up(user, username):
    form = {"username": username, "password1": "a long pass phrase 1", "password2": "a long pass phrase 1"}
    page = Client().post("/accounts/signup/", form, **EN)
    assert page.status_code == 400 and "A user with that username already exists." in page.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]
    ok = Client().post("/accounts/signup/", {**form, "username": "alicia"}, **EN)
    assert ok.status_code == 302 and User.objects.filter(username="alicia").exists()


@pytest.mark.parametrize("text", ["\u3164", "\u115f \u3164", "\u2800\u2800", "\u200b"])
def test_a_chat_line_without_a_visible_character_is_refused(db, text):
    match = create_match(guest("k" * 32, "Ann"), "lama", [HUMAN, HUMAN], {}, seed=1)
    with translation.override("en"), pytest.raises(MatchError) as refused:
        say(guest("k" * 32, "Ann"), match.id, text)
    assert (refused.value.code, refused.value.status, str(refused.value.message)) == (
        "chat_empty", 400, "A chat message needs a visible character: this one is only blank or invisible characters.")
    with translation.override("ja"), pytest.raises(MatchError) as refused:
        say(guest("k" * 32, "Ann"), match.id, text)
    assert str(refused.value.message) == \
        "チャットのメッセージには目に見える文字が必要です。このメッセージは空白や見えない文字だけでできています。"
    assert not ChatMessage.objects.exists()


# -- a guest may not pass for a user ------------------------------------------------------------------
TAKEN_EN = "The name “{}” reads as a registered player's name: choose another one, or log in."
TAKEN_JA = "「{}」は登録済みのプレイヤーの名前と同じに読めます。別の名前を選ぶか、ログインしてください。"


@pytest.mark.parametrize("name, shown", [("alice", "alice"), ("Alice", "Alice"), ("ａｌｉｃｅ", "ａｌｉｃｅ"),
                                         ("al\u0456ce", "al\u0456ce"), ("alice\u3164", "alice\u3164"),
                                         ("𝐚𝐥𝐢𝐜𝐞", "𝐚𝐥𝐢𝐜𝐞")],
                         ids=["same", "case", "full width", "Cyrillic i", "filler", "bold"])
def test_a_guest_name_that_reads_as_a_users_is_refused_by_the_page_and_the_api(user, api, name, shown):
    client = Client()
    page = client.post("/play/name/", {"name": name}, **EN)
    assert page.status_code == 400 and escape(TAKEN_EN.format(shown)) in page.content.decode()
    page = client.post("/play/name/", {"name": name}, **JA)
    assert page.status_code == 400 and escape(TAKEN_JA.format(shown)) in page.content.decode()
    assert "guest_name" not in client.session
    body = error(api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "name": name}, format="json",
                          **EN), 400)
    assert (body["code"], body["details"]["problems"]) == (
        "invalid_request", [{"field": "name", "message": TAKEN_EN.format(shown)}])
    body = error(api.post("/api/matches/guided/", {"game": "lama", "name": name}, format="json", **JA), 400)
    assert body["details"]["problems"] == [{"field": "name", "message": TAKEN_JA.format(shown)}]
    assert not Match.objects.exists()


def test_a_guest_name_that_reads_as_a_users_cannot_join_and_changes_nothing(alice_api, api):
    match_id = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["id"]
    body = error(api.post(f"/api/matches/{match_id}/join/", {"name": "Alice"}, format="json", **EN), 400)
    assert body["details"]["problems"] == [{"field": "name", "message": TAKEN_EN.format("Alice")}]
    assert [s.name for s in Seat.objects.filter(match_id=match_id).order_by("index")] == ["alice", ""]
    joined = api.post(f"/api/matches/{match_id}/join/", {"name": "Alicia"}, format="json")
    assert joined.status_code == 200
    assert [s.name for s in Seat.objects.filter(match_id=match_id).order_by("index")] == ["alice", "Alicia"]


def test_a_name_unlike_every_users_is_taken(user):
    client = Client()
    assert client.post("/play/name/", {"name": "Bob"})["Location"] == "/play/"
    assert client.session["guest_name"] == "Bob"


# -- a guest is told apart from a user --------------------------------------------------------------
def test_seats_and_chat_lines_say_whether_a_guest_holds_them(alice_api, user, db):
    guest_client = Client()
    assert guest_client.post("/play/name/", {"name": "Gus"}).status_code == 302
    match = create_match(person(user), "lama", [HUMAN, HUMAN, {"kind": "bot", "bot": "random"}], {}, seed=1)
    token = guest_client.get(f"/play/m/{match.id}/").cookies["csrftoken"].value
    joined = guest_client.post(f"/api/matches/{match.id}/join/", {}, content_type="application/json",
                               HTTP_X_CSRFTOKEN=token)
    assert joined.status_code == 200
    seats = [{k: s[k] for k in ("index", "name", "kind", "guest", "bot")} for s in joined.json()["seats"]]
    assert seats == [
        {"index": 0, "name": "alice", "kind": "human", "guest": False, "bot": ""},
        {"index": 1, "name": "Gus", "kind": "human", "guest": True, "bot": ""},
        {"index": 2, "name": "", "kind": "bot", "guest": False, "bot": "random"},
    ]
    say(person(user), match.id, "hi")
    say(guest(guest_client.session.session_key, "Gus"), match.id, "hello")
    lines = alice_api.get(f"/api/matches/{match.id}/chat/").json()
    assert [(line["seat"], line["name"], line["guest"], line["text"]) for line in lines] == [
        (0, "alice", False, "hi"), (1, "Gus", True, "hello")]
    schema = alice_api.get("/api/schema/?format=json").json()["components"]["schemas"]
    assert schema["Seat"]["properties"]["guest"]["type"] == "boolean" and "guest" in schema["Seat"]["required"]
    assert schema["ChatLine"]["properties"]["guest"]["type"] == "boolean"


# -- combining marks stacked on one character -----------------------------------------------------------
STACKED_EN = "A character may carry at most 4 accents or other combining marks (U+0301 is one more)."


def test_at_most_four_combining_marks_on_a_character_at_every_door(alice_api, api, sample_catalogue):
    """A line of "a" with 250 acute accents drew its accents up over the chat lines above it;
    Vietnamese, Thai and Devanagari need two or three on a character."""
    piled, fine = "a" + "\u0301" * 5, "Vie\u0323\u0302t ca\u0301"
    assert (stacked_marks(piled), stacked_marks("a" + "\u0301" * 4), stacked_marks(fine)) == ("U+0301", None, None)
    match = create_match(guest("k" * 32, "Ann"), "lama", [HUMAN, HUMAN], {}, seed=1)
    with translation.override("en"), pytest.raises(MatchError) as refused:
        say(guest("k" * 32, "Ann"), match.id, "hello " + piled)
    assert (refused.value.code, str(refused.value.message), refused.value.details) == (
        "chat_bad_text", STACKED_EN, {"character": "U+0301"})
    assert not ChatMessage.objects.exists()
    say(guest("k" * 32, "Ann"), match.id, fine)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [fine]

    text = alice_api.get("/api/decks/SMP-RED/export/").content.decode()
    for field, body in [("name", {"name": "Deck " + piled, "text": text}),
                        ("description", {"name": "Deck", "text": text, "description": piled})]:
        refused = error(alice_api.post("/api/decks/", body, format="json", **EN), 400)
        assert refused["details"]["problems"] == [{"field": field, "message": STACKED_EN}]
    guest_name = error(api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, {"kind": "bot", "bot": "easy"}],
                                                  "name": "Gu" + piled}, format="json", **EN), 400)
    assert guest_name["details"]["problems"] == [{"field": "name", "message": STACKED_EN}]
    assert not Deck.objects.filter(owner__username="alice").exists() and not Match.objects.exclude(pk=match.pk).exists()


def test_a_name_and_a_texts_first_problem_by_kind():
    """The one reading of what may not be shown that every door turns into its own message:
    a forbidden character first, then stacked marks, then (a name) nothing visible."""
    piled = "a" + "\u0301" * 5
    assert [name_problem(v) for v in ["Ann", "", "A\u202en" + piled, piled, "\u3164", "\u3164" + piled]] == [
        None, None, ("control", "U+202E"), ("marks", "U+0301"), ("invisible", None), ("marks", "U+0301")]
    assert [text_problem(v) for v in ["line\n\tnext", "\u200bzero width", "\x1b" + piled, piled, "\u202e"]] == [
        None, None, ("control", "U+001B"), ("marks", "U+0301"), ("control", "U+202E")]
