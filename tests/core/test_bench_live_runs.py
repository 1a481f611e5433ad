"""``BENCH_LIVE`` and ``BENCH_PEER``: the runs of the live benchmarks, read by one parser; what a run
measured per move; the peer benchmark without Node.js."""
import pytest

from bench.live_matches import LIVE_DEFAULT, Measured, Tally, live_runs
from bench.peer_live import DEFAULT_RUNS, install, main


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


def test_the_peer_benchmark_reads_its_runs_alike_and_names_its_own_setting():
    assert live_runs(DEFAULT_RUNS, "BENCH_PEER") == [("e", 1, 200), ("e", 1, 500)]
    with pytest.raises(ValueError, match="BENCH_PEER: 'x:1' is not e:N or pW:N"):
        live_runs("e:50,x:1", "BENCH_PEER")


def test_cpu_per_move_is_the_sites_cpu_over_the_measured_moves():
    tally = Tally(moves=[4.0, 6.0, 5.0, 5.0])
    assert Measured(tally, 1.5, 0.02, None, 8).cpu_per_move() == 0.005
    assert Measured(Tally(), 1.5, 0.02, None, 8).cpu_per_move() is None
    assert Measured(tally, 1.5, None, None, 8).cpu_per_move() is None


def test_the_peer_says_why_it_cannot_run_without_node(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert install() == "Node.js and npm are not on this machine"
    assert main() == ["peer: not measured: Node.js and npm are not on this machine"]
