"""import_cards / export_cards: all-or-nothing imports, exact round trips, constraints."""
import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction

from tcg.cards.interchange import card_from_dict
from cardsdb.models import Card, CardSet
from cardsdb.services import CatalogueImportError, parse_catalogue
from tests.conftest import CASES_DIR, FIXTURES_DIR, load_case

pytestmark = pytest.mark.django_db


def write(tmp_path, name, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_import_json_then_export_json_is_exact(tmp_path, capsys):
    call_command("import_cards", str(CASES_DIR / "catalogue.json"), no_progress=True)
    assert Card.objects.count() == 20
    out = tmp_path / "out.json"
    call_command("export_cards", output=out)
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["cards"] == load_case("catalogue.json")["cards"]
    assert exported["sets"] == [{"code": "T", "name": "T", "name_en": "", "kind": "printed"}]


def test_csv_round_trip_is_exact(tmp_path):
    call_command("import_cards", str(CASES_DIR / "catalogue.json"), no_progress=True)
    first = tmp_path / "a.csv"
    call_command("export_cards", output=first)
    Card.objects.all().delete()
    call_command("import_cards", str(first), no_progress=True)
    second = tmp_path / "b.json"
    call_command("export_cards", output=second)
    assert json.loads(second.read_text(encoding="utf-8"))["cards"] == load_case("catalogue.json")["cards"]
    assert first.read_text(encoding="utf-8").splitlines()[0] == (
        "code,name,name_en,reading,type,colours,size,size_bonus_colour,size_bonus_value,step1,step2,step3,"
        "hp,directions,movement,ability,text,effect,flavour,artist,rarity,set"
    )


def test_sample_catalogue_round_trip_is_exact(tmp_path):
    call_command("import_cards", str(FIXTURES_DIR / "sample_catalogue.json"), no_progress=True)
    out = tmp_path / "smp.json"
    call_command("export_cards", output=out, set_codes=["SMP"])
    original = json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text(encoding="utf-8"))
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["cards"] == original["cards"]
    assert exported["sets"] == original["sets"]


def test_bad_rows_import_nothing_and_every_bad_row_is_named(tmp_path):
    data = load_case("catalogue.json")
    data["cards"][2]["type"] = "spell"
    data["cards"][5]["action_table"]["step2"] = ["move", "move"]
    data["cards"][7]["hp"] = 3
    data["cards"][9] = copy.deepcopy(data["cards"][0])
    with pytest.raises(CommandError) as info:
        call_command("import_cards", write(tmp_path, "bad.json", data), no_progress=True)
    message = str(info.value)
    assert message.splitlines() == [
        "4 bad row(s); nothing was imported:",
        "row 3 (T-003): 'type' must be one of character, item, event, not \"spell\"",
        "row 6 (T-006): 'step2' must list 1 to 3 different actions from move, attack, defend, charge, special",
        "row 8 (T-008): only characters have hp",
        "row 10 (T-001): the code T-001 is also on row 1",
    ]
    assert Card.objects.count() == 0
    assert CardSet.objects.count() == 0


def test_bad_csv_rows_name_their_line(tmp_path):
    text = (
        "code,name,type,colours,size,step1,step2,step3,hp,directions,movement,set\n"
        "X-001,Good,character,red,2,move,attack,defend,5,any,1,X\n"
        "X-002,Bad size,item,,two,move,attack,defend,,,,X\n"
        "X-003,No moves,event,blue,1,,attack,defend,,,,X\n"
    )
    with pytest.raises(CatalogueImportError) as info:
        parse_catalogue(text, "csv")
    assert [(p.line, p.code, p.reasons) for p in info.value.problems] == [
        (3, "X-002", ["'size' must be a whole number, not 'two'"]),
        (4, "X-003", [
            "unknown colour(s) blue; colours are red, green, black, white",
            "'step1' must list 1 to 3 different actions from move, attack, defend, charge, special",
        ]),
    ]


@pytest.mark.parametrize("size", ["٢", "²", "1_0", "+2"])
def test_csv_numbers_are_read_with_the_one_rule(size):
    """``tcg.integers.parse_int``: ASCII digits only (``int()`` would take "٢" as 2 and "1_0" as 10)."""
    text = ("code,name,type,colours,size,step1,step2,step3,hp,directions,movement,set\n"
            f"X-001,Odd size,item,,{size},move,attack,defend,,,,X\n")
    with pytest.raises(CatalogueImportError) as info:
        parse_catalogue(text, "csv")
    assert [(p.line, p.code, p.reasons) for p in info.value.problems] == [
        (2, "X-001", [f"'size' must be a whole number, not '{size}'"])]


def test_unknown_csv_column_is_refused():
    with pytest.raises(CatalogueImportError) as info:
        parse_catalogue("code,name,type,size,step1,step2,step3,set,power\n", "csv")
    assert str(info.value.problems[0]) == "row 1: unknown column(s): power"


def test_not_json_is_refused(tmp_path):
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("import_cards", write(tmp_path, "x.json", "{oops"), no_progress=True)


def test_reimport_updates_known_codes(tmp_path):
    call_command("import_cards", str(CASES_DIR / "catalogue.json"), no_progress=True)
    data = load_case("catalogue.json")
    data["cards"][0]["name_en"] = "Arisa the Flame Sword"
    data["cards"][0]["hp"] = 6
    call_command("import_cards", write(tmp_path, "v2.json", data), no_progress=True)
    card = Card.objects.get(code="T-001")
    assert (card.name_en, card.hp, card.name_en_folded) == ("Arisa the Flame Sword", 6, "arisa the flame sword")
    assert Card.objects.count() == 20


def test_import_shows_progress_and_summary(tmp_path, capsys):
    call_command("import_cards", str(CASES_DIR / "catalogue.json"))
    captured = capsys.readouterr()
    assert "Imported 20 card(s)" in captured.out and "20 new, 0 updated" in captured.out
    assert "20/20" in captured.err


def _card(**changes):
    record = card_from_dict(load_case("catalogue.json")["cards"][0])
    fields = Card.fields_from_record(record)
    fields.update(changes)
    return Card(**fields)


@pytest.mark.parametrize(
    "changes",
    [
        {"type": "spell"},
        {"step1": "move move"},
        {"step2": ""},
        {"step3": "fly"},
        {"hp": None},
        {"type": "item"},
        {"bonus_value": None},
        {"bonus_colour": None},
        {"directions": None},
        {"movement": None},
        {"bonus_colour": "pink"},
        {"directions": "sideways"},
    ],
)
def test_database_constraints_refuse_bad_rows(changes):
    CardSet.objects.create(code="T", name="T")
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.bulk_create([_card(**changes)])
    assert Card.objects.count() == 0


def test_code_is_unique():
    CardSet.objects.create(code="T", name="T")
    Card.objects.bulk_create([_card()])
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.bulk_create([_card()])
