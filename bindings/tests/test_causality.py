"""Causality clocks from Python: worked examples, checker, exports, bad input."""
import csv
import itertools
import json
import re

import pytest

import chronometry as c


def test_thesis_shift_and_merge():
    cfg = c.causality.ReplayClockConfig(n=3, epsilon=15, interval_ns=1)
    t = c.causality.ReplayClock.from_parts(cfg, 0, 12, [0, 2, 10])
    t.shift(20)
    assert (t.mx, t.offsets) == (20, [8, 10, 15])
    cfg10 = c.causality.ReplayClockConfig(n=3, epsilon=10, interval_ns=1)
    a = c.causality.ReplayClock.from_parts(cfg10, 0, 50, [0, 1, 2])
    b = c.causality.ReplayClock.from_parts(cfg10, 1, 50, [2, 0, 1])
    assert c.causality.ReplayClock.merge_same_epoch(a, b).offsets == [0, 0, 1]


def replay_orders(epsilon):
    cfg = c.causality.ReplayClockConfig(n=3, epsilon=epsilon, interval_ns=1)
    p1, p2, p3 = (c.causality.ReplayClock(cfg, i) for i in range(3))
    p1.local_or_send(50)
    a = c.causality.ReplayClock.decode(p1.encode()[0], cfg)
    p3.local_or_send(40)
    cc = c.causality.ReplayClock.decode(p3.encode()[0], cfg)
    p2.receive(a, 48)
    b = c.causality.ReplayClock.decode(p2.encode()[0], cfg)
    p2.receive(cc, 52)
    d = c.causality.ReplayClock.decode(p2.encode()[0], cfg)
    events = {"A": a, "B": b, "C": cc, "D": d}
    orders = set()
    for perm in itertools.permutations("ABCD"):
        if all(c.causality.ReplayClock.compare(events[perm[j]], events[perm[i]]) != "before"
               for i in range(4) for j in range(i + 1, 4)):
            orders.add("".join(perm))
    return orders


def test_thesis_figure_replay_orders():
    assert replay_orders(5) == {"CABD"}
    assert replay_orders(20) == {"CABD", "ABCD", "ACBD"}


@pytest.mark.parametrize("rule", ["published", "epoch_counts"])
def test_random_executions_meet_guarantees(rule):
    for seed in range(20):
        ex = c.causality.random_execution(n=12, events=150, skew_ns=200_000, interval_ns=20_000,
                                counter_rule=rule, seed=seed)
        r = ex.check(200_000, 20_000, 200_000)
        assert r["repcl_hb"]["applicable"] > 0
        for key in ("repcl_hb", "repcl_far_thesis", "repcl_far_2e", "hlc_hb", "hvc_hb",
                    "hvc_only_if"):
            assert r[key]["violations"] == 0, (key, r["summary"])
        if rule == "epoch_counts":
            assert r["repcl_only_if_justified"]["violations"] == 0, r["summary"]


def test_shiviz_export(tmp_path):
    ex = c.causality.random_execution(n=5, events=120, seed=3)
    path = tmp_path / "trace.log"
    ex.write_shiviz(str(path))
    lines = path.read_text().splitlines()
    regex = re.compile(lines[0].replace("(?<", "(?P<"))  # ShiViz uses JavaScript named groups
    assert {"host", "clock", "event"} <= set(regex.groupindex)
    assert lines[1].startswith("^===")
    own = {}
    for line in lines[2:]:
        m = regex.match(line)
        assert m, line
        clock = json.loads(m.group("clock"))
        host = m.group("host")
        assert all(v > 0 for v in clock.values()), "zero entries are omitted"
        assert clock[host] == own.get(host, 0) + 1, "own entry rises by exactly 1"
        own[host] = clock[host]
    assert len(lines) - 2 == len(ex)


def test_csv_export(tmp_path):
    ex = c.causality.random_execution(n=4, events=50, seed=5)
    path = tmp_path / "events.csv"
    ex.write_csv(str(path))
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == len(ex)
    assert {"send", "receive"} <= {r["kind"] for r in rows}
    assert all(int(r["repcl_theta"]) >= 1 for r in rows)


