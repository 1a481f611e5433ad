"""A refused option is answered ``bad_options`` wholly in the reader's language: the engine's
reason (``play.engine.BadOption``, a translatable message) inside the services' sentence."""
import pytest
from django.utils import translation

from core.messages import localize
from play.engine import BadOption
from play.games import GAMES
from play.games.eoc.decklists import sample_deck
from tests.play.matches import HEURISTIC, HUMAN


def refusal(client, language, game, options, seats=(HUMAN, HEURISTIC), **body):
    response = client.post("/api/matches/", {"game": game, "seats": list(seats), "options": options, **body},
                           format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400, response.content
    return response.json()["error"]


def test_a_bad_end_at_is_refused_in_the_readers_language(alice_api):
    en = refusal(alice_api, "en", "lama", {"end_at": 0})
    ja = refusal(alice_api, "ja", "lama", {"end_at": 0})
    reason = "end_at: must be an integer from 1 to 1000, not 0"
    assert en == {"code": "bad_options", "message": f"The options are not valid: {reason}",
                  "details": {"reason": reason}}
    assert ja == {"code": "bad_options", "message": "オプションが正しくありません: end_at: 1から1000までの整数にしてください（0は不可）",
                  "details": {"reason": reason}}


def test_bad_eoc_options_are_refused_in_the_readers_language(alice_api):
    decks = [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")]
    en = refusal(alice_api, "en", "eoc", {"decks": decks, "rows": 6})
    ja = refusal(alice_api, "ja", "eoc", {"decks": decks, "rows": 6})
    assert (en["code"], en["message"]) == ("bad_options", "The options are not valid: rows: must be 4 or 5, not 6")
    assert (ja["code"], ja["message"]) == ("bad_options", "オプションが正しくありません: rows: 4か5にしてください（6は不可）")
    short = [decks[0][:50], decks[1]]
    en = refusal(alice_api, "en", "eoc", {"decks": short})
    ja = refusal(alice_api, "ja", "eoc", {"decks": short})
    assert en["message"] == "The options are not valid: decks[0]: a deck has exactly 51 cards, not 50"
    assert ja["message"] == "オプションが正しくありません: decks[0]: デッキはちょうど51枚です（50枚ではありません）"


def test_a_bad_player_count_names_the_game_in_the_readers_language():
    with pytest.raises(BadOption) as refused:
        GAMES["lama"].setup(7, 1, {})
    assert str(refused.value) == "players: L.A.M.A. is for 2 to 6 players, not 7"
    with translation.override("ja"):
        assert localize(refused.value.message) == "players: ラマ（L.A.M.A.）は2～6人用です（7人は不可）"
    with translation.override("en"):
        assert localize(refused.value.message) == "players: L.A.M.A. is for 2 to 6 players, not 7"
