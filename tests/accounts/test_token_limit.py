"""A user holds at most ``API_TOKENS_PER_USER`` (20) API tokens: each press of "Create token" made
one more, without end (the page is not throttled as the API is), and the tokens page lists them
all. Past the limit the page answers 429 saying so, shows no new key and makes no token."""
import pytest
from knox.models import AuthToken

from accounts.services import TooManyTokens, create_token
from tests.conftest import EN, JA


def fill(user, count=20):
    for _ in range(count):
        create_token(user)


@pytest.mark.parametrize("headers, message", [
    (EN, "You have 20 tokens, the most one user may have: revoke one you no longer use first."),
    (JA, "トークンが20個あり、1人が持てる上限です。先に使っていないトークンを無効にしてください。"),
])
def test_the_page_refuses_a_token_past_the_limit_and_makes_none(client, user, headers, message):
    fill(user)
    client.force_login(user)
    refused = client.post("/accounts/tokens/", **headers)
    assert refused.status_code == 429
    body = refused.content.decode()
    assert f'<p class="form-error" id="token-refusal" role="alert">{message}</p>' in body
    assert refused.context["new_key"] is None
    assert 'id="token-key"' not in body
    assert AuthToken.objects.filter(user=user).count() == 20


def test_the_service_refuses_with_the_code_and_the_limit(user):
    fill(user)
    with pytest.raises(TooManyTokens) as refused:
        create_token(user)
    assert (refused.value.code, refused.value.status, refused.value.details) == ("too_many_tokens", 429, {"limit": 20})
    assert AuthToken.objects.filter(user=user).count() == 20


def test_revoking_one_makes_room_and_the_limit_is_per_user(client, user, other_user):
    fill(user)
    create_token(other_user)
    client.force_login(user)
    token = AuthToken.objects.filter(user=user).first()
    assert client.post(f"/accounts/tokens/{token.token_key}/revoke/").status_code == 302
    made = client.post("/accounts/tokens/", **EN)
    assert made.status_code == 200 and made.context["new_key"]
    assert AuthToken.objects.filter(user=user).count() == 20
    assert AuthToken.objects.filter(user=other_user).count() == 1
