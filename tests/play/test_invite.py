"""Invite links to an open seat: the seated person's table lists one per free seat; a guest
who follows one chooses a name and lands in that seat; a seat that is no longer free, or a
visitor who has a name already, is sent to the table with a sentence saying so."""
import pytest
from django.test import Client

from play.models import Match
from play.services.create import create_match
from tests.conftest import EN
from tests.play.matches import HUMAN, RANDOM
from tests.play.test_pages import guest

pytestmark = pytest.mark.usefixtures("db")


def test_a_friend_follows_the_invite_link_names_themselves_and_takes_the_seat(client):
    ann = guest(client, "Ann")
    match = create_match(ann, "lama", [HUMAN, RANDOM, HUMAN], {}, None)
    body = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    link = f"http://testserver/play/m/{match.id}/invite/2/"
    assert f'id="invite-3" class="invite-link" value="{link}" readonly' in body
    assert "invite/1/" not in body and "invite/0/" not in body  # a bot's seat, Ann's seat
    assert "Send this link: your friend chooses a name and lands in the seat." in body

    friend = Client()
    response = friend.get(f"/play/m/{match.id}/invite/2/", **EN)
    assert (response.status_code, response["Location"]) == (302, f"/play/name/?next=%2Fplay%2Fm%2F{match.id}%2F")
    response = friend.post("/play/name/", {"name": "Bob", "next": f"/play/m/{match.id}/"}, **EN)
    assert (response.status_code, response["Location"]) == (302, f"/play/m/{match.id}/")
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    assert match.seats.get(index=2).name == "Bob"
    # the started match's table lists no invite any more
    assert 'id="invite"' not in client.get(f"/play/m/{match.id}/", **EN).content.decode()

    late = Client()
    response = late.get(f"/play/m/{match.id}/invite/2/", follow=True, **EN)
    assert response.redirect_chain == [(f"/play/m/{match.id}/", 302)]
    assert "This invitation&#x27;s seat is no longer free." in response.content.decode()


def test_a_visitor_with_a_name_lands_on_the_table_to_take_the_seat(client):
    match = create_match(guest(Client(), "Ann"), "lama", [HUMAN, HUMAN], {}, None)
    guest(client, "Carol")
    response = client.get(f"/play/m/{match.id}/invite/1/", follow=True, **EN)
    assert response.redirect_chain == [(f"/play/m/{match.id}/", 302)]
    assert "You are invited to seat 2: press “Take this seat” to join." in response.content.decode()
    assert Match.objects.get(pk=match.id).status == Match.Status.OPEN
    assert client.get("/play/m/nosuchmatch/invite/1/").status_code == 404
