"""Property-based fuzzing of the whole REST API against its own OpenAPI schema.

The schema is loaded from ``/api/schema/`` of the in-process WSGI application, and every
operation in it is called with generated requests (valid and invalid ones) twice: anonymously
and with a knox token of a user who owns a deck (with two versions and a goldfish run) and sits
in matches. Generated path parameters are mixed with ids that exist, so that requests reach past
the 404s. The seed is fixed and examples are bounded, so a run is repeatable.

Every response must:
- never be a 5xx (``not_a_server_error``), but the health check's documented 503 when no worker
  runs (``no_server_error``);
- have a status code and a content type the schema documents for the operation;
- match the schema's body for that status (``response_schema_conformance``);
- when it is a 4xx, carry exactly the error shape ``{"error": {"code", "message", "details"}}``
  (a 409 ``stale_version`` also carries the caller's current ``view``, as documented).

Throttling is on in the site; the throttle counters of the two callers are reset before every
request, so a lowered rate cannot make this test flaky (a 429 still has to be in the error shape).

The stateful phase (``test_stateful``) chains operations along the links between them that
schemathesis infers from the schema (an id in one answer is a path parameter of another: a
deck made by ``POST /api/decks/`` is then read, changed, copied, restored and deleted; a match
made by ``POST /api/matches/`` is read, joined, played; about 50 links), as the user with a
token, with the same checks on every answer. Its scenarios are seeded too
(``derandomize``) and bounded in number and length, to keep the run to about a minute.
"""
from __future__ import annotations

import pytest
import schemathesis
from django.contrib.auth.models import AnonymousUser, User
from django.core import signals
from django.core.cache import caches
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from django.http import HttpRequest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from rest_framework.request import Request
from rest_framework.settings import api_settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import token_client
from tests.core.api_size import API_OPERATIONS

# ``GET /api/cards/bulk/`` streams from an async iterator, made for the ASGI server; through WSGI
# Django consumes it synchronously and says so.
pytestmark = pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume asynchronous iterators")

#: Fixed seed and bounded examples: the same requests on every run.
SEED = 20261130
MAX_EXAMPLES = 8
#: The stateful phase: this many scenarios of at most this many chained calls.
STATEFUL_SCENARIOS = 150
STATEFUL_STEPS = 10

APP = get_wsgi_application()
SCHEMA_PATH = "/api/schema/"


def operations_needing_a_user() -> list[str]:
    """``"METHOD /path"`` of the operations whose security has no anonymous alternative."""
    raw = schemathesis.openapi.from_wsgi(SCHEMA_PATH, APP).raw_schema
    return sorted(
        f"{method.upper()} {path}"
        for path, methods in raw["paths"].items()
        for method, operation in methods.items()
        if isinstance(operation, dict) and "responses" in operation and {} not in operation.get("security", [{}])
    )


USER_ONLY = operations_needing_a_user()
#: To keep the run short, the coverage phase skips operations that read the same body as one
#: that has it: PUT and PATCH of a deck (as POST /api/decks/, PATCH with fields left out) and
#: the validator (as the analyser, which validates, then adds statistics and odds).
SAME_BODY = ["PUT /api/decks/{deck_id}/", "PATCH /api/decks/{deck_id}/", "POST /api/decks/validate/"]
USER_COVERAGE = [name for name in USER_ONLY if name not in SAME_BODY]


def fuzz_config(coverage_everywhere: bool, except_on: list[str], only_on: list[str]) -> schemathesis.Config:
    """Seeded, deterministic, bounded generation (valid and invalid data) for every operation.

    Schemathesis's coverage phase (boundary and wrong-type values of every parameter and body
    field, a missing required field, OPTIONS and an unsupported method) runs on every operation
    but ``except_on`` when ``coverage_everywhere``, else on ``only_on``."""
    coverage = {"unexpected-methods": ["OPTIONS", "TRACE"], "generate-duplicate-query-parameters": False}
    names, enabled = (except_on, False) if coverage_everywhere else (only_on, True)
    return schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none", "mode": "all"},
            "phases": {"coverage": {"enabled": coverage_everywhere, **coverage}, "stateful": {"enabled": False}},
            "operations": [{"include-name": names, "phases": {"coverage": {"enabled": enabled, **coverage}}}],
        }
    )


# The coverage phase runs where it reaches past the permission check: for an anonymous caller on
# the operations anyone may call, for the user on those only a user may call.
anonymous_schema = schemathesis.openapi.from_wsgi(
    SCHEMA_PATH, APP, config=fuzz_config(True, except_on=USER_ONLY + SAME_BODY, only_on=[]))
user_schema = schemathesis.openapi.from_wsgi(
    SCHEMA_PATH, APP, config=fuzz_config(False, except_on=[], only_on=USER_COVERAGE))

#: Ids that exist during a test, by path parameter name; filled by the ``world`` fixture.
KNOWN: dict[str, list] = {}


