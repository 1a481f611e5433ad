"""Accounts: sign up, log in and out, and API tokens made and revoked on a page."""
import re

import pytest

from tests.conftest import EN, JA, page_in_both_languages
from knox.models import AuthToken
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_signup_page_in_both_languages(client):
    en, ja = page_in_both_languages(client, "/accounts/signup/", 200)
    assert "Create my account" in en
    assert "アカウントを作成" in ja
    assert '<label for="id_username">' in en


def test_signup_logs_the_user_in(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "a long enough passphrase", "password2": "a long enough passphrase"},
        **EN,
    )
    assert response.status_code == 302 and response["Location"] == "/"
    home = client.get("/", **EN)
    assert home.context["user"].get_username() == "carol"
    assert "Welcome, carol!" in home.content.decode()


def test_signup_errors_are_shown(client, user):
    response = client.post("/accounts/signup/", {"username": "alice", "password1": "x", "password2": "y"}, **EN)
    assert response.status_code == 400
    body = response.content.decode()
    assert "A user with that username already exists." in body
    assert "password fields didn’t match" in body


def test_signup_next_must_be_local(client):
    data = {"username": "dave", "password1": "a long enough passphrase", "password2": "a long enough passphrase"}
    response = client.post("/accounts/signup/", {**data, "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_login_and_logout(client, user):
    page = client.get("/accounts/login/", **JA)
    assert page.status_code == 200 and "ログイン" in page.content.decode()
    bad = client.post("/accounts/login/", {"username": "alice", "password": "wrong"}, **EN)
    assert bad.status_code == 200 and "Please enter a correct username and password" in bad.content.decode()
    credentials = {"username": "alice", "password": "correct horse battery", "next": "/decks/"}
    good = client.post("/accounts/login/", credentials)
    assert good.status_code == 302 and good["Location"] == "/decks/"
    assert client.get("/decks/").context["user"].is_authenticated
    assert client.get("/accounts/logout/").status_code == 405  # POST only
    out = client.post("/accounts/logout/")
    assert out.status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_tokens_need_a_login(client):
    response = client.get("/accounts/tokens/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/accounts/tokens/"


def test_token_made_on_the_page_authenticates_and_revoking_it_ends_that(client, user):
    client.force_login(user)
    page = client.get("/accounts/tokens/", **EN)
    assert page.status_code == 200 and "You have no tokens." in page.content.decode()

    created = client.post("/accounts/tokens/", **EN)
    assert created.status_code == 200
    key = created.context["new_key"]
    body = created.content.decode()
    assert f'<pre id="token-key" class="token-key">{key}</pre>' in body
    assert "shown only once" in body
    assert f'curl -H "Authorization: Token {key}" http://testserver/api/decks/?mine=true' in body
    token = AuthToken.objects.get(user=user)
    assert key.startswith(token.token_key)
    assert "never" in body

    # the key is not shown again
    assert key not in client.get("/accounts/tokens/").content.decode()

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/decks/?mine=true").status_code == 200

    revoked = client.post(f"/accounts/tokens/{token.token_key}/revoke/", **EN)
    assert revoked.status_code == 302 and revoked["Location"] == "/accounts/tokens/"
    assert not AuthToken.objects.filter(user=user).exists()
    assert "has been revoked" in client.get("/accounts/tokens/", **EN).content.decode()
    assert api.get("/api/decks/?mine=true").status_code == 401


def test_tokens_page_in_japanese(client, user):
    client.force_login(user)
    body = client.post("/accounts/tokens/", **JA).content.decode()
    assert "今すぐコピーしてください" in body
    assert "無期限" in body


def test_cannot_revoke_another_users_token(client, user, other_user):
    theirs, _ = AuthToken.objects.create(other_user)
    client.force_login(user)
    assert client.post(f"/accounts/tokens/{theirs.token_key}/revoke/").status_code == 404
    assert client.post("/accounts/tokens/nonexistent/revoke/").status_code == 404
    assert AuthToken.objects.filter(user=other_user).count() == 1


def test_revoke_is_post_only(client, user):
    token, _ = AuthToken.objects.create(user)
    client.force_login(user)
    assert client.get(f"/accounts/tokens/{token.token_key}/revoke/").status_code == 405
    assert AuthToken.objects.filter(user=user).count() == 1


def test_token_list_shows_prefix_created_and_expiry(client, user):
    token, key = AuthToken.objects.create(user)
    client.force_login(user)
    body = client.get("/accounts/tokens/", **EN).content.decode()
    assert f"{token.token_key[:8]}…" in body
    assert key not in body
    assert re.search(r"<td>never</td>", body)
    assert f'action="/accounts/tokens/{token.token_key}/revoke/"' in body
