"""The match services and selectors on the real database with the L.A.M.A. engine: creating,
joining, leaving, acting, resigning, what each seat is shown, and every refusal leaving the
match as it was. After-commit broadcasts go through the real channel layer."""
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import translation

from core.errors import error_message
from play.errors import MatchError, StaleVersion
from play.games import GAMES
from play.models import Match, MatchAction, Seat
from play.notify import seat_group, spectator_group
from play.selectors import history
from play.selectors.history import action_log
from play.selectors.live import open_matches
from play.selectors.match import match_view
from play.selectors.mine import matches_for
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.join import join_match
from play.services.leave import leave_match
from play.services.resign import resign
from tests.play.matches import DECK, HAND, HEURISTIC, HUMAN, OPENING_LEGAL, RANDOM, SHORT, STACKED, guest, person, stack

LAMA = GAMES["lama"]


@pytest.fixture
def alice(user):
    return person(user)


@pytest.fixture
def bob(other_user):
    return person(other_user)


@pytest.fixture
def duel(alice, bob):
    """A running 2-seat match with a stacked deal: Alice at seat 0 (to act), Bob at seat 1."""
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(bob, match.id)
    return stack(match.id, STACKED)


def snapshot(match_id):
    match = Match.objects.get(pk=match_id)
    seats = Seat.objects.filter(match=match).values_list("index", "user_id", "session_key", "name", "bot", "resigned")
    actions = MatchAction.objects.filter(match=match).count()
    return (match.status, match.version, match.state, match.outcome, list(seats), actions)


def refused(code, fn, *args):
    with pytest.raises(MatchError) as info:
        fn(*args)
    assert info.value.code == code, info.value.message
    return info.value


def test_create_seats_the_creator_and_waits_for_people(alice):
    match = create_match(alice, "lama", [HUMAN, HEURISTIC, HUMAN], {}, seed=1)
    assert (match.status, match.players, match.version, match.seed, match.options) == ("open", 3, 0, 1, {})
    assert len(match.id) == 10 and match.id.isalnum()
    rows = list(Seat.objects.filter(match=match).values_list("index", "user_id", "session_key", "name", "bot"))
    assert rows == [(0, alice.user_id, "", "alice", ""), (1, None, "", "", "heuristic"), (2, None, "", "", "")]
    assert match.state == LAMA.dump(LAMA.setup(3, 1, {}))
    assert [m.id for m in open_matches()] == [match.id]


def test_a_match_without_free_seats_runs_at_once(alice):
    match = create_match(alice, "lama", [HUMAN, RANDOM], STACKED, seed=3)
    assert match.status == "running"
    assert open_matches().count() == 0
    assert [m.id for m in matches_for(alice)] == [match.id]


def test_the_creators_view_payload(alice):
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    view = match_view(match, alice)
    assert view == {
        "id": match.id, "game": "lama", "status": "running", "version": 0, "players": 2, "options": {},
        "seats": [
            {"index": 0, "name": "alice", "kind": "human", "guest": False, "bot": "", "resigned": False, "timed_out": False,
             "you": True},
            {"index": 1, "name": "", "kind": "bot", "guest": False, "bot": "heuristic", "resigned": False, "timed_out": False,
             "you": False},
        ],
        "seat": 0, "to_act": [0], "legal_actions": OPENING_LEGAL,
        "state": LAMA.view(LAMA.setup(2, 5, STACKED), 0),
        "outcome": None, "clock": None, "last_action": None, "rematch": None,
        "guide": None,
    }
    assert view["state"]["hand"] == HAND


def test_spectators_and_other_seats_never_see_a_hand_but_their_own(duel, bob):
    act(person_of(duel, 0), duel.id, 0, {"type": "play", "card": 1})
    duel.refresh_from_db()
    spectator = match_view(duel, None)
    assert (spectator["seat"], spectator["state"]["hand"], spectator["legal_actions"]) == (None, None, [])
    assert all(not s["you"] for s in spectator["seats"])
    seat1 = match_view(duel, bob)
    assert (seat1["seat"], seat1["state"]["hand"], seat1["to_act"]) == (1, HAND, [1])
    assert seat1["state"]["hand_sizes"] == [5, 6]
    assert seat1["state"]["laid_down"] == [None, None]


