"""The example positions of the how-to-play pages (``play.examples``): each is reached from its
stacked deal by moves that are legal when they are made, and each shows what its caption says
(the captions of ``play/templates/play/rules/<slug>.<language>.html``), so that the pictures
cannot drift from the engines."""
import pytest

from play.examples import EXAMPLES, Example, IllegalExample, figure, figures, play
from play.examples import completto as completto_examples
from play.examples import eoc as eoc_examples
from play.games import GAMES

ALL = [(slug, example) for slug, examples in EXAMPLES.items() for example in examples]


def example(slug: str, key: str) -> Example:
    return next(e for e in EXAMPLES[slug] if e.key == key)


def view(slug: str, key: str) -> dict:
    return figure(slug, example(slug, key))["state"]


def test_every_game_has_examples_with_distinct_keys():
    assert set(EXAMPLES) == set(GAMES)
    for slug, examples in EXAMPLES.items():
        keys = [e.key for e in examples]
        assert len(keys) >= 3 and len(set(keys)) == len(keys), slug


@pytest.mark.parametrize(("slug", "example"), ALL, ids=[f"{s}-{e.key}" for s, e in ALL])
def test_every_example_is_reached_by_legal_moves(slug, example):
    game = GAMES[slug]
    state = game.setup(example.players, example.seed, example.options)
    for seat, action in example.moves:
        assert action in game.legal_actions(state, seat), (seat, action)
        state = game.apply(state, seat, action)
    assert game.dump(play(slug, example)) == game.dump(state)


@pytest.mark.parametrize(("slug", "example"), ALL, ids=[f"{s}-{e.key}" for s, e in ALL])
def test_a_figure_is_the_seats_own_view_and_legal_moves(slug, example):
    game = GAMES[slug]
    state = play(slug, example)
    drawn = figure(slug, example)
    assert drawn["state"] == game.view(state, example.seat)
    assert drawn["to_act"] == game.to_act(state)
    assert drawn["legal"] == (game.legal_actions(state, example.seat) if example.show_moves else [])
    assert (drawn["key"], drawn["players"], drawn["seat"]) == (example.key, example.players, example.seat)


def test_a_scripted_move_that_is_not_legal_is_refused_with_its_index():
    bad = Example("bad", 3, 1, {}, ((0, {"type": "draw"}), (0, {"type": "draw"})))
    with pytest.raises(IllegalExample, match=r"lama example 'bad', move 1: seat 0 may not"):
        play("lama", bad)


def test_figures_come_in_page_order_and_as_fresh_copies():
    first = figures("eoc")
    assert [f["key"] for f in first] == ["arrange", "step-1", "attack", "turn-2"]
    first[0]["state"]["hand"].clear()
    assert figures("eoc")[0]["state"]["hand"] != []
    assert figures("generic-game-without-examples") == []


# -- what the captions say --------------------------------------------------------------------
def test_lama_figures():
    first = figure("lama", example("lama", "first-turn"))
    assert (first["state"]["discard_top"], first["state"]["hand"]) == (3, [1, 3, 4, 4, 6, 7])
    assert first["legal"] == [{"type": "play", "card": 3}, {"type": "play", "card": 4}, {"type": "draw"}, {"type": "quit"}]
    six = figure("lama", example("lama", "on-a-six"))
    assert (six["state"]["discard_top"], six["state"]["quit"]) == (6, [False, False, True])
    assert six["state"]["laid_down"][2] == [1, 1, 2, 5, 7, 7]
    assert six["legal"] == [{"type": "play", "card": 7}, {"type": "draw"}, {"type": "quit"}]
    over = view("lama", "round-over")
    assert over["last_round"] == {"round": 1, "hands": [[], [2, 5, 6], [1, 1, 2, 5, 7, 7]], "points": [0, 13, 18],
                                  "went_out": 0, "returned": None, "ended_by": 0}
    assert over["chips"] == [{"white": 0, "black": 0}, {"white": 3, "black": 1}, {"white": 8, "black": 1}]
    assert (over["round"], over["turn"], over["scores"]) == (2, 0, [0, 13, 18])


