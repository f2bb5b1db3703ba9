"""The flat names of earlier releases (everything was chronometry.<name>) and where each lives
now: the package's __getattr__ resolves them, with a DeprecationWarning, for one release."""
from . import _studies

#: Old flat name -> (submodule, new name), for the names whose new name differs.
RENAMED = {
    "scenario1": ("relation", "duration_on_node"),
    "scenario2": ("relation", "duration_from_reference"),
    "scenario3": ("relation", "duration_across_nodes"),
    "baseline": ("relation", "duration_across_nodes_via_reference"),
}
SUBMODULES = ("clock", "causality", "latency", "relation", "scheduling", "inference", "sync",
              "study")


def moved(name):
    """(submodule, new name) of an old flat name, or None for a name that never was one.

    Parameters
    ----------
    name : str
        The attribute asked of chronometry.

    Returns
    -------
    tuple of (str, str) or None
        Where the name lives now.
    """
    import importlib
    if name in RENAMED:
        return RENAMED[name]
    # A study whose name is not an identifier had a spelling reachable with getattr only
    # (run_relation-graph_study, RELATION-GRAPH_STUDY_CSV_HEADER).
    for study in _studies.HOMES.keys() | set(_studies._chronometry.STUDY_RUNNERS.values()):
        ident = _studies.identifier(study)
        if ident == study:
            continue
        if name == f"run_{study}_study":
            return _studies.home_of(study), f"run_{ident}_study"
        if name == f"{study.upper()}_STUDY_CSV_HEADER":
            return _studies.home_of(study), f"{ident.upper()}_STUDY_CSV_HEADER"
    if name.startswith("_") or not hasattr(_studies._chronometry, name):
        return None
    for submodule in SUBMODULES:
        if name in importlib.import_module(f"chronometry.{submodule}").__all__:
            return submodule, name
    return None
