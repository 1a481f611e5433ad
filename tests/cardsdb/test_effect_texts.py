"""The text of each operation of the effect language in Japanese and English
(``tcg.effects.text``; ``docs/eoc-effects.md``): chosen targets read as choices, the user's
decisions, looks at hidden cards, prohibitions, maximum HP and charge damage changes and an
item's triggers; and the grammar's refusals (``tcg.effects.language.check_effect``) of what the
language cannot say. Plain Python: no database."""
from __future__ import annotations

import pytest

from tcg.effects.language import check_effect
from tcg.effects.text import card_text, card_texts, effect_text, reader_effect_text

TARGETS_ONE_OF = ("self, allies, enemies, all, adjacent_allies, adjacent_enemies, nearest_enemy, ally, enemy, "
                  "adjacent_ally, adjacent_enemy")
ITEM = ('an item\'s effect is a modify or prohibit of "holder", "holder_ally" or "holder_enemy" without "until" '
        "(it holds while the item lies face up), or a trigger")
TRIGGER = ("a trigger runs damage, heal, modify, prohibit of a target of holder, holder_ally, holder_enemy, "
           "around_allies, around_enemies")


def after_step(*do):
    return {"op": "trigger", "when": "after_step", "do": list(do)}


def on_stop(*do):
    return {"op": "trigger", "when": "stop", "do": list(do)}


