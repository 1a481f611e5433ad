"""What an Elements of Chaos state stores: card codes, not card data. The match's options hold
the decks once; a stored state names its catalogue by key, and ``load`` builds the catalogue
from the options once per process and shares it between the states of the match. A state
stored with its whole catalogue (before) is brought to today's shape by a data migration."""
import dataclasses
import importlib
import json
import random
from dataclasses import asdict

import pytest
from django.apps import apps

from bench.engine_eoc import deck_pairs
from play.bots.runner import make_bots, play_game
from play.engine import fields_to_json, to_json
from play.games import GAMES
from play.games.eoc import stored
from play.games.eoc.cards import forget_catalogues
from play.games.eoc.decklists import sample_deck
from play.games.eoc.state import Part
from play.models import Match
from play.services.create import create_match
from tests.play.matches import HEURISTIC

EOC = GAMES["eoc"]
OPTIONS = {"decks": [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")]}


def played(moves: int, seed: int = 1):
    """The states of a game of SMP-RED against SMP-GREEN (seed ``seed``), each move a random
    legal one (``random.Random(seed)``), for at most ``moves`` moves or to the end."""
    state = EOC.setup(2, seed, OPTIONS)
    pick = random.Random(seed)
    states = [state]
    while len(states) <= moves and EOC.outcome(state) is None:
        seat = EOC.to_act(state)[0]
        state = EOC.apply(state, seat, pick.choice(EOC.legal_actions(state, seat)))
        states.append(state)
    return states


def old_shape(state) -> dict:
    """``state`` as it was stored before: the whole catalogue under ``cat``, squares and
    characters as objects."""
    data = to_json(state)
    data["area"] = [None if s is None else asdict(s) for s in state.area]
    data["chars"] = [asdict(c) for c in state.chars]
    return data


def size(data) -> int:
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


def test_a_stored_state_holds_card_codes_and_stays_within_2_kib():
    states = played(2000)
    assert len(states) == 450 and EOC.outcome(states[-1]) is not None
    for state in states:
        data = EOC.dump(state)
        assert "cat" not in data and data["cards"] == state.cat.key
        assert size(data) <= 2048, (state.turn, size(data))
    middle = states[120]
    data = EOC.dump(middle)
    assert len(data["cards"]) == 24 and int(data["cards"], 16) >= 0
    assert data["chars"] == [[c.uid, c.owner, c.code, c.hp, c.row, c.col] for c in middle.chars]
    assert data["area"] == [None if s is None else [s.code, s.owner, s.face_up] for s in middle.area]
    # Before, the same state was stored with both decks' card data.
    assert size(old_shape(middle)) > 5 * size(data)


def test_load_builds_the_catalogue_from_the_options_once_and_shares_it():
    state = played(40)[-1]
    data = json.loads(json.dumps(EOC.dump(state)))
    forget_catalogues()  # as in a new process
    with pytest.raises(ValueError, match="cards: the match's options are needed to load its cards"):
        EOC.load(data)
    loaded = EOC.load(data, OPTIONS)
    assert loaded == state
    again = EOC.load(data, OPTIONS)
    assert again == state and again.cat is loaded.cat
    assert EOC.load(data).cat is loaded.cat  # kept: the options are not needed again


def test_options_with_other_cards_are_refused():
    data = EOC.dump(played(10)[-1])
    forget_catalogues()
    with pytest.raises(ValueError, match="cards: the options' decks are not the cards of this state"):
        EOC.load(data, {**OPTIONS, "rows": 5})
    with pytest.raises(ValueError, match="cards: expected the key of the match's cards"):
        EOC.load({**data, "cards": None}, OPTIONS)


def test_a_state_stored_with_its_catalogue_is_brought_to_todays_shape():
    for state in played(60)[::20]:
        forget_catalogues()
        assert EOC.upgrade(old_shape(state)) == EOC.dump(state)
        assert EOC.upgrade(EOC.dump(state)) == EOC.dump(state)
    with pytest.raises(ValueError):
        EOC.upgrade({"cat": {"rows": 4}})


@pytest.mark.django_db
@pytest.mark.usefixtures("sample_catalogue")
def test_the_data_migration_converts_stored_states():
    match = create_match(None, "eoc", [{**HEURISTIC, "deck": "SMP-RED"}, {**HEURISTIC, "deck": "SMP-GREEN"}],
                         {}, None, seed=3)
    state = EOC.load(match.state, match.options)
    Match.objects.filter(pk=match.pk).update(state=old_shape(state))
    lama = create_match(None, "lama", [HEURISTIC, HEURISTIC], {}, None, seed=3)
    migration = importlib.import_module("play.migrations.0007_eoc_states_without_card_data")
    forget_catalogues()
    migration.forward(apps, None)
    stored = Match.objects.get(pk=match.pk)
    assert stored.state == EOC.dump(state)
    forget_catalogues()
    assert EOC.load(stored.state, stored.options) == state
    assert Match.objects.get(pk=lama.pk).state == lama.state


def test_every_state_of_heuristic_games_stays_within_2_kib():
    # The heuristic bots reach the crowded boards random moves seldom do (before the piles were
    # stored as positions, their largest state was 2,306 bytes).
    from_games = []
    for seed in range(6):
        bots = make_bots(EOC, ["heuristic", "heuristic"], seed)
        play_game(EOC, 2, seed, deck_pairs()[seed % len(deck_pairs())], bots,
                  on_step=lambda before, seat, action, after: from_games.append(size(EOC.dump(after))))
    assert len(from_games) > 1000
    assert max(from_games) <= 2048, max(from_games)


def test_piles_are_stored_as_positions_in_the_catalogue_and_rest_fields_left_out():
    state = played(120)[120]
    data = EOC.dump(state)
    codes = state.cat.codes
    assert codes == tuple(sorted(c.code for c in state.cat.cards)) and len(codes) <= 62
    for name in stored.PILES:
        assert data.get(name, ["", ""]) == ["".join(stored.DIGITS[codes.index(code)] for code in pile)
                                            for pile in getattr(state, name)]
    assert {name for name, value in stored.AT_REST.items() if name not in data} == {
        name for name, value in stored.AT_REST.items()
        if to_json(getattr(state, name)) == value or name in stored.PILES and value == ["", ""]
        and getattr(state, name) == ((), ())}
    assert EOC.load(data, OPTIONS) == state


def test_a_state_stored_in_the_codecs_form_still_loads():
    state = played(120)[120]
    data = {**fields_to_json(state, frozenset({"cat"})), "cards": state.cat.key}
    assert isinstance(data["decks"][0], list)
    # The small classes were stored as objects of their fields before they were lists.
    data["part"] = dict(zip([f.name for f in dataclasses.fields(Part)], data["part"]))
    data["turned"] = None if state.turned is None else dict(zip(["seat", "code", "damage"], data["turned"]))
    assert isinstance(data["part"], dict)
    assert EOC.load(data, OPTIONS) == state


def test_a_bad_pile_is_refused_naming_it():
    state = played(10)[10]
    data = EOC.dump(state)
    bad = {**data, "decks": [data["decks"][0], "!"]}
    with pytest.raises(ValueError, match=r"^decks\[1\]: expected the cards' positions in the catalogue"):
        EOC.load(bad, OPTIONS)
    beyond = {**data, "hands": ["z", data["hands"][1]]}
    with pytest.raises(ValueError, match=r"^hands\[0\]: expected"):
        EOC.load(beyond, OPTIONS)
