"""The public decks that hold a card (``decks.selectors.public_decks_with_card``), listed on
``/decks/with-card/<code>/`` and, through its ``?part=list`` fragment, on the card's page."""
import pytest

from decks import selectors, services
from decks.models import Deck
from tests.conftest import EN, JA

pytestmark = pytest.mark.django_db


def save(owner, name, text, public):
    return services.create_deck(owner, name, selectors.check_text(text), is_public=public)


@pytest.fixture
def decks(sample_catalogue, user, other_user):
    """Alice's public deck with 2 SMP-001, her private one with 3, Bob's public one with 1 and
    his public one without it; the sample deck SMP-RED has 3."""
    return {
        "alice_public": save(user, "Alice's red", "2 SMP-001\n3 SMP-002", True),
        "alice_private": save(user, "Alice's secret", "3 SMP-001", False),
        "bob_public": save(other_user, "Bob's mix", "1 SMP-001\n1 SMP-020", True),
        "bob_other": save(other_user, "Bob's green", "3 SMP-020", True),
    }


def test_only_public_decks_holding_the_card_most_copies_first(decks):
    found = [(d.id, d.copies) for d in selectors.public_decks_with_card("smp-001")]
    assert found == [("SMP-RED", 3), (decks["alice_public"].id, 2), (decks["bob_public"].id, 1)]
    assert decks["alice_private"].id not in {d.id for d in selectors.public_decks_with_card("SMP-001")}
    assert list(selectors.public_decks_with_card("SMP-999")) == []


def test_a_deck_made_private_leaves_the_list(decks):
    deck = decks["bob_public"]
    deck.is_public = False
    deck.save()
    assert [d.id for d in selectors.public_decks_with_card("SMP-001")] == ["SMP-RED", decks["alice_public"].id]


def test_the_page_and_its_fragment_show_public_decks_only_even_to_their_owner(client, decks, user):
    client.force_login(user)  # Alice's own private deck is still left out
    page = client.get("/decks/with-card/SMP-001/", **EN)
    assert page.status_code == 200
    body = page.content.decode()
    assert "<h1>Decks with Kagura, Flame Club Captain</h1>" in body
    assert "Alice&#x27;s red" in body and "Bob&#x27;s mix" in body and "紅蓮速攻" in body
    assert "Alice&#x27;s secret" not in body and "Bob&#x27;s green" not in body
    part = client.get("/decks/with-card/SMP-001/", {"part": "list"}, **JA).content.decode()
    assert "<html" not in part and part.count("<li>") == 3
    assert "× 3" in part and "× 2" in part and "× 1" in part


def test_a_card_no_public_deck_holds_says_so(client, sample_catalogue):
    Deck.objects.filter(id="SMP-BLACK").delete()  # the one sample deck with SMP-072
    part = client.get("/decks/with-card/SMP-072/", {"part": "list"}, **EN).content.decode()
    assert "No public deck holds this card yet." in part
    ja = client.get("/decks/with-card/SMP-072/", {"part": "list"}, **JA).content.decode()
    assert "このカードを使う公開デッキはまだありません。" in ja


def test_an_unknown_card_is_404(client, sample_catalogue):
    assert client.get("/decks/with-card/SMP-999/").status_code == 404
    assert client.get("/decks/with-card/not a code/").status_code == 404
