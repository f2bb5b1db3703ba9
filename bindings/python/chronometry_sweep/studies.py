"""The studies a sweep can run: chronometry's studies, and any "module:function" runner.

``STUDIES`` maps a study's name to its runner, ``"module:function"``. It holds every study
registered in chronometry (``chronometry.study.studies()``), each run by its runner in the
submodule of its concept (``chronometry.study.runner_of``: ``"relation-graph"`` ->
``"chronometry.relation:run_relation_graph_study"``), so a study declared in C++ is sweepable
under its name without a line here. A runner takes a point's parameters as keyword arguments,
returns a dict of measurements (JSON-serialisable) and raises ``ValueError`` for invalid
parameters.
"""
from __future__ import annotations

import functools
import importlib
import warnings
from types import ModuleType
from typing import Dict, List, Optional, Tuple


def _registered_studies() -> Dict[str, str]:
    """Study name -> its runner ("chronometry.<submodule>:run_<name>_study") for every study
    chronometry registers, in the order of ``chronometry.study.studies()``; none without the
    module."""
    try:
        from chronometry import study
    except ImportError:  # the sweep machinery still runs other runners
        return {}
    return {name: study.runner_of(name) for name in study.studies()}


#: Study name -> runner ("module:function"): every chronometry study.
STUDIES: Dict[str, str] = _registered_studies()


def renamed_keyword(function):
    """Accept ``technique=`` (the keyword's name in 0.1.0) as ``study=``, with a
    DeprecationWarning, for one release."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        if "technique" in kwargs:
            if "study" in kwargs:
                raise TypeError(f"{function.__name__}: give study= only (technique= is its "
                                "deprecated name)")
            warnings.warn(f"{function.__name__}(technique=...) is deprecated; use study=",
                          DeprecationWarning, stacklevel=2)
            kwargs["study"] = kwargs.pop("technique")
        return function(*args, **kwargs)
    return wrapper


@renamed_keyword
def resolve(study: str) -> str:
    """The runner of a study.

    Parameters
    ----------
    study : str
        A name in STUDIES, or a runner "module:function".

    Returns
    -------
    str
        Its runner, "module:function".

    Raises
    ------
    ValueError
        For anything else, naming the valid ones.
    """
    spec = STUDIES.get(study, study)
    if not isinstance(spec, str) or ":" not in spec:
        raise ValueError(f"study {study!r} is invalid; valid: one of {sorted(STUDIES)} "
                         "or 'module:function'")
    return spec


@renamed_keyword
def study_of(study: str) -> Optional[Tuple[ModuleType, str]]:
    """The chronometry study a name or runner runs.

    Parameters
    ----------
    study : str
        A name in STUDIES, or a runner "module:function".

    Returns
    -------
    tuple of (module, str) or None
        (``chronometry.study``, the study's name), or None for a runner that is not a
        chronometry study's.

    Raises
    ------
    ValueError
        For a name that is neither (see resolve).
    """
    module, function = resolve(study).split(":", 1)
    try:
        importlib.import_module(module)
        from chronometry import study as registry
    except ImportError:
        return None
    if not module.startswith("chronometry"):
        return None
    name = registry.STUDY_RUNNERS.get(function)
    return None if name is None else (registry, name)


@renamed_keyword
def parameters(study: str) -> Optional[List[str]]:
    """The keywords a study's runner accepts.

    Parameters
    ----------
    study : str
        A name in STUDIES, or a runner "module:function".

    Returns
    -------
    list of str or None
        A chronometry study's parameter keywords (a time's ``delay_ns``, then its ``delay``, and
        the deprecated keywords it still accepts), plus ``rows``; None for another runner (then
        nothing can be checked in advance).

    Raises
    ------
    ValueError
        For a name that is neither (see resolve).
    """
    found = study_of(study)
    if found is None:
        return None
    mod, name = found
    keywords = []
    for p in mod.studies()[name]["parameters"]:
        keywords += [p["keyword"]] + ([p["unit_keyword"]] if p["unit_keyword"] else [])
        keywords += p.get("deprecated_keywords", [])  # still accepted (check_study canonicalises)
    return keywords + ["rows"]
