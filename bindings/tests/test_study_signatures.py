"""The studies' runners as Python shows them (issue 40): run_<name>_study has the study's real
signature (keyword-only, every parameter with its default, a time under both keywords), a
docstring generated from the declarations (a line per parameter, the result's fields with their
units), a TypedDict of its result, and still runs and refuses exactly as the implementation
does; an unknown keyword's ValueError suggests the closest names."""
import importlib
import inspect
import pydoc
import typing

import pytest

import chronometry

US, MS = 1_000, 1_000_000
STUDIES = chronometry.study.studies()
ALIAS = {study: alias for alias, study in chronometry.study.STUDY_RUNNERS.items()}
POINT = dict(nodes=5, skew_bound_ns=200 * US, interval_ns=100 * US, rate=80.0, duration_ns=40 * MS)
RDA = dict(intervals=2, interval_length_ns=50 * MS, packet_interval_ns=200 * US, loss_rate=0.05,
           reorder_rate=0.01, skew_bound_ns=50 * US, run=1)


def home(name):
    """The submodule a study's names live in (chronometry.study.runner_of)."""
    return importlib.import_module(chronometry.study.runner_of(name).split(":")[0])


def runner(name):
    return getattr(home(name), ALIAS[name])


def result_type(name):
    camel = "".join(part.capitalize() for part in name.split("-"))
    return getattr(home(name), f"{camel}StudyResult")


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_signature_lists_every_keyword_with_its_default(name):
    signature = inspect.signature(runner(name))
    expected = ["rows"]
    for p in STUDIES[name]["parameters"]:
        expected += ([p["unit_keyword"]] if p["unit_keyword"] else []) + [p["keyword"]]
    assert list(signature.parameters) == expected
    assert {p.kind for p in signature.parameters.values()} == {inspect.Parameter.KEYWORD_ONLY}
    assert signature.parameters["rows"].default is None
    for p in STUDIES[name]["parameters"]:
        given = signature.parameters[p["keyword"]]
        assert given.default == p["default"] and type(given.default) is type(p["default"])
        if p["unit_keyword"]:  # the time with its unit: None, "not given"
            unit = signature.parameters[p["unit_keyword"]]
            assert unit.default is None and unit.annotation == \
                "Optional[Union[str, datetime.timedelta, numpy.timedelta64]]"
            assert given.annotation is int
        else:
            assert given.annotation is {"unsigned": int, "integer": int, "real": float,
                                        "boolean": bool, "text": str}[p["type"]]
    assert signature.return_annotation is result_type(name)
    f = runner(name)
    assert f.__name__ == ALIAS[name] and f.__module__ == home(name).__name__
    assert inspect.unwrap(f) is f.__wrapped__ and f.__wrapped__ is not f


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_docstring_names_every_parameter_and_result(name):
    doc = runner(name).__doc__
    lines = doc.splitlines()
    assert lines[0].startswith(f"run_study('{name}', **parameters): {STUDIES[name]['help']}")
    # numpydoc: "keyword(s) : type, default ..." then the help, range and unit indented below
    for p in STUDIES[name]["parameters"]:
        head = (f"{p['unit_keyword']}, {p['keyword']} : time" if p["unit_keyword"] else
                f"{p['keyword']} : ")
        [i] = [i for i, x in enumerate(lines) if x.startswith(head)]  # one entry per parameter
        line, description = lines[i], lines[i + 1]
        assert description.startswith("    ") and p["help"] in description
        assert p["range"] in description
        assert (f"({p['keyword']}={p['default']})" if p["unit_keyword"] else
                f", default {p['default']!r}") in line
    assert "\nParameters\n----------\nrows : bool or None, default None\n" in doc
    returns = doc[doc.index("\nReturns\n-------\n"):doc.index("\nRaises\n------\n")]
    assert returns.splitlines()[3] == result_type(name).__name__
    for field in STUDIES[name]["summary"]:
        [line] = [x for x in returns.splitlines() if x.startswith(f"    {field['name']}: ")]
        assert field["help"] in line and (not field["unit"] or f", {field['unit']} -- " in line)
    rows = STUDIES[name]["rows"]
    if rows:
        for field in rows["fields"]:
            assert f"\n      {field['name']}: " in returns
    assert ("csv_rows: str" if rows and rows["in_csv"] else "csv_row: str") in returns
    # help() shows the real parameters, not **kwargs
    text = pydoc.render_doc(runner(name), renderer=pydoc.plaintext)
    assert "**kwargs" not in text and f"{STUDIES[name]['parameters'][0]['keyword']}: " in text