@pytest.mark.parametrize("effect, card_type, ja, en", [
    # chosen targets
    ({"op": "damage", "amount": 2, "target": "nearest_enemy"}, "event",
     "最も近い敵キャラクター1体に2ダメージ。", "2 damage to one of the nearest enemy characters."),
    ({"op": "heal", "amount": 1, "target": "ally"}, "event",
     "味方キャラクター1体のHPを1回復する。", "Heal 1 HP of one ally character."),
    # the user orders the cards it sees
    ({"op": "order", "count": 3, "deck": "own", "to": "bottom"}, "event",
     "自分のデッキの上から3枚を見て、好きな順でデッキの下に置く。",
     "Look at the top 3 cards of your deck and put them on the bottom in any order."),
    ({"op": "order", "count": 2, "deck": "own", "to": "top"}, "event",
     "自分のデッキの上から2枚を見て、好きな順で戻す。",
     "Look at the top 2 cards of your deck and put them back in any order."),
    ({"op": "order", "count": 2, "deck": "opponent", "to": "bottom"}, "event",
     "相手のデッキの上から2枚を見て、好きな順でデッキの下に置く。",
     "Look at the top 2 cards of your opponent's deck and put them on the bottom in any order."),
    ({"op": "order", "count": 1, "deck": "opponent", "to": "top"}, "event",
     "相手のデッキの一番上を見て、戻す。", "Look at the top card of your opponent's deck and put it back."),
    ({"op": "order", "count": 1, "deck": "own", "to": "bottom"}, "event",
     "自分のデッキの一番上を見て、デッキの下に置く。", "Look at the top card of your deck and put it on the bottom."),
    # looks at hidden cards, and a card set from the hand
    ({"op": "peek_hand", "count": 1}, "event",
     "相手の手札から無作為に1枚見る。", "Look at 1 card at random from your opponent's hand."),
    ({"op": "peek_hand", "count": 2}, "event",
     "相手の手札から無作為に2枚見る。", "Look at 2 cards at random from your opponent's hand."),
    ({"op": "peek_area"}, "event",
     "相手の伏せられたエリアカード1枚を見る。", "Look at one of your opponent's face-down area cards."),
    ({"op": "set_from_hand"}, "event",
     "隣接する空きマスに自分の手札1枚をエリアカードとして伏せて置く。",
     "Put one card from your hand face down on an adjacent empty square as an area card."),
    # prohibitions by an event or special
    ({"op": "prohibit", "what": "move", "target": "enemy", "until": "turn"}, "event",
     "このターン、敵キャラクター1体は移動できない。", "This turn, one enemy character cannot move."),
    ({"op": "prohibit", "what": "be_charged", "target": "self", "until": "step"}, "event",
     "このSTEP、このキャラクターは突撃の対象にならない。", "This STEP, this character cannot be the target of a charge."),
    ({"op": "prohibit", "what": "be_pushed", "target": "adjacent_allies", "until": "turn"}, "event",
     "このターン、隣接する全ての味方キャラクターは押し戻されない。",
     "This turn, every adjacent ally character cannot be pushed back."),
    ({"op": "prohibit", "what": "special", "target": "adjacent_enemy", "until": "turn"}, "event",
     "このターン、隣接する敵キャラクター1体は特殊能力を使えない。",
     "This turn, one adjacent enemy character cannot use its special ability."),
    # maximum HP and charge damage
    ({"op": "modify", "stat": "max_hp", "amount": 2, "target": "self", "until": "turn"}, "event",
     "このターン、このキャラクターの最大HP+2。", "This turn, this character: maximum HP +2."),
    ([{"op": "modify", "stat": "charge_damage", "amount": 1, "target": "ally", "until": "step"},
      {"op": "modify", "stat": "movement", "amount": -1, "target": "ally", "until": "step"}], "event",
     "このSTEP、味方キャラクター1体の突撃のダメージ+1、移動力-1。",
     "This STEP, one ally character: charge damage +1, movement power -1."),
    # an item's continuous operations
    ({"op": "prohibit", "what": "be_charged", "target": "holder_ally"}, "item",
     "このマスの自分のキャラクターは突撃の対象にならない。",
     "Your character on this square cannot be the target of a charge."),
    ({"op": "prohibit", "what": "special", "target": "holder_enemy"}, "item",
     "このマスの敵キャラクターは特殊能力を使えない。", "An enemy character on this square cannot use its special ability."),
    ({"op": "prohibit", "what": "be_pushed", "target": "holder"}, "item",
     "このマスのキャラクターは押し戻されない。", "The character on this square cannot be pushed back."),
    ({"op": "prohibit", "what": "move", "target": "holder_enemy"}, "item",
     "このマスの敵キャラクターは移動できない。", "An enemy character on this square cannot move."),
    ({"op": "modify", "stat": "charge_damage", "amount": 1, "target": "holder"}, "item",
     "このマスのキャラクターの突撃のダメージ+1。", "The character on this square: charge damage +1."),
    ({"op": "modify", "stat": "max_hp", "amount": 1, "target": "holder_ally"}, "item",
     "このマスの自分のキャラクターの最大HP+1。", "Your character on this square: maximum HP +1."),
    # an item's triggers
    (after_step({"op": "heal", "amount": 1, "target": "holder_ally"}), "item",
     "各STEPの後、このマスの自分のキャラクターのHPを1回復する。",
     "After each STEP, heal 1 HP of your character on this square."),
    (after_step({"op": "damage", "amount": 1, "target": "around_enemies"}), "item",
     "各STEPの後、このマスに隣接する敵キャラクターに1ダメージ。",
     "After each STEP, 1 damage to each enemy character adjacent to this square."),
    ({"op": "trigger", "when": "end_of_turn", "do": [{"op": "heal", "amount": 2, "target": "around_allies"}]}, "item",
     "各ターンの終わりに、このマスに隣接する自分のキャラクターのHPを2回復する。",
     "At the end of each turn, heal 2 HP of each of your characters adjacent to this square."),
    (after_step({"op": "modify", "stat": "size", "amount": 1, "target": "holder", "until": "step"}), "item",
     "各STEPの後、このSTEP、このマスのキャラクターの攻撃ダメージ+1。",
     "After each STEP, this STEP, the character on this square: attack damage +1."),
    (on_stop({"op": "prohibit", "what": "move", "target": "holder", "until": "turn"}), "item",
     "このマスに止まったキャラクターは、このターンもう移動できない。",
     "A character that stops on this square cannot move for the rest of this turn."),
    (on_stop({"op": "prohibit", "what": "special", "target": "holder_enemy", "until": "step"}), "item",
     "このマスに止まった敵キャラクターは、このSTEPもう特殊能力を使えない。",
     "An enemy character that stops on this square cannot use its special ability for the rest of this STEP."),
    (on_stop({"op": "damage", "amount": 1, "target": "holder_enemy"},
             {"op": "heal", "amount": 1, "target": "holder_ally"}), "item",
     "このマスに止まった敵キャラクターに1ダメージ。このマスに止まった自分のキャラクターのHPを1回復する。",
     "1 damage to an enemy character that stops on this square. "
     "Heal 1 HP of a character of yours that stops on this square."),
    (on_stop({"op": "modify", "stat": "movement", "amount": -1, "target": "holder", "until": "turn"}), "item",
     "このターン、このマスに止まったキャラクターの移動力-1。",
     "This turn, a character that stops on this square: movement power -1."),
    (on_stop({"op": "damage", "amount": 1, "target": "around_enemies"}), "item",
     "このマスにキャラクターが止まった時、このマスに隣接する敵キャラクターに1ダメージ。",
     "When a character stops on this square, 1 damage to each enemy character adjacent to this square."),
    ([{"op": "modify", "stat": "max_hp", "amount": 1, "target": "holder_ally"},
      after_step({"op": "heal", "amount": 1, "target": "holder_ally"},
                 {"op": "prohibit", "what": "be_pushed", "target": "around_allies", "until": "step"})], "item",
     "このマスの自分のキャラクターの最大HP+1。各STEPの後、このマスの自分のキャラクターのHPを1回復する。"
     "各STEPの後、このSTEP、このマスに隣接する自分のキャラクターは押し戻されない。",
     "Your character on this square: maximum HP +1. After each STEP, heal 1 HP of your character on this square. "
     "After each STEP, this STEP, each of your characters adjacent to this square cannot be pushed back."),
])
def test_each_operation_in_japanese_and_english(effect, card_type, ja, en):
    assert card_texts(effect, card_type) == {"ja": ja, "en": en}
    assert (effect_text(effect, card_type, "ja"), effect_text(effect, card_type, "en")) == (ja, en)


