"""Input rules that are the same whatever the door (API, page, admin), one test per class:

- text no database can hold (a NUL character, a lone surrogate) is refused before any view or
  query: 400 ``invalid_text`` in a JSON body, 404 in a path, 400 in a query or form field;
- JSON is read with one depth limit (``core.jsonbody``), on the API and on the pages;
- whole numbers on the pages are read with the one rule (``core.params``): the page's default
  or 400, never a 500; the code has no other reader of whole numbers (``tcg.integers``: no
  ``isdigit()`` then ``int()``, no ``int`` as a command-line argument's type);
- ``next`` is followed only to a local path (``core.redirects``);
- names and texts shown to others follow one rule (``core.validators``) through the page, the API
  and the table's chat (every string of an API body is checked or said not to be shown).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import get_resolver
from rest_framework import serializers

from core.api.fields import DisplayNameField, ShownTextField
from core.api.serializers import RejectUnknownFieldsMixin
from decks.models import Deck, DeckDraft
from play.models import Match, Seat
from tests.conftest import EN
from tcg.integers import is_digits
from tests.play.matches import HUMAN

SURROGATE = "\\ud800"  # as JSON writes it: the decoded string holds the lone surrogate U+D800


def error(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    return body["error"]


def post_json(client, path: str, raw: str):
    return client.generic("POST", path, raw.encode(), content_type="application/json")


# -- text no database can hold --------------------------------------------------------------------
@pytest.mark.parametrize("path, raw, field", [
    ("/api/cards/collection/", '{"identifiers": [{"code": "%s"}]}' % SURROGATE, "identifiers[0].code"),
    ("/api/cards/collection/", '{"identifiers": [{"name": "a%s"}]}' % SURROGATE, "identifiers[0].name"),
    ("/api/cards/collection/", '{"identifiers": [{"name": "a", "set": "\\u0000"}]}', "identifiers[0].set"),
    ("/api/matches/", '{"game": "lama", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"%s": 1}}'
     % SURROGATE, "options.\\ud800"),
    ("/api/matches/", '{"game": "lama", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"end_at": "%s"}}'
     % SURROGATE, "options.end_at"),
    ("/api/decks/validate/", '{"text": "3 SMP-001 %s"}' % SURROGATE, "text"),
    ("/api/decks/analyse/", '{"cards": [{"code": "SMP\\u0000", "count": 1}]}', "cards[0].code"),
])
def test_unstorable_text_in_a_json_body_is_400_invalid_text(alice_api, sample_catalogue, path, raw, field):
    body = error(post_json(alice_api, path, raw), 400)
    assert body["code"] == "invalid_text"
    assert body["details"]["field"] == field
    assert body["details"]["character"] in ("U+D800", "U+0000")
    assert not Match.objects.exists()


@pytest.mark.parametrize("raw, message", [
    ('{"text": "3 SMP-001", "text": "1 SMP-002"}', 'JSON parse error - the key "text" is given twice'),
    ('{"cards": [{"code": "SMP-001", "count": 1%s}]}' % ("0" * 5000),
     "JSON parse error - a number has more than 100 digits"),
])
def test_a_key_given_twice_or_a_number_too_long_is_malformed_not_guessed(alice_api, sample_catalogue, raw, message):
    """A key given twice was read as its last value, and a 5,000-digit number was refused with
    Python's advice to call ``sys.set_int_max_str_digits()``."""
    body = error(post_json(alice_api, "/api/decks/validate/", raw), 400)
    assert (body["code"], body["message"]) == ("malformed_body", message)


def test_a_surrogate_in_a_key_is_named_in_the_message(alice_api, db):
    body = error(post_json(alice_api, "/api/matches/", '{"options": {"%s": 1}}' % SURROGATE), 400)
    assert body["message"] == ("The key options.\\ud800 holds a lone surrogate (U+D800), which text cannot hold; "
                               "send valid Unicode text without NUL characters or lone surrogates.")


