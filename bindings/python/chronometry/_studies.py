"""Which submodule each study's names live in: its runner (run_<name>_study), its result types
(<Name>StudyResult, <Name>StudyRow) and its CSV header (<NAME>_STUDY_CSV_HEADER).

A study lives with the model concept it measures (the sync study in chronometry.sync, the replay
study in chronometry.causality, ...), so a submodule holds both a concept's building blocks and
the study that scores them; chronometry.study holds what runs any study by name (run_study,
check_study, studies) and every study not listed in HOMES (a study declared in C++ is therefore
reachable without a line here, in chronometry.study).
"""
from . import _chronometry

#: Study name -> the submodule (of chronometry) its names live in.
HOMES = {
    "inference": "inference",
    "rda": "latency",
    "relation": "relation",
    "relation-graph": "relation",
    "replay": "causality",
    "scheduling": "scheduling",
    "sync": "sync",
}


def home_of(study):
    """The submodule a study's names live in.

    Parameters
    ----------
    study : str
        A study's name, as ``chronometry.study.studies()`` lists it ("relation-graph").

    Returns
    -------
    str
        The submodule's short name ("relation"); "study" for a study not in HOMES.
    """
    return HOMES.get(study, "study")


def identifier(study):
    """A study's name as an identifier ("relation-graph" -> "relation_graph")."""
    return study.replace("-", "_")


def names_of(study):
    """The names of a study in the compiled module: its runner, its CSV header and its result
    types (the row type only for a study with rows)."""
    ident = identifier(study)
    camel = "".join(part.capitalize() for part in ident.split("_"))
    names = [f"{camel}StudyRow", f"{camel}StudyResult", f"run_{ident}_study",
             f"{ident.upper()}_STUDY_CSV_HEADER"]
    return [n for n in names if hasattr(_chronometry, n)]


def exports(submodule):
    """The study names a submodule exports, as {name: object}; each object's ``__module__`` is
    set to the submodule (help() and the stubs then name where it lives).

    Parameters
    ----------
    submodule : str
        The submodule's full name ("chronometry.sync").

    Returns
    -------
    dict
        Name -> object, for every study whose home is that submodule, in studies()' order.
    """
    short = submodule.rpartition(".")[2]
    out = {}
    for alias, study in _chronometry.STUDY_RUNNERS.items():
        if home_of(study) != short:
            continue
        for name in names_of(study):
            value = getattr(_chronometry, name)
            if not isinstance(value, str):
                value.__module__ = submodule
            out[name] = value
    return out
