"""The admin: card changelist, search, filters, the card form's checks, decks with their cards."""
import pytest

from tests.conftest import EN
from django.contrib.auth.models import User

from cardsdb.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, db):
    admin = User.objects.create_superuser("root", "root@example.com", "a strong admin password")
    client.force_login(admin)
    return client


def form_data(card: Card, **changes) -> dict:
    """The change form's POST data for ``card`` as it is, with ``changes``."""
    data = {
        "code": card.code, "card_set": card.card_set_id, "name": card.name, "reading": card.reading,
        "name_en": card.name_en, "type": card.type, "colours": list(card.colours), "size": card.size,
        "bonus_colour": card.bonus_colour or "", "bonus_value": "" if card.bonus_value is None else card.bonus_value,
        "step1": card.step1, "step2": card.step2, "step3": card.step3,
        "hp": card.hp or "", "directions": card.directions or "",
        "movement": "" if card.movement is None else card.movement,
        "ability": card.ability, "rarity": card.rarity, "text": card.text, "flavour": card.flavour,
        "artist": card.artist,
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def changelist_codes(response) -> list[str]:
    return [card.code for card in response.context["cl"].result_list]


def test_changelist_search_and_filters(admin_client, t_catalogue):
    response = admin_client.get("/admin/cardsdb/card/")
    assert response.status_code == 200
    assert len(changelist_codes(response)) == 20
    found = admin_client.get("/admin/cardsdb/card/", {"q": "アリサ"})
    assert changelist_codes(found) == ["T-001", "T-019"]
    assert changelist_codes(admin_client.get("/admin/cardsdb/card/", {"q": "Snare"})) == ["T-006"]
    filtered = admin_client.get("/admin/cardsdb/card/", {"type__exact": "character", "directions__exact": "diagonal"})
    assert changelist_codes(filtered) == ["T-004", "T-016"]
    assert changelist_codes(admin_client.get("/admin/cardsdb/card/", {"rarity": "SR"})) == ["T-007", "T-011"]
    assert admin_client.get("/admin/cardsdb/cardset/").status_code == 200


def test_change_form_opens(admin_client, t_catalogue):
    card = Card.objects.get(code="T-011")
    response = admin_client.get(f"/admin/cardsdb/card/{card.pk}/change/", **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'type="checkbox" name="colours" value="white"' in body
    assert 'name="step2" value="attack special"' in body
    assert "Action table" in body


def test_bad_step_is_a_form_error_and_nothing_changes(admin_client, t_catalogue):
    card = Card.objects.get(code="T-001")
    url = f"/admin/cardsdb/card/{card.pk}/change/"
    for step1, message in [
        ("move fly", "Unknown action(s): fly."),
        ("move move", "The actions of a STEP must be different."),
        ("move attack defend charge", "A STEP holds 1 to 3 actions."),
        ("", "This field is required."),
    ]:
        response = admin_client.post(url, form_data(card, step1=step1, name="Changed"), **EN)
        assert response.status_code == 200, step1
        assert message in response.content.decode(), step1
    card.refresh_from_db()
    assert (card.step1, card.name) == ("move attack", "炎の剣士アリサ")


def test_character_fields_are_checked(admin_client, t_catalogue):
    hero = Card.objects.get(code="T-001")
    item = Card.objects.get(code="T-003")
    response = admin_client.post(
        f"/admin/cardsdb/card/{hero.pk}/change/", form_data(hero, hp="", directions="", movement=""), **EN
    )
    assert response.status_code == 200
    body = response.content.decode()
    for message in ("A character needs HP of at least 1.", "A character needs movement directions.",
                    "A character needs a movement power."):
        assert message in body
    response = admin_client.post(
        f"/admin/cardsdb/card/{item.pk}/change/", form_data(item, hp=3, ability="Zap"), **EN
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "Only characters have HP, movement directions and movement power." in body
    assert "Only characters have a special ability." in body
    response = admin_client.post(f"/admin/cardsdb/card/{item.pk}/change/", form_data(item, bonus_value=""), **EN)
    assert "A SIZE bonus needs both a colour and a value (or neither)." in response.content.decode()
    response = admin_client.post(f"/admin/cardsdb/card/{item.pk}/change/", form_data(item, code="bad code"), **EN)
    assert response.status_code == 200 and "e.g. SMP-001" in response.content.decode()
    item.refresh_from_db()
    assert item.hp is None and item.ability == "" and item.bonus_value == 2


def test_good_edit_saves_colours_steps_and_derived_columns(admin_client, t_catalogue):
    card = Card.objects.get(code="T-011")  # colours white, black
    response = admin_client.post(
        f"/admin/cardsdb/card/{card.pk}/change/",
        form_data(card, colours=["black", "white", "red"], step1="  Charge  MOVE ", name="双子のルゥとリィ改"),
    )
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.colours == ["white", "black", "red"]  # kept order, new colour appended
    assert card.colour_mask == 1 | 4 | 8
    assert card.step1 == "charge move"
    assert card.name_folded == "双子のるぅとりぃ改"


def test_add_a_colourless_event(admin_client, t_catalogue):
    data = form_data(Card.objects.get(code="T-014"), code="t-100", name="新カード", colours=None)
    response = admin_client.post("/admin/cardsdb/card/add/", data)
    assert response.status_code == 302
    card = Card.objects.get(code="T-100")
    assert card.colours == [] and card.colour_mask == 0


def test_deck_admin_with_cards_inline(admin_client, sample_catalogue):
    response = admin_client.get("/admin/decks/deck/SMP-RED/change/")
    assert response.status_code == 200
    assert "entries-TOTAL_FORMS" in response.content.decode()
    assert admin_client.get("/admin/decks/deck/").status_code == 200


def test_deck_admin_refuses_bad_rows_with_form_errors(admin_client, sample_catalogue):
    from decks.models import Deck

    deck = Deck.objects.get(id="SMP-RED")
    entries = list(deck.entries.all())
    data = {
        "id": deck.id, "name": deck.name, "description": deck.description, "owner": "", "is_public": "",
        "entries-TOTAL_FORMS": str(len(entries)), "entries-INITIAL_FORMS": str(len(entries)),
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }
    for i, entry in enumerate(entries):
        data.update({
            f"entries-{i}-id": entry.id, f"entries-{i}-deck": deck.id, f"entries-{i}-card": entry.card_id,
            f"entries-{i}-count": entry.count, f"entries-{i}-position": entry.position,
        })
    url = f"/admin/decks/deck/{deck.id}/change/"
    for changes, message in [
        ({"entries-0-count": "0", "is_public": "on"}, "Ensure this value is greater than or equal to 1."),
        ({"is_public": ""}, "A deck without an owner (a site deck) must be public."),
    ]:
        response = admin_client.post(url, {**data, **changes}, **EN)
        assert response.status_code == 200
        assert message in response.content.decode()
    deck.refresh_from_db()
    assert deck.is_public and deck.entries.get(pk=entries[0].pk).count == entries[0].count
