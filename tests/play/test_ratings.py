"""Ratings (``play.services.ratings``): a finished match between people updates each user's rating
at the game to openskill's Plackett-Luce numbers, in the transaction that records the outcome;
bot matches, abandoned matches, sandbox play and guests are not rated; a match is rated once.

The expected numbers are openskill 6.2.0's, PlackettLuce() with its defaults, from new ratings
(mu 25, sigma 25/3)."""
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from play.models import Match, Rating, RatingChange, Seat
from play.placings import placings
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.clocks import expire_clock
from play.services.create import create_match
from play.services.join import join_match
from play.services.ratings import counts, rate_match
from play.services.resign import resign
from tests.play.matches import HEURISTIC, HUMAN, SHORT, guest, person, stack

pytestmark = pytest.mark.django_db

# Two new players, the first placed first: openskill's numbers.
WINNER = (27.635389493140497, 8.06590141354368, 3.437685252509457)
LOSER = (22.364610506859503, 8.06590141354368, -1.8330937337715376)


def users(*names):
    return [User.objects.create_user(name) for name in names]


def rating_of(user, game="lama"):
    r = Rating.objects.get(user=user, game=game)
    return (r.mu, r.sigma, r.ordinal, r.games)


def duel(alice, bob, options=None):
    """A 2-seat L.A.M.A. match of Alice (seat 0) and Bob, dealt short (one round, both hands 1-6)."""
    match = create_match(person(alice), "lama", [HUMAN, HUMAN], {"end_at": 1}, seed=9)
    join_match(person(bob), match.id)
    return stack(match.id, options or SHORT)


def alice_wins(match, alice, bob):
    """Alice plays her 1 (20 minus points left), Bob quits (21), Alice quits: Alice wins."""
    act(person(alice), match.id, 0, {"type": "play", "card": 1})
    act(person(bob), match.id, 1, {"type": "quit"})
    return act(person(alice), match.id, 2, {"type": "quit"})


def test_a_two_person_match_updates_both_ratings_to_openskills_numbers():
    alice, bob = users("alice", "bob")
    match = duel(alice, bob)
    final = alice_wins(match, alice, bob)
    assert final["outcome"] == {"scores": [20, 21], "winners": [0], "details": {"rounds": 1}}
    assert rating_of(alice) == (*WINNER, 1)
    assert rating_of(bob) == (*LOSER, 1)
    changes = list(RatingChange.objects.filter(match_id=match.id).order_by("seat").values_list(
        "user__username", "game", "seat", "rank", "mu_before", "sigma_before", "mu_after", "sigma_after"))
    assert changes == [
        ("alice", "lama", 0, 1, 25.0, 25 / 3, WINNER[0], WINNER[1]),
        ("bob", "lama", 1, 2, 25.0, 25 / 3, LOSER[0], LOSER[1]),
    ]
    # a second match starts from the first one's ratings
    second = duel(alice, bob)
    alice_wins(second, alice, bob)
    assert rating_of(alice) == (29.656297488526157, 7.82288719288111, 6.187635909882829, 2)
    assert rating_of(bob) == (20.343702511473843, 7.82288719288111, -3.1249590671694847, 2)


def test_a_match_is_rated_once():
    alice, bob = users("alice", "bob")
    match = duel(alice, bob)
    alice_wins(match, alice, bob)
    match = Match.objects.get(pk=match.id)
    assert rate_match(match, list(match.seats.all())) == []
    assert rating_of(alice) == (*WINNER, 1) and rating_of(bob) == (*LOSER, 1)
    assert RatingChange.objects.count() == 2


