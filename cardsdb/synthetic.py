"""Synthetic cards for measuring the site at scale (``manage.py synth_cards``). Plain Python.

``synthetic_record(number, seed)`` makes card ``SYN-<number>`` (6 digits) as an interchange
record, the same for the same ``number`` and ``seed``. The cards follow the shape of a real
catalogue: types (45 % characters, 20 % items, 35 % events), colours (mostly one, some two or
three, some colourless), SIZE 0–6 peaking at 1–2, a SIZE bonus on about half, HP 1–8,
movement 1–4, rarities C/U/R/SR/P, Japanese names built from words with their kana reading and an
English name, Japanese rules text in the style of the sample set, flavour text and artists.
They are invented; the set's kind is ``synthetic``.
"""
from __future__ import annotations

import random

import jaconv

from tcg.cards.model import CardRecord
from tcg.vocabulary import ACTIONS, COLOURS, STEPS

SET_CODE = "SYN"
SET_NAME = "合成カード"
SET_NAME_EN = "Synthetic cards"
MAX_NUMBER = 999_999

# (kanji, reading, English)
ELEMENTS = [
    ("炎", "ほのお", "Flame"), ("氷", "こおり", "Ice"), ("雷", "いかずち", "Thunder"), ("風", "かぜ", "Wind"),
    ("森", "もり", "Forest"), ("影", "かげ", "Shadow"), ("光", "ひかり", "Light"), ("闇", "やみ", "Darkness"),
    ("星", "ほし", "Star"), ("月", "つき", "Moon"), ("太陽", "たいよう", "Sun"), ("海", "うみ", "Sea"),
    ("砂", "すな", "Sand"), ("鋼", "はがね", "Steel"), ("花", "はな", "Flower"), ("雪", "ゆき", "Snow"),
    ("霧", "きり", "Mist"), ("嵐", "あらし", "Storm"), ("岩", "いわ", "Rock"), ("夢", "ゆめ", "Dream"),
    ("時", "とき", "Time"), ("紅", "くれない", "Crimson"), ("蒼", "あお", "Azure"), ("翠", "みどり", "Jade"),
    ("黒鉄", "くろがね", "Iron"), ("白銀", "しろがね", "Silver"), ("黄金", "こがね", "Gold"), ("虹", "にじ", "Rainbow"),
    ("灰", "はい", "Ash"), ("雲", "くも", "Cloud"), ("桜", "さくら", "Cherry Blossom"), ("竜", "りゅう", "Dragon"),
    ("獣", "けもの", "Beast"), ("鏡", "かがみ", "Mirror"), ("鐘", "かね", "Bell"), ("歌", "うた", "Song"),
    ("石", "いし", "Stone"), ("天", "てん", "Heaven"), ("大地", "だいち", "Earth"), ("夜", "よる", "Night"),
]
ROLES = [
    ("剣士", "けんし", "Swordfighter"), ("魔術師", "まじゅつし", "Mage"), ("番人", "ばんにん", "Warden"),
    ("聖女", "せいじょ", "Saint"), ("射手", "しゃしゅ", "Archer"), ("騎士", "きし", "Knight"),
    ("忍者", "にんじゃ", "Ninja"), ("巫女", "みこ", "Shrine Maiden"), ("部長", "ぶちょう", "Club Captain"),
    ("生徒会長", "せいとかいちょう", "Student President"), ("先輩", "せんぱい", "Senior"),
    ("後輩", "こうはい", "Junior"), ("番長", "ばんちょう", "Gang Leader"), ("料理人", "りょうりにん", "Cook"),
    ("錬金術師", "れんきんじゅつし", "Alchemist"), ("狩人", "かりゅうど", "Hunter"), ("歌姫", "うたひめ", "Diva"),
    ("司書", "ししょ", "Librarian"), ("守護者", "しゅごしゃ", "Guardian"), ("魔女", "まじょ", "Witch"),
    ("侍", "さむらい", "Samurai"), ("盗賊", "とうぞく", "Thief"), ("学者", "がくしゃ", "Scholar"),
    ("踊り子", "おどりこ", "Dancer"), ("人形使い", "にんぎょうつかい", "Puppeteer"),
    ("占い師", "うらないし", "Fortune-Teller"), ("竜騎士", "りゅうきし", "Dragoon"), ("僧侶", "そうりょ", "Monk"),
    ("船長", "せんちょう", "Captain"), ("転校生", "てんこうせい", "Transfer Student"),
]
GIVEN = [
    ("アリサ", "Arisa"), ("ミドリ", "Midori"), ("レイ", "Rei"), ("セレナ", "Serena"), ("カグラ", "Kagura"),
    ("ユイ", "Yui"), ("ハルカ", "Haruka"), ("ソラ", "Sora"), ("リン", "Rin"), ("カイ", "Kai"), ("ミオ", "Mio"),
    ("ナギ", "Nagi"), ("ヒカル", "Hikaru"), ("アオイ", "Aoi"), ("サクラ", "Sakura"), ("レン", "Ren"),
    ("ユウキ", "Yuki"), ("マコト", "Makoto"), ("シズク", "Shizuku"), ("ツバサ", "Tsubasa"), ("ホムラ", "Homura"),
    ("コトネ", "Kotone"), ("アキラ", "Akira"), ("ヒナタ", "Hinata"), ("ミナト", "Minato"), ("カエデ", "Kaede"),
    ("スズ", "Suzu"), ("トウマ", "Toma"), ("ノア", "Noa"), ("ルカ", "Ruka"), ("エマ", "Ema"), ("イオリ", "Iori"),
    ("チヒロ", "Chihiro"), ("タクミ", "Takumi"), ("モモ", "Momo"), ("ジン", "Jin"), ("リオ", "Rio"),
    ("ユキナ", "Yukina"), ("コハク", "Kohaku"), ("ライ", "Rai"),
]
EPITHETS = [
    ("", "", ""), ("", "", ""), ("", "", ""), ("若き", "わかき", "Young"), ("老練の", "ろうれんの", "Veteran"),
    ("覚醒した", "かくせいした", "Awakened"), ("真・", "しん", "True"), ("孤高の", "ここうの", "Lone"),
    ("放課後の", "ほうかごの", "After-School"), ("伝説の", "でんせつの", "Legendary"),
    ("見習い", "みならい", "Apprentice"), ("闇堕ちした", "やみおちした", "Fallen"),
]
OBJECTS = [
    ("剣", "けん", "Sword"), ("盾", "たて", "Shield"), ("杖", "つえ", "Staff"), ("指輪", "ゆびわ", "Ring"),
    ("鎧", "よろい", "Armour"), ("首飾り", "くびかざり", "Necklace"), ("眼鏡", "めがね", "Glasses"),
    ("門", "もん", "Gate"), ("塔", "とう", "Tower"), ("書", "しょ", "Tome"), ("鍵", "かぎ", "Key"),
    ("弓", "ゆみ", "Bow"), ("外套", "がいとう", "Cloak"), ("羽根", "はね", "Feather"), ("時計", "とけい", "Clock"),
    ("仮面", "かめん", "Mask"), ("靴", "くつ", "Boots"), ("旗", "はた", "Banner"), ("灯", "あかり", "Lantern"),
    ("箱", "はこ", "Box"),
]
DEEDS = [
    ("一撃", "いちげき", "Strike"), ("祈り", "いのり", "Prayer"), ("嵐", "あらし", "Tempest"), ("罠", "わな", "Trap"),
    ("奇跡", "きせき", "Miracle"), ("号令", "ごうれい", "Command"), ("突撃", "とつげき", "Charge"),
    ("舞", "まい", "Dance"), ("結界", "けっかい", "Barrier"), ("召喚", "しょうかん", "Summoning"),
    ("休息", "きゅうそく", "Rest"), ("目覚め", "めざめ", "Awakening"), ("囁き", "ささやき", "Whisper"),
    ("咆哮", "ほうこう", "Roar"), ("契約", "けいやく", "Pact"), ("行進", "こうしん", "March"),
    ("爆発", "ばくはつ", "Blast"), ("転移", "てんい", "Warp"), ("収穫", "しゅうかく", "Harvest"),
    ("補習", "ほしゅう", "Extra Lesson"),
]
ADJECTIVES = [
    ("", "", ""), ("", "", ""), ("古びた", "ふるびた", "Old"), ("輝く", "かがやく", "Shining"),
    ("呪われた", "のろわれた", "Cursed"), ("小さな", "ちいさな", "Little"), ("大いなる", "おおいなる", "Great"),
    ("秘密の", "ひみつの", "Secret"),
]
LOANWORDS = [
    ("ダッシュ", "Dash"), ("リスクテイカー", "Risk Taker"), ("カウンター", "Counter"), ("バリア", "Barrier"),
    ("リバース", "Reverse"), ("ブースト", "Boost"), ("チャージアップ", "Charge Up"), ("サイクロン", "Cyclone"),
    ("フラッシュ", "Flash"), ("トラップ", "Trap"), ("ワープゲート", "Warp Gate"), ("ラストスパート", "Last Spurt"),
]
EFFECTS = [
    ("敵キャラクター1体に{n}ダメージを与える。", 1, 3),
    ("隣接する敵キャラクター1体に{n}ダメージ。", 1, 2),
    ("味方キャラクター1体のHPを{n}回復する。", 1, 3),
    ("カードを{n}枚引く。", 1, 2),
    ("このターン、このキャラクターの移動力+{n}。", 1, 2),
    ("このSTEPの攻撃ダメージ+{n}。", 1, 2),
    ("このマスのキャラクターの攻撃ダメージ+{n}。", 1, 1),
    ("このマスの敵キャラクターの移動力-{n}。", 1, 1),
    ("自分のデッキの上から{n}枚を見て好きな順で戻す。", 2, 3),
    ("捨札からカードを{n}枚選び、手札に加える。", 1, 1),
    ("相手は手札を{n}枚選んで捨札に置く。", 1, 1),
    ("キャラクター1体を{n}マス移動させる。", 1, 2),
    ("場のアイテム{n}枚を裏向きにする。", 1, 1),
    ("このSTEPのアクションを1つ無効にする。", 1, 1),
]
FLAVOURS = [
    "「ここから先は通さない！」", "風が運ぶ便りは、いつも少し遅れて届く。", "放課後の鐘が鳴るまで、戦いは終わらない。",
    "炎は彼の言葉より雄弁だった。", "The wind carries news.", "「今日こそ勝つ！」", "星の数だけ物語がある。",
    "Steel remembers every blow.", "「静かに。図書室です。」", "夜明けは、いつも誰かの味方だ。",
]
ARTISTS = [
    "紅茶猫スタジオ", "サンプル画工房", "アトリエ学園堂", "白石ひかる", "黒川ユウ", "Hana Sato", "Kenji Mori",
    "Aya Takeda", "青空イラスト部", "Studio Lantern", "みどりの絵筆", "Ren Kato",
]
RARITIES = (("C", 50), ("U", 28), ("R", 15), ("SR", 6), ("P", 1))
COLOUR_COUNTS = ((0, 10), (1, 68), (2, 18), (3, 4))
SIZES = ((0, 10), (1, 28), (2, 30), (3, 18), (4, 9), (5, 4), (6, 1))


