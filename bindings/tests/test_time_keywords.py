"""Time keywords that cannot be misread: delay="8us" (the command line's grammar), a timedelta
or a numpy.timedelta64 (exact), delay_ns=<int ns>; a bare number under delay is refused. The
sweep normalises every point the same way and checks the whole grid before anything runs."""
import datetime
import json
import re
import sqlite3

import numpy as np
import pandas as pd
import pytest

import chronometry
import chronometry_sweep as cs

US, MS = 1_000, 1_000_000
# A replay point of well under a second.
POINT = dict(nodes=5, skew_bound_ns=200 * US, interval_ns=100 * US, rate=80.0, duration_ns=40 * MS)
TIMES = [(name, p) for name, study in sorted(chronometry.study.studies().items())
         for p in study["parameters"] if p["type"] == "time"]


def check(**keywords):
    return chronometry.study.check_study("replay", **keywords)


def stored(db):
    return sqlite3.connect(db).execute("SELECT key, params, finished FROM runs").fetchall()


@pytest.mark.parametrize("text,ns", [("8us", 8 * US), ("1.5ms", 1_500_000), ("250ns", 250),
                                     ("1e3ns", 1000), (".5us", 500), ("+8us", 8 * US),
                                     ("1s", 10**9), ("5000ps", 5), ("0.000001s", 1000),
                                     ("0ns", 0)])
def test_time_with_its_unit_as_the_command_line_reads_it(text, ns):
    assert check(delay=text) == {"delay_ns": ns}
    assert check(delay_ns=text) == {"delay_ns": ns}  # the _ns keyword takes a unit too


def test_timedelta_and_pandas_timedelta_are_exact():
    assert check(delay=datetime.timedelta(microseconds=8)) == {"delay_ns": 8 * US}
    assert check(duration=datetime.timedelta(minutes=1, milliseconds=3)) == \
        {"duration_ns": 60 * 10**9 + 3 * MS}
    # pandas.Timedelta is a timedelta whose nanoseconds are not in days/seconds/microseconds.
    assert check(delay=pd.Timedelta("8us")) == {"delay_ns": 8 * US}
    assert check(delay=pd.Timedelta(7, "ns")) == {"delay_ns": 7}
    assert check(delay_ns=datetime.timedelta(microseconds=8)) == {"delay_ns": 8 * US}


@pytest.mark.parametrize("value,ns", [
    (np.timedelta64(8000, "ns"), 8 * US), (np.timedelta64(8, "us"), 8 * US),
    (np.timedelta64(3, "ms"), 3 * MS), (np.timedelta64(1, "s"), 10**9),
    (np.timedelta64(5000, "ps"), 5), (np.timedelta64(2, "10ms"), 20 * MS),
    (np.timedelta64(1, "m"), 60 * 10**9), (np.timedelta64(2 * 10**9, "fs"), 2 * US),
    (np.timedelta64(8, "us").astype("timedelta64[ns]"), 8 * US)])
def test_timedelta64_in_any_unit_is_exact(value, ns):
    keyword = "duration" if ns >= MS else "delay"
    assert check(**{keyword: value}) == {keyword + "_ns": ns}


@pytest.mark.parametrize("value,why", [
    (np.timedelta64("NaT"), "NaT is not a time"), (np.timedelta64("NaT", "ns"), "NaT"),
    (pd.NaT, "NaT is not a time"), (np.timedelta64(8), "without a unit"),
    (np.timedelta64(1, "Y"), "no fixed length"), (np.timedelta64(1500, "ps"), "whole number"),
    ("1.5ns", "whole number"), (datetime.timedelta(days=10**6), "out of range")])
def test_times_that_are_not_whole_nanoseconds_are_refused(value, why):
    with pytest.raises(ValueError, match=r"^delay = .* is invalid for ns3::ReplayStudy::Delay; "
                                         r"valid: a time such as 10us in \[0ns, 1s\] .*" + why):
        check(delay=value)


