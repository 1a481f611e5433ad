"""The production settings (config/settings.py, "Production"): with the environment a
deployment sets, ``manage.py check --deploy`` finds nothing to warn about; a missing or weak
``SECRET_KEY`` refuses to start; and the site as those settings build it redirects http to https
and sends HSTS and secure cookies.

Each test runs the settings module afresh in a subprocess with that environment, so what is
checked is what the module makes of the environment, not settings overridden in this process.
"""
import json
import os
import secrets
import string
import subprocess
import sys

import pytest

from tests.conftest import REPO

HOST = "play.example.org"
# Variables of the running test configuration that a production process would not inherit.
# The test run's own settings are not production's; DJANGO_ALLOW_ASYNC_UNSAFE is set by the
# browser tests' conftest for the whole run, and check --deploy rightly refuses it (async.E001).
DROPPED = ("DEBUG", "SECRET_KEY", "HTTPS", "REQUIRE_SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS",
           "DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
NO_ISSUES = "System check identified no issues (0 silenced)."
REFUSED = "SECRET_KEY must be set in production"


def random_key(length: int = 60) -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits + "!@#%^&*(-_=+)") for _ in range(length))


def production(**changes) -> dict:
    """The production environment (DEBUG unset, HTTPS on, a random 60-character key, the site's
    host); ``changes`` set variables, ``None`` removes one."""
    env = {k: v for k, v in os.environ.items() if k not in DROPPED}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "HTTPS": "1", "SECRET_KEY": random_key(),
                "ALLOWED_HOSTS": HOST, "CSRF_TRUSTED_ORIGINS": f"https://{HOST}"})
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run(args: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def test_production_settings_pass_the_deploy_check():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production())
    assert (result.returncode, result.stdout.strip()) == (0, NO_ISSUES), result.stderr


@pytest.mark.parametrize("key", [None, "", string.ascii_letters[:49], "ab" * 30, "django-insecure-" + "k" * 50],
                         ids=["missing", "empty", "short", "few-characters", "django-insecure"])
def test_production_refuses_to_start_without_a_strong_secret_key(key):
    result = run(["manage.py", "check", "--deploy"], production(SECRET_KEY=key))
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and REFUSED in result.stderr, result.stderr
    assert "System check" not in result.stdout


def test_a_laptop_without_https_starts_with_the_development_key():
    result = run(["manage.py", "check"], production(HTTPS=None, SECRET_KEY=None, ALLOWED_HOSTS=None,
                                                    CSRF_TRUSTED_ORIGINS=None))
    assert (result.returncode, result.stdout.strip()) == (0, NO_ISSUES), result.stderr


# Run in the subprocess: requests through Django's test client to the site the production
# settings build (its sessions and users tables in an in-memory database: a guest's name is
# checked against the users'), printed as JSON.
SITE = f"""
import json

import django

django.setup()
from django.conf import settings
from django.core.management import call_command
from django.test import Client

call_command("migrate", "sessions", verbosity=0)
call_command("migrate", "auth", verbosity=0)
call_command("migrate", "core", verbosity=0)  # a user's save keeps their name keys (core.signals)
HOST, PROXY_HTTPS = {HOST!r}, "https"


def cookies(response):
    return {{name: {{"secure": bool(c["secure"]), "httponly": bool(c["httponly"])}}
            for name, c in response.cookies.items()}}


plain = Client().get("/api/games/?x=1", HTTP_HOST=HOST)
page = Client().get("/play/name/", HTTP_HOST=HOST, HTTP_X_FORWARDED_PROTO=PROXY_HTTPS)
named = Client().post("/play/name/", {{"name": "Gus"}}, HTTP_HOST=HOST, HTTP_X_FORWARDED_PROTO=PROXY_HTTPS)
print(json.dumps({{
    "debug": settings.DEBUG,
    "http": [plain.status_code, plain.get("Location"), plain.get("Strict-Transport-Security")],
    "https": [page.status_code, page.get("Strict-Transport-Security"), cookies(page)],
    "session": [named.status_code, cookies(named)],
}}))
"""


def test_with_https_the_site_redirects_to_https_and_sends_hsts_and_secure_cookies():
    result = run(["-c", SITE], production(DATABASE_URL="sqlite://:memory:"))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["debug"] is False
    assert seen["http"] == [301, f"https://{HOST}/api/games/?x=1", None]
    hsts = "max-age=31536000; includeSubDomains; preload"
    assert seen["https"] == [200, hsts, {"csrftoken": {"secure": True, "httponly": False}}]
    assert seen["session"] == [302, {"sessionid": {"secure": True, "httponly": True}}]
