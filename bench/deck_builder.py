"""The deck builder: the round trip of one edit of a 51-card deck, and the exact odds of a whole
deck.

- Exact odds: ``tcg.decks.analysis.odds_json`` for SMP-RED (19 names, 3 types, 1 colour: every
  group, at least 1…3, opening and turns 1–5), with the binomial cache cleared each time
  (cold) and kept (warm). Target ≤ 20 ms.
- One edit in the builder: the page posts the list to ``/decks/builder/panel/`` (validation,
  grouped deck, statistics, SVG charts); API clients post it to ``/api/decks/analyse/``
  (validation, statistics, odds) and save with ``PUT /api/decks/<id>/`` (a new version).
  Each is timed in process (Django's handler, no HTTP), then over HTTP against the site under
  uvicorn, one client editing back and forth (a card +1, then −1). Target p95 ≤ 50 ms.
  An answer other than 200 is an error: counted, printed, and left out of the times.

The benchmark makes its own user, token and deck in the configured database and deletes them
at the end; it loads the sample catalogue when SMP-RED is missing.
"""
from __future__ import annotations

import statistics
import time

from .server import running_site

USERNAME = "bench-deck-builder"


def _percentiles(samples: list[float]) -> str:
    if not samples:
        return "no right answer"
    ordered = sorted(samples)
    pick = lambda p: ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]  # noqa: E731
    return (f"p50 {pick(50):.1f} ms, p95 {pick(95):.1f} ms, p99 {pick(99):.1f} ms, "
            f"mean {statistics.fmean(ordered):.1f} ms ({len(ordered)} requests)")


def _setup():
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from knox.models import AuthToken

    from decks import selectors, services
    from decks.models import Deck

    if not Deck.objects.filter(pk="SMP-RED").exists():
        call_command("load_samples", verbosity=0)
    User.objects.filter(username=USERNAME).delete()
    user = User.objects.create_user(USERNAME)
    _, key = AuthToken.objects.create(user)
    red = selectors.with_cards(Deck.objects.filter(pk="SMP-RED")).get()
    entries = [{"code": e.card.code, "count": e.count} for e in red.entries.all()]
    deck = services.create_deck(user, "bench", selectors.check_entries(entries))
    return user, key, deck, entries


def _edits(entries: list[dict], n: int):
    """``n`` lists, alternating the first card's count −1 and back: a player clicking − then +."""
    for i in range(n):
        edited = [dict(e) for e in entries]
        if i % 2 == 0:
            edited[0]["count"] -= 1
        yield edited


def odds_figures(entries: list[dict], n: int = 200) -> list[str]:
    from tcg.decks.analysis import odds_json
    from tcg.decks.odds import prob_at_least
    from decks.selectors import stat_cards

    cards = stat_cards(entries)
    out = []
    for label, clear in (("cold cache", True), ("warm cache", False)):
        samples = []
        for _ in range(n):
            if clear:
                prob_at_least.cache_clear()
            start = time.perf_counter()
            table = odds_json(cards)
            samples.append((time.perf_counter() - start) * 1000)
        cells = sum(len(row) for g in table["groups"] for row in g["at_least"].values())
        out.append(f"exact odds of a whole deck (SMP-RED, {len(table['groups'])} groups, {cells} figures), "
                   f"{label}: {_percentiles(samples)}")
    return out


def in_process(key: str, deck, entries: list[dict], n: int = 300) -> list[str]:
    import json

    from django.test import Client
    from rest_framework.test import APIClient

    page, api = Client(), APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    calls = {
        "builder panel (POST /decks/builder/panel/)": lambda cards: page.post(
            "/decks/builder/panel/", json.dumps({"cards": cards}), content_type="application/json"),
        "API analyse (POST /api/decks/analyse/)": lambda cards: api.post(
            "/api/decks/analyse/", {"cards": cards}, format="json"),
        "API save (PUT /api/decks/<id>/, a new version)": lambda cards: api.put(
            f"/api/decks/{deck.pk}/", {"name": "bench", "cards": cards}, format="json"),
    }
    out = []
    for label, call in calls.items():
        for cards in _edits(entries, 20):
            call(cards)
        samples, errors = [], 0
        for cards in _edits(entries, n):
            start = time.perf_counter()
            response = call(cards)
            took = (time.perf_counter() - start) * 1000
            if response.status_code == 200:
                samples.append(took)
            else:
                errors += 1
        out.append(f"{label}, in process: {_percentiles(samples)}, {errors} errors")
    return out


def over_http(key: str, deck, entries: list[dict], seconds: float = 8) -> list[str]:
    import httpx

    out = []
    with running_site(workers=2) as base, httpx.Client(base_url=base, timeout=10) as client:
        client.get("/decks/validate/")  # sets the CSRF cookie the builder page sends back
        csrf = {"X-CSRFToken": client.cookies.get("csrftoken", "")}
        token = {"Authorization": f"Token {key}"}
        calls = {
            "builder panel": lambda cards: client.post("/decks/builder/panel/", json={"cards": cards}, headers=csrf),
            "API analyse": lambda cards: client.post("/api/decks/analyse/", json={"cards": cards}),
            "API save": lambda cards: client.put(f"/api/decks/{deck.pk}/", json={"name": "bench", "cards": cards},
                                                 headers=token),
        }
        for label, call in calls.items():
            for cards in _edits(entries, 20):
                call(cards)
            samples, errors = [], 0
            stop = time.monotonic() + seconds
            edits = _edits(entries, 10**9)
            while time.monotonic() < stop:
                cards = next(edits)
                start = time.perf_counter()
                try:
                    response = call(cards)
                    right = response.status_code == 200
                except httpx.HTTPError:
                    right = False
                took = (time.perf_counter() - start) * 1000
                if right:
                    samples.append(took)
                else:
                    errors += 1
            out.append(f"{label}, HTTP round trip, 1 client: {_percentiles(samples)}, {errors} errors")
    return out


def main() -> list[str]:
    user, key, deck, entries = _setup()
    try:
        lines = odds_figures(entries)
        lines += in_process(key, deck, entries)
        lines += over_http(key, deck, entries)
    finally:
        user.delete()
    return lines