@pytest.mark.parametrize("value", [8, 8.0, np.int64(8), np.float64(8.0), 0])
def test_bare_number_under_the_unit_keyword_is_refused(value):
    """delay=8 meant as 8 us would be 8 ns: refused, as --Delay=8 is on the command line."""
    with pytest.raises(ValueError) as info:
        chronometry.causality.run_replay_study(delay=value, **POINT)
    assert str(info.value).startswith(f"delay = {value!r} is invalid for ns3::ReplayStudy::Delay")
    assert "give a unit, e.g. '8us', or delay_ns=<integer nanoseconds>" in str(info.value)


def test_a_number_in_text_is_refused_like_on_the_command_line():
    with pytest.raises(ValueError, match=r"^delay = '8' is invalid for ns3::ReplayStudy::Delay; "
                                         r"valid: a time such as 10us in \[0ns, 1s\]$"):
        check(delay="8")
    with pytest.raises(ValueError, match="delay_ns = '8 us' is invalid"):
        check(delay_ns="8 us")


def test_both_keywords_given_is_refused():
    with pytest.raises(ValueError, match=r"delay and delay_ns both given; give one"):
        check(delay="8us", delay_ns=8000)
    with pytest.raises(ValueError, match=r"skew_bound and skew_bound_ns both given"):
        chronometry.study.run_study("replay", skew_bound_ns=200 * US, skew_bound="200us")


@pytest.mark.parametrize("value", [1.5, 8000.25, float("nan"), float("inf"), np.float64(0.5)])
def test_non_integral_nanoseconds_are_refused(value):
    with pytest.raises(ValueError, match=r"^delay_ns = .* is invalid .*not a whole number of "
                                         r"nanoseconds"):
        check(delay_ns=value)


def test_integral_nanoseconds_in_any_numeric_type_are_accepted():
    for value in (8000, 8000.0, np.int64(8000), np.float64(8000.0), np.uint16(8000)):
        result = check(delay_ns=value)
        assert result == {"delay_ns": 8000} and type(result["delay_ns"]) is int


def test_wrong_types_are_type_errors_naming_the_keyword():
    with pytest.raises(TypeError, match=r"delay = \[8\] has the wrong type; valid: a str with a "
                                        r"unit \('8us'\), a datetime.timedelta or a "
                                        r"numpy.timedelta64$"):
        check(delay=[8])
    with pytest.raises(TypeError, match=r"delay_ns = True has the wrong type.*or an int of "
                                        r"nanoseconds"):
        check(delay_ns=True)


def test_out_of_range_names_the_keyword_as_given_and_the_range():
    with pytest.raises(ValueError, match=r"^delay: ns3::ReplayStudy::Delay = 2s is invalid; "
                                         r"valid range: \[0ns, 1s\]"):
        check(delay="2s")
    with pytest.raises(ValueError, match=r"^delay: .*Delay = 2s is invalid; valid range"):
        check(delay=datetime.timedelta(seconds=2))
    with pytest.raises(ValueError, match=r"^delay_ns: .*Delay = 2s is invalid; valid range"):
        check(delay_ns=2 * 10**9)
    with pytest.raises(ValueError, match=r"^delay_ns = 1180591620717411303424 is invalid .*out "
                                         r"of range"):
        check(delay_ns=2**70)


def test_check_study_runs_the_studys_own_checks_without_running():
    """Study::Validate in THROW mode: replay's Skew must be a multiple of Interval."""
    with pytest.raises(ValueError, match=r"^skew_bound, interval: ns3::ReplayStudy::SkewBound = 1ms is "
                                         r"invalid; valid: a multiple of "
                                         r"ns3::ReplayStudy::Interval = 300us"):
        check(skew_bound="1ms", interval="300us")
    with pytest.raises(ValueError, match=r"^skew_bound_ns, interval: "):
        check(skew_bound_ns=MS, interval="300us")
    with pytest.raises(ValueError, match=r"unknown parameter 'skeww'; valid: nodes, "
                                         r"skew_bound / skew_bound_ns, interval / interval_ns, "):
        check(skeww="1ms")
    with pytest.raises(ValueError, match="study 'nope' is invalid"):
        chronometry.study.check_study("nope")
    with pytest.raises(TypeError, match="rows = 3 has the wrong type"):
        check(rows=3)
    # Canonical form: times as *_ns ints, the other values as given, in the order given.
    assert list(check(nodes=5, delay="5us", rate=80, rows=True).items()) == \
        [("nodes", 5), ("delay_ns", 5 * US), ("rate", 80)]


