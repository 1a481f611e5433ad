"""``manage.py synth_cards``: synthetic cards for measuring the site at scale — valid, the same
every time, realistically spread, safe to run again, removable with one command."""
import io
from collections import Counter

import pytest
from django.core.management import CommandError, call_command

from tcg.cards.interchange import card_from_dict
from cardsdb.models import Card, CardSet, CatalogueState
from cardsdb.selectors.search import search_cards
from cardsdb.synthetic import synthetic_record

pytestmark = pytest.mark.django_db


def synth(*args) -> str:
    out = io.StringIO()
    call_command("synth_cards", *args, "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_records_are_valid_and_the_same_every_time():
    records = [synthetic_record(n) for n in range(1, 2001)]
    for record in records:
        assert card_from_dict(record.to_dict()) == record  # passes every rule of the interchange format
    assert synthetic_record(17) == records[16]
    assert synthetic_record(17, seed=1) != records[16]
    assert records[0].code == "SYN-000001" and records[-1].code == "SYN-002000"
    with pytest.raises(ValueError):
        synthetic_record(0)


def test_records_are_spread_like_a_catalogue():
    records = [synthetic_record(n) for n in range(1, 4001)]
    types = Counter(r.type for r in records)
    assert 0.40 < types["character"] / 4000 < 0.50
    assert 0.15 < types["item"] / 4000 < 0.25
    colours = Counter(len(r.colours) for r in records)
    assert colours[1] > colours[2] > colours[3] > 0 and colours[0] > 0
    assert {r.size for r in records} == set(range(7))
    characters = [r for r in records if r.type == "character"]
    assert {r.hp for r in characters} == set(range(1, 9))
    assert {r.movement for r in characters} == {1, 2, 3, 4}
    assert {r.rarity for r in records} == {"C", "U", "R", "SR", "P"}
    assert len({r.name for r in records}) > 3000  # mostly different names, some reprints
    for record in records[:200]:
        assert record.reading and record.name_en and record.text and record.artist
    assert any(r.name_en.startswith("Arisa, ") for r in characters)


def test_synth_creates_reruns_safely_grows_and_removes(t_catalogue):
    version = CatalogueState.current()[0]
    assert "Created 50 synthetic card(s)" in synth("50")
    assert CardSet.objects.get(code="SYN").kind == "synthetic"
    assert Card.objects.filter(card_set_id="SYN").count() == 50
    first = Card.objects.get(code="SYN-000007")
    assert first.name_folded and first.reading_folded and first.text_folded  # folded like any card
    assert CatalogueState.current()[0] > version
    assert "Created 0 synthetic card(s)" in synth("50")
    assert "Created 30 synthetic card(s)" in synth("80")
    assert Card.objects.get(code="SYN-000007").updated_at == first.updated_at  # left alone
    assert len(search_cards("s:syn").cards) == 80
    assert "Removed 80 synthetic card(s)" in synth("--remove")
    assert not CardSet.objects.filter(code="SYN").exists()
    assert Card.objects.count() == 20  # the T catalogue is untouched
    assert "Removed 0 synthetic card(s)" in synth("--remove")


def test_synthetic_cards_are_labelled_in_the_api(api, db):
    synth("3")
    body = api.get("/api/cards/SYN-000002/").json()
    assert (body["set"], body["set_kind"], body["sample"]) == ("SYN", "synthetic", True)


def test_remove_refuses_when_a_saved_deck_uses_a_synthetic_card(db, user):
    from decks.models import Deck, DeckCard

    synth("5")
    deck = Deck.objects.create(owner=user, name="uses SYN")
    DeckCard.objects.create(deck=deck, card=Card.objects.get(code="SYN-000001"), count=1)
    with pytest.raises(CommandError, match="saved deck entries use synthetic cards; nothing was removed"):
        synth("--remove")
    assert Card.objects.filter(card_set_id="SYN").count() == 5


@pytest.mark.parametrize("args,message", [((), "either"), (("5", "--remove"), "either"), (("-1",), "0 to 999999")])
def test_bad_arguments(db, args, message):
    with pytest.raises(CommandError, match=message):
        synth(*args)


def test_a_set_syn_that_is_not_synthetic_is_never_touched(db):
    CardSet.objects.create(code="SYN", name="real", kind="printed")
    with pytest.raises(CommandError, match="not synthetic"):
        synth("5")
    with pytest.raises(CommandError, match="not synthetic"):
        synth("--remove")
    assert CardSet.objects.get(code="SYN").kind == "printed" and not Card.objects.exists()
