"""The Python API as a whole (issue 29): every name an identifier (the former spellings still
reachable, deprecated), the sweep's studies derived from the registered studies, a run's
outcome as a NamedTuple, and the package's stubs (bindings/python/chronometry/*.pyi, one per
submodule) equal to what bindings/stubgen.py writes from the built package, each naming
everything its submodule has."""
import ast
import difflib
import importlib
import importlib.util
import os
import sys
import typing
import warnings

import pytest

import chronometry
import chronometry_sweep as cs

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # sweep_probe
STUBS = os.path.join(HERE, "..", "python", "chronometry")


def stubgen():
    spec = importlib.util.spec_from_file_location("stubgen", os.path.join(HERE, "..", "stubgen.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_name_of_the_module_is_an_identifier():
    assert [n for n in dir(chronometry) if not n.isidentifier()] == []
    for alias, study in chronometry.study.STUDY_RUNNERS.items():
        home = importlib.import_module(chronometry.study.runner_of(study).split(":")[0])
        assert alias.isidentifier() and getattr(home, alias).__name__ == alias, study
    header = chronometry.relation.RELATION_GRAPH_STUDY_CSV_HEADER
    assert header.startswith("nodes,drift_ppm,") and chronometry.study.studies()["relation-graph"][
        "csv_header"] == header
    assert chronometry.study.STUDY_RUNNERS["run_relation_graph_study"] == "relation-graph"


def test_former_spellings_are_deprecated_aliases():
    for old, new in (("run_relation-graph_study", "run_relation_graph_study"),
                     ("RELATION-GRAPH_STUDY_CSV_HEADER", "RELATION_GRAPH_STUDY_CSV_HEADER")):
        with pytest.warns(DeprecationWarning, match=f"chronometry.{old} is deprecated.*use "
                                                    f"chronometry.relation.{new}"):
            value = getattr(chronometry, old)
        assert value is getattr(chronometry.relation, new)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(DeprecationWarning):  # warnings as errors: raised, not swallowed
            getattr(chronometry, "run_relation-graph_study")
    with pytest.raises(AttributeError, match="module 'chronometry' has no attribute 'no_such'"):
        chronometry.no_such  # noqa: B018
    assert not hasattr(chronometry, "run_relation-graph_studies")


def test_studies_are_the_registered_studies():
    assert list(cs.STUDIES) == list(chronometry.study.studies())  # relation-graph included
    for name, spec in cs.STUDIES.items():
        module, function = spec.split(":")
        assert spec == chronometry.study.runner_of(name)
        assert module.startswith("chronometry.") and chronometry.study.STUDY_RUNNERS[function] == name
    assert cs.parameters("relation-graph")[:2] == ["nodes", "drift_ppm"]
    assert cs.points(dict(nodes=[4], gap=["2s"]), "relation-graph") == [
        dict(nodes=4, gap_ns=2_000_000_000)]


def test_run_point_gives_an_outcome():
    ok = cs.run_point("sweep_probe:square", dict(x=3, run=2))
    assert isinstance(ok, cs.Outcome) and isinstance(ok, tuple)
    assert ok.params == dict(x=3, run=2) and ok.result["y"] == 11 and ok.error is None
    assert ok.started <= ok.finished and ok.worker.endswith(f":{os.getpid()}")
    failed = cs.run_point("sweep_probe:square", dict(x=1, fail=True))
    assert failed.result is None and failed.error.startswith("ValueError: fail = True")
    params, result, error, started, finished, worker = failed  # still a 6-tuple
    assert cs.Outcome._fields == ("params", "result", "error", "started", "finished", "worker")


def test_package_layout_and_public_api():
    assert set(cs.__all__) <= set(dir(cs))
    for name in ("sweep", "points", "replicate", "load", "write_csv", "run_point", "parameters",
                 "key_of", "summarize"):
        assert getattr(cs, name).__annotations__, name  # type hints on the public API
    for module in ("studies", "grid", "runner", "local_pool", "dask_cluster", "store",
                   "driver", "summary"):
        assert getattr(cs, module).__name__ == f"chronometry_sweep.{module}"
    assert os.path.exists(os.path.join(os.path.dirname(cs.__file__), "py.typed"))


def test_committed_stubs_are_the_generated_ones():
    generated = stubgen().generate_package()
    assert set(generated) == {f for f in os.listdir(STUBS) if f.endswith(".pyi")}
    for name, text in generated.items():
        with open(os.path.join(STUBS, name)) as f:
            committed = f.read()
        if committed != text:
            diff = list(difflib.unified_diff(committed.splitlines(True), text.splitlines(True),
                                             f"bindings/python/chronometry/{name}", "generated"))
            pytest.fail(f"bindings/python/chronometry/{name} is not the built package's stub; "
                        "write it again with: cmake --build build --target "
                        "chronometry-python-stub\n" + "".join(diff[:80]))
        beside = os.path.join(os.path.dirname(chronometry.__file__), name)
        with open(beside) as f:
            assert f.read() == committed  # the build's copy, found by editors in the package
    assert os.path.exists(os.path.join(os.path.dirname(chronometry.__file__), "py.typed"))


def names(body):
    """The names a stub's body defines: name -> node."""
    found = {}
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            found[node.target.id] = node
        elif isinstance(node, ast.Assign):  # X = TypedDict("X", {...}): a field not a name
            found[node.targets[0].id] = node
    return found


def fields(node):
    if isinstance(node, ast.ClassDef):
        return list(names(node.body))
    assert node.value.func.id == "TypedDict" and node.value.args[0].value == node.targets[0].id
    return [key.value for key in node.value.args[1].keys]


@pytest.mark.parametrize("submodule", stubgen().SUBMODULES)
def test_stub_names_everything_the_submodule_has(submodule):
    module = importlib.import_module(f"chronometry.{submodule}")
    with open(os.path.join(STUBS, f"{submodule}.pyi")) as f:
        tree = ast.parse(f.read())
    top = names(tree.body)
    assert set(top) == set(module.__all__)
    assert set(module.__all__) == {n for n in vars(module) if not n.startswith("_")} - {
        "annotations"}  # every public name is exported (and so in the stub)
    special = stubgen().SPECIAL
    for name, node in top.items():
        value = getattr(module, name)
        if typing.is_typeddict(value):  # a result type: its fields, in order
            assert fields(node) == list(value.__annotations__), name
        elif isinstance(node, ast.ClassDef) and not issubclass(value, BaseException):
            members = {m for m in vars(value) if not m.startswith("__") or m in special}
            if type(vars(value).get("__init__")).__name__ == "wrapper_descriptor":
                members.discard("__init__")  # no constructor bound
            assert set(names(node.body)) == members, name


def test_stubgen_refuses_a_cpp_type_name():
    gen = stubgen()
    with pytest.raises(gen.StubError, match="bind its class before"):
        gen.python_type("ns3::relation::DriftWander", "chronometry", "chronometry.f")
    assert gen.python_type("List[chronometry._chronometry.MinRttRound]", "chronometry", "f") == \
        "List[MinRttRound]"
    assert gen.split_top_level("a: Dict[str, int] = {}, b: str = 'x, y', *, c: int = 1") == [
        "a: Dict[str, int] = {}", "b: str = 'x, y'", "*", "c: int = 1"]
    assert gen.default_value("[]") == "..." and gen.default_value("'per-child-pair'") == \
        "'per-child-pair'"
