"""Every write on a deck (or its versions, its drafts) racing a ``DELETE`` of the same deck: the
write answers 404 ``not_found`` (``DeckNotFound``: the deck is gone), never a 500 from
``DoesNotExist`` or a foreign key's ``IntegrityError``, and it leaves nothing behind (no copy, no
version, no draft, no goldfish run).

The writes (``WRITES``): the API's ``PUT``, ``PATCH`` and ``DELETE`` of ``/api/decks/<id>/``,
``POST`` ``/versions/<n>/restore/``, ``/copy/``, ``/goldfish/`` and ``/cards/`` (add a card: the card
page's and search's "add to a deck"), ``PUT`` and ``DELETE`` of ``/api/deck-drafts/<id>/`` (the
builder's unsaved work), and the pages' restore and copy (``POST /decks/<id>/history/restore/``,
``POST /decks/<id>/copy/``); the builder saves through the API's ``PUT``. The list is checked
against the site: every write operation of the OpenAPI schema under ``/api/decks/{deck_id}/`` and
``/api/deck-drafts/{deck_id}/``, and every deck page that only takes a ``POST`` (405 to a ``GET``),
must be in it, so that a new write cannot be left out.

On PostgreSQL the race is real: the test holds the deck's row locked, sends the write from
another thread (with its own connection), waits until that write is waiting on the row — it has
read the deck and is about to change it — then deletes the deck and commits. SQLite has no row
locks, so there the same interleaving is played one step after the other: the deck is read as
the view reads it, deleted, then handed to the service.
"""
from __future__ import annotations

import json
import threading
import time

import pytest
from django.db import connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from decks import services
from decks import urls as decks_urls
from decks.models import Deck, DeckDraft, DeckVersion, GoldfishRun
from decks.selectors import check_entries
from tests.play.test_match_concurrency import waiting_on_locks

LIST = [{"code": "SMP-001", "count": 3}, {"code": "SMP-002", "count": 3}, {"code": "SMP-013", "count": 2}]


def api_client(user) -> APIClient:
    from knox.models import AuthToken

    _, key = AuthToken.objects.create(user)
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def page_client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


#: Each write: (name, door, method, route, body); ``route`` is formatted with the deck's id
#: (``deck_id``) and the version restored (``number``).
WRITES = [
    ("PUT", "api", "PUT", "/api/decks/{deck_id}/", {"name": "New", "cards": LIST}),
    ("PATCH", "api", "PATCH", "/api/decks/{deck_id}/", {"name": "New"}),
    ("DELETE", "api", "DELETE", "/api/decks/{deck_id}/", None),
    ("restore", "api", "POST", "/api/decks/{deck_id}/versions/{number}/restore/", {}),
    ("copy", "api", "POST", "/api/decks/{deck_id}/copy/", {}),
    ("goldfish", "api", "POST", "/api/decks/{deck_id}/goldfish/", {"runs": 10}),
    ("add card", "api", "POST", "/api/decks/{deck_id}/cards/", {"code": "SMP-013"}),
    ("draft PUT", "api", "PUT", "/api/deck-drafts/{deck_id}/", {"name": "New", "cards": LIST}),
    ("draft DELETE", "api", "DELETE", "/api/deck-drafts/{deck_id}/", None),
    ("page restore", "page", "POST", "/decks/{deck_id}/history/restore/", {"number": "1"}),
    ("page copy", "page", "POST", "/decks/{deck_id}/copy/", {}),
]


def send(client, door: str, method: str, route: str, body, deck_id: str):
    """The request of a write (``WRITES``) on the deck ``deck_id``; its response."""
    path = route.format(deck_id=deck_id, number=1)
    if door == "page":
        return client.post(path, body)
    return client.generic(method, path, json.dumps(body).encode() if body is not None else b"",
                          content_type="application/json")


def make_deck(user) -> Deck:
    deck = services.create_deck(user, "Raced", check_entries(LIST), is_public=True)
    services.update_deck(deck, user, check_entries(LIST[:2]))  # a version 2, so that 1 can be restored
    services.save_draft(user, deck, LIST, name="Unsaved")  # a draft, so that one can be discarded
    return deck


