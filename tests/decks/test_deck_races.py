"""Every write on a deck (or its versions) racing a ``DELETE`` of the same deck: the write
answers 404 ``not_found`` (the deck is gone), never a 500 from ``DoesNotExist`` or a foreign
key's ``IntegrityError``, and it leaves nothing behind (no copy, no version, no goldfish run).

The writes: the API's ``PUT``, ``PATCH`` and ``DELETE`` of ``/api/decks/<id>/``, ``POST``
``/versions/<n>/restore/``, ``/copy/`` and ``/goldfish/``, and the pages' restore and copy
(``POST /decks/<id>/history/restore/``, ``POST /decks/<id>/copy/``); the builder saves through
the API's ``PUT``.

On PostgreSQL the race is real: the test holds the deck's row locked, sends the write from
another thread (with its own connection), waits until that write is waiting on the row — it has
read the deck and is about to change it — then deletes the deck and commits. SQLite has no row
locks, so there the same interleaving is played one step after the other: the deck is read as
the view reads it, deleted, then handed to the service.
"""
from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck, DeckVersion, GoldfishRun
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


#: Each write: (name, door, request) with ``request(client, deck_id)`` making the call.
WRITES = [
    ("PUT", "api", lambda c, d: c.put(f"/api/decks/{d}/", {"name": "New", "cards": LIST}, format="json")),
    ("PATCH", "api", lambda c, d: c.patch(f"/api/decks/{d}/", {"name": "New"}, format="json")),
    ("DELETE", "api", lambda c, d: c.delete(f"/api/decks/{d}/")),
    ("restore", "api", lambda c, d: c.post(f"/api/decks/{d}/versions/1/restore/", {}, format="json")),
    ("copy", "api", lambda c, d: c.post(f"/api/decks/{d}/copy/", {}, format="json")),
    ("goldfish", "api", lambda c, d: c.post(f"/api/decks/{d}/goldfish/", {"runs": 10}, format="json")),
    ("page restore", "page", lambda c, d: c.post(f"/decks/{d}/history/restore/", {"number": "1"})),
    ("page copy", "page", lambda c, d: c.post(f"/decks/{d}/copy/")),
]


def make_deck(user) -> Deck:
    deck = services.create_deck(user, "Raced", check_entries(LIST), is_public=True)
    services.update_deck(deck, user, check_entries(LIST[:2]))  # a version 2, so that 1 can be restored
    return deck


def send_while_deleted(client, write, deck_id: str):
    """Send ``write`` while the deck is deleted under it (see the module); its response."""
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


@pytest.mark.parametrize("name, door, write", WRITES, ids=[w[0] for w in WRITES])
def test_a_write_racing_a_delete_is_404_and_leaves_nothing(transactional_db, sample_catalogue, user, name, door,
                                                          write):
    deck = make_deck(user)
    client = api_client(user) if door == "api" else page_client(user)
    if connection.vendor == "postgresql":
        response = send_while_deleted(client, write, deck.pk)
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


#: The service each write calls, as the view calls it (for the SQLite interleaving).
SERVICE_CALLS = {
    "PUT": lambda deck, user: services.update_deck(deck, user, check_entries(LIST), name="New"),
    "PATCH": lambda deck, user: services.update_deck(deck, user, None, name="New"),
    "DELETE": lambda deck, user: services.delete_deck(deck, user),
    "restore": lambda deck, user: services.restore_version(deck, user, 1),
    "copy": lambda deck, user: services.copy_deck(deck, user),
    "goldfish": lambda deck, user: services.start_goldfish(deck, user, runs=10),
    "page restore": lambda deck, user: services.restore_version(deck, user, 1),
    "page copy": lambda deck, user: services.copy_deck(deck, user),
}