def person_of(match, index):
    seat = Seat.objects.get(match=match, index=index)
    return person(seat.user)


def test_guests_take_seats_by_session(alice):
    match = create_match(alice, "lama", [HUMAN, HUMAN, HUMAN], {}, seed=2)
    gus = guest("s" * 32, "Gus")
    join_match(gus, match.id, 2)
    assert match_view(match, gus)["seat"] == 2
    assert match_view(match, guest("t" * 32, "Gus"))["seat"] is None
    assert [m.id for m in matches_for(gus)] == [match.id]
    assert Seat.objects.get(match=match, index=2).name == "Gus"


def test_the_last_person_to_join_starts_the_match(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=2)
    joined = join_match(bob, match.id, None)
    assert joined.status == "running"
    assert match_view(joined, bob)["seats"][1] == {
        "index": 1, "name": "bob", "kind": "human", "guest": False, "bot": "", "resigned": False, "timed_out": False, "you": True,
    }


def test_create_refusals_save_nothing(alice):
    cases = [
        ("unknown_game", "chess", [HUMAN, HUMAN], {}),
        ("bad_seats", "lama", [HUMAN], {}),
        ("bad_seats", "lama", [HUMAN] * 7, {}),
        ("bad_seats", "lama", [HUMAN, {"kind": "bot", "bot": "genius"}], {}),
        ("bad_seats", "lama", [HUMAN, {"kind": "robot"}], {}),
        ("bad_seats", "lama", "two seats", {}),
        ("bad_options", "lama", [HUMAN, HUMAN], {"colour": "red"}),
        ("bad_options", "lama", [HUMAN, HEURISTIC], {"deck": [1, 2, 3]}),
        ("secret_options", "lama", [HUMAN, HUMAN], {"deck": [1, 2, 3]}),
    ]
    for code, game, seats, options in cases:
        refused(code, create_match, alice, game, seats, options)
    error = refused("bad_seats", create_match, alice, "lama", [HUMAN, {"kind": "bot", "bot": "genius"}], {})
    assert error.details == {"problems": [{"seat": 1, "message": error.message}], "levels": ["easy", "normal", "strong"]}
    assert error.status == 400
    refused("bad_clock", create_match, alice, "lama", [HUMAN, HUMAN], {}, 0)
    refused("name_required", create_match, None, "lama", [HUMAN, HUMAN], {})
    assert Match.objects.count() == 0 and Seat.objects.count() == 0


def test_join_refusals_change_nothing(alice, bob, other_user, django_user_model):
    carol = person(django_user_model.objects.create_user("carol"))
    match = create_match(alice, "lama", [HUMAN, HEURISTIC, HUMAN], {}, seed=4)
    before = snapshot(match.id)
    refused("already_seated", join_match, alice, match.id, 2)
    refused("bad_seat", join_match, bob, match.id, 1)
    refused("bad_seat", join_match, bob, match.id, 3)
    refused("seat_taken", join_match, bob, match.id, 0)
    refused("match_not_found", join_match, bob, "nosuchmatch", None)
    refused("name_required", join_match, None, match.id, None)
    assert snapshot(match.id) == before
    join_match(bob, match.id, 2)
    assert refused("match_full", join_match, carol, match.id, None).status == 409


def test_leave_frees_the_seat_until_the_match_starts(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN, HUMAN], {}, seed=4)
    join_match(bob, match.id, 1)
    leave_match(bob, match.id)
    assert Seat.objects.get(match=match, index=1).is_free
    refused("not_seated", leave_match, bob, match.id)
    join_match(bob, match.id, 1)
    join_match(guest("g" * 32, "Gus"), match.id, 2)
    refused("not_open", leave_match, bob, match.id)


