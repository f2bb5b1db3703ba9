"""The techniques a sweep can run: chronometry's studies, and any "module:function" runner.

``TECHNIQUES`` maps a technique's name to its runner, ``"module:function"``. It holds every study
registered in chronometry (``chronometry.studies()``), each run by its alias
(``chronometry.STUDY_RUNNERS``: ``"relation-graph"`` -> ``"chronometry:run_relation_graph_study"``),
so a study declared in C++ is sweepable under its name without a line here. A runner takes a
point's parameters as keyword arguments, returns a dict of measurements (JSON-serialisable) and
raises ``ValueError`` for invalid parameters.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Dict, List, Optional, Tuple


def _registered_studies() -> Dict[str, str]:
    """Study name -> "chronometry:run_<name>_study" for every study chronometry registers, in
    the order of ``chronometry.studies()``; none without the module."""
    try:
        import chronometry
    except ImportError:  # the sweep machinery still runs other runners
        return {}
    alias_of = {study: alias for alias, study in chronometry.STUDY_RUNNERS.items()}
    return {name: f"chronometry:{alias_of[name]}" for name in chronometry.studies()}


#: Technique name -> scenario runner ("module:function"): every chronometry study.
TECHNIQUES: Dict[str, str] = _registered_studies()


def resolve(technique: str) -> str:
    """The runner of a technique: its TECHNIQUES entry, or the "module:function" it is; a
    ValueError naming the valid ones otherwise."""
    spec = TECHNIQUES.get(technique, technique)
    if not isinstance(spec, str) or ":" not in spec:
        raise ValueError(f"technique {technique!r} is invalid; valid: one of {sorted(TECHNIQUES)} "
                         "or 'module:function'")
    return spec


def study_of(technique: str) -> Optional[Tuple[ModuleType, str]]:
    """(the chronometry module, the study's name) of a technique, or None for another runner."""
    module, function = resolve(technique).split(":", 1)
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    study = getattr(mod, "STUDY_RUNNERS", {}).get(function)
    return None if study is None else (mod, study)


def parameters(technique: str) -> Optional[List[str]]:
    """The keywords a technique's runner accepts: a chronometry study's parameter keywords (a
    time's ``delay_ns``, then its ``delay``), plus ``rows``; None for another runner (then nothing
    can be checked in advance)."""
    study = study_of(technique)
    if study is None:
        return None
    mod, name = study
    keywords = []
    for p in mod.studies()[name]["parameters"]:
        keywords += [p["keyword"]] + ([p["unit_keyword"]] if p["unit_keyword"] else [])
        keywords += p.get("deprecated_keywords", [])  # still accepted (check_study canonicalises)
    return keywords + ["rows"]