@pytest.mark.parametrize("study,parameter", TIMES,
                         ids=[f"{s}-{p['keyword']}" for s, p in TIMES])
def test_every_time_parameter_has_both_keywords(study, parameter):
    keyword, unit = parameter["keyword"], parameter["unit_keyword"]
    assert keyword == unit + "_ns" and parameter["unit"] == "ns"
    default = parameter["default"]
    assert chronometry.study.check_study(study, **{unit: f"{default}ns"}) == {keyword: default}
    assert chronometry.study.check_study(study, **{keyword: default}) == {keyword: default}
    with pytest.raises(ValueError, match=re.escape(f"{unit} = 5 is invalid") + ".*" +
                       re.escape(f"give a unit, e.g. '8us', or {keyword}=<integer nanoseconds>")):
        chronometry.study.check_study(study, **{unit: 5})
    with pytest.raises(ValueError, match=f"{unit} and {keyword} both given"):
        chronometry.study.check_study(study, **{unit: f"{default}ns", keyword: default})
    assert all((p["unit_keyword"] is None) == (p["type"] != "time")
               for p in chronometry.study.studies()[study]["parameters"])


def test_runs_with_either_spelling_give_the_same_numbers():
    by_ns = chronometry.causality.run_replay_study(delay_ns=5 * US, **POINT)
    by_unit = chronometry.causality.run_replay_study(
        delay="5us", **{k: v for k, v in POINT.items() if k != "duration_ns"},
        duration=np.timedelta64(40, "ms"))
    assert by_ns["csv_row"].rsplit(",", 1)[0] == by_unit["csv_row"].rsplit(",", 1)[0]
    assert by_ns["theta_mean"] == by_unit["theta_mean"]


def test_grid_points_are_equal_across_spellings():
    spellings = [dict(delay=["8us"]), dict(delay_ns=[8000]), dict(delay_ns=[8000.0]),
                 dict(delay=[datetime.timedelta(microseconds=8)]),
                 dict(delay=[np.timedelta64(8, "us")]), dict(delay=[pd.Timedelta("8us")]),
                 dict(delay_ns=["0.008ms"]), pd.DataFrame(dict(delay=pd.to_timedelta(["8us"]))),
                 [dict(delay=np.timedelta64(8000, "ns"))]]
    for grid in spellings:
        got = cs.points(grid, "replay")
        assert got == [{"delay_ns": 8000}], grid
        assert type(got[0]["delay_ns"]) is int
        assert cs.key_of(got[0]) == cs.key_of({"delay_ns": 8000})
    assert cs.replicate(dict(delay=["8us"], skew_bound=["1ms"]), 2, "replay") == [
        dict(delay_ns=8000, skew_bound_ns=MS, run=1), dict(delay_ns=8000, skew_bound_ns=MS, run=2)]
    assert cs.points(dict(delay=["8us"])) == [dict(delay="8us")]  # no study: as given
    # A runner that is not a study: its points as they are.
    assert cs.points(dict(x=["8us"]), "sweep_probe:square") == [dict(x="8us")]


def test_sweep_stores_canonical_params_and_resumes_across_spellings(tmp_path):
    db = str(tmp_path / "spell.sqlite")
    grid = dict(nodes=[5], skew_bound=["200us", "400us"], interval=["100us"], delay=["5us"],
                rate=[80.0], duration=[datetime.timedelta(milliseconds=40)])
    first = cs.sweep("replay", grid, db, workers=2, progress=False)
    assert len(first) == 2 and set(first["status"]) == {"ok"}
    rows = stored(db)
    for key, params, _ in rows:
        params = json.loads(params)
        assert {"skew_bound_ns", "interval_ns", "delay_ns", "duration_ns"} <= set(params)
        assert not {"skew_bound", "interval", "delay", "duration"} & set(params)
        assert params["delay_ns"] == 5 * US and params["duration_ns"] == 40 * MS
        assert key == cs.key_of(params)
    assert sorted(first["skew_bound_ns"]) == [200 * US, 400 * US]
    # The same points spelt in nanoseconds (and as a list listing one point twice): nothing runs.
    base = {k: v for k, v in POINT.items() if k != "skew_bound_ns"}
    again = [dict(POINT, delay_ns=5 * US), dict(POINT, skew_bound_ns=400 * US, delay_ns=5 * US),
             dict(base, skew_bound=np.timedelta64(400, "us"), delay="5us")]
    second = cs.sweep("replay", again, db, workers=2, progress=False)
    assert stored(db) == rows  # same keys, same stamps: not run again
    assert list(second["finished"]) == list(first["finished"])


