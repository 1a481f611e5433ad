"""Password guessing is limited (django-axes): LOGIN_FAILURE_LIMIT (5) failed logins for one
account from one client address lock out that pair, and LOGIN_ADDRESS_FAILURE_LIMIT (20) from one
address over every account lock out the address, on every door that checks a password
(``/accounts/login/`` and ``/admin/login/``); the account's owner still logs in from another
address. The locked-out answer is 429 with ``Retry-After`` and a page saying how long to wait; a
successful login clears the failures of its account from its address and no other; the address
is taken as the API's rate limits take it."""
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import override_settings

from core.addresses import request_address
from tests.conftest import EN, JA

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
PASSWORD = "correct horse battery"  # the ``user`` fixture's (alice)
WRONG = "Please enter a correct username and password"
LOCKED = "Wait 15 minutes, then try again."


def attempt(client, username, password, address="203.0.113.1", path=LOGIN, **headers):
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address, **EN, **headers)


def test_five_failures_lock_the_account_from_that_address_only(client, user, other_user):
    answers = [attempt(client, "alice", "wrong", "203.0.113.1") for _ in range(5)]
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 429]
    assert all(WRONG in a.content.decode() for a in answers[:4])
    assert LOCKED in answers[4].content.decode()
    # The right password from that address is refused too, and nobody is logged in.
    locked = attempt(client, "alice", PASSWORD, "203.0.113.1")
    assert locked.status_code == 429 and LOCKED in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # Alice herself, from her own address, logs in.
    assert attempt(client, "alice", PASSWORD, "198.51.100.7").status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)
    client.post("/accounts/logout/")
    # Her login cleared nothing of the other address: it stays locked for her account.
    assert attempt(client, "alice", PASSWORD, "203.0.113.1").status_code == 429
    # That address has failed only at alice: bob logs in from it.
    assert attempt(client, "bob", "another long password", "203.0.113.1").status_code == 302


def test_failures_from_many_addresses_never_lock_the_owner_out(client, user):
    for i in range(1, 11):
        assert [attempt(client, "alice", "wrong", f"203.0.113.{i}").status_code for _ in range(5)] == [
            200, 200, 200, 200, 429]
    assert AccessAttempt.objects.filter(username="alice").count() == 10
    assert attempt(client, "alice", PASSWORD, "198.51.100.7").status_code == 302


def test_an_address_is_locked_after_twenty_failures_whatever_the_accounts(client, user):
    User.objects.create_user("bob", password="another long password")
    names = ["bob"] + [f"guess{i}" for i in range(19)]  # bob exists; the others do not
    answers = [attempt(client, name, "guess", "203.0.113.9").status_code for name in names]
    assert answers == [200] * 19 + [429]
    assert attempt(client, "alice", PASSWORD, "203.0.113.9").status_code == 429
    assert attempt(client, "bob", "another long password", "203.0.113.9").status_code == 429
    assert attempt(client, "alice", PASSWORD, "203.0.113.10").status_code == 302


def test_the_locked_out_page_says_how_long_to_wait_in_both_languages(client, user):
    for i in range(5):
        attempt(client, "alice", "wrong")
    en = attempt(client, "alice", "wrong")
    assert (en.status_code, en["Retry-After"]) == (429, "900")
    body = en.content.decode()
    assert "<h1>Too many failed logins</h1>" in body
    assert ("Logging in is locked after 5 failed tries for one account from your address, or 20 for any "
            "accounts. Wait 15 minutes, then try again.") in body
    assert "Every try while locked starts the wait again." in body
    ja = client.post(LOGIN, {"username": "alice", "password": "wrong"}, REMOTE_ADDR="203.0.113.1", **JA)
    assert ja.status_code == 429
    body = ja.content.decode()
    assert "<h1>ログインの失敗が多すぎます</h1>" in body
    assert ("このアドレスから一つのアカウントへのログインに5回、またはどのアカウントへでも合わせて20回失敗したため、"
            "ログインを止めています。15分待ってからもう一度お試しください。") in body


def test_the_lock_ends_when_the_wait_is_over(client, user):
    for i in range(5):
        attempt(client, "alice", "wrong")
    assert attempt(client, "alice", PASSWORD).status_code == 429
    # Each refused try started the wait again: 14 minutes after the last one it still holds.
    last = AccessAttempt.objects.get().attempt_time
    AccessAttempt.objects.update(attempt_time=last - timedelta(minutes=14))
    assert attempt(client, "alice", "wrong").status_code == 429
    last = AccessAttempt.objects.get().attempt_time
    AccessAttempt.objects.update(attempt_time=last - timedelta(minutes=15, seconds=1))
    assert attempt(client, "alice", PASSWORD).status_code == 302


def test_a_successful_login_clears_the_accounts_failures(client, user):
    for i in range(4):
        assert attempt(client, "alice", "wrong").status_code == 200
    assert attempt(client, "alice", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    # Four more failures are allowed again before the fifth locks.
    assert [attempt(client, "alice", "wrong").status_code for _ in range(5)] == [200, 200, 200, 200, 429]


def test_logging_into_ones_own_account_does_not_clear_the_addresss_failures_on_others(client, user, other_user):
    User.objects.create_user("mallory", password="mallory's own password")
    for name in ("bob", "carol", "dave", "erin"):
        assert [attempt(client, name, "guess").status_code for _ in range(4)] == [200] * 4
    assert [attempt(client, f"guess{i}", "guess").status_code for i in range(3)] == [200] * 3
    assert attempt(client, "mallory", "mallory's own password").status_code == 302
    client.post("/accounts/logout/")
    assert attempt(client, "alice", "guess").status_code == 429  # the address's twentieth failure
    assert AccessAttempt.objects.filter(username="bob").get().failures_since_start == 4


def test_the_admin_login_is_limited_and_shares_the_count(client):
    User.objects.create_superuser("root", password="a long admin passphrase")
    answers = [attempt(client, "root", "wrong", path=ADMIN_LOGIN) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert "Please enter the correct username and password for a staff account" in answers[0].content.decode()
    assert [attempt(client, "root", "wrong").status_code for _ in range(2)] == [200, 429]  # the site's page
    locked = attempt(client, "root", "a long admin passphrase", path=ADMIN_LOGIN)
    assert locked.status_code == 429 and LOCKED in locked.content.decode()
    assert "_auth_user_id" not in client.session
    assert attempt(client, "root", "a long admin passphrase", "198.51.100.1", path=ADMIN_LOGIN).status_code == 302


def test_the_address_is_the_connections_whatever_x_forwarded_for_says(client, user):
    """NUM_PROXIES = 0 (the default): a made-up X-Forwarded-For gives no fresh count."""
    answers = [attempt(client, "alice", "x", "203.0.113.5", HTTP_X_FORWARDED_FOR=f"10.9.9.{i}") for i in range(5)]
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 429]
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.5"}


@override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1})
def test_behind_one_proxy_the_address_is_the_one_it_appended(client, user, rf):
    request = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.20")
    assert request_address(request) == "198.51.100.20"
    for i in range(5):
        attempt(client, "alice", "x", "10.0.0.2", HTTP_X_FORWARDED_FOR=f"6.6.6.{i}, 198.51.100.20")
    assert attempt(client, "alice", PASSWORD, "10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.20").status_code == 429
    assert attempt(client, "alice", PASSWORD, "10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.21").status_code == 302
