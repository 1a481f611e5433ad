"""The deck rules' catalogue lookups kept between requests: one primary-key read for a deck list
checked before, and a changed catalogue seen at once."""
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsdb.models import Card, CardSet, CatalogueState
from cardsdb.selectors.deck_index import LOOKUPS
from decks.selectors import check_text
from tests.conftest import load_case

VALID_TEXT = load_case("decklists/valid_mixed_formats.json")["input"]["text"]


def test_a_list_checked_again_costs_one_read_of_the_catalogue_version(t_catalogue):
    LOOKUPS.clear()
    with CaptureQueriesContext(connection) as first:
        assert check_text(VALID_TEXT).valid is True
    with CaptureQueriesContext(connection) as again:
        report = check_text(VALID_TEXT)
    assert (report.valid, report.total) == (True, 51)
    assert len(first) == 2
    assert len(again) == 1
    assert "version" in again[0]["sql"]


def test_only_the_names_not_met_before_are_queried(t_catalogue):
    LOOKUPS.clear()
    check_text("3 炎の剣士アリサ\n")
    with CaptureQueriesContext(connection) as both:
        report = check_text("3 炎の剣士アリサ\n3 T-002\n")
    assert [c.code for c in report.cards] == ["T-001", "T-002"]
    assert len(both) == 2
    assert "T-002" in both[1]["sql"]
    assert "炎の剣士ありさ" not in both[1]["sql"]  # the folded name asked before


def test_a_renamed_card_is_seen_by_the_next_check(t_catalogue):
    LOOKUPS.clear()
    assert [c.code for c in check_text("3 炎の剣士アリサ\n").cards] == ["T-001"]
    card = Card.objects.get(code="T-001")
    card.name = "炎の剣士アリサ改"
    card.save()
    assert [c.code for c in check_text("3 炎の剣士アリサ\n").cards] == ["T-019"]  # its reprint, still so named
    assert [c.code for c in check_text("3 炎の剣士アリサ改\n").cards] == ["T-001"]


def test_a_deleted_card_is_not_found_by_its_code(t_catalogue):
    LOOKUPS.clear()
    assert [c.code for c in check_text("3 T-017\n").cards] == ["T-017"]
    Card.objects.filter(code="T-017").get().delete()
    gone = check_text("3 T-017\n")
    assert gone.cards == []
    assert gone.problems[0]["code"] == "unknown_card"


def _version() -> int:
    return CatalogueState.current()[0]


def test_every_bulk_write_of_the_catalogue_moves_its_version_and_the_next_check_sees_it(t_catalogue):
    """The querysets' bulk writes (CatalogueQuerySet) move the version as save and delete do:
    a bulk delete once left the kept lookups finding a card that was gone. (By how much is not
    said: Django's bulk_update runs through update.)"""
    LOOKUPS.clear()
    assert [c.code for c in check_text("3 T-017\n").cards] == ["T-017"]
    seen = [_version()]

    def moved() -> bool:
        before, seen[0] = seen[0], _version()
        return seen[0] > before

    Card.objects.filter(code="T-017").delete()
    assert moved()
    assert check_text("3 T-017\n").problems[0]["code"] == "unknown_card"

    Card.objects.filter(code="T-002").update(name="改名カード")  # its folded name written with it
    assert moved()
    assert [c.code for c in check_text("3 改名カード\n").cards] == ["T-002"]

    card = Card.objects.get(code="T-003")
    card.name = "一括カード"
    assert Card.objects.bulk_update([card], ["name"]) == 1
    assert moved()

    CardSet.objects.bulk_create([CardSet(code="NEW", name="新しい箱", name_en="New box")])
    assert moved()
    copy = Card.objects.get(code="T-004")
    copy.pk, copy.code, copy.card_set_id = None, "T-900", "NEW"
    Card.objects.bulk_create([copy])
    assert moved()
    assert [c.code for c in check_text("3 T-900\n").cards] == ["T-900"]

    CardSet.objects.filter(code="NEW").update(name_en="Renamed")
    assert moved()
    assert Card.objects.filter(card_set="NEW").delete()[0] == 1
    assert moved()
    assert CardSet.objects.filter(code="NEW").delete()[0] == 1
    assert moved()
    assert check_text("3 T-900\n").problems[0]["code"] == "unknown_card"


def test_a_bulk_write_that_changes_nothing_leaves_the_version(t_catalogue):
    start = _version()
    assert Card.objects.filter(code="NOPE-1").update(name="x") == 0
    assert Card.objects.filter(code="NOPE-1").delete()[0] == 0
    assert Card.objects.bulk_create([]) == []
    assert _version() == start
