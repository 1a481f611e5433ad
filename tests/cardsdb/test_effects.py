"""Card effects on the catalogue (elements-of-chaos.md, "Cards": card effects are data): the text
made from an effect, every SMP card's text checked against its effect (none is manual), the
field through import and export (JSON and CSV), a bad effect refusing a whole import, the API,
the admin, the card page and ``is:manual`` / ``is:vanilla``. A manual card is one a test marks
so itself. The text of each operation, and the grammar's refusals, are in
``test_effect_texts.py``."""
from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth.models import User

from tcg.effects.language import check_effect
from tcg.effects.text import card_text, card_texts, effect_text
from tcg.cards.interchange import CSV_COLUMNS, card_from_dict, card_to_csv_row
from cardsdb.models import Card
from cardsdb.selectors.search import search_cards
from cardsdb.services import CatalogueImportError, RowProblem, export_catalogue, import_catalogue, parse_catalogue
from tests.conftest import EN, FIXTURES_DIR, JA

SAMPLE = json.loads((FIXTURES_DIR / "sample_catalogue.json").read_text(encoding="utf-8"))
VANILLA = {"SMP-004", "SMP-019", "SMP-030", "SMP-045", "SMP-057", "SMP-063", "SMP-067"}


# -- the text of an effect ------------------------------------------------------------------------------
@pytest.mark.parametrize("card", SAMPLE["cards"], ids=lambda c: c["code"])
def test_every_smp_card_text_agrees_with_its_effect(card):
    effect = card.get("effect")
    check_effect(effect, card["type"], card["code"])
    assert effect != "manual"  # every sample card is rules-enforced
    if card["type"] == "character":
        assert card.get("ability", "") == effect_text(effect, "character")
        assert card["text"] == card_text(effect, "character")
        assert (effect is None) == (card["code"] in VANILLA) == (card["text"] == "特殊能力なし。")
    else:
        assert effect is not None and card["text"] == effect_text(effect, card["type"])


def test_rendering_in_japanese_and_english():
    hit = {"op": "damage", "amount": 1, "target": "adjacent_enemy"}
    assert card_texts(hit, "character") == {
        "ja": "特殊能力: 隣接する敵キャラクター1体に1ダメージ。",
        "en": "Special ability: 1 damage to one adjacent enemy character."}
    both = [{"op": "modify", "stat": "size", "amount": 1, "target": "self", "until": "turn"},
            {"op": "modify", "stat": "damage_taken", "amount": 1, "target": "self", "until": "turn"}]
    assert effect_text(both, "event") == "このターン、このキャラクターの攻撃ダメージ+1、受けるダメージ+1。"
    assert effect_text(both, "event", "en") == "This turn, this character: attack damage +1, damage received +1."
    look = [{"op": "look", "count": 2, "deck": "own"}, {"op": "reorder", "count": 2, "deck": "own", "to": "reverse"}]
    assert effect_text(look, "event") == "自分のデッキの上から2枚を見て、逆の順で戻す。"
    assert effect_text(look[1:], "event", "en") == "Put the top 2 cards of your deck back in reverse order."
    stop = {"op": "modify", "stat": "movement", "amount": -20, "target": "enemy", "until": "turn"}  # as imported
    assert card_texts(stop, "event") == {"ja": "このターン、敵キャラクター1体は移動できない。",
                                         "en": "This turn, one enemy character cannot move."}
    item = {"op": "modify", "stat": "movement", "amount": -1, "target": "holder_enemy"}
    assert card_texts(item, "item") == {"ja": "このマスの敵キャラクターの移動力-1。",
                                        "en": "An enemy character on this square: movement power -1."}
    push = {"op": "move", "target": "adjacent_enemy", "distance": 2, "direction": "away"}
    assert effect_text(push, "character", "en") == (
        "Move one adjacent enemy character up to 2 squares away from this character.")
    assert card_texts(None, "character") == {"ja": "特殊能力なし。", "en": "No special ability."}
    assert card_texts(None, "event") == {"ja": "効果なし。", "en": "No effect."}
    assert card_texts("manual", "item") is None and card_text("manual", "event", "en") is None
    with pytest.raises(ValueError, match="unknown language 'fr': use ja or en"):
        effect_text(hit, "event", "fr")
    with pytest.raises(ValueError, match=r"effect\[0\]: bad amount -1"):
        effect_text({"op": "heal", "amount": -1, "target": "self"}, "event")


@pytest.mark.parametrize("effect, message", [
    ("boom", 'effect must be "manual", an operation object or a list of them, not "boom"'),
    (7, 'effect must be "manual", an operation object or a list of them, not 7'),
    ([], "effect: a list of operations must not be empty"),
    ({"op": "damage", "amount": 1, "target": "everyone"}, "effect[0]: bad target 'everyone'"),
    ([{"op": "look", "count": 1, "deck": "own"}, {"op": "look", "count": 1}], "effect[1]: look has the fields"),
    ({"op": "move", "target": "self", "distance": 1, "direction": "sideways"}, "effect[0]: bad direction 'sideways'"),
])
def test_bad_effects_are_named(effect, message):
    with pytest.raises(ValueError) as info:
        check_effect(effect, "event", "T-9")
    assert str(info.value).startswith("T-9: ") and message in str(info.value)


