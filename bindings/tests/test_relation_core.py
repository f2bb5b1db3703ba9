"""MinRTT relation core additions: exact tick arithmetic, drift wander, both probing
directions, the residual test and the N-node relation graph, against exact truth."""
import random
from fractions import Fraction

import pytest

import chronometry


class Counter:
    """floor(boot + rate * t) with a rational rate (ticks per ns) and t in integer ns."""

    def __init__(self, rng, boot_lo, step_at=None, step_ppm=0.0):
        self.boot = boot_lo + rng.randrange(2**34)
        self.rate = Fraction(rng.randrange(1_000_000, 4_000_000), 1_000_000)
        self.rate2 = self.rate * Fraction(1_000_000 + round(step_ppm), 1_000_000) \
            if step_at else self.rate
        self.step_at = step_at

    def phase(self, t):
        if self.step_at is None or t <= self.step_at:
            return int(self.rate * t)
        return int(self.rate * self.step_at + self.rate2 * (t - self.step_at))

    def read(self, t):
        return (self.boot + self.phase(t)) % 2**64


def rounds(rng, x, y, t0, n, base=20_000, queue=30_000):
    out = []
    for i in range(n):
        t = t0 + i * 1_000_000
        f = base + int(rng.expovariate(1 / queue))
        r = base + int(rng.expovariate(1 / queue))
        out.append(chronometry.relation.MinRttRound(x.read(t), y.read(t + f), x.read(t + f + r)))
    return out


@pytest.mark.parametrize("boot", [2**40, 2**58, 2**63 - 1 - 2**34])
def test_exact_translation_at_any_uptime(boot):
    rng = random.Random(boot % 1000)
    for _ in range(50):
        a, b = Counter(rng, boot), Counter(rng, boot)
        pre = rounds(rng, a, b, 10**9, 20)
        post = rounds(rng, a, b, 41 * 10**9, 20)
        rel = chronometry.relation.TscRelation(chronometry.relation.select_min_rtt(pre),
                                      chronometry.relation.select_min_rtt(post))
        t = rng.randrange(2 * 10**9, 40 * 10**9)
        value, bound = rel.translate_from(b.read(t), a.read(t))
        assert abs(value) <= bound  # A(t) - A(t) = 0
        d = rel.translate_duration_at(b.read(t), b.read(t + 3_000_000))
        assert abs(d.value - (a.phase(t + 3_000_000) - a.phase(t))) <= d.bound


def test_wander_term_covers_a_drift_step_and_the_residual_test_sees_it():
    rng = random.Random(5)
    covered_plain = covered_wander = refuted = 0
    trials = 60
    for _ in range(trials):
        a = Counter(rng, 2**40)
        b = Counter(rng, 2**40, step_at=300 * 10**9, step_ppm=rng.choice([-1.0, 1.0]))
        windows = [rounds(rng, a, b, t * 10**9, 20)
                   for t in (1, 200, 400, 601)]
        first, second = (chronometry.relation.select_min_rtt(w) for w in (windows[0], windows[-1]))
        plain = chronometry.relation.TscRelation(first, second)
        wander = chronometry.relation.tsc_relation_with_wander(first, second,
                                                      chronometry.relation.DriftWander(step_ppm=1.0))
        t = rng.randrange(2 * 10**9, 600 * 10**9)
        v, bd = plain.translate_from(b.read(t), a.read(t))
        covered_plain += abs(v) <= bd
        v, bd = wander.translate_from(b.read(t), a.read(t))
        covered_wander += abs(v) <= bd
        multi = chronometry.relation.MultiRoundRelation()
        for w in windows:
            multi.add_rounds(w)
        if not multi.fit():
            assert multi.fit_status() == chronometry.relation.FitStatus.AFFINE_REFUTED
            assert multi.affine_residual() > 0
            refuted += 1
    assert covered_wander == trials
    assert covered_plain < trials
    assert refuted > trials * 0.9


def test_both_directions_and_the_graph():
    rng = random.Random(11)
    n = 6
    nodes = [Counter(rng, 2**60) for _ in range(n)]
    graph = chronometry.relation.RelationGraph(n)
    for i in range(n):
        j = (i + 1) % n  # a ring: most pairs need a chain
        ij = [rounds(rng, nodes[i], nodes[j], t * 10**9, 10) for t in (1, 31)]
        ji = [rounds(rng, nodes[j], nodes[i], t * 10**9 + 5 * 10**7, 10) for t in (1, 31)]
        for ref, peer, fwd, rev in ((i, j, ij, ji), (j, i, ji, ij)):
            m = chronometry.relation.MultiRoundRelation()
            for k in range(2):
                m.add_rounds(fwd[k])
                m.add_reverse_rounds(rev[k])
            assert m.fit()
            graph.add_relation(ref, peer, m)
    assert graph.n_relations == 2 * n
    for src in range(n):
        for dst in range(n):
            if src == dst:
                continue
            t = rng.randrange(2 * 10**9, 30 * 10**9)
            r = graph.translate(src, nodes[src].read(t), dst)
            assert r["found"] and r["consistent"]
            assert len(r["path"]) - 1 <= n // 2 + 1
            err = (r["base"] - nodes[dst].read(t) + 2**63) % 2**64 - 2**63 + r["offset"]
            assert abs(err) <= r["bound"]
    assert graph.check_triangles()["flagged"] == []
    with pytest.raises(ValueError, match="to_node|to = 9"):
        graph.translate(0, 0, 9)


def test_bad_wander_is_refused_by_name():
    with pytest.raises(ValueError, match="stepPpm"):
        chronometry.relation.DriftWander(step_ppm=-1)
    with pytest.raises(ValueError, match="peerFrequencyHz"):
        chronometry.relation.DriftWander(rate_ppm_per_s=0.1)