@anonymous_schema.hook
@user_schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Half of the generated path parameters are replaced by ids that exist."""
    real = {name: KNOWN[name] for name in path_parameters or {} if KNOWN.get(name)}
    if not real:
        return st.just(path_parameters)
    choices = st.fixed_dictionaries({name: st.sampled_from(values) for name, values in real.items()})
    return st.one_of(st.just(path_parameters), choices.map(lambda chosen: {**path_parameters, **chosen}))


ERROR_KEYS = {"code", "message", "details"}


@schemathesis.check
def error_shape(ctx, response, case):
    """Every 4xx answer is ``{"error": {"code": str, "message": str, "details": ...}}`` and nothing else."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = response.json()
    except Exception:
        raise AssertionError(f"{response.status_code} without a JSON body: {response.text[:200]!r}") from None
    assert isinstance(body, dict) and isinstance(body.get("error"), dict), f"not the error shape: {body!r}"
    error = body["error"]
    assert set(error) == ERROR_KEYS, f"not the error shape: {body!r}"
    # The one documented addition: a stale version's 409 carries the caller's current view.
    extra = {"view"} if response.status_code == 409 and error["code"] == "stale_version" else set()
    assert set(body) - extra == {"error"}, f"not the error shape: {body!r}"
    assert isinstance(error["code"], str) and error["code"], f"error code is not a string: {body!r}"
    assert isinstance(error["message"], str) and error["message"], f"error message is not a string: {body!r}"
    return True


@schemathesis.check
def no_server_error(ctx, response, case):
    """``not_a_server_error``, but for the one documented 5xx: the health check's 503 when a
    service is down. No Celery worker runs beside this test, so ``workers`` may fail there; every
    other service must be ok."""
    if case.operation.label == "GET /api/health/" and response.status_code == 503:
        statuses = {name: service["status"] for name, service in response.json().items()}
        assert statuses.pop("workers").startswith("error: NoWorker: "), statuses
        assert statuses == {"database": "ok", "channel_layer": "ok", "broker": "ok"}, statuses
        return True
    return not_a_server_error(ctx, response, case)


CHECKS = [no_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          error_shape]


def reset_throttles(user) -> None:
    """Forget the throttle history of the anonymous caller and of ``user``, keyed as DRF keys it
    (the WSGI test client sends no ``REMOTE_ADDR``)."""
    keys = []
    for who in (AnonymousUser(), user):
        request = Request(HttpRequest())
        request.user = who
        for throttle_class in api_settings.DEFAULT_THROTTLE_CLASSES:
            throttle = throttle_class()
            key = throttle.get_cache_key(request, None)
            if key:
                keys.append(key)
    caches["default"].delete_many(keys)


def make_world():
    """A user with a token, a saved deck (2 versions, a goldfish run), a running, a finished and
    a waiting match, on the sample catalogue; their ids go into ``KNOWN``. Returns ``(user, key)``."""
    from django.core.management import call_command
    from knox.models import AuthToken

    from tests.play.matches import HEURISTIC, HUMAN, STACKED

    call_command("load_samples", verbosity=0)
    user = User.objects.create_user("fuzzer", password="a long fuzzing password")
    other = User.objects.create_user("other", password="another long password")
    _, key = AuthToken.objects.create(user)
    client = token_client(user)
    rival = token_client(other)

    text = client.get("/api/decks/SMP-RED/export/?as=text").content.decode()
    deck = client.post("/api/decks/", {"name": "Fuzzed", "text": text, "public": True}, format="json")
    assert deck.status_code == 201, deck.content
    deck_id = deck.json()["id"]
    assert client.patch(f"/api/decks/{deck_id}/", {"name": "Fuzzed 2"}, format="json").status_code == 200
    run = client.post(f"/api/decks/{deck_id}/goldfish/", {}, format="json")
    assert run.status_code == 202, run.content

    running = client.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HEURISTIC], "options": STACKED},
                          format="json")
    assert running.status_code == 201, running.content
    finished = client.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "options": {"end_at": 1}},
                           format="json").json()["id"]
    assert rival.post(f"/api/matches/{finished}/join/", {}, format="json").status_code == 200
    for actor, version in ((client, 0), (rival, 1)):
        moved = actor.post(f"/api/matches/{finished}/actions/", {"version": version, "action": {"type": "quit"}},
                           format="json")
        assert moved.status_code == 200, moved.content
    waiting = rival.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json").json()["id"]

    KNOWN.clear()
    KNOWN.update(
        deck_id=[deck_id, "SMP-RED"],
        number=[1, 2],
        run_id=[run.json()["id"]],
        match_id=[running.json()["id"], finished, waiting],
        code=["SMP-001", "SMP-040"],
    )
    return user, key


@pytest.fixture(scope="module")
def shared_world(django_db_setup, django_db_blocker):
    """``make_world()`` once for the module, inside a transaction rolled back at its end; each
    test's own ``db`` transaction nests in it, so what one operation's requests write is undone
    before the next operation."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield make_world()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            KNOWN.clear()


@pytest.fixture
def world(shared_world, db):
    """The module's world, in this test's own transaction: ``(user, token_key)``.

    Requests go to the WSGI application itself, whose request signals would close the test's
    database connection (inside its transaction); they are held off for the test, as Django's
    test client does for each of its requests."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield shared_world
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


