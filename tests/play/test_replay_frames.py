"""The replay page holds the moves, not the states: a 150-move Elements of Chaos replay is under
150 KB, and the frames it fetches (``/api/matches/<id>/replay/frames/``) are exactly the ones
the whole replay (``/api/matches/<id>/replay/``) gives; the move list, the chat and the ranges."""
import json
import random

import pytest

from play.games import GAMES
from play.models import Match, MatchAction
from play.selectors import history
from play.services.create import create_match
from tests.play.matches import HEURISTIC
from tests.conftest import EN
from tests.play.test_pages import json_block

pytestmark = pytest.mark.usefixtures("sample_catalogue")
MOVES = 150


def played_eoc_match(moves: int = MOVES, seed: int = 3) -> Match:
    """An Elements of Chaos match of two bot seats (SMP-RED, SMP-GREEN) with ``moves`` actions
    logged, each a legal one picked at random (sandbox moves left out), then marked finished as
    a match that is over is (the replay plays the log again; it does not ask why it ended)."""
    match = create_match(None, "eoc", [{**HEURISTIC, "deck": "SMP-RED"}, {**HEURISTIC, "deck": "SMP-GREEN"}],
                         {}, None, seed=seed)
    game = GAMES["eoc"]
    state = game.load(match.state, match.options)
    pick = random.Random(seed)
    rows = []
    for version in range(1, moves + 1):
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if not a["type"].startswith("sandbox_")]
        action = pick.choice(legal)
        state = game.apply(state, seat, action)
        rows.append(MatchAction(match=match, version=version, seat=seat, action=action, by=MatchAction.By.BOT))
        assert game.to_act(state), f"the game ended at move {version}: pick another seed"
    MatchAction.objects.bulk_create(rows)
    match.state = game.dump(state)
    match.version = moves
    match.status = Match.Status.FINISHED
    match.save()
    return match


@pytest.fixture
def long_match(db):
    return played_eoc_match()


def test_a_150_move_replay_page_is_under_150_kb_and_its_frames_are_the_whole_replays(client, api, long_match):
    response = client.get(f"/play/m/{long_match.id}/replay/", **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert len(response.content) < 150_000, len(response.content)
    outline = json_block(body, "replay-data")
    assert (outline["total"], len(outline["moves"])) == (MOVES + 1, MOVES)
    assert "frames" not in outline
    assert f'max="{MOVES}"' in body
    assert f'data-frames-url="/api/matches/{long_match.id}/replay/frames/"' in body

    whole = api.get(f"/api/matches/{long_match.id}/replay/").json()
    # the old page embedded all of it: the frames are what made it grow with the match
    assert len(json.dumps(whole)) > 600_000
    assert outline["moves"] == [{k: f[k] for k in ("version", "seat", "action", "by")} for f in whole["frames"][1:]]
    fetched = []
    for start in range(0, MOVES + 1, 20):  # the chunks replay.js asks for
        part = api.get(f"/api/matches/{long_match.id}/replay/frames/?start={start}&count=20").json()
        assert (part["total"], part["start"]) == (MOVES + 1, start)
        fetched += part["frames"]
    assert fetched == whole["frames"]


def test_one_frame_and_the_range_cut_at_the_last_frame(api, long_match):
    url = f"/api/matches/{long_match.id}/replay/frames/"
    whole = history.replay(long_match, None)["frames"]
    one = api.get(f"{url}?start=75&count=1").json()
    assert one == {"total": MOVES + 1, "start": 75, "frames": [whole[75]], "texts": one["texts"]}
    # the text of each card the frame shows, and no other
    assert sorted(one["texts"]) == sorted(whole[75]["state"]["cards"]) and len(one["texts"]) > 3
    tail = api.get(f"{url}?start=140&count=50").json()
    assert [f["version"] for f in tail["frames"]] == list(range(140, MOVES + 1))
    assert tail["frames"] == whole[140:]
    assert api.get(url).json()["frames"] == whole[:20]  # start 0, 20 frames unless told


def test_bad_ranges_are_400s_naming_the_problem(api, long_match):
    url = f"/api/matches/{long_match.id}/replay/frames/"
    response = api.get(f"{url}?start=151")
    assert response.status_code == 400
    assert response.json()["error"] == {"code": "bad_frame", "message": "This replay has frames 0 to 150: there is no frame 151.",
                                        "details": {"start": 151, "total": 151}}
    for query, parameter in (("start=-1", "start"), ("count=0", "count"), ("count=51", "count"), ("start=x", "start")):
        response = api.get(f"{url}?{query}")
        assert response.status_code == 400, query
        assert (response.json()["error"]["code"], response.json()["error"]["details"]["parameter"]) == (
            "bad_parameter", parameter), query
