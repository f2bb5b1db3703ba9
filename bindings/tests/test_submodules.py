"""The package's submodules (issue 42): every name in exactly one of chronometry.clock,
.causality, .latency, .relation, .scheduling, .inference, .sync, .study; ``import
chronometry.clock`` and ``from chronometry.clock import X`` both work in a fresh interpreter; and
every flat name of the previous release still resolves, to the same object as at its new place,
with a DeprecationWarning naming that place (one release). The sweep package's "technique"
names likewise (now "study").

What would make these fail: a binding added to the compiled module and exported by no submodule
(or by two); a name dropped or moved without its entry in chronometry/_flat.py; the package's
__getattr__ returning another object or not warning; a submodule that only exists as an
attribute (def_submodule) and not as an importable module."""
import importlib
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import chronometry
import chronometry_sweep as cs

SUBMODULES = ("clock", "causality", "latency", "relation", "scheduling", "inference", "sync",
              "study")
TOP = {"ConfigError", "NS3_VERSION"}  # the package's own: not a model concept's

# Every flat name of the release before the submodules -> "<submodule>" (same name) or
# "<submodule>.<new name>" (written out, not computed from the package, so a name that moves
# or disappears fails here).
OLD_FLAT_NAMES = {
    "ClockTimeline": "clock", "next_random_walk_drift": "clock", "quantize": "clock",
    "draw_bounded_skew_reading": "clock", "tsc_value": "clock", "ticks_to_duration": "clock",
    "duration_to_ticks": "clock", "PPM": "clock",
    "LamportClock": "causality", "VectorClock": "causality", "HybridLogicalClock": "causality",
    "HybridVectorClock": "causality", "ReplayClockConfig": "causality", "ReplayClock": "causality",
    "Execution": "causality", "random_execution": "causality", "ReplayStudyResult": "causality",
    "run_replay_study": "causality", "REPLAY_STUDY_CSV_HEADER": "causality",
    "run_study": "study", "check_study": "study", "studies": "study", "STUDY_RUNNERS": "study",
    "estimate_study_events": "study", "SECONDS_PER_EVENT_PRIOR": "study",
    "InferenceStudyRow": "inference", "InferenceStudyResult": "inference",
    "run_inference_study": "inference", "INFERENCE_STUDY_CSV_HEADER": "inference",
    "link_trace": "inference", "reconcile_trace": "inference", "synthetic_trace": "inference",
    "fit_pair_clocks": "inference", "latest_arrival_links": "inference",
    "nesting_links": "inference", "score_calibration": "inference", "mean_interval": "inference",
    "wilson_interval": "inference",
    "RdaStudyRow": "latency", "RdaStudyResult": "latency", "run_rda_study": "latency",
    "RDA_STUDY_CSV_HEADER": "latency", "RdaSketch": "latency", "rda_repair": "latency",
    "rda_aggregate": "latency", "LdaSketch": "latency", "lda_aggregate": "latency",
    "FineCombSketch": "latency", "finecomb_aggregate": "latency",
    "LatencyIntervalCache": "latency", "estimate_difference": "latency",
    "exact_difference": "latency", "estimate_difference_with_error": "latency",
    "buckets_for_target": "latency", "rda_transition": "latency", "rda_layout": "latency",
    "decode_cost": "latency",
    "RelationStudyRow": "relation", "RelationStudyResult": "relation",
    "run_relation_study": "relation", "RELATION_STUDY_CSV_HEADER": "relation",
    "RelationGraphStudyRow": "relation", "RelationGraphStudyResult": "relation",
    "run_relation_graph_study": "relation", "RELATION_GRAPH_STUDY_CSV_HEADER": "relation",
    "MinRttRound": "relation", "select_min_rtt": "relation", "DurationEstimate": "relation",
    "DriftWander": "relation", "TscRelation": "relation", "tsc_relation_with_wander": "relation",
    "trivial_duration": "relation", "scenario1": "relation.duration_on_node",
    "scenario2": "relation.duration_from_reference", "scenario3": "relation.duration_across_nodes",
    "baseline": "relation.duration_across_nodes_via_reference", "FitStatus": "relation",
    "MultiRoundRelation": "relation", "NtpEstimator": "relation", "RelationGraph": "relation",
    "run_relation-graph_study": "relation.run_relation_graph_study",
    "RELATION-GRAPH_STUDY_CSV_HEADER": "relation.RELATION_GRAPH_STUDY_CSV_HEADER",
    "SchedulingStudyRow": "scheduling", "SchedulingStudyResult": "scheduling",
    "run_scheduling_study": "scheduling", "SCHEDULING_STUDY_CSV_HEADER": "scheduling",
    "EtePredictor": "scheduling", "ReferencePredictor": "scheduling",
    "evaluate_predictors": "scheduling", "server_types": "scheduling",
    "draw_service_series": "scheduling",
    "SyncStudyRow": "sync", "SyncStudyResult": "sync", "run_sync_study": "sync",
    "SYNC_STUDY_CSV_HEADER": "sync",
}


