"""Shared fixtures: the handed cases, the test catalogue loaded with the project's importer,
API clients.

The handed cases live in ``../shared/cases`` beside the repository (``CASES_DIR`` overrides).
When they are missing the tests that need them fail: they are the contract.
"""
import json
import os
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from bench.server import RedisServer

REPO = Path(__file__).resolve().parent.parent
SYSTEM_TESTS = REPO / "tests" / "system"


def pytest_collection_modifyitems(config, items):
    """Every test under ``tests/system`` is marked ``system``: ``.ci/run`` runs the slow tests of
    real processes and browsers (``system``, ``e2e``) on its first set-up only, but for those
    marked ``every_setup``."""
    for item in items:
        if SYSTEM_TESTS in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.system)

# API throttling (production defaults in config/settings.py) is off in effect for the tests: the
# whole run is one client address and a few users sharing one cache (Redis in CI), and many
# tests call the API in quick succession. Django's settings are loaded before this file, so the
# throttle classes' rates are raised here; the environment carries them to the site processes
# the tests start. tests/core/test_throttling.py sets its own low rates.
TEST_THROTTLE_RATE = "1000000/hour"
os.environ.setdefault("THROTTLE_ANON", TEST_THROTTLE_RATE)
os.environ.setdefault("THROTTLE_USER", TEST_THROTTLE_RATE)


def _raise_throttle_rates() -> None:
    from rest_framework.throttling import SimpleRateThrottle

    SimpleRateThrottle.THROTTLE_RATES = {
        **SimpleRateThrottle.THROTTLE_RATES, "anon": os.environ["THROTTLE_ANON"], "user": os.environ["THROTTLE_USER"],
    }


_raise_throttle_rates()

# The websocket frame budgets (core.frame_budget), for the same reason: every anonymous test
# socket is one client. The site processes the tests start get them through the environment;
# tests/core/test_frames.py sets its own low budgets.
TEST_FRAME_BUDGET = {"WS_SOCKET_RATE": "1000000", "WS_SOCKET_BURST": "1000000",
                     "WS_CLIENT_RATE": "1000000", "WS_CLIENT_BURST": "1000000",
                     "WS_GUESTS_RATE": "1000000", "WS_GUESTS_BURST": "1000000",
                     # and the pages' (core.middleware.PageRateMiddleware): the whole run is one address
                     "PAGE_RATE": "1000000", "PAGE_BURST": "1000000"}
for _name, _value in TEST_FRAME_BUDGET.items():
    os.environ.setdefault(_name, _value)


def _raise_frame_budgets() -> None:
    from django.conf import settings

    for name in TEST_FRAME_BUDGET:
        setattr(settings, name, float(os.environ[name]) if name.endswith("RATE") else int(os.environ[name]))


_raise_frame_budgets()
CASES_DIR = Path(os.environ.get("CASES_DIR", REPO.parent / "shared" / "cases"))
FIXTURES_DIR = REPO / "fixtures"


@pytest.fixture
def shared_redis_url():
    """This run's ``REDIS_URL`` when set, else the URL of a private ``RedisServer`` started for
    the test (``bench.server``; the test fails when it cannot start one), stopped after."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    server = RedisServer().start()
    yield server.url
    server.kill()


def load_case(relative: str):
    """The JSON of a handed case file, e.g. ``load_case("decklists/empty.json")``."""
    path = CASES_DIR / relative
    assert path.exists(), f"handed case {path} is missing (set CASES_DIR)"
    return json.loads(path.read_text(encoding="utf-8"))


def case_files(folder: str) -> list[Path]:
    """Every ``*.json`` of a handed case folder, sorted; fails when the folder is empty."""
    files = sorted((CASES_DIR / folder).glob("*.json"))
    assert files, f"no handed cases in {CASES_DIR / folder}"
    return files


def import_file(path: Path):
    """Import a catalogue file with the project's importer; returns the summary."""
    from cardsdb.services import import_catalogue, parse_catalogue

    fmt = path.suffix.lstrip(".")
    return import_catalogue(parse_catalogue(path.read_text(encoding="utf-8"), fmt))


@pytest.fixture
def t_catalogue(db):
    """The handed test catalogue (set T, 20 cards) in the database."""
    import_file(CASES_DIR / "catalogue.json")


@pytest.fixture
def sample_catalogue(db):
    """The sample catalogue (set SMP) and the sample decks, as ``make run`` loads them."""
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's own language: a page asked for in another language leaves
    that language active in the thread (Django's locale middleware activates it and nothing
    deactivates it), which a later test's ``gettext`` would otherwise follow."""
    from django.utils import translation

    translation.deactivate()
    yield


@pytest.fixture
def api():
    """A DRF test client (anonymous)."""
    return APIClient()


@pytest.fixture
def user(db):
    from django.contrib.auth.models import User

    return User.objects.create_user("alice", password="correct horse battery")


@pytest.fixture
def other_user(db):
    from django.contrib.auth.models import User

    return User.objects.create_user("bob", password="another long password")


def token_client(user) -> APIClient:
    """A DRF client authenticated with a fresh API token of ``user``."""
    from knox.models import AuthToken

    _, key = AuthToken.objects.create(user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def alice_api(user):
    return token_client(user)


@pytest.fixture
def bob_api(other_user):
    return token_client(other_user)


EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def page_in_both_languages(client, path: str, status: int = 200) -> tuple[str, str]:
    """GET ``path`` in English and in Japanese; assert both answer ``status``; return both HTML texts."""
    en, ja = client.get(path, **EN), client.get(path, **JA)
    assert en.status_code == ja.status_code == status, (en.status_code, ja.status_code)
    return en.content.decode(), ja.content.decode()