def test_a_four_seat_match_rates_by_place_with_ties():
    """Four people quit at once: minus points 21, 21, 1 (six 1s count once), 2 — seat 2 first, seat 3
    second, seats 0 and 1 share third."""
    a, b, c, d = users("ann", "ben", "cat", "dan")
    match = create_match(person(a), "lama", [HUMAN] * 4, {"end_at": 1}, seed=1)
    for user in (b, c, d):
        join_match(person(user), match.id)
    stack(match.id, SHORT)
    for version, user in enumerate((a, b, c, d)):
        final = act(person(user), match.id, version, {"type": "quit"})
    assert final["outcome"]["scores"] == [21, 21, 1, 2]
    third = (22.825914588054673, 8.084127880168786, -1.4264690524516865, 1)
    assert rating_of(a) == third and rating_of(b) == third
    assert rating_of(c) == (27.795252672501135, 8.263571791259416, 3.0045372987228873, 1)
    assert rating_of(d) == (26.55291815138952, 8.17961798837266, 2.01406418627154, 1)
    assert list(RatingChange.objects.filter(match_id=match.id).order_by("seat").values_list("rank", flat=True)) == [
        3, 3, 1, 2]


def test_a_guest_is_not_rated_but_keeps_their_place():
    """Alice, Bob and a guest quit at once: 21, 21 and the guest's six 1s (1). The guest wins;
    Alice and Bob tie for second, so their ratings move only by the tie."""
    alice, bob = users("alice", "bob")
    match = create_match(person(alice), "lama", [HUMAN] * 3, {"end_at": 1}, seed=1)
    join_match(person(bob), match.id)
    join_match(guest("g" * 32, "Gus"), match.id)
    stack(match.id, SHORT)
    act(person(alice), match.id, 0, {"type": "quit"})
    act(person(bob), match.id, 1, {"type": "quit"})
    final = act(guest("g" * 32, "Gus"), match.id, 2, {"type": "quit"})
    assert final["outcome"]["scores"] == [21, 21, 1]
    tied = (25.0, 8.06590141354368, 0.8022957593689597, 1)
    assert rating_of(alice) == tied and rating_of(bob) == tied
    assert list(RatingChange.objects.values_list("rank", flat=True).order_by("seat")) == [2, 2]
    assert Rating.objects.count() == 2


def test_a_match_with_a_bot_seat_is_not_rated():
    (alice,) = users("alice")
    match = create_match(person(alice), "lama", [HUMAN, HEURISTIC], {"end_at": 1, **SHORT}, seed=3)
    act(person(alice), match.id, 0, {"type": "quit"})
    assert counts(Match.objects.get(pk=match.id), list(Seat.objects.filter(match_id=match.id))) is False
    assert Rating.objects.count() == 0 and RatingChange.objects.count() == 0


def test_an_abandoned_match_is_not_rated():
    alice, bob = users("alice", "bob")
    match = duel(alice, bob)
    resign(person(bob), match.id)
    past = timezone.now() - timedelta(seconds=20)
    Match.objects.filter(pk=match.id).update(updated=past, turn_deadline=past)
    assert expire_clock(match.id, 0) is True
    match = Match.objects.get(pk=match.id)
    assert match.status == "abandoned"
    assert rate_match(match, list(match.seats.all())) == []
    assert Rating.objects.count() == 0 and RatingChange.objects.count() == 0


def test_sandbox_play_and_other_statuses_do_not_count():
    alice, bob = users("alice", "bob")
    seats = [Seat(index=0, user=alice, name="alice"), Seat(index=1, user=bob, name="bob")]
    outcome = {"scores": [1, 0], "winners": [0]}
    finished = Match(game="eoc", players=2, seed=1, status="finished", outcome=outcome, options={})
    assert counts(finished, seats) is True
    assert counts(Match(game="eoc", players=2, seed=1, status="finished", outcome=outcome,
                        options={"sandbox": True}), seats) is False
    assert counts(Match(game="eoc", players=2, seed=1, status="running", options={}), seats) is False
    # the same user in both seats is no match between people
    assert counts(finished, [seats[0], Seat(index=1, user=alice, name="alice")]) is False
    assert counts(finished, [seats[0], Seat(index=1, session_key="g" * 32, name="Gus")]) is False