def test_a_surrogate_in_an_action_is_400_and_the_match_does_not_move(alice_api, bob_api, db):
    match_id = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["id"]
    assert bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    raw = '{"version": 0, "action": {"type": "%s"}}' % SURROGATE
    assert error(post_json(alice_api, f"/api/matches/{match_id}/actions/", raw), 400)["code"] == "invalid_text"
    assert Match.objects.get(pk=match_id).version == 0


@pytest.mark.parametrize("path", ["/api/decks/%00/", "/api/matches/%00/", "/api/cards/%00/", "/api/goldfish/%00/",
                                  "/api/decks/SMP-RED%00/versions/"])
def test_a_nul_character_in_an_api_path_is_404(api, sample_catalogue, path):
    assert error(api.get(path), 404)["code"] == "not_found"


@pytest.mark.parametrize("path, name", [("/api/cards/named/?exact=a%00", "exact"),
                                        ("/api/cards/autocomplete/?q=ab%00", "q"),
                                        ("/api/decks/SMP-RED/odds/?cards=%00", "cards"),
                                        ("/api/cards/?x%00=1", "x\\u0000")])
def test_a_nul_character_in_an_api_query_is_400_bad_parameter(api, sample_catalogue, path, name):
    body = error(api.get(path, HTTP_ACCEPT_LANGUAGE="en"), 400)
    assert body["code"] == "bad_parameter"
    assert body["details"]["parameter"] == name
    assert body["message"] == f"The query parameter {name} holds a NUL character, which text cannot hold."


@pytest.mark.parametrize("path", ["/decks/%00/", "/play/m/%00/", "/cards/%00/", "/decks/SMP-RED%00/history/"])
def test_a_nul_character_in_a_page_path_is_404(client, sample_catalogue, path):
    assert client.get(path).status_code == 404


def test_a_nul_character_in_a_page_query_or_form_field_is_400(client, user, sample_catalogue):
    response = client.get("/decks/validate/", {"deck": "SMP\x00"}, **EN)
    assert response.status_code == 400
    assert "The query parameter deck holds a NUL character, which text cannot hold." in response.content.decode()
    response = client.post("/decks/validate/", {"text": "3 炎\x00"}, **EN)
    assert response.status_code == 400
    assert "The form field text holds a NUL character, which text cannot hold." in response.content.decode()
    client.force_login(user)
    match = Match.objects.create(game="lama", players=2, seed=1)
    for index in range(2):
        Seat.objects.create(match=match, index=index)
    assert client.post(f"/play/m/{match.id}/join/", {"deck": "SMP\x00"}).status_code == 400
    assert not Seat.objects.filter(match=match, user=user).exists()


def test_the_builder_panel_refuses_unstorable_text(client, user, sample_catalogue):
    client.force_login(user)
    response = client.post("/decks/builder/panel/", '{"cards": [{"code": "%s", "count": 1}]}' % SURROGATE,
                           content_type="application/json", **EN)
    assert response.status_code == 400
    assert response.content.decode() == "The list holds a character that text cannot hold (U+D800)."


# -- JSON's depth ---------------------------------------------------------------------------------
def test_the_builder_panel_refuses_json_nested_deeper_than_the_api_takes(client, user, sample_catalogue):
    client.force_login(user)
    response = client.post("/decks/builder/panel/", "[" * 1024 + "]" * 1024, content_type="application/json", **EN)
    assert response.status_code == 400
    assert response.content.decode().startswith("Send the list as JSON")
    deep = '{"cards": ' + "[" * 32 + "]" * 32 + "}"
    assert client.post("/decks/builder/panel/", deep, content_type="application/json").status_code == 400
    shallow = '{"cards": [{"code": "SMP-001", "count": 3}]}'
    assert client.post("/decks/builder/panel/", shallow, content_type="application/json").status_code == 200


