"""Deck statistics, damage distributions, exact draw odds and the goldfish, on decks whose
figures were worked out by hand. Plain Python: no database."""
import math
from fractions import Fraction as F

import pytest

from tcg.decks.analysis import odds_json, stats_json
from tcg.decks.goldfish import goldfish
from tcg.decks.odds import Group, deck_groups, deck_odds, draw_points, prob_at_least, with_mulligan
from tcg.decks.stats import StatCard, damage_by_colour, damage_distribution, deck_stats

MA = (("move", "attack"), ("attack",), ("charge", "special"))
DD = (("defend",), ("defend", "move"), ("attack",))


def card(code, name, type_, colours, size, bonus=None, steps=MA, count=3, hp=None, directions=None, movement=None):
    colour, value = bonus or (None, None)
    return StatCard(code, name, type_, tuple(colours), size, colour, value, steps, count, hp, directions, movement)


# 51 cards: 3 red characters A, 3 green/black characters B, 3 colourless items C, 42 red events D.
A = card("X-1", "A", "character", ["red"], 3, ("red", 1), MA, 3, hp=6, directions="orthogonal", movement=2)
B = card("X-2", "B", "character", ["green", "black"], 0, ("green", -1), DD, 3, hp=4, directions="any", movement=1)
C = card("X-3", "C", "item", [], 2, None, DD, 3)
D = card("X-4", "D", "event", ["red"], 2, None, MA, 42)
DECK = [A, B, C, D]


def test_counts_by_type_colour_size_and_characters():
    stats = deck_stats(DECK)
    assert stats["total"] == 51
    assert stats["types"] == {"character": 6, "item": 3, "event": 42}
    assert stats["colours"] == {"red": 45, "green": 3, "black": 3, "white": 0, "colourless": 3}
    assert stats["size_curve"] == [{"value": 0, "count": 3}, {"value": 2, "count": 45}, {"value": 3, "count": 3}]
    assert stats["average_size"] == F(3 * 0 + 45 * 2 + 3 * 3, 51) == F(33, 17)
    assert stats["characters"] == {
        "count": 6,
        "hp": [{"value": 4, "count": 3}, {"value": 6, "count": 3}],
        "movement": [{"value": 1, "count": 3}, {"value": 2, "count": 3}],
        "directions": {"orthogonal": 3, "diagonal": 0, "any": 3},
    }
    # A and D list move+attack / attack / charge+special; B and C defend / defend+move / attack.
    assert stats["actions"] == {
        "step1": {"move": 45, "attack": 45, "defend": 6, "charge": 0, "special": 0},
        "step2": {"move": 6, "attack": 45, "defend": 6, "charge": 0, "special": 0},
        "step3": {"move": 0, "attack": 6, "defend": 0, "charge": 45, "special": 45},
    }


def test_empty_deck_has_no_average():
    stats = deck_stats([])
    assert stats["total"] == 0 and stats["average_size"] is None and stats["size_curve"] == []
    assert damage_distribution([]) == {}


def test_damage_per_attack_by_attacker_colour():
    # Colourless attacker: B deals 0, C and D 2, A 3.
    assert damage_distribution(DECK) == {0: F(3, 51), 2: F(45, 51), 3: F(3, 51)}
    # Red attacker: A's bonus +1 makes it 4.
    assert damage_distribution(DECK, ["red"]) == {0: F(1, 17), 2: F(15, 17), 4: F(1, 17)}
    # Green attacker: B's bonus −1 would make −1, never below 0.
    assert damage_distribution(DECK, ["green"]) == {0: F(1, 17), 2: F(15, 17), 3: F(1, 17)}
    by_colour = damage_by_colour(DECK)
    assert list(by_colour) == ["colourless", "red", "green", "black", "white"]
    assert by_colour["colourless"]["mean"] == F(99, 51)
    assert by_colour["red"]["mean"] == F(2)
    assert sum(by_colour["red"]["distribution"].values()) == 1


def test_hypergeometric_tails_hand_computed():
    # 2 hits among 5, draw 2: P(no hit) = C(3,2)/C(5,2) = 3/10.
    assert prob_at_least(5, 2, 2, 1) == F(7, 10)
    assert prob_at_least(5, 2, 2, 2) == F(1, 10)
    # 3 copies in 51, opening 7: 1 − (44·43·42)/(51·50·49) = 1 − 1892/2975.
    assert prob_at_least(51, 3, 7, 1) == F(1083, 2975)
    # At least 2: [C(3,2)·C(48,5) + C(3,3)·C(48,4)] / C(51,7) = (3·1712304 + 194580) / 115775100.
    assert prob_at_least(51, 3, 7, 2) == F(5331492, 115775100)
    # All 3: C(48,4) / C(51,7) = (7·6·5) / (51·50·49) = 210/124950.
    assert prob_at_least(51, 3, 7, 3) == F(210, 124950) == F(1, 595)
    assert prob_at_least(51, 3, 7, 4) == 0 and prob_at_least(51, 3, 7, 0) == 1
    assert prob_at_least(51, 51, 7, 7) == 1
    with pytest.raises(ValueError):
        prob_at_least(51, 52, 7, 1)
    with pytest.raises(ValueError):
        prob_at_least(10, 3, 11, 1)


