"""numpydoc docstrings (issue 42): every public function and class of every submodule has a
summary line, a Parameters section naming each of its parameters when it takes any, a Returns
section when it returns a value, and a Raises section for ValueError exactly where a call is
shown to raise one (the table below: each entry is called here with a bad value).

What would make this fail: a binding added without a docstring, or with one that misses a
parameter (a parameter renamed in C++ but not in its docstring), a Returns section, or the
Raises section of a function that raises; a Raises claim for a function not shown to raise.
Methods of the classes are not covered (their docstrings are the short ones they had)."""
import importlib
import importlib.util
import inspect
import os
import re
import typing

import pytest

from chronometry import causality, clock, inference, latency, relation, scheduling, study

HERE = os.path.dirname(os.path.abspath(__file__))
SUBMODULES = ("clock", "causality", "latency", "relation", "scheduling", "inference", "sync",
              "study")


def stubgen():
    spec = importlib.util.spec_from_file_location("stubgen", os.path.join(HERE, "..", "stubgen.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = stubgen()


def public():
    """(submodule.name, object) of every public function and class (TypedDicts aside)."""
    for sub in SUBMODULES:
        module = importlib.import_module(f"chronometry.{sub}")
        for name in module.__all__:
            value = getattr(module, name)
            if callable(value) and not typing.is_typeddict(value):
                yield f"{sub}.{name}", value


def body_and_signatures(value):
    """(the docstring without pybind11's signature lines, [(parameters, return type)])."""
    if inspect.isfunction(value):  # a Python function: its signature
        sig = inspect.signature(value)
        names = [("**" if p.kind == p.VAR_KEYWORD else "") + p.name
                 for p in sig.parameters.values()]
        returns = "None" if sig.return_annotation in (None, type(None)) else "value"
        return inspect.getdoc(value) or "", [(names, returns)]
    if isinstance(value, type):  # a class: its constructor's overloads, and its own docstring
        init = vars(value).get("__init__")
        if init is None or type(init).__name__ == "wrapper_descriptor":
            return value.__doc__ or "", []
        found = GEN.signatures(init.__doc__, "__init__")
        return value.__doc__ or "", [(parameters(p)[1:], r) for p, r, _ in found]
    found = GEN.signatures(value.__doc__, value.__name__)
    doc = value.__doc__.split("\n", 1)[1] if "\n" in value.__doc__ else ""
    if doc.startswith("Overloaded function."):
        doc = ""
    return doc.strip("\n"), [(parameters(p), r) for p, r, _ in found]


def parameters(text):
    names = []
    for p in GEN.split_top_level(text):
        if p in ("*", "/"):
            continue
        names.append(p.partition(":")[0].strip().lstrip("*") if not p.startswith("**") else
                     "**" + p[2:].partition(":")[0].strip())
    return names


def section(doc, title):
    """The lines of a numpydoc section, or None."""
    match = re.search(r"^" + title + r"\n" + "-" * len(title) + r"\n(.*?)(?=\n\w[\w ]*\n-{3,}\n|\Z)",
                      doc, re.S | re.M)
    return None if match is None else match.group(1)


@pytest.mark.parametrize("place,value", list(public()), ids=lambda x: x if isinstance(x, str) else "")
def test_numpydoc_sections(place, value):
    doc, overloads = body_and_signatures(value)
    assert doc.strip(), f"{place}: no docstring"
    lines = doc.strip().splitlines()
    assert lines[0].strip(), f"{place}: no summary line"
    assert len(lines) < 2 or not re.match(r"-{3,}$", lines[1]), f"{place}: no summary line"
    wanted = {n for names, _ in overloads for n in names if n != "self"}
    if wanted:
        entries = section(doc, "Parameters")
        assert entries is not None, f"{place}: no Parameters section"
        listed = set()
        for line in entries.splitlines():
            if line and not line.startswith(" "):
                listed |= {n.strip() for n in line.partition(" : ")[0].split(",")}
        missing = wanted - listed - {"kwargs"}
        assert not missing, f"{place}: parameters not in its Parameters section: {missing}"
    if any(r not in ("None", "") for _, r in overloads) and not isinstance(value, type):
        assert section(doc, "Returns") is not None, f"{place}: no Returns section"


MS = 1_000_000
#: Every function or class whose docstring says it raises ValueError, and a call that does.
BAD_CALLS = {
    "clock.ClockTimeline": lambda: clock.ClockTimeline(0, float("nan"), 1.0),
    "clock.next_random_walk_drift": lambda: clock.next_random_walk_drift(0.0, -1.0, 1.0, 0.0),
    "clock.quantize": lambda: clock.quantize(1.0, 0),
    "clock.draw_bounded_skew_reading": lambda: clock.draw_bounded_skew_reading(0, 0, 9, 0.5, "x"),
    "clock.tsc_value": lambda: clock.tsc_value(1.0, -1.0),
    "clock.ticks_to_duration": lambda: clock.ticks_to_duration(1, 0.0),
    "clock.duration_to_ticks": lambda: clock.duration_to_ticks(1, 0.0),
    "causality.VectorClock": lambda: causality.VectorClock(2, 5),
    "causality.HybridVectorClock": lambda: causality.HybridVectorClock(2, 5, 10),
    "causality.ReplayClockConfig": lambda: causality.ReplayClockConfig(n=0),
    "causality.ReplayClock": lambda: causality.ReplayClock(causality.ReplayClockConfig(n=4), 9),
    "causality.random_execution": lambda: causality.random_execution(n=0),
    "latency.RdaSketch": lambda: latency.RdaSketch(0, 8),
    "latency.LdaSketch": lambda: latency.LdaSketch(0),
    "latency.FineCombSketch": lambda: latency.FineCombSketch(0),
    "latency.rda_transition": lambda: latency.rda_transition(banks=0),
    "latency.rda_layout": lambda: latency.rda_layout(0, True, 96.0, 200),
    "latency.decode_cost": lambda: latency.decode_cost(10, 64),
    "relation.select_min_rtt": lambda: relation.select_min_rtt([]),
    "relation.DriftWander": lambda: relation.DriftWander(step_ppm=-1),
    "relation.TscRelation": lambda: relation.TscRelation(relation.MinRttRound(0, 5, 9),
                                                         relation.MinRttRound(10, 5, 19)),
    "relation.tsc_relation_with_wander": lambda: relation.tsc_relation_with_wander(
        relation.MinRttRound(0, 5, 9), relation.MinRttRound(10, 5, 19), relation.DriftWander()),
    "relation.MultiRoundRelation": lambda: relation.MultiRoundRelation(slack_ticks=-1),
    "relation.NtpEstimator": lambda: relation.NtpEstimator(-1.0),
    "relation.RelationGraph": lambda: relation.RelationGraph(0),
    "scheduling.EtePredictor": lambda: scheduling.EtePredictor("nope"),
    "scheduling.ReferencePredictor": lambda: scheduling.ReferencePredictor("nope"),
    "scheduling.evaluate_predictors": lambda: scheduling.evaluate_predictors([10, 20], [1]),
    "scheduling.draw_service_series": lambda: scheduling.draw_service_series(9, server_type="X"),
    "inference.link_trace": lambda: inference.link_trace([0], [1], [0], [1], window_ns=0),
    "inference.latest_arrival_links": lambda: inference.latest_arrival_links([0], [1], [0], [1],
                                                                             window_ns=0),
    "inference.nesting_links": lambda: inference.nesting_links([0], [1], [0], [1],
                                                               timestamps="both"),
    "inference.reconcile_trace": lambda: inference.reconcile_trace([0], ["x"], [1], [1], [1], [1]),
    "inference.synthetic_trace": lambda: inference.synthetic_trace(clients=0),
    "inference.fit_pair_clocks": lambda: inference.fit_pair_clocks([0], [1], [0], [1], segments=0),
    "inference.score_calibration": lambda: inference.score_calibration([[1.0]], [1]),
    "inference.mean_interval": lambda: inference.mean_interval([1.0, 2.0], level=1.5),
    "inference.wilson_interval": lambda: inference.wilson_interval(5, 3),
    "study.run_study": lambda: study.run_study("nope"),
    "study.check_study": lambda: study.check_study("replay", nodes=1),
    "study.estimate_study_events": lambda: study.estimate_study_events("replay", nodes=1),
    "study.runner_of": lambda: study.runner_of("nope"),
}


def says_it_raises_value_error(value):
    raises = section(body_and_signatures(value)[0], "Raises")
    return raises is not None and re.search(r"^ValueError$", raises, re.M) is not None


def test_raises_is_documented_exactly_where_a_call_raises():
    documented = {place for place, value in public() if says_it_raises_value_error(value)}
    runners = {p for p in documented if re.match(r"\w+\.run_\w+_study$", p)}  # generated: below
    assert documented - runners == set(BAD_CALLS)


@pytest.mark.parametrize("place", sorted(BAD_CALLS))
def test_a_documented_value_error_is_raised(place):
    with pytest.raises(ValueError):
        BAD_CALLS[place]()


def test_every_study_runner_documents_and_raises_value_error():
    for place, value in public():
        if re.match(r"\w+\.run_\w+_study$", place):
            assert says_it_raises_value_error(value), place
            with pytest.raises(ValueError, match="unknown parameter 'no_such_keyword'"):
                value(no_such_keyword=1)


def test_the_walk_catches_a_missing_section():
    """The checks above can fail: a docstring without Parameters, or missing a parameter."""
    def f(a, b):
        """Summary.

        Parameters
        ----------
        a : int
            A.

        Returns
        -------
        int
            Sum.
        """
    with pytest.raises(AssertionError, match="not in its Parameters section: {'b'}"):
        test_numpydoc_sections("f", f)

    def g(a):
        """Summary only."""
    with pytest.raises(AssertionError, match="no Parameters section"):
        test_numpydoc_sections("g", g)