#: The ``world`` fixture is meant to be shared by all examples of an operation.
SETTINGS = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@anonymous_schema.parametrize()
@SETTINGS
def test_anonymous(case, world):
    user, _ = world
    reset_throttles(user)
    case.call_and_validate(checks=CHECKS)


@user_schema.parametrize()
@SETTINGS
def test_authenticated(case, world):
    user, key = world
    reset_throttles(user)
    case.call_and_validate(checks=CHECKS, headers={"Authorization": f"Token {key}"})


def test_the_coverage_phase_runs_where_it_reaches_past_the_permission_check():
    """The two configurations split the coverage phase as documented above."""
    phases = {}
    for label, fuzzed in (("anonymous", anonymous_schema), ("user", user_schema)):
        for result in fuzzed.get_all_operations():
            operation = result.ok()
            enabled = fuzzed.config.phases_for(operation=operation).coverage.enabled
            phases.setdefault(operation.label, {})[label] = enabled
    assert len(phases) == API_OPERATIONS
    assert {name for name, on in phases.items() if on["user"]} == {
        "POST /api/decks/", "DELETE /api/decks/{deck_id}/", "POST /api/decks/{deck_id}/copy/",
        "POST /api/decks/{deck_id}/goldfish/", "POST /api/decks/{deck_id}/cards/",
        "GET /api/deck-drafts/{deck_id}/", "PUT /api/deck-drafts/{deck_id}/", "DELETE /api/deck-drafts/{deck_id}/"}
    assert {name for name, on in phases.items() if not on["anonymous"]} == {
        "POST /api/decks/", "PUT /api/decks/{deck_id}/", "PATCH /api/decks/{deck_id}/", "DELETE /api/decks/{deck_id}/",
        "POST /api/decks/{deck_id}/copy/", "POST /api/decks/{deck_id}/goldfish/", "POST /api/decks/validate/",
        "POST /api/decks/{deck_id}/cards/", "GET /api/deck-drafts/{deck_id}/", "PUT /api/deck-drafts/{deck_id}/",
        "DELETE /api/deck-drafts/{deck_id}/"}


# -- the stateful phase -----------------------------------------------------------------------------
stateful_schema = schemathesis.openapi.from_wsgi(SCHEMA_PATH, APP, config=schemathesis.Config.from_dict({
    "seed": SEED,
    "generation": {"deterministic": True, "database": "none", "mode": "all"},
    "phases": {"stateful": {"enabled": True, "max-steps": STATEFUL_STEPS}},
}))


# As in the other phases, half of the path parameters not taken from a link are ids that exist.
stateful_schema.hook(flatmap_path_parameters)


class Workflow(stateful_schema.as_state_machine()):
    """Scenarios as the user with a token (``token``), every answer checked with ``CHECKS``.
    Each scenario runs in a savepoint rolled back at its end, so that every scenario starts from
    the same world (a deck one scenario deleted is there for the next) and the seeded run is
    the same on every run."""

    token: str = ""
    user = None
    calls = 0

    def setup(self):
        self.savepoint = transaction.atomic()
        self.savepoint.__enter__()

    def teardown(self):
        transaction.set_rollback(True)
        self.savepoint.__exit__(None, None, None)

    def before_call(self, case):
        reset_throttles(Workflow.user)

    def get_call_kwargs(self, case):
        return {"headers": {"Authorization": f"Token {Workflow.token}"}}

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        Workflow.calls += 1
        case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)


def test_the_stateful_phase_follows_the_inferred_links():
    """The links the stateful phase walks: inferred from the schema, between the operations on
    decks, versions, goldfish runs, matches and cards."""
    transitions = stateful_schema.statistic.transitions
    assert transitions.total == transitions.selected >= 50
    names = {rule for rule in dir(Workflow) if rule.startswith(("POST_", "GET_", "PUT_", "PATCH_", "DELETE_"))}
    for link in ("POST_api_decks___201_GetDeckDetail__GET_api_decks_deck_id_",
                 "POST_api_decks___201_DeleteDeckDetail__DELETE_api_decks_deck_id_",
                 "POST_api_matches___201_GetMatchView__GET_api_matches_match_id_",
                 "POST_api_decks_deck_id_goldfish___202_GetGoldfishRun__GET_api_goldfish_run_id_"):
        assert link in names


def test_stateful(world):
    user, key = world
    Workflow.token, Workflow.user, Workflow.calls = key, user, 0
    Workflow.run(settings=settings(
        max_examples=STATEFUL_SCENARIOS, stateful_step_count=STATEFUL_STEPS, derandomize=True, database=None,
        deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck),
    ))
    assert Workflow.calls >= STATEFUL_SCENARIOS * 2
