"""A registered user's name key (``core.models.UserNameKey``): kept in step on every way a user
is made or renamed, filled for the users there were by migration ``0002_fill_name_keys``, and
what ``core.selectors.user_named_like`` looks a name up by."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client

from accounts.forms import SignupForm
from core.models import UserNameKey
from core.selectors import user_named_like
from tests.conftest import EN

fill = importlib.import_module("core.migrations.0002_fill_name_keys")

PASSWORD = "a long pass phrase 1"


def keys() -> list[tuple[str, str]]:
    return list(UserNameKey.objects.order_by("user__username").values_list("user__username", "name_key"))


def test_a_user_made_with_the_orm_is_found_by_a_look_alike_spelling(db):
    User.objects.create_user("alice", password=PASSWORD)
    assert keys() == [("alice", "a1ice")]
    assert [user_named_like(name) for name in ["alice", "ALICE", "ａｌｉｃｅ", "al\u0456ce", "alice\u3164", "alicia"]] == [
        "alice", "alice", "alice", "alice", "alice", None]


def test_a_user_made_by_the_sign_up_form_and_page_is_found_by_a_look_alike_spelling(db):
    form = SignupForm(data={"username": "bob", "password1": PASSWORD, "password2": PASSWORD})
    assert form.is_valid(), form.errors
    form.save()
    page = Client().post("/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD},
                         **EN)
    assert page.status_code == 302
    assert keys() == [("bob", "bob"), ("carol", "caro1")]
    assert (user_named_like("B\u043eb"), user_named_like("ｃａｒｏｌ")) == ("bob", "carol")


def test_a_user_made_by_createsuperuser_is_found_by_a_look_alike_spelling(db):
    call_command("createsuperuser", interactive=False, username="root", email="root@example.com", verbosity=0)
    assert keys() == [("root", "root")]
    assert user_named_like("r\u043e\u043et") == "root"


def test_a_renamed_user_is_found_by_the_new_name_only(db):
    user = User.objects.create_user("alice", password=PASSWORD)
    user.username = "carol"
    user.save()
    assert keys() == [("carol", "caro1")]
    assert (user_named_like("al\u0456ce"), user_named_like("ｃａｒｏｌ")) == (None, "carol")
    user.username = "dave"
    user.save(update_fields=["username"])
    assert keys() == [("dave", "dave")]
    assert (user_named_like("ｃａｒｏｌ"), user_named_like("Dave")) == (None, "dave")


def test_a_user_renamed_in_the_admin_is_found_by_the_new_name(admin_client, django_user_model):
    user = User.objects.create_user("alice", password=PASSWORD)
    page = admin_client.post(f"/admin/auth/user/{user.pk}/change/", {
        "username": "mallory", "password": user.password, "is_active": "on", "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00"})
    assert page.status_code == 302, page.content.decode()[:2000]
    assert keys() == [("admin", "admin"), ("mallory", "ma11ory")]
    assert (user_named_like("al\u0456ce"), user_named_like("MALLORY\u3164")) == (None, "mallory")


def test_a_log_in_writes_no_key_and_a_deleted_user_leaves_none(db):
    user = User.objects.create_user("alice", password=PASSWORD)
    UserNameKey.objects.filter(user=user).update(name_key="stale")
    logged_in = Client().post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert logged_in.status_code == 302  # Django saves last_login only
    user.refresh_from_db()
    assert user.last_login is not None
    assert keys() == [("alice", "stale")]
    user.delete()
    assert (keys(), user_named_like("al\u0456ce")) == ([], None)


def test_the_lookup_is_two_queries_and_the_first_username_wins_a_shared_key(db, django_assert_num_queries):
    for username in ["bob", "alice"]:
        User.objects.create_user(username, password=PASSWORD)
    User.objects.create_user("al\u0456ce", password=PASSWORD)  # made before the sign-up rule
    with django_assert_num_queries(2):
        assert user_named_like("ａｌｉｃｅ") == "alice"
    with django_assert_num_queries(1):
        assert user_named_like("Bob") == "bob"
    with django_assert_num_queries(2):
        assert user_named_like("carol") is None


def test_the_data_migration_fills_missing_keys_and_mends_wrong_ones(db):
    for username in ["alice", "bob", "carol"]:
        User.objects.create_user(username, password=PASSWORD)
    UserNameKey.objects.filter(user__username="alice").delete()
    UserNameKey.objects.filter(user__username="bob").update(name_key="stale")
    assert keys() == [("bob", "stale"), ("carol", "caro1")]
    fill.fill_name_keys(apps, None)
    assert keys() == [("alice", "a1ice"), ("bob", "bob"), ("carol", "caro1")]
    fill.fill_name_keys(apps, None)
    assert UserNameKey.objects.count() == 3
    assert [user_named_like(name) for name in ["al\u0456ce", "B\u043eb", "ｃａｒｏｌ"]] == ["alice", "bob", "carol"]


def test_the_exact_name_lookup_reads_an_index_on_postgresql(db):
    """``username__iexact`` is ``UPPER(username) = UPPER(%s)`` on PostgreSQL: migration 0003 gives
    it an index there (with sequential scans off, the plan names it); other databases have none."""
    User.objects.create_user("alice", password=PASSWORD)
    query = User.objects.filter(username__iexact="ALICE").values_list("username", flat=True)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
        assert "core_user_username_upper" in query.explain()
    else:
        assert "core_user_username_upper" not in query.explain()
    assert list(query) == ["alice"]


fill_both = importlib.import_module("core.migrations.0004_user_shape_key")


@pytest.mark.parametrize("name", ["aIice", "AIice", "ALİCE", "ALICE", "a1ice", "аlice", "ɑlice", "alıce", "Alice"])
def test_a_capital_i_and_a_dotted_capital_i_read_as_the_users_l_and_i(db, name):
    """Case folding makes ``I`` an ``i``, which does not look like ``l``: the shape key reads the
    letters as written first (``aIice`` → ``a1ice``). ``İ`` folds to ``i`` with a dot above,
    which is left out."""
    User.objects.create_user("alice", password=PASSWORD)
    assert user_named_like(name) == "alice"
    assert user_named_like("alicia") is None and user_named_like("AIicia") is None


def test_both_keys_are_kept_and_the_migration_writes_them_for_every_user(db):
    User.objects.create_user("Iris", password=PASSWORD)
    assert list(UserNameKey.objects.values_list("name_key", "shape_key")) == [("iris", "1ris")]
    UserNameKey.objects.update(name_key="stale", shape_key="")
    User.objects.bulk_create([User(username="bob")])  # no signal: no row
    fill_both.fill_both_keys(apps, None)
    assert sorted(UserNameKey.objects.values_list("user__username", "name_key", "shape_key")) == [
        ("Iris", "iris", "1ris"), ("bob", "bob", "bob")]
    assert user_named_like("lris") == "Iris"  # an l where the capital I was