def test_the_api_and_the_pages_share_the_depth_limit(api, sample_catalogue):
    from core.jsonbody import MAX_DEPTH

    at_limit = '{"text": "1 SMP-001", "x": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    assert error(post_json(api, "/api/decks/validate/", at_limit), 400)["code"] == "invalid_request"  # the shape
    past = '{"text": "1 SMP-001", "x": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}"
    assert error(post_json(api, "/api/decks/validate/", past), 400) == {
        "code": "malformed_body", "message": "JSON parse error - the body is nested too deeply (at most 32 levels)",
        "details": {"max_depth": 32}}


def test_the_admin_effect_field_has_the_same_rules(admin_client, sample_catalogue):
    from cardsdb.admin import EffectField
    from django import forms

    field = EffectField(required=False)
    for text, message in [("[" * 100 + "]" * 100, "nested too deeply"), ('{"op": "%s"}' % SURROGATE, "U+D800")]:
        with pytest.raises(forms.ValidationError) as caught:
            field.clean(text)
        assert message in caught.value.messages[0]


# -- whole numbers on the pages -------------------------------------------------------------------
BAD = ["²", "١", "9" * 4301]


@pytest.fixture
def own_deck(alice_api, sample_catalogue):
    text = alice_api.get("/api/decks/SMP-RED/export/").content.decode()
    deck = alice_api.post("/api/decks/", {"name": "Mine", "text": text, "public": True}, format="json").json()["id"]
    assert alice_api.patch(f"/api/decks/{deck}/", {"text": text + "1 SMP-002\n"}, format="json").status_code == 200
    return deck


@pytest.mark.parametrize("value", BAD)
def test_deck_page_numbers_fall_back_to_their_defaults(client, own_deck, value):
    for name in ("k", "played"):
        response = client.get(f"/decks/{own_deck}/", {name: value})
        assert response.status_code == 200
        body = response.content.decode()
        assert '<option value="1" selected>1</option>' in body.split('id="odds-k"')[1].split("</select>")[0]
        assert '<option value="2" selected>2</option>' in body.split('id="odds-played"')[1].split("</select>")[0]


@pytest.mark.parametrize("value", BAD)
def test_history_numbers_are_400(client, user, own_deck, value):
    for name in ("from", "to"):
        assert client.get(f"/decks/{own_deck}/history/", {name: value}).status_code == 400
    client.force_login(user)
    response = client.post(f"/decks/{own_deck}/history/restore/", {"number": value}, **EN)
    assert response.status_code == 400
    assert "A version number is a whole number of at least 1." in response.content.decode()
    assert Deck.objects.get(pk=own_deck).versions.count() == 2


@pytest.mark.parametrize("value", BAD + ["-1"])
def test_a_join_seat_that_is_not_a_number_takes_no_seat(client, other_user, alice_api, value):
    match_id = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["id"]
    client.force_login(other_user)
    response = client.post(f"/play/m/{match_id}/join/", {"seat": value})
    assert response.status_code == 302 and response["Location"] == f"/play/m/{match_id}/"
    assert [s.name for s in Seat.objects.filter(match_id=match_id).order_by("index")] == ["alice", ""]


@pytest.mark.parametrize("path", ["/cards/", "/decks/", "/play/"])
@pytest.mark.parametrize("value", ["٢", "²", "1.0", " 2"])
def test_a_page_number_that_is_not_ascii_digits_is_the_first_page(client, sample_catalogue, path, value):
    def shown(response) -> str:
        assert response.status_code == 200
        body = re.sub(r'name="(csrfmiddlewaretoken|next)" value="[^"]*"', "", response.content.decode())
        return re.sub(r"\?page=[^&\"]*&amp;", "?", body)  # links that keep the query as given

    assert shown(client.get(path, {"page": value})) == shown(client.get(path, {"page": "1"}))


def test_a_content_length_that_is_not_a_number_is_400(api, db):
    response = api.generic("POST", "/api/decks/validate/", b"{}", content_type="application/json",
                           CONTENT_LENGTH="١٠")
    assert error(response, 400) == {"code": "bad_request", "details": {},
                                    "message": "The Content-Length header is not a whole number of bytes."}


