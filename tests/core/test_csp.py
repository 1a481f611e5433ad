"""Content-Security-Policy: every answer of the site carries the one strict policy (no inline
script or style, no eval, the site's own websockets in connect-src), and no template of the
project holds what that policy would block. The browser side (no violation on the pages,
admin and API docs included) is tests/e2e/test_csp.py."""
import re

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.urls import URLResolver, get_resolver
from knox.models import AuthToken

from decks.models import Deck
from decks.services import start_goldfish
from play.identity import Player
from play.services.create import create_match
from tests.conftest import EN, REPO

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self' ws://testserver wss://testserver",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def policy(response) -> dict[str, str]:
    """The ``Content-Security-Policy`` header as ``{directive: sources}``."""
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{response.status_code} without a Content-Security-Policy"
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


def url_patterns(resolver=None, prefix: str = ""):
    """Every route of the URL conf as ``(route, pattern)``: a route pattern's text, or a regex's."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from url_patterns(pattern, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def concrete(route: str, values: dict[str, str]) -> str:
    """``route`` with each ``<converter:name>`` (or regex group ``(?P<name>…)``) replaced by
    ``values[name]``."""
    path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route)
    path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], path)
    return "/" + path.replace("^", "").replace("$", "")


@pytest.fixture
def objects(sample_catalogue):
    """One of each object the routes name, and a superuser (logged in by the test)."""
    root = User.objects.create_superuser("root", password="a long admin passphrase")
    token, _key = AuthToken.objects.create(root)
    deck = Deck.objects.get(pk="SMP-RED")
    run = start_goldfish(deck, root, runs=10)
    match = create_match(Player(root.pk, None, "root"), "lama", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    return {"code": "SMP-001", "slug": "lama", "deck_id": deck.pk, "number": "1", "run_id": run.pk, "match_id": match.pk,
            "token_key": token.token_key, "id": str(root.pk), "content_type_id": "1", "object_id": "1",
            "app_label": "cardsdb", "url": "no-such-admin-page/", "user": root, "username": "root", "seat": "1"}


def test_every_route_answers_with_the_policy(client, objects):
    client.force_login(objects["user"])
    seen = {}
    for route, pattern in url_patterns():
        values = dict(objects)
        admin_model = re.match(r"admin/(\w+)/(\w+)/<path:object_id>/", route)
        if admin_model:  # the admin's page of an object: the model's first one
            first = apps.get_model(*admin_model.groups()).objects.order_by("pk").first()
            values["object_id"] = str(first.pk) if first else "1"
        path = concrete(route, values)
        response = client.get(path, **EN)
        if response.status_code == 200 and response["Content-Type"].startswith("image/"):
            # a card face (an image opened by itself) carries a stricter policy of its own
            assert policy(response) == {"default-src": "'none'"}, path
        elif route.startswith("play/rules/<"):  # framed by a table's rules drawer, same origin only
            assert policy(response) == {**POLICY, "frame-ancestors": "'self'"}, path
        else:
            assert policy(response) == POLICY, path
        seen[path] = response.status_code
    assert len(seen) == len(list(url_patterns()))
    # Real pages, not only refusals: the pages, the admin and the API docs answer 200.
    for path in ("/", "/cards/", "/cards/SMP-001/", "/decks/SMP-RED/", "/decks/new/", "/play/", "/play/new/",
                 f"/play/m/{objects['match_id']}/", "/accounts/tokens/", "/admin/", "/admin/cardsdb/card/",
                 "/admin/axes/accessattempt/", "/api/docs/", "/api/docs/?script=", "/api/schema/"):
        assert seen.get(path.split("?")[0], 200) == 200 and client.get(path).status_code == 200, path
    print(f"\n{len(seen)} routes, statuses {sorted(set(seen.values()))}")


def test_refusals_and_other_methods_carry_the_policy_too(client, sample_catalogue):
    for response in (client.get("/no/such/page/"), client.post("/api/cards/", {}), client.get("/api/cards/NOPE/"),
                     client.get("/api/cards/", {"q": "c:"}), client.options("/api/decks/validate/")):
        assert policy(response) == POLICY


def test_the_websocket_sources_follow_the_host_asked_for(client, settings):
    settings.ALLOWED_HOSTS = ["play.example.org", "testserver"]
    response = client.get("/api/health/", HTTP_HOST="play.example.org:8443")
    assert policy(response)["connect-src"] == "'self' ws://play.example.org:8443 wss://play.example.org:8443"
    refused = client.get("/", HTTP_HOST="evil.example; script-src *")
    assert refused.status_code == 400
    assert policy(refused)["connect-src"] == "'self'"


# -- the templates and scripts hold nothing the policy blocks -----------------------------------
SOURCES = sorted(p for folder in ("templates", "accounts", "cardsdb", "core", "decks", "play", "static")
                 for p in (REPO / folder).rglob("*") if p.suffix in (".html", ".js"))
BLOCKED = {
    "an inline script": re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I),
    "an event handler attribute": re.compile(r"<[^>]*\son[a-z]+\s*=", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
    "a style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.I),
    "a style element": re.compile(r"<style\b", re.I),
    "eval": re.compile(r"\beval\(|\bnew Function\(|set(?:Timeout|Interval)\(\s*[\"'`]"),
    "a style attribute set from a script": re.compile(r"setAttribute\(\s*[\"']style|\.cssText\b"),
}


def test_no_template_or_script_holds_what_the_policy_blocks():
    assert len(SOURCES) >= 50  # the project's templates and scripts were found
    found = [(str(path.relative_to(REPO)), what) for path in SOURCES for what, pattern in BLOCKED.items()
             if pattern.search(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_checks_find_what_they_look_for():
    samples = {
        "an inline script": '<script>alert(1)</script>', "an event handler attribute": '<a href="#" onclick="x()">',
        "a javascript: URL": '<a href="javascript:void(0)">', "a style attribute": '<p style="color: red">',
        "a style element": "<style>p {}</style>", "eval": "setTimeout('x()', 1)",
        "a style attribute set from a script": 'el.setAttribute("style", "x")',
    }
    assert {what: bool(BLOCKED[what].search(text)) for what, text in samples.items()} == dict.fromkeys(samples, True)
    allowed = ['<script type="module" src="/static/js/site.js"></script>', '<script type="application/json" id="x">',
               'part.style.setProperty("--eoc-rows", 3);']
    assert [what for text in allowed for what, pattern in BLOCKED.items() if pattern.search(text)] == []


def test_a_response_that_uses_the_nonce_gets_it_in_the_policy(rf):
    from django.http import HttpResponse

    from core.middleware import ContentSecurityPolicyMiddleware

    middleware = ContentSecurityPolicyMiddleware(lambda request: HttpResponse(f'<script nonce="{request.csp_nonce}">'))
    response = middleware(rf.get("/"))
    nonce = response.content.decode().split('"')[1]
    assert len(nonce) == 24
    assert policy(response)["script-src"] == policy(response)["style-src"] == f"'self' 'nonce-{nonce}'"
    assert policy(middleware.__class__(lambda request: HttpResponse("no inline"))(rf.get("/")))["script-src"] == "'self'"
