"""Typed results (issue 42): every compiled function or method that returns a dict has a
TypedDict (chronometry._results.RETURNS; importable from its submodule, written in the stubs),
and a real call of each returns exactly its keys -- every required key, no key it does not list,
each optional (NotRequired) key seen in some call -- with values of the listed types, nested
TypedDicts included. So the types cannot drift from the C++ side.

What would make this fail: a key added to, renamed in or dropped from a binding's dict (e.g.
``d["mean_ns"]`` renamed in latency-py.cc) without its TypedDict; a value of another type (an int
where the TypedDict says float); a new dict-returning binding without an entry in RETURNS."""
import importlib
import random
import typing

import pytest

import chronometry
from chronometry import causality, inference, latency, relation, scheduling, study
from chronometry._results import RETURNS
from test_relation_core import Counter, rounds

MS, S = 1_000_000, 1_000_000_000


def conforms(value, kind, where):
    """Raise AssertionError naming the place where value is not of the annotated kind."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.NotRequired:
        return conforms(value, args[0], where)
    if typing.is_typeddict(kind):
        assert isinstance(value, dict), f"{where}: {type(value).__name__}, not a dict"
        keys = set(value)
        assert kind.__required_keys__ <= keys, f"{where}: missing {kind.__required_keys__ - keys}"
        assert keys <= set(kind.__annotations__), \
            f"{where}: keys not in {kind.__name__}: {keys - set(kind.__annotations__)}"
        for key in keys:
            conforms(value[key], kind.__annotations__[key], f"{where}[{key!r}]")
        return keys
    if origin is typing.Union:
        for option in args:
            try:
                conforms(value, option, where)
                return None
            except AssertionError:
                pass
        raise AssertionError(f"{where}: {value!r} is none of {args}")
    if origin is list:
        assert isinstance(value, list), f"{where}: {type(value).__name__}, not a list"
        for i, item in enumerate(value):
            conforms(item, args[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {type(value).__name__}, not a dict"
        for k, v in value.items():
            conforms(k, args[0], f"{where} key")
            conforms(v, args[1], f"{where}[{k!r}]")
    elif origin is tuple:
        assert isinstance(value, tuple) and len(value) == len(args), f"{where}: {value!r}"
        for i, (item, arg) in enumerate(zip(value, args)):
            conforms(item, arg, f"{where}[{i}]")
    elif kind is typing.Any or kind is object:
        pass
    elif kind is type(None) or kind is None:
        assert value is None, f"{where}: {value!r}, not None"
    else:  # int, float, bool, str: exactly (a bool is not an int here, an int not a float)
        assert type(value) is kind, f"{where}: {type(value).__name__}, not {kind.__name__}"
    return None


def trace():
    t = inference.synthetic_trace(clients=1, rate=5.0, duration_ns=2 * S, seed=3)
    return t, (t["senders"], t["receivers"], t["send_ts"], t["recv_ts"])


def sketches(kind, *size):
    s, r = kind(*size), kind(*size)
    for i in range(10):
        s.insert(i, i * 1000)
        r.insert(i, i * 1000 + 50)
    return s, r


def graph():
    """A ring of three nodes with two-way fitted relations (test_relation_core's counters)."""
    rng = random.Random(11)
    nodes = [Counter(rng, 2**60) for _ in range(3)]
    g = relation.RelationGraph(3)
    for i in range(3):
        j = (i + 1) % 3
        ij = [rounds(rng, nodes[i], nodes[j], t * S, 10) for t in (1, 31)]
        ji = [rounds(rng, nodes[j], nodes[i], t * S + 50 * MS, 10) for t in (1, 31)]
        for ref, peer, fwd, rev in ((i, j, ij, ji), (j, i, ji, ij)):
            m = relation.MultiRoundRelation()
            for k in range(2):
                m.add_rounds(fwd[k])
                m.add_reverse_rounds(rev[k])
            assert m.fit()
            g.add_relation(ref, peer, m)
    return g, lambda node, t: nodes[node].read(t)


def calls():
    """RETURNS place -> the results of real calls (several when a key is optional)."""
    t, cols = trace()
    ex = causality.random_execution(n=4, events=30)
    g, read = graph()
    a, b = latency.LatencyIntervalCache(), latency.LatencyIntervalCache()
    for i in range(50):
        a.add(i, i)
        b.add(i + 5, i)
    truth = dict(true_parent=t["true_parent"])
    return {
        "causality.Execution.event": [ex.event(3)],
        "causality.Execution.check": [ex.check(200_000, 20_000, 200_000)],
        "relation.RelationGraph.translate": [g.translate(0, read(0, 5 * S), 1)],
        "relation.RelationGraph.duration": [g.duration(0, 1, read(1, 5 * S), 2, read(2, 6 * S))],
        "relation.RelationGraph.check_triangles": [g.check_triangles()],
        "scheduling.evaluate_predictors": [
            scheduling.evaluate_predictors([10, 20, 40, 40], [10, 10, 40, 40], window=2, skip=1),
            scheduling.evaluate_predictors([10, 20, 40], window=2)],
        "scheduling.draw_service_series": [scheduling.draw_service_series(20, server_type="V")],
        "scheduling.server_types": [scheduling.server_types()],
        "inference.link_trace": [inference.link_trace(*cols, window_ns=100 * MS),
                                 inference.link_trace(*cols, window_ns=100 * MS, **truth)],
        "inference.latest_arrival_links": [
            inference.latest_arrival_links(*cols, window_ns=100 * MS),
            inference.latest_arrival_links(*cols, window_ns=100 * MS, **truth)],
        "inference.nesting_links": [inference.nesting_links(*cols, window_ns=100 * MS),
                                    inference.nesting_links(*cols, window_ns=100 * MS, **truth)],
        "inference.reconcile_trace": [inference.reconcile_trace(
            [0, 1], ["send", "receive"], [1, 1], [1, 0], [10, 20], [10, 20])],
        "inference.synthetic_trace": [t],
        "inference.fit_pair_clocks": [inference.fit_pair_clocks(*cols, segments=4)],
        "inference.score_calibration": [inference.score_calibration([[0.7, 0.3], [0.2, 0.8]],
                                                                    [0, 0])],
        "inference.mean_interval": [inference.mean_interval([1.0, 2.0, 3.0])],
        "inference.wilson_interval": [inference.wilson_interval(8, 10)],
        "latency.rda_aggregate": [latency.rda_aggregate(*sketches(latency.RdaSketch, 3, 64))],
        "latency.lda_aggregate": [latency.lda_aggregate(*sketches(latency.LdaSketch, 16))],
        "latency.finecomb_aggregate": [
            latency.finecomb_aggregate(*sketches(latency.FineCombSketch, 16))],
        "latency.estimate_difference_with_error": [latency.estimate_difference_with_error(
            a.signature(64), len(a), b.signature(64), len(b), 64)],
        "latency.rda_transition": [latency.rda_transition(difference=50, trials=2,
                                                          common_packets=500)],
        "latency.rda_layout": [latency.rda_layout(3, True, 96.0, 20, trials=2)],
        "latency.decode_cost": [latency.decode_cost(10, 5)],
        "study.studies": [study.studies()],
        "study.check_study": [study.check_study("replay", nodes=4, delay="8us")],
        "study.run_study": [study.run_study("relation-graph", nodes=4, rounds=2)],
    }


CALLS = calls()


def test_every_typed_function_is_called():
    assert set(CALLS) == set(RETURNS)


def kind_of(place):
    """The type RETURNS gives a place, evaluated as the stubs write it."""
    submodule = importlib.import_module(f"chronometry.{place.split('.')[0]}")
    return eval(RETURNS[place], {**vars(typing), **vars(submodule)})


@pytest.mark.parametrize("place", sorted(RETURNS))
def test_real_calls_return_the_typed_keys_and_types(place):
    for i, result in enumerate(CALLS[place]):
        conforms(result, kind_of(place), f"{place} call {i}")


def test_every_optional_key_is_returned_by_some_call():
    seen = {}
    for place in RETURNS:
        kind = kind_of(place)
        if typing.is_typeddict(kind):
            for result in CALLS[place]:
                seen.setdefault(kind, set()).update(result)
    for kind, keys in seen.items():
        assert keys == set(kind.__annotations__), (kind.__name__, set(kind.__annotations__) - keys)


def test_no_compiled_function_returns_an_untyped_dict():
    """Every public function and method whose pybind11 signature returns a dict has its type in
    RETURNS."""
    bare = []
    for sub in ("clock", "causality", "latency", "relation", "scheduling", "inference", "sync",
                "study"):
        module = importlib.import_module(f"chronometry.{sub}")
        for name in module.__all__:
            value = getattr(module, name)
            members = [(f"{sub}.{name}", value)]
            if isinstance(value, type) and not typing.is_typeddict(value):
                members = [(f"{sub}.{name}.{m}", v) for m, v in vars(value).items()
                           if not m.startswith("_") and callable(v)]
            for place, f in members:
                lines = (getattr(f, "__doc__", None) or "").splitlines()
                if any(line.endswith(") -> dict") for line in lines[:1] + lines[2:3]) and \
                        place not in RETURNS:
                    bare.append(place)
    assert bare == []


def test_the_checker_catches_a_drift():
    """The property above could fail: a missing key, an extra key, a value of another type."""
    good = dict(n=3, mean=2.0, stddev=1.0, lower=0.5, upper=3.5, level=0.95)
    conforms(good, inference.Interval, "good")
    for bad in ({k: v for k, v in good.items() if k != "upper"}, dict(good, median=2.0),
                dict(good, n=3.0)):
        with pytest.raises(AssertionError):
            conforms(bad, inference.Interval, "bad")
    assert chronometry.latency.LatencyAggregate.__module__ == "chronometry.latency"