def test_act_applies_saves_and_logs(duel, alice, bob):
    view = act(alice, duel.id, 0, {"type": "play", "card": 2})
    match = Match.objects.get(pk=duel.id)
    assert (match.version, match.status) == (1, "running")
    assert list(MatchAction.objects.filter(match=match).values_list("version", "seat", "action", "by")) == [
        (1, 0, {"type": "play", "card": 2}, "player"),
    ]
    assert view["version"] == 1 and view["to_act"] == [1] and view["legal_actions"] == []
    assert view["state"]["hand"] == [1, 3, 4, 5, 6] and view["state"]["discard_top"] == 2
    assert view["last_action"] == {"version": 1, "seat": 0, "action": {"type": "play", "card": 2}, "by": "player"}
    bobs = act(bob, duel.id, 1, {"type": "draw"})
    assert bobs["state"]["hand"] == [1, 1, 2, 3, 4, 5, 6]
    assert action_log(match, None)[1]["action"] == {"type": "draw"}


def test_act_refusals_change_nothing(duel, alice, bob, django_user_model):
    carol = person(django_user_model.objects.create_user("carol"))
    before = snapshot(duel.id)
    # A version the match has not reached is not stale: it is refused as a bad version.
    assert refused("bad_version", act, alice, duel.id, 3, {"type": "draw"}).details == {
        "version": 3, "current_version": 0}
    assert refused("not_your_turn", act, bob, duel.id, 0, {"type": "draw"}).status == 400
    assert refused("not_seated", act, carol, duel.id, 0, {"type": "draw"}).status == 403
    assert refused("not_seated", act, None, duel.id, 0, {"type": "draw"}).status == 403
    # The engine's refusal is a Message: English as a str, said in the reader's language when answered.
    error = refused("illegal_action", act, alice, duel.id, 0, {"type": "play", "card": 4})
    assert error.message.startswith("A 4 cannot be played on a 1")
    with translation.override("ja"):
        assert error_message(error).startswith("1の上に4は出せません。")
    refused("malformed_action", act, alice, duel.id, 0, {"type": "play"})
    refused("malformed_action", act, alice, duel.id, 0, ["draw"])
    refused("bad_version", act, alice, duel.id, "0", {"type": "draw"})
    assert refused("bad_version", act, alice, duel.id, -1, {"type": "draw"}).details == {"version": "-1"}
    refused("match_not_found", act, alice, "nosuchmatch", 0, {"type": "draw"})
    assert snapshot(duel.id) == before


def test_a_finished_match_has_its_outcome_and_refuses_actions(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    refused("not_started", act, alice, match.id, 0, {"type": "quit"})
    join_match(bob, match.id)
    stack(match.id, SHORT)
    act(alice, match.id, 0, {"type": "quit"})
    final = act(bob, match.id, 1, {"type": "quit"})
    match.refresh_from_db()
    hand_points = 1 + 2 + 3 + 4 + 5 + 6
    outcome = {"scores": [hand_points, hand_points], "winners": [0, 1], "details": {"rounds": 1}}
    assert (match.status, match.version, match.outcome, match.turn_deadline) == ("finished", 2, outcome, None)
    assert final["outcome"] == outcome and final["to_act"] == [] and final["legal_actions"] == []
    before = snapshot(match.id)
    refused("game_over", act, alice, match.id, 2, {"type": "quit"})
    refused("game_over", resign, alice, match.id)
    refused("not_open", join_match, person_from("dave"), match.id, None)
    assert snapshot(match.id) == before


def person_from(name):
    from django.contrib.auth.models import User

    return person(User.objects.create_user(name))


def test_resign_hands_the_seat_to_the_heuristic_bot(duel, alice, bob):
    refused("not_started", resign, alice, create_match(alice, "lama", [HUMAN, HUMAN], {}).id)
    resign(bob, duel.id)
    seat = Seat.objects.get(match=duel, index=1)
    assert (seat.resigned, seat.bot, seat.name, seat.kind) == (True, "heuristic", "bob", "human")
    refused("resigned", resign, bob, duel.id)
    act(alice, duel.id, 0, {"type": "play", "card": 1})
    refused("resigned", act, bob, duel.id, 1, {"type": "draw"})
    assert play_bot_turn(duel.id, 1) is True
    assert list(MatchAction.objects.filter(match=duel).values_list("version", "seat", "by")) == [
        (1, 0, "player"), (2, 1, "bot"),
    ]


def test_bot_turns_are_idempotent_on_the_version(alice):
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=11)
    assert play_bot_turn(match.id, 0) is False  # seat 0 is a person's
    act(alice, match.id, 0, {"type": "play", "card": 1})
    assert play_bot_turn(match.id, 0) is False  # the match has moved on
    assert play_bot_turn(match.id, 1) is True
    assert play_bot_turn(match.id, 1) is False
    assert play_bot_turn("nosuchmatch", 0) is False
    assert Match.objects.get(pk=match.id).version == 2