# -- import and export -----------------------------------------------------------------------------------
def _smp_card(code: str) -> dict:
    return next(c for c in SAMPLE["cards"] if c["code"] == code)


#: A card of the sample set's shape marked manual, imported with the sample catalogue.
BY_HAND = {"code": "SMP-099", "name": "手作りの札", "name_en": "Handmade Card", "reading": "てづくりのふだ",
           "type": "event", "colours": [], "size": 1, "size_bonus": None,
           "action_table": {"step1": ["move"], "step2": ["move"], "step3": ["move"]},
           "text": "手で解決する。", "effect": "manual", "rarity": "C", "artist": "テスト", "set": "SMP"}


@pytest.mark.django_db
def test_effects_round_trip_through_json_and_csv():
    data = dict(SAMPLE, cards=[*SAMPLE["cards"], BY_HAND])
    import_catalogue(parse_catalogue(json.dumps(data, ensure_ascii=False), "json"))
    assert Card.objects.get(code="SMP-006").effect == [
        {"op": "damage", "amount": 1, "target": "adjacent_enemy"}, {"op": "damage", "amount": 1, "target": "self"}]
    assert Card.objects.get(code="SMP-072").effect == {"op": "trigger", "when": "stop", "do": [
        {"op": "prohibit", "what": "move", "target": "holder", "until": "turn"}]}
    assert Card.objects.get(code="SMP-099").effect == "manual" and Card.objects.get(code="SMP-004").effect is None
    cards = Card.objects.select_related("card_set").order_by("code")
    exported = json.loads(export_catalogue(cards, "json"))["cards"]
    assert exported == data["cards"]
    text = export_catalogue(cards, "csv")
    header, first = text.splitlines()[:2]
    assert header.split(",")[17] == "effect"
    assert '"{""op"": ""damage"", ""amount"": 1, ""target"": ""adjacent_enemy""}"' in first
    Card.objects.all().delete()
    import_catalogue(parse_catalogue(text, "csv"))
    again = json.loads(export_catalogue(Card.objects.select_related("card_set").order_by("code"), "json"))["cards"]
    assert again == data["cards"]


