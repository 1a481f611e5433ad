"""A card's derived columns (the folded texts the search compares, the colour mask) stay right
whichever way Django writes the row: ``save``, and the querysets' ``update``, ``bulk_update``
and ``bulk_create`` (``cardsdb.models.CatalogueQuerySet``), with plain values or expressions.
A write through ``update`` once left ``name_folded`` as it was, so the search went on finding
the card by its old name and not by the new one."""
from django.db.models import Case, CharField, F, TextField, Value, When
from django.db.models.functions import Concat

from cardsdb.models import Card, CatalogueState
from cardsdb.selectors.search import search_cards
from tcg.folding import fold
from tcg.vocabulary import colour_mask


def found(query: str) -> list[str]:
    return list(search_cards(query).cards.values_list("code", flat=True))


def derived(code: str) -> tuple:
    return Card.objects.filter(code=code).values_list("name_folded", "text_folded", "colour_mask").get()


def test_update_with_a_value_writes_the_folded_name_and_the_search_finds_the_new_one(t_catalogue):
    old = Card.objects.get(code="T-002").name_folded
    assert Card.objects.filter(code="T-002").update(name="改名カード") == 1
    assert Card.objects.get(code="T-002").name_folded == "改名かーど"
    assert found('!"改名カード"') == ["T-002"]
    assert "T-002" not in Card.objects.filter(name_folded=old).values_list("code", flat=True)


def test_update_with_expressions_reads_the_rows_back_and_writes_their_derived_columns(t_catalogue):
    before = CatalogueState.current()[0]
    codes = ["T-003", "T-004"]
    names = dict(Card.objects.filter(code__in=codes).values_list("code", "name"))
    assert Card.objects.filter(code__in=codes).update(name=Concat(F("name"), Value("カード"), output_field=CharField())) == 2
    assert dict(Card.objects.filter(code__in=codes).values_list("code", "name_folded")) == {code: fold(f"{names[code]}カード") for code in codes}
    assert CatalogueState.current()[0] > before
    assert Card.objects.filter(code="T-005").update(
        text=Case(When(code="T-005", then=Value("相手に3ダメージ")), default=F("text"), output_field=TextField())) == 1
    assert derived("T-005")[1] == "相手に3だめーじ"
    assert "T-005" in found('o:"ダメージ"')


def test_update_of_the_colours_writes_the_colour_mask(t_catalogue):
    assert Card.objects.filter(code="T-006").update(colours=["red", "black"]) == 1
    assert derived("T-006")[2] == colour_mask(["red", "black"])
    assert "T-006" in found("c=rb")


def test_derived_columns_given_beside_their_source_are_taken_as_given(t_catalogue):
    assert Card.objects.filter(code="T-007").update(name="別名", name_folded="べつめい") == 1
    assert derived("T-007")[0] == "べつめい"


def test_bulk_update_and_bulk_create_write_the_derived_columns(t_catalogue):
    card = Card.objects.get(code="T-008")
    card.name = "一括カード"
    assert Card.objects.bulk_update([card], ["name"]) == 1
    assert derived("T-008")[0] == "一括かーど"
    copy = Card.objects.get(code="T-009")
    copy.pk, copy.code, copy.name, copy.name_folded, copy.colours = None, "T-901", "新カード", "", ["green"]
    copy.colour_mask = 0
    Card.objects.bulk_create([copy])
    assert derived("T-901")[0] == "新かーど"
    assert derived("T-901")[2] == colour_mask(["green"])
    assert found('!"新カード"') == ["T-901"]


def test_an_update_that_matches_no_row_changes_nothing(t_catalogue):
    before = CatalogueState.current()[0]
    assert Card.objects.filter(code="NOPE-1").update(name=Concat(F("name"), Value("x"), output_field=CharField())) == 0
    assert Card.objects.filter(code="NOPE-1").update(name="x") == 0
    assert CatalogueState.current()[0] == before