def test_replay_plays_the_log_again_for_the_viewer(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    refused("not_finished", history.replay, match, alice)
    join_match(bob, match.id)
    stack(match.id, SHORT)
    act(alice, match.id, 0, {"type": "quit"})
    act(bob, match.id, 1, {"type": "quit"})
    match.refresh_from_db()
    replay = history.replay(match, alice)
    assert [(f["version"], f["seat"], f["action"], f["by"]) for f in replay["frames"]] == [
        (0, None, None, None), (1, 0, {"type": "quit"}, "player"), (2, 1, {"type": "quit"}, "player"),
    ]
    assert replay["frames"][0]["state"] == LAMA.view(LAMA.setup(2, 9, SHORT), 0)
    assert replay["frames"][-1]["state"] == LAMA.view(LAMA.load(match.state), 0)
    assert replay["match"]["seat"] == 0 and replay["match"]["outcome"] == match.outcome
    spectator = history.replay(match, None)
    assert spectator["frames"][0]["state"]["hand"] is None and spectator["match"]["seat"] is None


def test_after_commit_every_seat_and_the_spectators_get_their_own_view(transactional_db, alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=7)
    join_match(bob, match.id)
    stack(match.id, STACKED)
    received = async_to_sync(_listen_while)(match.id, lambda: act(alice, match.id, 0, {"type": "draw"}))
    assert [(m["type"], m["version"], m["status"], m["reseat"]) for m in received] == [
        ("match.view", 1, "running", False)] * 3
    # Each group's frame comes encoded once: the socket sends it as it is.
    frames = [json.loads(m["frame"]) for m in received]
    assert [frame["type"] for frame in frames] == ["view"] * 3
    seat0, seat1, spectators = frames
    assert (seat0["view"]["seat"], seat0["view"]["version"]) == (0, 1)
    assert seat0["view"]["state"]["hand"] == sorted(HAND + [1])
    assert (seat1["view"]["seat"], seat1["view"]["state"]["hand"], seat1["view"]["legal_actions"][-1]) == (
        1, HAND, {"type": "quit"})
    assert (spectators["view"]["seat"], spectators["view"]["state"]["hand"]) == (None, None)


async def _listen_while(match_id, write):
    layer = get_channel_layer()
    channels = []
    for group in (seat_group(match_id, 0), seat_group(match_id, 1), spectator_group(match_id)):
        name = await layer.new_channel()
        await layer.group_add(group, name)
        channels.append(name)
    await database_sync_to_async(write)()
    messages = [await layer.receive(name) for name in channels]
    for group, name in zip((seat_group(match_id, 0), seat_group(match_id, 1), spectator_group(match_id)), channels):
        await layer.group_discard(group, name)
    return messages


def test_the_last_person_leaving_an_open_match_removes_it(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN, HUMAN, HEURISTIC], {}, seed=4)
    join_match(bob, match.id, 1)
    kept = leave_match(alice, match.id)
    assert kept.pk == match.id
    assert [s.name for s in Match.objects.get(pk=match.id).seats.all()] == ["", "bob", "", ""]
    assert [m.id for m in open_matches()] == [match.id]
    removed = leave_match(bob, match.id)
    assert removed.pk is None
    assert not Match.objects.filter(pk=match.id).exists()
    assert not Seat.objects.filter(match_id=match.id).exists()
    assert list(open_matches()) == []
    refused("match_not_found", leave_match, bob, match.id)