def test_placings():
    # minus points (fewer is better), points (more is better), a draw
    assert placings({"scores": [20, 21, 5], "winners": [2]}, [False] * 3) == [2, 3, 1]
    assert placings({"scores": [30, 12, 30, 7], "winners": [0, 2]}, [False] * 4) == [1, 3, 1, 4]
    assert placings({"scores": [0, 0], "winners": []}, [False, False]) == [1, 1]
    # a person who resigned is placed after those who played on, whatever their bot scored
    assert placings({"scores": [3, 9, 9], "winners": [1, 2]}, [False, True, False]) == [2, 3, 1]
    assert placings({"scores": [1, 0], "winners": [0]}, [True, False]) == [2, 1]
    with pytest.raises(ValueError, match="2 scores for 3 seats"):
        placings({"scores": [1, 0], "winners": [0]}, [False] * 3)


# -- the leaderboard API and the pages ------------------------------------------------------------

def three_rated():
    """Alice beats Bob twice; Carol and Dan tie once; so Alice, Carol = Dan, Bob."""
    alice, bob, carol, dan = users("alice", "bob", "carol", "dan")
    for _ in range(2):
        alice_wins(duel(alice, bob), alice, bob)
    match = duel(carol, dan)
    act(person(carol), match.id, 0, {"type": "quit"})
    act(person(dan), match.id, 1, {"type": "quit"})
    return alice, bob, carol, dan


def test_the_leaderboard_api_lists_the_ratings_best_first(api):
    three_rated()
    body = api.get("/api/games/lama/leaderboard/").json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 4 and body["next"] is None and body["previous"] is None
    lines = [{k: v for k, v in line.items() if k != "updated"} for line in body["results"]]
    tied = {"rating": 0.8022957593689597, "mu": 25.0, "sigma": 8.06590141354368, "games": 1}
    assert lines == [
        {"rank": 1, "username": "alice", "rating": 6.187635909882829, "mu": 29.656297488526157,
         "sigma": 7.82288719288111, "games": 2},
        {"rank": 2, "username": "carol", **tied},
        {"rank": 2, "username": "dan", **tied},  # equal ratings share a rank
        {"rank": 4, "username": "bob", "rating": -3.1249590671694847, "mu": 20.343702511473843,
         "sigma": 7.82288719288111, "games": 2},
    ]
    assert all(line["updated"].endswith("Z") for line in body["results"])
    second = api.get("/api/games/lama/leaderboard/?page=2&page_size=3").json()
    assert [(line["rank"], line["username"]) for line in second["results"]] == [(4, "bob")]
    # a page that starts within a tie gives its first line the tie's rank
    middle = api.get("/api/games/lama/leaderboard/?page=3&page_size=1").json()
    assert [(line["rank"], line["username"]) for line in middle["results"]] == [(2, "dan")]
    assert second["previous"].endswith("/api/games/lama/leaderboard/?page_size=3")
    assert api.get("/api/games/elements/leaderboard/").json() == {
        "count": 0, "next": None, "previous": None, "results": []}


def test_the_leaderboard_api_refuses_what_it_cannot_answer(api):
    missing = api.get("/api/games/chess/leaderboard/")
    assert missing.status_code == 404
    assert missing.json()["error"] == {"code": "game_not_found", "message": "There is no game called “chess”.",
                                       "details": {"game": "chess"}}
    bad = api.get("/api/games/lama/leaderboard/?page_size=abc")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_parameter"
    assert api.get("/api/games/lama/leaderboard/?page=2").status_code == 404


def test_the_leaderboard_is_in_the_api_schema(api):
    schema = api.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/games/{slug}/leaderboard/"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {"slug", "page", "page_size"}
    assert {"200", "404"} <= set(operation["responses"])
    entry = schema["components"]["schemas"]["LeaderboardEntry"]
    assert set(entry["properties"]) == {"rank", "username", "rating", "mu", "sigma", "games", "updated"}