def test_the_match_form_reads_whole_numbers_with_the_one_rule(db):
    from play.forms import MatchForm

    from django.utils import translation

    with translation.override("en"):
        form = MatchForm({"game": "lama", "players": "١", "seat_0": "you", "seat_1": "heuristic"})
        assert not form.is_valid() and form.errors["players"] == ["Enter a whole number."]


@pytest.mark.parametrize("query", ["cn:" + "9" * 990, "cn>" + "9" * 990, "size>" + "9" * 990, "hp<-" + "9" * 30])
def test_huge_numbers_in_the_search_language_are_bad_queries(api, client, sample_catalogue, query):
    body = error(api.get("/api/cards/", {"q": query}), 400)
    assert body["code"] == "bad_query" and "out of range" in body["message"]
    assert client.get("/cards/", {"q": query}).status_code == 400


def test_the_search_language_reads_4301_digits_as_out_of_range():
    from tcg.search import SearchError, parse_query

    for query in ("cn:" + "9" * 4301, "cn>" + "9" * 4301, "size>" + "9" * 4301):
        with pytest.raises(SearchError) as caught:
            parse_query(query)
        assert "out of range" in str(caught.value.message)


#: Where the code may call ``isdigit()`` and the like, and why: nowhere else is a number read.
DIGIT_TESTS = {
    "tcg/integers.py": "the one reader, whose docstring says why isdigit() is not the rule",
    "tcg/face/text.py": "the width of a character when a card face is drawn, no number read",
    "bench/server.py": "the process ids of /proc, written by the kernel",
}
ROOT = Path(__file__).resolve().parents[2]


def test_whole_numbers_are_read_by_one_parser_in_the_code():
    """``tcg.integers`` (``parse_int``, ``is_digits``, ``int_argument`` for ``argparse``) is the one
    reader: no ``str.isdigit()``/``isdecimal()``/``isnumeric()`` test before an ``int()`` (``"²"``
    passes ``isdigit()``, then ``int()`` fails), no ``int()`` of a request's value, no ``int`` as
    an ``argparse`` type (it takes ``"١"`` and ``" 7"``)."""
    found = {
        path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*.py")
        if path.relative_to(ROOT).parts[0] not in ("tests", ".venv")
        and re.search(r"\.(isdigit|isdecimal|isnumeric)\(|type=int\b|\bint\((self\.)?request", path.read_text())
    }
    assert found == set(DIGIT_TESTS)


@pytest.mark.parametrize("raw, digits", [("0042", True), ("9" * 30, True), ("²", False), ("١", False), (" 7", False),
                                         ("-1", False), ("", False), (None, False)])
def test_is_digits_is_ascii_digits_only(raw, digits):
    assert is_digits(raw) is digits


# -- next -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["abc", "//evil.example/", "https://evil.example/", "/\\evil.example",
                                    "javascript:alert(1)", "/play/\nSet-Cookie: x=1"])
def test_next_is_followed_only_to_a_local_path(db, target):
    guest = Client()
    response = guest.post("/play/name/?" + f"next={target}".replace("\n", "%0A"), {"name": "Ann"})
    assert response.status_code == 302 and response["Location"] == "/play/"
    signup = Client().post("/accounts/signup/", {"username": "zed", "password1": "a long pass phrase 1",
                                                 "password2": "a long pass phrase 1", "next": target})
    assert signup.status_code == 302 and signup["Location"] == "/"
    assert User.objects.filter(username="zed").exists()
    login = Client().post("/accounts/login/", {"username": "zed", "password": "a long pass phrase 1", "next": target})
    assert login.status_code == 302 and login["Location"] == "/"
    switch = Client().post("/i18n/setlang/", {"language": "en", "next": target})
    assert switch.status_code == 302 and switch["Location"] == "/"
    User.objects.filter(username="zed").delete()


def test_a_local_next_is_followed(db):
    assert Client().post("/play/name/?next=/cards/", {"name": "Ann"})["Location"] == "/cards/"
    assert Client().post("/i18n/setlang/", {"language": "en", "next": "/cards/?q=t%3Aevent"})["Location"] == \
        "/cards/?q=t%3Aevent"
    login = Client().get("/accounts/login/?next=abc")
    assert login.status_code == 200 and 'name="next" value=""' in login.content.decode()