@translation.override("en")
def test_leaving_a_finished_match_says_it_is_over(alice, bob):
    match = create_match(alice, "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    join_match(bob, match.id)
    act(alice, match.id, 0, {"type": "quit"})
    act(bob, match.id, 1, {"type": "quit"})
    before = snapshot(match.id)
    error = refused("not_open", leave_match, alice, match.id)
    assert (error.message, error.status) == ("The match is over, so there is no seat to leave.", 409)
    running = create_match(alice, "lama", [HUMAN, HEURISTIC], {}, seed=9)
    assert refused("not_open", leave_match, alice, running.id).message == (
        "The match has started, so you cannot leave it; you can resign.")
    assert snapshot(match.id) == before


@translation.override("en")
def test_a_version_from_the_future_is_refused_with_its_own_message(duel, alice):
    before = snapshot(duel.id)
    error = refused("bad_version", act, alice, duel.id, 5, {"type": "draw"})
    assert error.message == "There is no version 5 yet; the match is at version 0."
    assert (error.status, error.details) == (400, {"version": 5, "current_version": 0})
    assert not isinstance(error, StaleVersion)
    assert snapshot(duel.id) == before
    act(alice, duel.id, 0, {"type": "draw"})
    with pytest.raises(StaleVersion) as stale:
        act(alice, duel.id, 0, {"type": "draw"})
    assert stale.value.message == "The match has moved on to version 1; your action was based on version 0."
    assert (stale.value.code, stale.value.status, stale.value.view["version"], stale.value.view["seat"]) == (
        "stale_version", 409, 1, 0)
    assert stale.value.details == {"version": 0, "current_version": 1}


@translation.override("en")
def test_a_game_for_one_number_of_players_names_it_once():
    error = refused("bad_seats", create_match, None, "eoc", [HEURISTIC], {})
    assert error.message == "Elements of Chaos is for 2 players."
    error = refused("bad_seats", create_match, None, "lama", [HEURISTIC], {})
    assert error.message == "L.A.M.A. is for 2 to 6 players."


# -- stacked deals (DESIGN.md, "The game engine protocol": only with bots in every other seat) -----
@translation.override("en")
def test_a_stacked_deal_is_taken_only_where_no_other_person_sits(alice, bob):
    gus = guest("g" * 32, "Gus")
    for creator in (alice, gus):
        for seats in ([HUMAN, HUMAN], [HUMAN, HEURISTIC, HUMAN], [HEURISTIC, HUMAN, HUMAN]):
            error = refused("secret_options", create_match, creator, "lama", seats, SHORT)
            assert (error.status, error.details) == (400, {"options": ["deck"]})
            assert error.message == ("A stacked deal (deck) is allowed only when every seat but yours is a bot: "
                                     "another person at the table could not tell that the deal was stacked.")
    assert (Match.objects.count(), Seat.objects.count()) == (0, 0)
    # practice against bots, and a match of bots only (a puzzle, a tutorial) take it
    practice = create_match(gus, "lama", [HEURISTIC, HUMAN, RANDOM], {"decks": [DECK]}, seed=5)
    assert (practice.status, practice.options) == ("running", {"decks": [DECK]})
    assert LAMA.load(practice.state) == LAMA.setup(3, 5, {"decks": [DECK]})
    bots = create_match(None, "lama", [RANDOM, HEURISTIC], STACKED, seed=5)
    assert (bots.status, LAMA.load(bots.state)) == ("running", LAMA.setup(2, 5, STACKED))
    # nobody else may take a seat at an open match saved with a stacked deal before the rule
    saved = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=5)
    Match.objects.filter(pk=saved.id).update(options=STACKED)
    before = snapshot(saved.id)
    error = refused("secret_options", join_match, bob, saved.id, None)
    assert (error.details, error.message) == ({"options": ["deck"]}, (
        "This match was made with a stacked deal (deck), so only bots may sit at it beside its creator."))
    assert snapshot(saved.id) == before