def test_grid_with_bad_points_is_refused_before_anything_runs(tmp_path):
    db = tmp_path / "refused.sqlite"
    grid = [dict(POINT, delay="5us"), dict(POINT, delay="6us"),
            dict(POINT, skew_bound_ns=250 * US, delay="5us"),  # not a multiple of the 100 us interval
            dict(POINT, delay="7us"), dict(POINT, delay="8us")]
    with pytest.raises(ValueError) as info:
        cs.sweep("replay", grid, str(db), workers=2, progress=False)
    message = str(info.value)
    assert message.startswith("1 of 5 points of the grid are invalid for study 'replay'; "
                              "nothing was run:\n  point 2 {")
    assert "skew_bound_ns, interval_ns: ns3::ReplayStudy::SkewBound = 250us is invalid; valid: a multiple of" \
        in message
    assert not db.exists()  # refused before the results file was opened
    # A results file already there keeps no row of the refused grid.
    cs._open(str(db)).close()
    with pytest.raises(ValueError, match="1 of 5 points"):
        cs.sweep("replay", grid, str(db), workers=2, progress=False)
    assert stored(str(db)) == []


def test_refusal_lists_the_first_points_and_counts_the_rest(tmp_path):
    db = tmp_path / "many.sqlite"
    grid = dict(POINT, delay=["5us", 5, 6, 7], rate=[80.0, "fast"], nodes=[5, 1], bogus=[1])
    grid = {k: (v if isinstance(v, list) else [v]) for k, v in grid.items()}
    with pytest.raises(ValueError) as info:
        cs.sweep("replay", grid, str(db), progress=False)
    lines = str(info.value).splitlines()
    assert lines[0] == ("16 of 16 points of the grid are invalid for study 'replay'; "
                        "nothing was run:")
    assert len(lines) == 7 and lines[-1] == "  ... and 11 more"
    assert all(re.match(r"  point \d+ \{.*\}: grid key 'bogus' is invalid for study "
                        r"'replay'; valid: nodes, skew_bound_ns, skew_bound, ", line) for line in lines[1:6])
    without_bogus = {k: v for k, v in grid.items() if k != "bogus"}
    with pytest.raises(ValueError) as info:
        cs.sweep("replay", without_bogus, str(db), progress=False)
    message = str(info.value)
    assert message.startswith("15 of 16 points")  # only delay="5us", rate=80, nodes=5 is good
    assert "delay = 5 is invalid" in message and "give a unit" in message
    assert "rate = 'fast' has the wrong type; valid: a number" in message
    assert "nodes: ns3::ReplayStudy::Nodes = 1 is invalid; valid range: [2, 4096]" in message
    assert not db.exists()


def test_renamed_keywords_still_work_deprecated():
    """skew_ns / skew (before E had one name, SkewBound) set the same parameter, with a warning."""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = chronometry.study.check_study("replay", skew="2ms", interval="100us")
        older = chronometry.study.check_study("replay", skew_ns=2_000_000)
    assert old["skew_bound_ns"] == older["skew_bound_ns"] == 2_000_000
    assert sum(issubclass(w.category, DeprecationWarning) for w in caught) == 2
    assert any("skew is deprecated; use skew_bound" in str(w.message) for w in caught)
    points = cs.points(dict(skew_ns=[2_000_000]), "replay")
    assert points == cs.points(dict(skew_bound=["2ms"]), "replay")