def send_while_deleted(client, write, deck_id: str):
    """Send ``write`` (a call of ``client`` and the deck's id) while the deck is deleted under it
    (see the module); its response."""
    result = {}

    def send():
        from django.db import connection as own

        try:
            result["response"] = write(client, deck_id)
        finally:
            own.close()

    thread = threading.Thread(target=send)
    with transaction.atomic():
        Deck.objects.select_for_update().get(pk=deck_id)
        thread.start()
        deadline = time.monotonic() + 10
        while waiting_on_locks() < 1:
            assert time.monotonic() < deadline, "the write never waited on the deck's row"
            time.sleep(0.02)
        Deck.objects.filter(pk=deck_id).delete()
    thread.join(timeout=30)
    assert not thread.is_alive()
    return result["response"]


@pytest.mark.parametrize("name, door, method, route, body", WRITES, ids=[w[0] for w in WRITES])
def test_a_write_racing_a_delete_is_404_and_leaves_nothing(transactional_db, sample_catalogue, user, name, door,
                                                          method, route, body):
    deck = make_deck(user)
    client = api_client(user) if door == "api" else page_client(user)
    if connection.vendor == "postgresql":
        response = send_while_deleted(client, lambda c, d: send(c, door, method, route, body, d), deck.pk)
        assert response.status_code == 404, (response.status_code, response.content[:300])
        if door == "api":
            assert response.json() == {"error": {"code": "not_found", "message": "Not found.", "details": {}}}
    else:
        stale = Deck.objects.get(pk=deck.pk)  # what the view read
        Deck.objects.filter(pk=deck.pk).delete()
        with pytest.raises(services.DeckNotFound):
            SERVICE_CALLS[name](stale, user)
    assert not Deck.objects.filter(owner=user).exists()
    assert not DeckVersion.objects.filter(created_by=user).exists()
    assert not GoldfishRun.objects.filter(requested_by=user).exists()
    assert not DeckDraft.objects.filter(owner=user).exists()


#: The service each write calls, as the view calls it (for the SQLite interleaving).
SERVICE_CALLS = {
    "PUT": lambda deck, user: services.update_deck(deck, user, check_entries(LIST), name="New"),
    "PATCH": lambda deck, user: services.update_deck(deck, user, None, name="New"),
    "DELETE": lambda deck, user: services.delete_deck(deck, user),
    "restore": lambda deck, user: services.restore_version(deck, user, 1),
    "copy": lambda deck, user: services.copy_deck(deck, user),
    "goldfish": lambda deck, user: services.start_goldfish(deck, user, runs=10),
    "add card": lambda deck, user: services.add_card(deck, user, "SMP-013"),
    "draft PUT": lambda deck, user: services.save_draft(user, deck, LIST, name="New"),
    "draft DELETE": lambda deck, user: services.discard_draft(user, deck),
    "page restore": lambda deck, user: services.restore_version(deck, user, 1),
    "page copy": lambda deck, user: services.copy_deck(deck, user),
}


def test_every_write_on_a_deck_is_in_the_list(db, sample_catalogue, user):
    """The schema's write operations on one deck and the deck pages that only take a ``POST``
    are exactly ``WRITES`` (a read page answers a ``GET``; a write page is ``require_POST``)."""
    schema = json.loads(APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content)
    api = {
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        if path.startswith(("/api/decks/{deck_id}/", "/api/deck-drafts/{deck_id}/"))
        for method in operations if method in ("post", "put", "patch", "delete")
    }
    assert api == {(method, route) for _, door, method, route, _ in WRITES if door == "api"}
    deck = make_deck(user)
    client = page_client(user)
    pages = set()
    for pattern in decks_urls.urlpatterns:
        route = "/" + str(pattern.pattern).replace("<str:deck_id>", "{deck_id}")
        if "{deck_id}" in route:
            status = client.get(route.format(deck_id=deck.pk)).status_code
            assert status in (200, 405), (route, status)
            if status == 405:
                pages.add(("POST", route))
    assert pages == {(method, route) for _, door, method, route, _ in WRITES if door == "page"}
    assert set(SERVICE_CALLS) == {write[0] for write in WRITES}
