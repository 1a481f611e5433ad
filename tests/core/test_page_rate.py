"""The pages' rate limit per client address (``core.middleware.PageRateMiddleware``): a client
past ``PAGE_BURST`` pages at once waits for ``PAGE_RATE`` a second, answered 429 with
``Retry-After`` in its language; the API is not counted here (DRF throttles it), nor are other
addresses."""
from __future__ import annotations

import pytest
from django.test import override_settings

from core.frame_budget import forget_clients
from tests.conftest import EN, JA


@pytest.fixture(autouse=True)
def fresh_budgets():
    forget_clients()
    yield
    forget_clients()


def page(language: str, title: str, heading: str, message: str, path: str, again: str) -> str:
    """The whole 429 page (``too_many_requests.html``) with these texts: the site's stylesheet and
    header (its name in ``language``), nothing that reads the request."""
    site, sub = (("エレメンツ オブ カオス", "カードデータベース") if language == "ja"
                 else ("Elements of Chaos", "card database"))
    return (f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n  <meta charset="utf-8">\n'
            '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"  <title>{title}</title>\n"
            '  <link rel="stylesheet" href="/static/css/site.css">\n</head>\n<body>\n'
            '  <header class="site-header">\n    <div class="header-top">\n'
            '      <a class="site-name" href="/">\n'
            f'        <span class="site-name-main">{site}</span>\n'
            f'        <span class="site-name-sub">{sub}</span>\n'
            '      </a>\n    </div>\n  </header>\n  <main id="main">\n    <section class="error-page">\n'
            f'      <h1>{heading} <span class="status">(429)</span></h1>\n      <p>{message}</p>\n'
            f'      <p><a href="{path}">{again}</a></p>\n    </section>\n  </main>\n</body>\n</html>\n')


@override_settings(PAGE_RATE=0.01, PAGE_BURST=3)
@pytest.mark.django_db
def test_a_client_past_its_page_budget_waits_and_others_do_not(client):
    address = {"REMOTE_ADDR": "203.0.113.7"}
    assert [client.get("/play/rules/", **address, **EN).status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get("/cards/", {"q": "t:character"}, **address, **EN)
    assert (refused.status_code, refused["Retry-After"], refused["Content-Type"]) == (
        429, "100", "text/html; charset=utf-8")
    # No cache keeps it (the wait is this client's), and its language may come from the cookie.
    assert refused["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"
    assert refused["Vary"] == "Cookie, Accept-Language"
    assert refused.content.decode() == page(
        "en", "Too many requests · Elements of Chaos", "Too many requests",
        "This address has asked for too many pages in a short time. Try again in 100 seconds.",
        "/cards/", "Try again")
    assert client.get("/play/rules/", **address, **JA).content.decode() == page(
        "ja", "リクエストが多すぎます · エレメンツ オブ カオス", "リクエストが多すぎます",
        "このアドレスからのページの要求が速すぎます。100秒後にもう一度お試しください。", "/play/rules/", "もう一度試す")
    # The API keeps its own limits; another address has its own budget.
    assert client.get("/api/cards/", **address, **EN).status_code == 200
    assert client.get("/play/rules/", REMOTE_ADDR="203.0.113.8", **EN).status_code == 200


@override_settings(PAGE_RATE=0.01, PAGE_BURST=1)
@pytest.mark.django_db
def test_an_ipv6_client_is_one_client_over_its_64_network(client):
    assert client.get("/play/rules/", REMOTE_ADDR="2001:db8:1:2::1").status_code == 200
    assert client.get("/play/rules/", REMOTE_ADDR="2001:db8:1:2::beef").status_code == 429
    assert client.get("/play/rules/", REMOTE_ADDR="2001:db8:1:3::1").status_code == 200


@override_settings(PAGE_RATE=0.01, PAGE_BURST=1)
@pytest.mark.django_db
def test_what_a_page_embeds_is_not_counted(client, sample_catalogue):
    """A search's tiles, a deck's stacks and a sample hand show dozens of card faces at once;
    they and the icon take nothing from the budget, and the next page is still answered."""
    address = {"REMOTE_ADDR": "203.0.113.9"}
    faces = [client.get(f"/cards/SMP-00{n}/face.{fmt}", **address).status_code for n in range(1, 10)
             for fmt in ("svg", "png")]
    assert faces == [200] * 18
    assert client.get("/favicon.ico", **address).status_code == 200
    assert client.get("/play/rules/", **address).status_code == 200
    assert client.get("/cards/SMP-001/", **address).status_code == 429  # a card's page is a page


@override_settings(PAGE_RATE=1, PAGE_BURST=1)
@pytest.mark.django_db
def test_a_wait_of_one_second_is_said_in_the_singular(client):
    address = {"REMOTE_ADDR": "203.0.113.10"}
    assert client.get("/play/rules/", **address, **EN).status_code == 200
    refused = client.get("/play/rules/", **address, **EN)
    assert (refused.status_code, refused["Retry-After"]) == (429, "1")
    assert refused.content.decode() == page(
        "en", "Too many requests · Elements of Chaos", "Too many requests",
        "This address has asked for too many pages in a short time. Try again in 1 second.",
        "/play/rules/", "Try again")
