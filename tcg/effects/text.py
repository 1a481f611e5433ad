"""A card effect written as card text, in Japanese and English. Plain Python, no Django.

elements-of-chaos.md, "Cards": card effects are data. The text the site shows for a card's
effect is made from the effect (``tcg.effects.language``) in the catalogue's own phrasing
(``隣接する敵キャラクター1体に1ダメージ。``), so the two cannot disagree; the sample catalogue's
texts are checked against it by the tests. A ``"manual"`` effect has no generated text: the
card's written text stands and the players resolve it.

A target the card's user chooses reads as a choice (``隣接する敵キャラクター1体`` / ``one adjacent
enemy character``); an item's targets are relative to its square and owner, and a ``stop``
trigger's holder is the character that stopped there (``docs/eoc-effects.md``, "Triggers").
"""
from __future__ import annotations

import json
from functools import lru_cache

from tcg.vocabulary import LANGUAGES

from .language import MANUAL, check_effect

#: A movement change this low reads "cannot move" (movement power is at most 9, changes at
#: least -20): an imported card may say so; the sample catalogue uses ``prohibit``.
CANNOT_MOVE = -20

_WHO = {
    "self": ("このキャラクター", "this character"),
    "allies": ("全ての味方キャラクター", "every ally character"),
    "enemies": ("全ての敵キャラクター", "every enemy character"),
    "all": ("全てのキャラクター", "every character"),
    "adjacent_allies": ("隣接する全ての味方キャラクター", "every adjacent ally character"),
    "adjacent_enemies": ("隣接する全ての敵キャラクター", "every adjacent enemy character"),
    "nearest_enemy": ("最も近い敵キャラクター1体", "one of the nearest enemy characters"),
    "ally": ("味方キャラクター1体", "one ally character"),
    "enemy": ("敵キャラクター1体", "one enemy character"),
    "adjacent_ally": ("隣接する味方キャラクター1体", "one adjacent ally character"),
    "adjacent_enemy": ("隣接する敵キャラクター1体", "one adjacent enemy character"),
    "holder": ("このマスのキャラクター", "the character on this square"),
    "holder_ally": ("このマスの自分のキャラクター", "your character on this square"),
    "holder_enemy": ("このマスの敵キャラクター", "an enemy character on this square"),
    "around_allies": ("このマスに隣接する自分のキャラクター", "each of your characters adjacent to this square"),
    "around_enemies": ("このマスに隣接する敵キャラクター", "each enemy character adjacent to this square"),
}
#: A ``stop`` trigger's holders: the character that stopped on the item's square.
_STOPPED = {
    "holder": ("このマスに止まったキャラクター", "a character that stops on this square"),
    "holder_ally": ("このマスに止まった自分のキャラクター", "a character of yours that stops on this square"),
    "holder_enemy": ("このマスに止まった敵キャラクター", "an enemy character that stops on this square"),
}
_STAT = {"movement": ("移動力", "movement power"), "size": ("攻撃ダメージ", "attack damage"),
         "damage_taken": ("受けるダメージ", "damage received"), "max_hp": ("最大HP", "maximum HP"),
         "charge_damage": ("突撃のダメージ", "charge damage")}
_PROHIBITED = {"move": ("移動できない", "cannot move"),
               "be_charged": ("突撃の対象にならない", "cannot be the target of a charge"),
               "be_pushed": ("押し戻されない", "cannot be pushed back"),
               "special": ("特殊能力を使えない", "cannot use its special ability")}
_WHEN = {"after_step": ("各STEPの後、", "After each STEP, "),
         "end_of_turn": ("各ターンの終わりに、", "At the end of each turn, "),
         "stop": ("このマスにキャラクターが止まった時、", "When a character stops on this square, ")}
_UNTIL = {"step": ("このSTEP、", "This STEP, "), "turn": ("このターン、", "This turn, "), None: ("", "")}
_DECK = {"own": ("自分のデッキ", "your deck"), "opponent": ("相手のデッキ", "your opponent's deck")}
_SQUARE = {"user": ("このキャラクターのいるマス", "this character's square"),
           "front": ("このキャラクターの前のマス", "the square in front of this character")}


def effect_text(effect, card_type: str, lang: str = "ja") -> str | None:
    """The text of an effect (parsed JSON, checked by ``check_effect`` for ``card_type``): one
    sentence per operation, or per run of ``modify`` operations of one target and duration, or
    per ``look`` followed by a ``reorder`` of the same cards; a trigger's sentences each open
    with when it fires (``各STEPの後、`` / ``After each STEP, ``), except those about the
    character that stops on a ``stop`` trigger's square, which name it
    (``このマスに止まったキャラクターは、このターンもう移動できない。``). ``""`` for a vanilla effect
    (``None``), ``None`` for ``"manual"``. ``lang`` is ``"ja"`` or ``"en"``; ``ValueError`` for
    another language or an effect the language refuses."""
    i = _lang(lang)
    if effect == MANUAL:
        return None
    sentences = _sentences(list(check_effect(effect, card_type)), i)
    return ("" if i == 0 else " ").join(sentences)