def test_mulligan_gives_a_second_chance():
    assert with_mulligan(F(1083, 2975)) == 1 - F(1892, 2975) ** 2


def test_cards_drawn_into_hand_by_each_refill():
    assert [(p.key, p.cards) for p in draw_points(51)] == [
        ("opening", 7), ("turn1", 7), ("turn2", 9), ("turn3", 11), ("turn4", 13), ("turn5", 15)]
    assert [p.cards for p in draw_points(51, turns=3, played_per_turn=0)] == [7, 7, 7, 7]
    # Never more than the deck less its 4 area cards.
    assert [p.cards for p in draw_points(20, turns=5, played_per_turn=7)] == [7, 7, 14, 16, 16, 16]
    with pytest.raises(ValueError):
        draw_points(51, turns=0)
    with pytest.raises(ValueError):
        draw_points(51, played_per_turn=8)


def test_deck_groups_and_odds_table():
    groups = deck_groups(DECK, custom=("X-1", "X-3"))
    assert [(g.key, g.copies) for g in groups] == [
        ("card:A", 3), ("card:B", 3), ("card:C", 3), ("card:D", 42),
        ("type:character", 6), ("type:item", 3), ("type:event", 42),
        ("colour:red", 45), ("colour:green", 3), ("colour:black", 3), ("colour:colourless", 3),
        ("custom", 6),
    ]
    table = deck_odds(51, [Group("type:character", "type", "character", 6)], turns=2)
    row = table["groups"][0]
    # Any character (6 of 51) in the opening 7: 1 − C(45,7)/C(51,7).
    none = F(math.comb(45, 7), math.comb(51, 7))
    assert row["at_least"][1] == [1 - none, 1 - none, 1 - F(math.comb(45, 9), math.comb(51, 9))]
    assert row["opening_with_mulligan"][1] == 1 - none ** 2
    assert sorted(row["at_least"]) == [1, 2, 3]
    with pytest.raises(ValueError):
        deck_odds(10, [Group("g", "custom", "g", 11)])


def test_printings_of_one_name_count_together():
    printing = card("X-9", "A", "character", ["red"], 3, count=1, hp=6, directions="orthogonal", movement=2)
    groups = deck_groups([A, printing])
    assert (groups[0].key, groups[0].copies, groups[0].codes) == ("card:A", 4, ("X-1", "X-9"))


def test_json_forms_give_exact_fractions():
    stats = stats_json(DECK)
    assert stats["average_size"] == {"p": 1.941176, "exact": "33/17"}
    assert stats["damage"]["red"]["distribution"] == [
        {"damage": 0, "p": 0.058824, "exact": "1/17"},
        {"damage": 2, "p": 0.882353, "exact": "15/17"},
        {"damage": 4, "p": 0.058824, "exact": "1/17"},
    ]
    odds = odds_json(DECK, turns=1)
    assert odds["points"] == [{"key": "opening", "turn": 0, "cards": 7}, {"key": "turn1", "turn": 1, "cards": 7}]
    first = odds["groups"][0]
    assert first["key"] == "card:A" and first["at_least"]["1"][0] == {"p": 0.364034, "exact": "1083/2975"}


def test_goldfish_agrees_with_the_exact_odds():
    runs = 20_000
    result = goldfish(DECK, runs=runs, turns=5, seed=7)
    exact_first = float(prob_at_least(51, 6, 7, 1))
    exact_kept = float(with_mulligan(prob_at_least(51, 6, 7, 1)))
    for measured, expected in ((result["opening"]["first_hand_character"], exact_first),
                               (result["opening"]["kept_hand_character"], exact_kept)):
        sigma = math.sqrt(expected * (1 - expected) / runs)
        assert abs(measured - expected) < 4 * sigma, (measured, expected)
    # Turn 1: a character is placed exactly when the kept hand holds one.
    assert result["by_turn"][0]["character_placed"] == result["opening"]["kept_hand_character"]
    assert [t["turn"] for t in result["by_turn"]] == [1, 2, 3, 4, 5]
    # Two names of characters: never more than 2 on the area.
    assert max(t["characters_on_area"] for t in result["by_turn"]) <= 2
    assert result["deck_out"] == 0


def test_goldfish_is_reproducible_and_reports_progress():
    seen = []
    one = goldfish(DECK, runs=1000, seed=3, progress=lambda done, total: seen.append((done, total)), progress_every=400)
    assert seen == [(400, 1000), (800, 1000), (1000, 1000)]
    assert goldfish(DECK, runs=1000, seed=3) == one
    with pytest.raises(ValueError):
        goldfish([card("X-5", "E", "event", [], 1, count=10)], runs=10)
    with pytest.raises(ValueError):
        goldfish(DECK, runs=0)