def test_a_local_next_in_japanese_is_sent_back_as_a_uri_from_every_door(db):
    """A ``next`` with characters outside ASCII went into ``Location`` as a mail header's
    encoded word (``=?utf-8?b?...?=``), which browsers cannot follow."""
    target, uri = "/cards/?q=火炎", "/cards/?q=%E7%81%AB%E7%82%8E"
    assert Client().post("/i18n/setlang/", {"language": "en", "next": target})["Location"] == uri
    assert Client().get("/i18n/setlang/", {"language": "en", "next": target})["Location"] == uri
    assert Client().post("/play/name/", {"name": "Ann", "next": target})["Location"] == uri
    Client().post("/accounts/signup/", {"username": "yui", "password1": "a long pass phrase 1",
                                        "password2": "a long pass phrase 1"})
    login = Client().post("/accounts/login/", {"username": "yui", "password": "a long pass phrase 1", "next": target})
    assert (login.status_code, login["Location"]) == (302, uri)


# -- names shown to others ------------------------------------------------------------------------
NAMES = ["\u202eabc", "a\u200bb", "a\x1bb", "a\u2066b", "a\x1fb", "a\ue000b"]


@pytest.mark.parametrize("name", NAMES, ids=["RLO", "ZWSP", "ESC", "LRI", "US", "private use"])
def test_a_name_the_page_refuses_the_api_refuses(api, db, name):
    page = Client().post("/play/name/", {"name": name}, **EN)
    assert page.status_code == 400 and "A name cannot hold control characters." in page.content.decode()
    body = error(api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "name": name}, format="json",
                          HTTP_ACCEPT_LANGUAGE="en"), 400)
    assert body["code"] == "invalid_request"
    assert body["details"]["problems"] == [{"field": "name", "message": "A name cannot hold control characters."}]
    assert not Match.objects.exists()


def test_both_doors_keep_a_name_the_same_way(api, db):
    page = Client()
    page.post("/play/name/", {"name": "  Ann\u3000 Lee  "})
    assert page.session["guest_name"] == "Ann Lee"
    made = api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "name": "  Ann\u3000 Lee  "},
                    format="json")
    assert made.status_code == 201 and made.json()["seats"][0]["name"] == "Ann Lee"


@pytest.mark.parametrize("field, value", [("name", "\u202eDeck"), ("name", "a\u200bb"), ("description", "a\u202eb"),
                                          ("note", "a\x1bb")])
def test_deck_names_and_texts_follow_the_rule(alice_api, sample_catalogue, field, value):
    body = {"name": "Deck", "text": "3 SMP-001", field: value}
    assert error(alice_api.post("/api/decks/", body, format="json"), 400)["details"]["problems"][0]["field"] == field
    assert error(alice_api.post("/api/decks/SMP-RED/copy/", {"name": "\u202eDeck"}, format="json"),
                 400)["code"] == "invalid_request"
    ok = alice_api.post("/api/decks/", {"name": "Deck 😀", "text": "3 SMP-001", "description": "line\nline"},
                        format="json")
    assert ok.status_code == 201 and ok.json()["name"] == "Deck 😀"