@pytest.mark.parametrize("language, title, rank_text, place_text", [
    ("en", "L.A.M.A. leaderboard", "1 of 4", "Place 1 of 2"),
    ("ja", "ラマ（L.A.M.A.）のランキング", "4人中1位", "2人中1位"),
])
def test_the_pages_in_both_languages(client, language, title, rank_text, place_text):
    three_rated()
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    board = client.get("/play/leaderboard/lama/", **headers)
    assert board.status_code == 200
    html = board.content.decode()
    assert f"<h1>{title}</h1>" in html
    rows = re.findall(r'<tr data-username="(\w+)"', html)
    assert rows == ["alice", "carol", "dan", "bob"]
    assert '<a href="/players/alice/">alice</a></td>\n          <td class="num rating">6.2</td>' in html
    assert '<td class="num rating">-3.1</td>' in html
    page = client.get("/players/alice/", **headers).content.decode()
    assert '<tr data-game="lama">' in page and '<td class="num rating">6.2</td>' in page
    assert f'<td class="num">{rank_text}</td>' in page
    assert page.count('class="match-row"') == 2 and page.count(place_text) == 2
    assert '<a href="/players/bob/">bob</a>' in page
    assert "rating +2.7" in page or "レーティング +2.7" in page
    assert "+3.4" in page  # the shown rating after minus before, each match
    index = client.get("/play/leaderboard/", **headers).content.decode()
    assert index.count('href="/play/leaderboard/') == 4
    lobby = client.get("/play/", **headers).content.decode()
    assert 'id="lobby-leaderboards"' in lobby and 'href="/play/leaderboard/lama/"' in lobby
    assert client.get("/players/nobody/", **headers).status_code == 404
    assert client.get("/play/leaderboard/chess/", **headers).status_code == 404


def test_a_players_page_says_what_did_not_count(client):
    (alice,) = users("alice")
    match = create_match(person(alice), "lama", [HUMAN, HEURISTIC], {"end_at": 1, **SHORT}, seed=3)
    act(person(alice), match.id, 0, {"type": "quit"})
    for _ in range(60):  # the bot plays out the round alone (its turns are queued after commit)
        current = Match.objects.get(pk=match.id)
        if current.status != "running":
            break
        play_bot_turn(match.id, current.version)
    assert Match.objects.get(pk=match.id).status == "finished"
    assert Rating.objects.count() == 0
    page = client.get("/players/alice/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="no-ratings"' in page
    assert page.count('class="match-row"') == 1
    assert "not rated" in page and "with a bot" in page and "Place 2 of 2" in page


def test_the_admin_shows_ratings_read_only(client):
    alice, bob = users("alice", "bob")
    alice_wins(duel(alice, bob), alice, bob)
    client.force_login(User.objects.create_superuser("root", "root@example.com", None))
    listing = client.get("/admin/play/rating/")
    assert listing.status_code == 200 and listing.content.decode().count('class="field-game"') == 2
    rating = Rating.objects.get(user=alice)
    assert client.post(f"/admin/play/rating/{rating.pk}/change/", {"mu": "99"}).status_code == 403
    assert client.get("/admin/play/rating/add/").status_code == 403
    assert Rating.objects.get(user=alice).mu == WINNER[0]


def test_a_four_seat_elements_match_ranks_more_points_first():
    """Elements scores points (more is better, elements.md "Scoring"): 30, 12, 30, 7 with seats 0
    and 2 sharing the win places the seats 1, 3, 1, 4. The rows are written as a finished match
    would leave them, then rated by the service. openskill's Plackett-Luce gives the seat after
    a tie at the top the tied winners' mu (its handling of ties), with a smaller sigma change."""
    people = users("ann", "ben", "cat", "dan")
    match = Match.objects.create(game="elements", players=4, seed=1, status="finished",
                                 outcome={"scores": [30, 12, 30, 7], "winners": [0, 2]})
    seats = [Seat.objects.create(match=match, index=i, user=u, name=u.username) for i, u in enumerate(people)]
    changes = rate_match(match, seats)
    assert [(c.seat, c.rank) for c in changes] == [(0, 1), (1, 3), (2, 1), (3, 4)]
    got = [rating_of(u, "elements") for u in people]
    winner = (25.93175089083371, 8.263571791259416)
    assert [(mu, sigma, games) for mu, sigma, _, games in got] == [
        (*winner, 1), (25.93175089083371, 8.16906309784121, 1), (*winner, 1), (22.204747327498865, 8.16906309784121, 1)]
    assert all(ordinal == mu - 3 * sigma for mu, sigma, ordinal, _ in got)
    assert rate_match(match, seats) == []  # once