def test_completto_figures():
    setup = figure("completto", example("completto", "setup"))
    assert setup["state"]["held"] == 40
    assert [a["position"] for a in setup["legal"]] == list(range(5, 15))  # between the 20 (index 4) and the 60
    holding = figure("completto", example("completto", "holding"))
    assert (holding["state"]["held"], holding["state"]["held_readings"]) == (16, [16, 91])
    assert holding["legal"] == [{"type": "place", "index": i, "value": v} for i, v in ((2, 16), (3, 16), (4, 16), (21, 91))] \
        + [{"type": "return"}]
    extra = view("completto", "extra-turn")
    assert (extra["extra_turn"], extra["turn"], extra["rows"][0][9:11]) == (True, 0, [39, 40])
    assert extra["last"] == {"seat": 0, "kind": "place", "tile": 39, "index": 9, "to": None, "value": 39, "extra": True}
    done = view("completto", "row-complete")
    assert done["over"] and done["rows"][0] == sorted(done["rows"][0])
    assert (done["rows"][0][0], done["rows"][0][-1]) == (5, 95)
    assert (done["last_game"]["completed"], done["last_game"]["points"], done["face_down"]) == (0, [0, 10], [0, 10])


def test_completto_stacked_pool_holds_every_tile_once():
    assert sorted(completto_examples.stacked_pool()) == list(range(1, 101))


def test_elements_figures():
    first = view("elements", "phase-1")
    assert [(s["colour"], s["card"], s["placed"]) for s in first["row"]] == [
        ("red", {"colour": "yellow", "value": 7}, True), ("yellow", None, False), ("green", None, True),
        ("blue", None, False), ("purple", None, False)]
    assert first["to_act"] == [2]
    auction = view("elements", "auction")
    assert [s["colour"] for s in auction["row"]] == ["yellow", "blue", "red", "green", "purple"]
    assert [p["card"]["value"] for p in auction["prizes"]] == [4, 7, 8, 10]
    assert (auction["auction"]["round"], auction["auction"]["leader"], auction["turn"]) == (2, 2, 0)
    assert auction["auction"]["bids"] == [[{"colour": "green", "value": 2}], [{"colour": "red", "value": 3}],
                                          [{"colour": "blue", "value": 3}]]
    third = view("elements", "round-3")
    assert (third["auction"]["round"], third["auction"]["leader"], third["auction"]["passed"]) == (3, 2, [False, True, False])
    over = figure("elements", example("elements", "deal-over"))
    assert (over["state"]["phase"], over["state"]["scores"], over["to_act"]) == ("discard", [17, 8, 4], [0, 1, 2])
    assert over["state"]["last_deal"]["points"] == [17, 8, 4]


def test_eoc_figures():
    arrange = figure("eoc", example("eoc", "arrange"))
    assert arrange["state"]["phase"] == "arrange" and sorted(arrange["state"]["to_arrange"]) == sorted(eoc_examples.RED_AREA)
    assert {a["type"] for a in arrange["legal"]} == {"arrange"}
    step = view("eoc", "step-1")
    assert (step["turn"], step["ap"], step["step"], step["chosen"], step["rule"]) == (1, 0, 1, "move", "SMP-068")
    assert [(c["card"], c["square"], c["hp"]) for c in step["characters"]] == [("SMP-001", [0, 3], 6), ("SMP-019", [3, 0], 3)]
    attack = view("eoc", "attack")
    assert attack["turned"] == {"seat": 0, "card": "SMP-010", "damage": 3}
    assert [(c["card"], c["square"], c["hp"]) for c in attack["characters"]] == [("SMP-001", [1, 3], 6), ("SMP-019", [2, 3], 0)]
    assert attack["area"][2][3] == {"card": "SMP-025", "owner": 1, "face_up": True}
    assert (attack["cards"]["SMP-010"]["size"], attack["cards"]["SMP-010"]["size_bonus"]) == (5, {"colour": "red", "value": -2})
    later = view("eoc", "turn-2")
    assert (later["turn"], later["ap"], later["phase"], later["downs"]) == (2, 1, "character", [[], ["SMP-019"]])
    assert [(c["card"], c["hp"]) for c in later["characters"]] == [("SMP-001", 6)]
    assert later["turned"] == {"seat": 1, "card": "SMP-023", "damage": 3}