@pytest.mark.django_db
def test_a_bad_effect_refuses_the_whole_import_with_its_row():
    good, bad = dict(_smp_card("SMP-001")), dict(_smp_card("SMP-007"))
    bad["effect"] = {"op": "damage", "amount": 1, "target": "holder"}
    item = dict(_smp_card("SMP-011"), effect={"op": "heal", "amount": 1, "target": "self"})
    text = json.dumps({"cards": [good, bad, item]}, ensure_ascii=False)
    with pytest.raises(CatalogueImportError) as info:
        import_catalogue(parse_catalogue(text, "json"))
    assert info.value.problems == [
        RowProblem(2, "SMP-007", ["SMP-007: effect[0]: bad target 'holder'"]),
        RowProblem(3, "SMP-011", ["SMP-011: effect[0]: an item's effect is a modify or prohibit of \"holder\", "
                                  "\"holder_ally\" or \"holder_enemy\" without \"until\" (it holds while the item "
                                  "lies face up), or a trigger"]),
    ]
    assert Card.objects.count() == 0
    rows = io.StringIO()
    writer = csv.DictWriter(rows, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for code, effect in (("SMP-033", '{"op": "damage"'), ("SMP-034", "manual")):
        writer.writerow(dict(card_to_csv_row(card_from_dict(_smp_card(code))), effect=effect))
    csv_text = rows.getvalue()
    with pytest.raises(CatalogueImportError) as info:
        parse_catalogue(csv_text, "csv")
    assert info.value.problems == [
        RowProblem(2, "SMP-033", ["'effect' must be the JSON text of an effect, not '{\"op\": \"damage\"'"])]
    assert Card.objects.count() == 0


# -- API, page, admin, search ----------------------------------------------------------------------------
def test_api_gives_the_effect_and_its_text(api, sample_catalogue):
    body = api.get("/api/cards/SMP-055/").json()
    assert body["effect"] == [{"op": "damage", "amount": 1, "target": "adjacent_enemy"},
                              {"op": "modify", "stat": "damage_taken", "amount": -1, "target": "self", "until": "turn"}]
    assert body["effect_text"] == {
        "ja": "特殊能力: 隣接する敵キャラクター1体に1ダメージ。このターン、このキャラクターが受けるダメージ-1。",
        "en": "Special ability: 1 damage to one adjacent enemy character. This turn, this character: damage "
              "received -1."}
    assert body["effect_text"]["ja"] == body["text"]
    closet = api.get("/api/cards/SMP-072/").json()
    assert closet["effect_text"] == {
        "ja": "このマスに止まったキャラクターは、このターンもう移動できない。",
        "en": "A character that stops on this square cannot move for the rest of this turn."}
    Card.objects.filter(code="SMP-072").update(effect="manual")
    manual = api.get("/api/cards/SMP-072/").json()
    assert (manual["effect"], manual["effect_text"]) == ("manual", None)
    listed = {c["code"]: c for c in api.get("/api/cards/", {"q": "s:smp t:item", "page_size": 100}).json()["results"]}
    assert listed["SMP-025"]["effect"] == {"op": "modify", "stat": "movement", "amount": -1, "target": "holder_enemy"}
    assert listed["SMP-025"]["effect_text"]["ja"] == "このマスの敵キャラクターの移動力-1。" == listed["SMP-025"]["text"]
    vanilla = api.get("/api/cards/SMP-004/").json()
    assert (vanilla["effect"], vanilla["effect_text"]["en"]) == (None, "No special ability.")


def test_card_page_shows_the_text_made_from_the_effect(client, sample_catalogue):
    ja = client.get("/cards/SMP-036/", **JA).content.decode()
    assert '<p id="card-text" lang="ja">このターン、敵キャラクター1体は移動できない。</p>' in ja
    en = client.get("/cards/SMP-036/", **EN).content.decode()
    assert '<p id="card-text" lang="en">This turn, one enemy character cannot move.</p>' in en
    for body in (ja, en):  # once
        assert body.count("敵キャラクター1体は移動できない") + body.count("one enemy character cannot move") == 1
    cloak = client.get("/cards/SMP-038/", **EN).content.decode()
    assert '<p id="card-text" lang="en">Your character on this square cannot be the target of a charge.</p>' in cloak
    assert "Marked manual" not in cloak
    Card.objects.filter(code="SMP-038").update(effect="manual")
    manual = client.get("/cards/SMP-038/", **EN).content.decode()
    assert "Marked manual: the players resolve this card's effect by hand" in manual


def test_is_manual_and_is_vanilla_search(sample_catalogue):
    codes = lambda q: {c.code for c in search_cards(q).cards}  # noqa: E731
    assert codes("is:manual") == set()
    assert codes("s:smp -is:manual") == {c["code"] for c in SAMPLE["cards"]}
    Card.objects.filter(code__in=["SMP-013", "SMP-015"]).update(effect="manual")
    assert codes("is:manual") == {"SMP-013", "SMP-015"}
    assert codes("s:smp -is:manual") == {c["code"] for c in SAMPLE["cards"]} - {"SMP-013", "SMP-015"}
    assert codes("is:vanilla s:smp") == VANILLA
    assert search_cards("is:manual").warnings == []


@pytest.fixture
def admin_client(client, db):
    admin = User.objects.create_superuser("root", "root@example.com", "a strong admin password")
    client.force_login(admin)
    return client


def _form(card: Card, effect: str) -> dict:
    data = {
        "code": card.code, "card_set": card.card_set_id, "name": card.name, "reading": card.reading,
        "name_en": card.name_en, "type": card.type, "colours": list(card.colours), "size": card.size,
        "bonus_colour": card.bonus_colour or "", "bonus_value": "" if card.bonus_value is None else card.bonus_value,
        "step1": card.step1, "step2": card.step2, "step3": card.step3, "hp": card.hp or "",
        "directions": card.directions or "", "movement": "" if card.movement is None else card.movement,
        "ability": card.ability, "rarity": card.rarity, "text": card.text, "flavour": card.flavour,
        "artist": card.artist, "effect": effect,
    }
    return data


def test_admin_checks_the_effect_and_shows_its_text(admin_client, sample_catalogue):
    card = Card.objects.get(code="SMP-033")
    url = f"/admin/cardsdb/card/{card.pk}/change/"
    page = admin_client.get(url, **EN).content.decode()
    assert "<p>隣接する敵キャラクター1体に1ダメージ。</p><p>1 damage to one adjacent enemy character.</p>" in page
    for effect, message in [
        ('{"op": "damage", "amount": 1}', "This effect cannot be read: effect[0]: damage has the fields"),
        ('{"op": "modify", "stat": "size", "amount": 1, "target": "self"}', "needs &quot;until&quot;"),
        ("{not json", "Enter a valid JSON."),
    ]:
        response = admin_client.post(url, _form(card, effect), **EN)
        assert response.status_code == 200 and message in response.content.decode(), effect
    card.refresh_from_db()
    assert card.effect == {"op": "damage", "amount": 1, "target": "adjacent_enemy"}
    assert admin_client.post(url, _form(card, "manual")).status_code == 302
    card.refresh_from_db()
    assert card.effect == "manual"
    assert admin_client.post(url, _form(card, "")).status_code == 302
    card.refresh_from_db()
    assert card.effect is None
