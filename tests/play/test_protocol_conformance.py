"""Every game of ``play.games.GAMES`` keeps the game protocol (DESIGN.md, "The game engine
protocol"), over random playouts (hypothesis): legal actions are exact and each applies, refusals
change nothing and carry a message said in Japanese too, ``load(dump(s)) == s``, a replay from
seed, options and log is exact, and nothing leaks through a view or a move as it is shown (see
:mod:`tests.play.playouts`). Each game's property file declares its :class:`Profile`: how its
matches are drawn and what lies around a position; what only that game promises stays there."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.games import GAMES
from tests.play import test_completto_properties, test_elements_properties, test_eoc_properties, test_lama_properties
from tests.play.playouts import protocol_playout

PROFILES = {profile.slug: profile for profile in (
    test_lama_properties.PROFILE, test_completto_properties.PROFILE, test_elements_properties.PROFILE,
    test_eoc_properties.PROFILE,
)}


def test_every_game_has_a_profile():
    assert set(PROFILES) == set(GAMES)


def _conformance(slug: str):
    profile = PROFILES[slug]

    @settings(max_examples=profile.max_examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def run(data):
        protocol_playout(profile, GAMES[slug], data.draw(profile.matches, label="match"))

    return run


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_random_playouts_keep_the_protocol(slug):
    _conformance(slug)()