def test_round_trips_and_malformed_bytes():
    cfg = c.causality.ReplayClockConfig(n=130, epsilon=6, interval_ns=1000)
    r = c.causality.ReplayClock(cfg, 77)
    r.local_or_send(5_000)
    data, widened = r.encode()
    assert not widened
    back = c.causality.ReplayClock.decode(data, cfg)
    assert c.causality.ReplayClock.compare(back, r) == "equal" and back.bitmap == r.bitmap
    with pytest.raises(ValueError):
        c.causality.ReplayClock.decode(data[:-1], cfg)
    h = c.causality.HybridVectorClock(10, 2, 1000)
    h.local_or_send(5000)
    assert c.causality.HybridVectorClock.decode(h.encode(), 10, 1000).expand() == h.expand()
    with pytest.raises(ValueError):
        c.causality.HybridVectorClock.decode(h.encode() + b"x", 10, 1000)
    v = c.causality.VectorClock(3, 1)
    v.local_or_send(0)
    assert c.causality.VectorClock.decode(v.encode(), 3).entries == [0, 1, 0]
    with pytest.raises(ValueError):
        c.causality.VectorClock.decode(v.encode(), 4)


def test_sparse_and_adaptive_encodings():
    # Processes 7 and 4000 of 4,096: the bitmap's 4,096 bits against a list of two ids.
    stamps = {}
    for encoding in ("bitmap", "sparse", "adaptive"):
        cfg = c.causality.ReplayClockConfig(n=4096, epsilon=6, interval_ns=1000, encoding=encoding)
        assert cfg.encoding == encoding
        a = c.causality.ReplayClock(cfg, 7)
        b = c.causality.ReplayClock(cfg, 4000)
        b.local_or_send(4_000)
        a.receive(b, 5_000)
        data, _ = a.encode()
        assert len(data) * 8 >= a.encoded_bits > len(data) * 8 - 8
        back = c.causality.ReplayClock.decode(data, cfg)
        assert c.causality.ReplayClock.compare(back, a) == "equal" and back.theta == 2
        stamps[encoding] = a
    assert stamps["bitmap"].encoded_form == "bitmap"
    assert stamps["adaptive"].encoded_form == "sparse"
    assert stamps["adaptive"].encoded_bits == stamps["sparse"].encoded_bits
    assert stamps["adaptive"].encoded_bits < stamps["bitmap"].encoded_bits - 4000
    assert stamps["bitmap"].encoded_bits_as("sparse") == stamps["sparse"].encoded_bits
    # A sparse stamp is refused by a bitmap system, and the other way round.
    sparse_data, _ = stamps["sparse"].encode()
    with pytest.raises(ValueError):
        c.causality.ReplayClock.decode(sparse_data, c.causality.ReplayClockConfig(n=4096, epsilon=6,
                                                               interval_ns=1000))
    h = c.causality.HybridVectorClock(4096, 5, 1000, encoding="sparse")
    h.local_or_send(5000)
    assert h.encoded_form == "sparse"
    assert c.causality.HybridVectorClock.decode(h.encode(), 4096, 1000, "sparse").expand() == h.expand()
    with pytest.raises(ValueError):
        c.causality.HybridVectorClock.decode(h.encode(), 4096, 1000)
    with pytest.raises(ValueError, match="encoding"):
        c.causality.ReplayClockConfig(encoding="gamma")


@pytest.mark.parametrize("kwargs, mention", [
    (dict(epsilon=0), "epsilon"),
    (dict(counter_bits=0), "counterBits"),
    (dict(interval_ns=0), "interval"),
    (dict(counter_rule="sloppy"), "counter_rule"),
    (dict(sum_counters=True, counter_rule="epoch_counts"), "sumCounters"),
])
def test_bad_config_raises(kwargs, mention):
    with pytest.raises(ValueError) as info:
        c.causality.ReplayClockConfig(**kwargs)
    assert mention in str(info.value)
    assert "valid" in str(info.value)


def test_bad_execution_parameters():
    with pytest.raises(ValueError, match="multiple"):
        c.causality.random_execution(skew_ns=150_000, interval_ns=20_000)
    with pytest.raises(ValueError, match="localFraction"):
        c.causality.random_execution(local_fraction=1.5)


def test_hvc_epsilon_is_a_deprecated_name_of_hvc_skew_bound():
    # Issue 42: one name for E; the checker's former hvc_epsilon_ns still works, and warns.
    ex = c.causality.random_execution(n=6, events=120, interval_ns=20_000, seed=3)  # skew_ns: C++'s default
    current = ex.check(200_000, 20_000, hvc_skew_bound_ns=400_000)
    with pytest.warns(DeprecationWarning, match="hvc_epsilon_ns is deprecated; use hvc_skew_bound_ns"):
        old = ex.check(200_000, 20_000, hvc_epsilon_ns=400_000)
    assert old == current
    # not the default (skew_ns): the alias reaches the checker (HVC's only-if check reads E)
    assert ex.check(200_000, 20_000)["hvc_only_if"] != current["hvc_only_if"]
    with pytest.raises(ValueError, match="give one"):
        ex.check(200_000, 20_000, hvc_skew_bound_ns=1, hvc_epsilon_ns=1)