def place(old):
    sub, _, new = OLD_FLAT_NAMES[old].partition(".")
    return sub, new or old


def test_every_old_flat_name_is_tested():
    old_stub_names = 95 - len(TOP) + 2  # the previous stub's names, and 2 getattr-only spellings
    assert len(OLD_FLAT_NAMES) == old_stub_names


@pytest.mark.parametrize("old", sorted(OLD_FLAT_NAMES))
def test_old_flat_name_resolves_to_the_new_place_with_a_warning(old):
    sub, new = place(old)
    expected = getattr(importlib.import_module(f"chronometry.{sub}"), new)
    with pytest.warns(DeprecationWarning) as record:
        value = getattr(chronometry, old)
    assert value is expected
    assert len(record) == 1
    assert str(record[0].message) == (f"chronometry.{old} is deprecated; use "
                                      f"chronometry.{sub}.{new}")
    assert record[0].filename == __file__  # stacklevel: the warning points at the caller


def test_new_names_do_not_warn_and_unknown_names_fail():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for sub in SUBMODULES:
            module = importlib.import_module(f"chronometry.{sub}")
            for name in module.__all__:
                getattr(module, name)
        chronometry.ConfigError, chronometry.NS3_VERSION  # noqa: B018
    # The release, one home: VERSION at the top of the source tree.
    version_file = Path(__file__).resolve().parents[2] / "VERSION"
    assert chronometry.__version__ == version_file.read_text().strip()
    with pytest.raises(AttributeError, match="no attribute 'scenario4'"):
        chronometry.scenario4  # noqa: B018
    assert "scenario1" not in dir(chronometry) and "relation" in dir(chronometry)


def test_every_compiled_name_lives_in_exactly_one_submodule():
    compiled = {n for n in vars(chronometry._chronometry) if not n.startswith("_")}
    exported = []  # (name, object, submodule)
    for sub in SUBMODULES:
        module = importlib.import_module(f"chronometry.{sub}")
        for name in module.__all__:
            value = getattr(module, name)
            for other, seen, where in exported:
                if seen is value and not isinstance(value, (int, float, str)):
                    pytest.fail(f"{name} of chronometry.{sub} is also {other} of {where}")
            exported.append((name, value, sub))
    names = {name for name, _, _ in exported}
    assert compiled - TOP <= names, sorted(compiled - TOP - names)  # none left unplaced
    assert set(chronometry.__all__) == TOP | set(SUBMODULES)


def test_submodules_import_in_a_fresh_interpreter():
    code = ("import chronometry.clock, chronometry.sync\n"
            "from chronometry.relation import duration_on_node, RelationGraph\n"
            "from chronometry.study import run_study, runner_of\n"
            "from chronometry.latency import LatencyAggregate\n"
            "import chronometry_sweep\n"
            "assert chronometry.clock.quantize(17.9, 5) == 15\n"
            "assert runner_of('sync') == 'chronometry.sync:run_sync_study'\n")
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True,
                   env=dict(os.environ))


def test_renamed_duration_functions_are_the_scenarios():
    # Same C++ functions under names that say where the duration's ends are.
    rel = chronometry.relation
    assert rel.duration_on_node.__name__ == "duration_on_node"
    assert rel.duration_across_nodes_via_reference.__doc__.startswith(
        "duration_across_nodes_via_reference(")


def test_sweep_says_study_and_keeps_technique_deprecated():
    with pytest.warns(DeprecationWarning, match="chronometry_sweep.TECHNIQUES is deprecated; "
                                                "use chronometry_sweep.STUDIES"):
        assert cs.TECHNIQUES is cs.STUDIES
    with pytest.warns(DeprecationWarning, match="chronometry_sweep.techniques is deprecated"):
        old = cs.techniques
    assert old.TECHNIQUES is cs.STUDIES and old.resolve is cs.studies.resolve
    with pytest.warns(DeprecationWarning, match=r"resolve\(technique=...\) is deprecated; use "
                                                "study="):
        assert cs.studies.resolve(technique="sync") == "chronometry.sync:run_sync_study"
    with pytest.raises(TypeError, match="give study= only"):
        cs.studies.parameters(study="sync", technique="sync")
    with pytest.warns(DeprecationWarning, match="points"):
        assert cs.points(dict(nodes=[4]), technique="replay") == cs.points(dict(nodes=[4]),
                                                                           study="replay")
    with pytest.raises(ValueError, match="study 'nope' is invalid"):
        cs.studies.resolve("nope")
