"""A sweep's cost before it runs (issue 40): the sync study's estimate from its settings, the
plan the sweep prints, its bar weighed by the estimates, and an honest "unknown" for a study
without a cost model."""
import math

import pytest

import chronometry
import chronometry_sweep as cs


def test_the_sync_estimate_follows_load_and_is_checked_like_run_study():
    idle = chronometry.study.estimate_study_events("sync", nodes=8, duration="20s")
    loaded = chronometry.study.estimate_study_events("sync", nodes=8, duration="20s", load=0.3)
    assert 0 < idle < 1e5
    assert loaded > 100 * idle  # what the --help and doc/sync.rst say Load costs
    with pytest.raises(ValueError, match="did you mean load"):
        chronometry.study.estimate_study_events("sync", lod=0.3)
    assert math.isnan(chronometry.study.estimate_study_events("replay", nodes=4))  # no model


def test_the_estimate_is_within_a_factor_two_of_the_events_it_runs():
    point = dict(nodes=4, duration="1s", warmup="500ms", load=0.2)
    estimate = chronometry.study.estimate_study_events("sync", **point)
    ran = chronometry.study.run_study("sync", **point)
    # The result has no event count; its wall time at the prior cost is the coarse check.
    assert estimate > 1e5
    assert 0.1 < ran["wall_s"] / (estimate * chronometry.study.SECONDS_PER_EVENT_PRIOR) < 10


def test_a_sweep_prints_its_plan_first(tmp_path, capsys):
    grid = dict(nodes=[3], duration_ns=[2_000_000_000], warmup_ns=[1_000_000_000],
                load=[0.0, 0.05], run=[1])
    cs.sweep("sync", grid, str(tmp_path / "s.sqlite"), workers=1, progress=True)
    err = capsys.readouterr().err
    assert "sync: 2 points, about" in err and "M simulator events estimated" in err
    cs.sweep("replay", dict(nodes=[4], duration_ns=[40_000_000], run=[1]),
             str(tmp_path / "r.sqlite"), workers=1, progress=True)
    assert "replay: 1 point, cost unknown until the first point finishes" in \
        capsys.readouterr().err
