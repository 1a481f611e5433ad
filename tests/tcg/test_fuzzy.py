"""Close keys for "did you mean" (``tcg.fuzzy``): a ratio at the cut-off, or one slip from a short
text (one character changed, added or left out, or two neighbours swapped), never for a text
or a name of one character, nor for a word of a name."""
from tcg.fuzzy import SLIP_MAX, SLIP_MIN, FuzzyKeys

#: Folded keys of three sample cards (name, reading, English name) and of 炎.
KEYS = FuzzyKeys([
    "闘志", "とうし", "fighting spirit",
    "闇討ち", "やみうち", "ambush",
    "火炎弾", "かえんだん", "fireball",
    "炎", "ほのお", "flame",
])


def test_slips_are_forgiven_from_two_to_four_characters():
    assert (SLIP_MIN, SLIP_MAX) == (2, 4)


def test_one_changed_character_of_a_short_name_is_close_below_the_cut_off():
    assert KEYS.close("闘士", 70, 3) == [(0, 50.0)]  # a kanji of two: ratio 50
    assert KEYS.close("闇討ぢ", 70, 3) == [(3, 66.66666666666667)]  # a kana of three: ratio 67
    assert KEYS.close("とうじ", 70, 3) == [(1, 66.66666666666667)]  # the reading
    assert KEYS.close("ambosh", 70, 3) == [(5, 83.33333333333334)]  # six letters: the ratio finds it


def test_two_swapped_neighbours_are_a_slip_too():
    assert KEYS.close("討闇ち", 70, 3) == [(3, 66.66666666666667)]


def test_an_added_or_missing_character_reaches_the_cut_off_but_beside_one_character():
    assert KEYS.close("とうしし", 70, 3) == [(1, 85.71428571428572)]
    assert KEYS.close("とし", 70, 3) == [(1, 80.0)]
    assert KEYS.close("炎の", 70, 3) == []  # 67 for 炎, which has one character: no slip from it


def test_names_past_the_cut_off_come_before_slips():
    keys = FuzzyKeys(["かえんだん", "かえん"])
    assert keys.close("かえだ", 70, 3) == [(0, 75.0), (1, 66.66666666666667)]
    assert keys.close("かえだ", 70, 1) == [(0, 75.0)]


def test_unrelated_and_one_character_texts_find_nothing():
    assert KEYS.close("ぬわ", 70, 3) == []
    assert KEYS.close("qzx", 70, 3) == []
    assert KEYS.close("災", 70, 3) == []  # one slip from 炎, as from any one character
    assert KEYS.close("", 70, 3) == []


def test_longer_texts_are_matched_by_ratio_only():
    assert KEYS.close("かえんだぬ", 70, 3) == [(7, 80.0)]
    assert KEYS.close("かいんだぬ", 55, 3) == [(7, 60.0)]
    assert KEYS.close("かいんだぬ", 70, 3) == []


def test_a_word_of_a_name_is_not_matched_by_a_slip():
    words = FuzzyKeys(["sakuya of the sword club", "sakuya", "sword", "club", "the"], whole=1)
    assert words.close("tee", 70, 3) == []
    assert words.close("sakura", 70, 3) == [(1, 83.33333333333334)]
    assert FuzzyKeys(["the"]).close("tee", 70, 3) == [(0, 66.66666666666667)]