def _weighted(rng: random.Random, table) -> object:
    values, weights = zip(*table)
    return rng.choices(values, weights)[0]


def _reading(kana: str) -> str:
    return jaconv.kata2hira(kana)


def _name(rng: random.Random, kind: str) -> tuple[str, str, str]:
    """(name, reading, English name) of a card of type ``kind``."""
    if kind == "character":
        epithet, element, role, (given, given_en) = (
            rng.choice(EPITHETS), rng.choice(ELEMENTS), rng.choice(ROLES), rng.choice(GIVEN)
        )
        name = f"{epithet[0]}{element[0]}の{role[0]}{given}"
        reading = f"{epithet[1]}{element[1]}の{role[1]}{_reading(given)}"
        english = f"{given_en}, {' '.join(w for w in (epithet[2], element[2], role[2]) if w)}"
        return name, reading, english
    if kind == "event" and rng.random() < 0.08:
        word, english = rng.choice(LOANWORDS)
        return word, _reading(word), english
    adjective = rng.choice(ADJECTIVES)
    first = rng.choice(ELEMENTS)
    noun = rng.choice(OBJECTS if kind == "item" else DEEDS)
    if kind == "event" and rng.random() < 0.5:
        second = rng.choice(ELEMENTS)
        element = (f"{first[0]}と{second[0]}", f"{first[1]}と{second[1]}", f"{first[2]} and {second[2]}")
    else:
        element = first
    name = f"{adjective[0]}{element[0]}の{noun[0]}"
    reading = f"{adjective[1]}{element[1]}の{noun[1]}"
    english = " ".join(w for w in (adjective[2], element[2], noun[2]) if w)
    return name, reading, english