def _sentences(ops: list[dict], i: int, names: dict = _WHO) -> list[str]:
    """The sentences of ``ops`` in language ``i``, naming targets by ``names``."""
    sentences = []
    while ops:
        op = ops.pop(0)
        if op["op"] == "modify":
            run = [op]
            while ops and ops[0]["op"] == "modify" and (ops[0]["target"], ops[0].get("until")) == (
                    op["target"], op.get("until")):
                run.append(ops.pop(0))
            sentences.append(_modify(run, i, names))
        elif op["op"] == "look" and ops and ops[0]["op"] == "reorder" and (ops[0]["count"], ops[0]["deck"]) == (
                op["count"], op["deck"]):
            sentences.append(_look(op, i, ops.pop(0)))
        elif op["op"] == "trigger":
            sentences.extend(_trigger(op, i))
        elif op["op"] in ("damage", "heal", "prohibit"):
            sentences.append(_RENDER[op["op"]](op, i, names))
        else:
            sentences.append(_RENDER[op["op"]](op, i))
    return sentences


def card_text(effect, card_type: str, lang: str = "ja") -> str | None:
    """The whole effect text of a card as the catalogue writes it: for a character
    ``特殊能力: …`` (``特殊能力なし。`` when vanilla; English ``Special ability: …`` / ``No special
    ability.``), for an event or item the effect's text (``効果なし。`` / ``No effect.`` when
    vanilla). ``None`` for ``"manual"``. Errors as :func:`effect_text`."""
    text = effect_text(effect, card_type, lang)
    if text is None:
        return None
    i = _lang(lang)
    if card_type == "character":
        if not text:
            return ("特殊能力なし。", "No special ability.")[i]
        return ("特殊能力: ", "Special ability: ")[i] + text
    return text or ("効果なし。", "No effect.")[i]


def reader_effect_text(effect, card_type: str, written: str, lang: str) -> tuple[str, str]:
    """``(text, its language)`` of a card's effect for a reader of ``lang`` (``"ja"``/``"en"``),
    without the ``Special ability:`` lead: in Japanese the catalogue's ``written`` text (the
    special ability, or an event's or item's text), else the effect written out; in English the
    effect written out (:func:`effect_text`) when it can be, else ``written`` in ``"ja"`` (a
    ``"manual"`` effect's text is the card's own, in Japanese). ``("", lang)`` for a card with
    neither. Errors as :func:`effect_text`."""
    if lang == "en":
        english = effect_text(effect, card_type, "en")
        if english:
            return english, "en"
    text = written or effect_text(effect, card_type, "ja") or ""
    return text, "ja" if text else lang


def card_texts(effect, card_type: str) -> dict[str, str] | None:
    """:func:`card_text` in every language, ``{"ja": …, "en": …}`` (a new dict each call);
    ``None`` for ``"manual"``. Errors as :func:`effect_text`. Worked out once per effect and card
    type (a card list writes the texts of every card of its page on every request)."""
    if effect == MANUAL:
        return None
    return dict(_card_texts(json.dumps(effect, sort_keys=True, ensure_ascii=False), card_type))


@lru_cache(maxsize=8192)
def _card_texts(effect_json: str, card_type: str) -> tuple[tuple[str, str], ...]:
    effect = json.loads(effect_json)
    return tuple((lang, card_text(effect, card_type, lang)) for lang in LANGUAGES)


def _lang(lang: str) -> int:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use {' or '.join(LANGUAGES)}")
    return LANGUAGES.index(lang)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _damage(op, i, names=_WHO):
    who = names[op["target"]][i]
    return (f"{who}に{op['amount']}ダメージ。", f"{op['amount']} damage to {who}.")[i]


def _heal(op, i, names=_WHO):
    who = names[op["target"]][i]
    return (f"{who}のHPを{op['amount']}回復する。", f"Heal {op['amount']} HP of {who}.")[i]


def _prohibit(op, i, names=_WHO):
    who, what = names[op["target"]][i], _PROHIBITED[op["what"]][i]
    if names is _STOPPED:  # the character that stopped, for the rest of the step or turn
        when = {"step": ("このSTEP", "this STEP"), "turn": ("このターン", "this turn")}[op["until"]][i]
        return (f"{who}は、{when}もう{what}。", f"{_capital(who)} {what} for the rest of {when}.")[i]
    prefix = _UNTIL[op.get("until")][i]
    body = (f"{who}は{what}", f"{who} {what}")[i]
    return prefix + (body if prefix or i == 0 else _capital(body)) + ("。", ".")[i]