#: The strings of the API's bodies that are not shown to others as they were sent, and why; every
#: other one is a ``DisplayNameField`` or a ``ShownTextField`` (``core.api.fields``).
NOT_SHOWN = {
    "AddCardInput.code": "a card's code, looked up in the catalogue",
    "AnalyseInput.text": "a deck list, read into the catalogue's cards; nothing is kept",
    "AnalyseInput.cards.code": "a card's code, looked up in the catalogue; nothing is kept",
    "DeckListInput.text": "a deck list, read into the catalogue's cards; nothing is kept",
    "DeckListInput.cards.code": "a card's code, looked up in the catalogue; nothing is kept",
    "DeckWriteInput.text": "a deck list: only the catalogue's cards it names are kept",
    "DeckWriteInput.cards.code": "a card's code: only the catalogue's card is kept",
    "DraftInput.cards.code": "kept in the owner's own draft, read as a deck list when it is saved",
    "DraftInput.writer": "a builder page's own id (letters, digits, - and _), answered to the draft's owner only",
    "ActionInput.action": "a move, read by the game's rules",
    "CreateMatchInput.game": "one of the games' slugs",
    "CreateMatchInput.seats.kind": "human or bot",
    "CreateMatchInput.seats.bot": "one of the bots' names",
    "CreateMatchInput.seats.deck": "a deck's id, looked up",
    "CreateMatchInput.deck": "a deck's id, looked up",
    "CreateMatchInput.options": "the game's options, checked by its rules",
    "JoinInput.deck": "a deck's id, looked up",
    "GuidedMatchInput.game": "one of the games' slugs",
}


def body_strings(serializer, prefix: str):
    """``(path, field)`` of each string (or JSON) field of ``serializer``, nested shapes included."""
    for name, field in serializer.fields.items():
        if isinstance(field, (serializers.ListSerializer, serializers.ListField)):
            field = field.child  # a list of shapes or of strings
        if isinstance(field, serializers.Serializer):
            yield from body_strings(field, f"{prefix}{name}.")
        elif isinstance(field, (serializers.CharField, serializers.JSONField, serializers.DictField)):
            yield f"{prefix}{name}", field


def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)


def test_every_text_of_an_api_body_shown_to_others_has_the_rule():
    get_resolver().url_patterns  # every API module (and its input shapes) imported
    found = {path: field for shape in subclasses(RejectUnknownFieldsMixin)
             for path, field in body_strings(shape(), f"{shape.__name__}.")}
    assert {path for path, field in found.items()
            if not isinstance(field, (DisplayNameField, ShownTextField))} == set(NOT_SHOWN)


@pytest.mark.parametrize("method, path, body, field", [
    ("PATCH", "/api/decks/{deck}/", {"name": "\u202eDeck"}, "name"),
    ("PATCH", "/api/decks/{deck}/", {"description": "a\x1bb"}, "description"),
    ("PUT", "/api/decks/{deck}/", {"name": "Deck", "text": "3 SMP-001", "note": "a\u2066b"}, "note"),
    ("POST", "/api/decks/{deck}/versions/1/restore/", {"note": "a\u202eb"}, "note"),
    ("POST", "/api/decks/{deck}/copy/", {"name": "a\x1bb"}, "name"),
    ("PUT", "/api/deck-drafts/{deck}/", {"cards": [], "name": "a\u200bb"}, "name"),
    ("PUT", "/api/deck-drafts/new/", {"cards": [], "description": "a\u202eb"}, "description"),
    ("POST", "/api/matches/{match}/join/", {"name": "a\u202eb"}, "name"),
], ids=["deck name", "deck description", "deck note", "restore note", "copy name", "draft name",
        "draft description", "join name"])
def test_every_door_of_a_shown_text_refuses_what_the_rule_refuses(alice_api, api, own_deck, method, path, body,
                                                                  field):
    match_id = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["id"]
    client = api if "join" in path else alice_api
    response = client.generic(method, path.format(deck=own_deck, match=match_id), json.dumps(body),
                              content_type="application/json")
    body = error(response, 400)
    assert (body["code"], [problem["field"] for problem in body["details"]["problems"]]) == (
        "invalid_request", [field])
    assert Deck.objects.get(pk=own_deck).versions.count() == 2
    assert not DeckDraft.objects.exists()
    assert [s.name for s in Seat.objects.filter(match_id=match_id).order_by("index")] == ["alice", ""]
    assert Deck.objects.count() == Deck.objects.filter(owner=None).count() + 1


def test_a_username_with_a_formatting_character_is_refused(db):
    response = Client().post("/accounts/signup/", {"username": "a\u202eb", "password1": "a long pass phrase 1",
                                                   "password2": "a long pass phrase 1"})
    assert response.status_code == 400
    assert not User.objects.filter(username="a\u202eb").exists()