def _effect(rng: random.Random) -> str:
    template, low, high = rng.choice(EFFECTS)
    return template.format(n=rng.randint(low, high))


def _steps(rng: random.Random) -> dict[str, tuple[str, ...]]:
    weights = (30, 30, 18, 12, 10)  # move, attack, defend, charge, special
    table = {}
    for step in STEPS:
        size = _weighted(rng, ((1, 55), (2, 38), (3, 7)))
        chosen: list[str] = []
        while len(chosen) < size:
            action = rng.choices(ACTIONS, weights)[0]
            if action not in chosen:
                chosen.append(action)
        table[step] = tuple(chosen)
    return table


def synthetic_record(number: int, seed: int = 0) -> CardRecord:
    """Card ``SYN-<number:06d>``, made from ``Random(seed, number)``: the same arguments give
    the same card. ``number`` is 1 to ``MAX_NUMBER`` (``ValueError`` otherwise)."""
    if not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"a synthetic card number is 1 to {MAX_NUMBER}, not {number}")
    rng = random.Random(seed * 1_000_003 + number)
    kind = _weighted(rng, (("character", 45), ("item", 20), ("event", 35)))
    name, reading, name_en = _name(rng, kind)
    colours = tuple(rng.sample(COLOURS, _weighted(rng, COLOUR_COUNTS)))
    bonus = None
    if rng.random() < 0.5:
        bonus_colour = rng.choice(colours) if colours and rng.random() < 0.8 else rng.choice(COLOURS)
        bonus = (bonus_colour, _weighted(rng, ((-2, 3), (-1, 12), (1, 60), (2, 20), (3, 5))))
    fields: dict = {}
    if kind == "character":
        ability = _effect(rng) if rng.random() < 0.85 else ""
        fields = {
            "hp": _weighted(rng, ((1, 2), (2, 6), (3, 14), (4, 24), (5, 26), (6, 16), (7, 8), (8, 4))),
            "directions": _weighted(rng, (("orthogonal", 50), ("diagonal", 25), ("any", 25))),
            "movement": _weighted(rng, ((1, 40), (2, 42), (3, 15), (4, 3))),
            "ability": ability,
        }
        text = f"特殊能力: {ability}" if ability else "特殊能力なし。"
    else:
        text = _effect(rng) if kind == "event" else f"このアイテムが表向きの間、{_effect(rng)}"
    return CardRecord(
        code=f"{SET_CODE}-{number:06d}",
        name=name,
        type=kind,
        colours=colours,
        size=_weighted(rng, SIZES),
        action_table=_steps(rng),
        set=SET_CODE,
        name_en=name_en,
        reading=reading,
        size_bonus=bonus,
        text=text,
        flavour=rng.choice(FLAVOURS) if rng.random() < 0.4 else "",
        artist=rng.choice(ARTISTS),
        rarity=_weighted(rng, RARITIES),
        **fields,
    )