def _modify(run, i, names=_WHO):
    first = run[0]
    who = names[first["target"]][i]
    prefix = _UNTIL[first.get("until")][i]
    if len(run) == 1 and first["stat"] == "movement" and first["amount"] <= CANNOT_MOVE:
        body = (f"{who}は移動できない", f"{who} cannot move")[i]
    else:
        parts = [_STAT[op["stat"]][i] + ("", " ")[i] + _signed(op["amount"]) for op in run]
        if i == 0:
            body = who + ("が" if first["stat"] == "damage_taken" else "の") + "、".join(parts)
        else:
            body = f"{who}: " + ", ".join(parts)
    if i == 1 and not prefix:
        body = _capital(body)
    return prefix + body + ("。", ".")[i]


def _look(op, i, then=None):
    n, deck = op["count"], _DECK[op["deck"]][i]
    if then is None:
        if n == 1:
            return (f"{deck}の一番上を見る。", f"Look at the top card of {deck}.")[i]
        return (f"{deck}の上から{n}枚を見る。", f"Look at the top {n} cards of {deck}.")[i]
    tail = {"bottom": ("同じ順でデッキの下に置く。", "put them under the deck in the same order."),
            "reverse": ("逆の順で戻す。", "put them back in reverse order.")}[then["to"]][i]
    return (f"{deck}の上から{n}枚を見て、{tail}", f"Look at the top {n} cards of {deck} and {tail}")[i]


def _reorder(op, i):
    n, deck = op["count"], _DECK[op["deck"]][i]
    if op["to"] == "bottom":
        return (f"{deck}の上から{n}枚を同じ順でデッキの下に置く。",
                f"Put the top {n} cards of {deck} under it in the same order.")[i]
    return (f"{deck}の上から{n}枚を逆の順で戻す。", f"Put the top {n} cards of {deck} back in reverse order.")[i]


def _order(op, i):
    n, deck = op["count"], _DECK[op["deck"]][i]
    if n == 1:
        look = (f"{deck}の一番上を見て、", f"Look at the top card of {deck} and put it ")[i]
        tail = {"top": ("戻す。", "back."), "bottom": ("デッキの下に置く。", "on the bottom.")}[op["to"]][i]
    else:
        look = (f"{deck}の上から{n}枚を見て、", f"Look at the top {n} cards of {deck} and put them ")[i]
        tail = {"top": ("好きな順で戻す。", "back in any order."),
                "bottom": ("好きな順でデッキの下に置く。", "on the bottom in any order.")}[op["to"]][i]
    return look + tail


def _peek_hand(op, i):
    n = op["count"]
    return (f"相手の手札から無作為に{n}枚見る。",
            f"Look at {n} card{'' if n == 1 else 's'} at random from your opponent's hand.")[i]


def _peek_area(op, i):
    return ("相手の伏せられたエリアカード1枚を見る。", "Look at one of your opponent's face-down area cards.")[i]


def _set_from_hand(op, i):
    return ("隣接する空きマスに自分の手札1枚をエリアカードとして伏せて置く。",
            "Put one card from your hand face down on an adjacent empty square as an area card.")[i]


def _trigger(op, i):
    """The sentences of a trigger: each of its operations opens with when it fires, but on a
    ``stop`` trigger one about the holder names the character that stopped instead."""
    out = []
    for inner in op["do"]:
        if op["when"] == "stop" and inner["target"] in _STOPPED:
            out.extend(_sentences([inner], i, _STOPPED))
            continue
        for sentence in _sentences([inner], i):
            out.append(_WHEN[op["when"]][i] + (sentence if i == 0 else sentence[0].lower() + sentence[1:]))
    return out


def _move(op, i):
    who, n = _WHO[op["target"]][i], op["distance"]
    squares = f"{n} square" + ("" if n == 1 else "s")
    if op["direction"] == "away":
        return (f"{who}を、このキャラクターから離れる向きに{n}マス移動させる。",
                f"Move {who} up to {squares} away from this character.")[i]
    ja = "前進" if op["direction"] == "forward" else "後退"
    return (f"{who}を{n}マス{ja}させる。", f"Move {who} up to {squares} {op['direction']}.")[i]


def _remove_area(op, i):
    where = _SQUARE[op["square"]][i]
    return (f"{where}のエリアカード（表向きのアイテムを含む）を持ち主の捨札に置く。",
            f"Put the area card on {where} (a face-up item included) into its owner's discard pile.")[i]


_RENDER = {"damage": _damage, "heal": _heal, "prohibit": _prohibit, "look": _look, "reorder": _reorder,
           "order": _order, "move": _move, "remove_area": _remove_area, "set_from_hand": _set_from_hand,
           "peek_hand": _peek_hand, "peek_area": _peek_area}

__all__ = ["CANNOT_MOVE", "LANGUAGES", "card_text", "card_texts", "effect_text", "reader_effect_text"]
