"""``BENCH_LIVE``: the runs of the live benchmark, read by one parser."""
import pytest

from bench.live_matches import LIVE_DEFAULT, live_runs


def test_the_default_runs_include_500_matches_on_both_set_ups():
    assert live_runs(LIVE_DEFAULT) == [("e", 1, 50), ("e", 1, 200), ("e", 1, 500), ("p", 1, 200), ("p", 2, 200),
                                       ("p", 2, 500), ("p", 1, 1000), ("p", 2, 1000)]


def test_runs_are_read_from_e_n_and_p_w_n():
    assert live_runs(" e:500 , p2:500,") == [("e", 1, 500), ("p", 2, 500)]


@pytest.mark.parametrize("spec, token", [("e:5x", "e:5x"), ("q:5", "q:5"), ("p:5", "p:5"), ("e:²", "e:²"),
                                         ("e500", "e500")])
def test_a_run_of_another_shape_is_refused_by_name(spec, token):
    with pytest.raises(ValueError, match=f"BENCH_LIVE: '{token}' is not e:N or pW:N"):
        live_runs(spec)