def test_a_special_ability_reads_as_the_catalogue_writes_it():
    assert card_texts({"op": "peek_area"}, "character") == {
        "ja": "特殊能力: 相手の伏せられたエリアカード1枚を見る。",
        "en": "Special ability: Look at one of your opponent's face-down area cards."}
    assert card_text({"op": "set_from_hand"}, "character", "en") == (
        "Special ability: Put one card from your hand face down on an adjacent empty square as an area card.")
    shiori = {"op": "order", "count": 2, "deck": "own", "to": "top"}
    assert card_text(shiori, "character") == "特殊能力: 自分のデッキの上から2枚を見て、好きな順で戻す。"
    # the reader's language: the written text in Japanese, the effect written out in English
    written = "自分のデッキの上から2枚を見て、好きな順で戻す。"
    assert reader_effect_text(shiori, "character", written, "ja") == (written, "ja")
    assert reader_effect_text(shiori, "character", written, "en") == (
        "Look at the top 2 cards of your deck and put them back in any order.", "en")
    closet = on_stop({"op": "prohibit", "what": "move", "target": "holder", "until": "turn"})
    assert reader_effect_text(closet, "item", "", "ja") == (
        "このマスに止まったキャラクターは、このターンもう移動できない。", "ja")


@pytest.mark.parametrize("effect, card_type, message", [
    # a trigger outside an item
    (on_stop({"op": "damage", "amount": 1, "target": "holder"}), "event", "effect[0]: only an item has triggers"),
    ([{"op": "peek_area"}, after_step({"op": "heal", "amount": 1, "target": "holder"})], "character",
     "effect[1]: only an item has triggers"),
    # what a trigger may run, and of whom
    (after_step({"op": "look", "count": 1, "deck": "own"}), "item", f"effect[0].do[0]: {TRIGGER}"),
    (after_step({"op": "heal", "amount": 1, "target": "holder"}, {"op": "peek_hand", "count": 1}), "item",
     f"effect[0].do[1]: {TRIGGER}"),
    (after_step(on_stop({"op": "damage", "amount": 1, "target": "holder"})), "item", f"effect[0].do[0]: {TRIGGER}"),
    (after_step({"op": "damage", "amount": 1, "target": "self"}), "item", f"effect[0].do[0]: {TRIGGER}"),
    (after_step({"op": "damage", "amount": 1, "target": "everyone"}), "item", "effect[0].do[0]: bad target 'everyone'"),
    (after_step({"op": "prohibit", "what": "move", "target": "holder"}), "item",
     'effect[0].do[0]: a triggered prohibit needs "until"'),
    (after_step({"op": "modify", "stat": "max_hp", "amount": 1, "target": "holder"}), "item",
     'effect[0].do[0]: a triggered modify needs "until"'),
    (after_step(), "item", 'effect[0]: a trigger\'s "do" is a non-empty list of operations'),
    ({"op": "trigger", "when": "dawn", "do": [{"op": "heal", "amount": 1, "target": "holder"}]}, "item",
     "effect[0]: bad when 'dawn'"),
    # a prohibit or modify of an event or special lasts a STEP or a turn, of a character
    ({"op": "prohibit", "what": "move", "target": "enemy"}, "event",
     f'effect[0]: a prohibit by an event or special needs "until" and a target of {TARGETS_ONE_OF}'),
    ({"op": "prohibit", "what": "special", "target": "holder", "until": "turn"}, "character",
     f'effect[0]: a prohibit by an event or special needs "until" and a target of {TARGETS_ONE_OF}'),
    ({"op": "modify", "stat": "charge_damage", "amount": 1, "target": "self"}, "character",
     f'effect[0]: a modify by an event or special needs "until" and a target of {TARGETS_ONE_OF}'),
    ({"op": "prohibit", "what": "fly", "target": "enemy", "until": "turn"}, "event", "effect[0]: bad what 'fly'"),
    # an item's prohibit holds of its holder while it lies face up
    ({"op": "prohibit", "what": "be_charged", "target": "allies"}, "item", f"effect[0]: {ITEM}"),
    ({"op": "prohibit", "what": "be_charged", "target": "around_allies"}, "item", f"effect[0]: {ITEM}"),
    ({"op": "prohibit", "what": "move", "target": "holder", "until": "turn"}, "item", f"effect[0]: {ITEM}"),
    ({"op": "peek_area"}, "item", f"effect[0]: {ITEM}"),
    # fields
    ({"op": "peek_area", "square": [1, 1]}, "character", "effect[0]: peek_area has the fields []; extra ['square'], "
                                                         "missing []"),
    ({"op": "order", "count": 2, "deck": "own", "to": "reverse"}, "event", "effect[0]: bad to 'reverse'"),
    ({"op": "peek_hand", "count": 21}, "event", "effect[0]: bad count 21"),
    # every answer and every combination of choices is a legal action of its own (docs/eoc-effects.md)
    ({"op": "order", "count": 6, "deck": "own", "to": "top"}, "event",
     "effect[0]: bad count 6: an order puts at most 5 cards in order"),
    ([{"op": "set_from_hand"}, {"op": "damage", "amount": 1, "target": "enemy"}], "character",
     "effect: at most 2 choices in an effect, not 3"),
    ([{"op": "peek_area"}, {"op": "heal", "amount": 1, "target": "ally"},
      {"op": "damage", "amount": 1, "target": "nearest_enemy"}], "event",
     "effect: at most 2 choices in an effect, not 3"),
])
def test_the_grammar_refuses_what_it_cannot_say(effect, card_type, message):
    with pytest.raises(ValueError) as info:
        check_effect(effect, card_type, "T-9")
    assert str(info.value) == f"T-9: {message}"
    with pytest.raises(ValueError) as info:
        effect_text(effect, card_type, "en")
    assert str(info.value) == message
