"""Running a study by name (study/framework): run_study, check_study, studies(), the registry of
the runners (STUDY_RUNNERS) and the cost estimate a sweep prints first.

Each study's own runner (run_<name>_study), result types and CSV header live in the submodule of
the concept it measures: relation and relation-graph in chronometry.relation, replay in
chronometry.causality, rda in chronometry.latency, inference, scheduling and sync in their
namesakes; a study without such a home (one declared in C++ and not listed in
chronometry._studies.HOMES) lives here. runner_of says where any study's runner is.
"""
from ._chronometry import (SECONDS_PER_EVENT_PRIOR, STUDY_RUNNERS, check_study,
                           estimate_study_events, run_study, studies)
from ._results import StudyDescription, StudyField, StudyParameter, StudyRows
from ._studies import exports as _exports
from ._studies import home_of as _home_of

globals().update(_exports(__name__))


def runner_of(study: str) -> str:
    """Where a study's runner lives, as a sweep names a runner ("module:function").

    Parameters
    ----------
    study : str
        A study's name, as studies() lists it ("relation-graph").

    Returns
    -------
    str
        "chronometry.<submodule>:run_<name>_study" ("chronometry.relation:run_relation_graph_study").

    Raises
    ------
    ValueError
        For a name that is not a study's, naming the valid ones.
    """
    for alias, name in STUDY_RUNNERS.items():
        if name == study:
            return f"chronometry.{_home_of(study)}:{alias}"
    raise ValueError(f"study {study!r} is invalid; valid: {sorted(STUDY_RUNNERS.values())}")


__all__ = ["run_study", "check_study", "studies", "runner_of", "STUDY_RUNNERS",
           "estimate_study_events", "SECONDS_PER_EVENT_PRIOR", "StudyDescription", "StudyParameter", "StudyField",
           "StudyRows"]
__all__ += list(_exports(__name__))