def test_result_type_is_what_a_run_returns():
    r = chronometry.causality.run_replay_study(**POINT)
    fields = typing.get_type_hints(chronometry.causality.ReplayStudyResult)
    assert list(r) == list(fields)  # every key, in order
    for key, value in r.items():
        kind = fields[key]
        assert isinstance(value, typing.get_args(kind) or kind), (key, value, kind)
    with_rows = chronometry.causality.run_replay_study(rows=True, **POINT)
    assert set(with_rows) == set(fields) | {"events"} or set(with_rows) == set(fields)
    rda = chronometry.latency.run_rda_study(**RDA)  # a study whose CSV has a line per row
    rda_fields = chronometry.latency.RdaStudyResult.__annotations__
    assert list(rda) == list(rda_fields) and "csv_rows" in rda
    row = chronometry.latency.RdaStudyRow.__annotations__
    assert rda["flow_intervals"] and set(rda["flow_intervals"][0]) == set(row)


def test_wrapper_runs_and_refuses_as_the_implementation():
    f = chronometry.causality.run_replay_study

    def run(function, **keywords):  # a run's result but its wall-clock time
        r = function(**keywords)
        return ({k: v for k, v in r.items() if k not in ("wall_s", "csv_row")},
                r["csv_row"].rsplit(",", 1)[0])

    plain = run(f, **POINT)
    assert run(f.__wrapped__, **POINT) == plain
    assert run(chronometry.study.run_study, study="replay", **POINT) == plain
    assert run(f, delay=None, **POINT) == plain  # the unit keyword's default: not given
    assert run(f, delay="1us", **POINT)[1] == run(f, delay_ns=1000, **POINT)[1] != plain[1]
    cases = [(ValueError, dict(skeww=1)), (ValueError, dict(nodes=1)),
             (ValueError, dict(delay="8us", delay_ns=8000)), (ValueError, dict(delay=8)),
             (TypeError, dict(nodes="five")), (TypeError, dict(rows="yes"))]
    for error, keywords in cases:
        with pytest.raises(error) as wrapped:
            f(**keywords)
        with pytest.raises(error) as implementation:
            f.__wrapped__(**keywords)
        assert str(wrapped.value) == str(implementation.value)
    with pytest.raises(TypeError):
        f(5)  # keyword-only, as the implementation
    with pytest.raises(TypeError):
        f(delay_ns=None)  # None is the unit keyword's default only


def time_keyword_of(name):
    return next(p for p in STUDIES[name]["parameters"] if p["unit_keyword"])


def test_unknown_keyword_suggests_the_closest_names():
    sync = {p["keyword"] for p in STUDIES["sync"]["parameters"]} | {
        p["unit_keyword"] for p in STUDIES["sync"]["parameters"] if p["unit_keyword"]}
    assert "timestamp_noise" in sync
    with pytest.raises(ValueError, match=r"^run_study\('sync'\): unknown parameter "
                                         r"'time_stamp_noise'; did you mean timestamp_noise\? "
                                         r"valid: "):
        chronometry.sync.run_sync_study(time_stamp_noise="10ns")
    with pytest.raises(ValueError, match=r"did you mean nodes\? valid: nodes, "):
        chronometry.study.check_study("replay", nodez=4)
    with pytest.raises(ValueError, match=r"'skew_bnd'; did you mean skew_bound\? valid: "):
        chronometry.causality.run_replay_study(skew_bnd="1ms")
    with pytest.raises(ValueError, match=r"'Nodes'; did you mean nodes\? valid: "):
        chronometry.causality.run_replay_study(Nodes=4)  # a case slip
    with pytest.raises(ValueError) as far:
        chronometry.causality.run_replay_study(colour="blue")
    assert "did you mean" not in str(far.value)
    assert str(far.value).startswith("run_study('replay'): unknown parameter 'colour'; valid: "
                                     "nodes, ")
