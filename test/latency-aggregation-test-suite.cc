/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Latency aggregation cores (RDA repair/mean/collapse/variance, LDA, FineComb, late
// binding) checked against exact values: the paper's worked examples, exhaustive
// enumeration of the collapse signs, random executions against per-packet truth.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/latency-interval-cache.h"
#include "ns3/lda-sketch.h"
#include "ns3/rda-message.h"
#include "ns3/rda-sketch.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/** \brief One random interval seen by both points, with the exact truth. */
struct Interval
{
    LatencyIntervalCache s; //!< sender cache
    LatencyIntervalCache r; //!< receiver cache
    double truthMean{0};    //!< exact mean over packets seen by both
    double truthStd{0};     //!< exact population std over packets seen by both
    uint64_t common{0};     //!< packets seen by both
};

/**
 * \param g generator
 * \param n packets sent in the interval
 * \param loss probability a packet is lost (sender only)
 * \param cross probability a packet crosses a boundary (half sender-only at the end,
 *        half receiver-only from the previous interval)
 * \param offsetNs constant receiver clock offset
 * \return the interval
 */
Interval
MakeInterval(std::mt19937_64& g, int n, double loss, double cross, int64_t offsetNs = 0)
{
    Interval iv;
    std::uniform_real_distribution<double> u(0, 1);
    std::weibull_distribution<double> lat(0.7, 50000.0); // shape 0.7, scale 50 us
    long double sum = 0;
    long double sq = 0;
    for (int i = 0; i < n; ++i)
    {
        uint64_t id = g() | 1;
        int64_t ts = 1000000000LL + i * 1000LL + static_cast<int64_t>(g() % 500);
        int64_t l = 1000 + static_cast<int64_t>(lat(g));
        double x = u(g);
        if (x < loss)
        {
            iv.s.Add(id, ts);
            continue;
        }
        if (x < loss + cross / 2)
        {
            iv.s.Add(id, ts); // arrives in the receiver's next interval
            continue;
        }
        if (x < loss + cross)
        {
            iv.r.Add(id, ts - 1000000 + l + offsetNs); // sent in the previous interval
            continue;
        }
        iv.s.Add(id, ts);
        iv.r.Add(id, ts + l + offsetNs);
        sum += l + offsetNs;
        sq += static_cast<long double>(l + offsetNs) * (l + offsetNs);
        ++iv.common;
    }
    iv.truthMean = static_cast<double>(sum / iv.common);
    iv.truthStd =
        std::sqrt(static_cast<double>(sq / iv.common - (sum / iv.common) * (sum / iv.common)));
    return iv;
}

/** \brief RDA outcome of one interval. */
struct RdaOutcome
{
    bool decoded{false}; //!< full decode
    LatencyEstimate est; //!< estimate
    uint64_t memory{0};  //!< sketch bytes
};

/**
 * \param iv interval
 * \param k banks
 * \param m buckets per bank
 * \param estimator variance estimator
 * \return decode + repair + aggregate
 */
RdaOutcome
RunRda(const Interval& iv, uint32_t k, uint32_t m, LatencyVarianceEstimator estimator)
{
    RdaOutcome o;
    RdaSketch s = iv.s.BuildRda(k, m, true, 42);
    RdaSketch r = iv.r.BuildRda(k, m, true, 42);
    RdaSketch d = s;
    d.Subtract(r);
    std::vector<RdaSketch::Entry> e;
    o.decoded = d.Decode(e);
    for (auto& x : e)
    {
        (x.sign > 0 ? iv.s : iv.r).Lookup(x.id, x.tsNs);
    }
    RdaSketch::Repair(s, r, e);
    o.est = RdaSketch::Aggregate(s, r, estimator);
    o.memory = s.MemoryBytes();
    return o;
}

/** \brief Bad sizes are rejected with a message naming the parameter and range. */
class LatencyValidationTestCase : public TestCase
{
  public:
    LatencyValidationTestCase()
        : TestCase("bad sketch sizes rejected through chronometry validation")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        auto expect = [this](const std::string& name, const std::function<void()>& f) {
            std::string msg;
            try
            {
                f();
            }
            catch (const chronometry::ConfigError& e)
            {
                msg = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(msg.find(name), std::string::npos, "names " << name);
            NS_TEST_EXPECT_MSG_NE(msg.find("valid range"), std::string::npos, "gives range");
        };
        expect("ns3::RdaSketch::Banks", [] { RdaSketch(0, 10, true, 1); });
        expect("ns3::RdaSketch::Banks", [] { RdaSketch(17, 10, true, 1); });
        expect("ns3::RdaSketch::BucketsPerBank", [] { RdaSketch(3, 0, true, 1); });
        expect("ns3::LdaSketch::Buckets", [] { LdaSketch(0, 1); });
        expect("ns3::FineCombSketch::Buckets", [] { FineCombSketch(0, 1); });
        RdaSketch ok(16, 1, false, 1);
        NS_TEST_EXPECT_MSG_EQ(ok.GetBanks(), 16u, "largest valid k accepted");
    }
};

/** \brief Figure 2 (LDA) and Figures 3-4 (repaired sRDA) from the paper's bucket values. */
class LatencyPaperExamplesTestCase : public TestCase
{
  public:
    LatencyPaperExamplesTestCase()
        : TestCase("paper worked examples: LDA 161 vs 104, repaired mean 102.5, negative variance")
    {
    }

  private:
    void DoRun() override
    {
        // Figure 2: pairs (sender, receiver, count); every count matches, so all are useful
        LdaSketch ls(5, 1);
        LdaSketch lr(5, 1);
        const int64_t f2[5][3] = {{270, 420, 2},
                                  {150, 260, 1},
                                  {250, 390, 1},
                                  {310, 760, 1},
                                  {330, 450, 1}};
        for (uint32_t i = 0; i < 5; ++i)
        {
            ls.SetBucket(i, {f2[i][0], f2[i][2]});
            lr.SetBucket(i, {f2[i][1], f2[i][2]});
        }
        LatencyEstimate lda = LdaSketch::Aggregate(ls, lr, LatencyVarianceEstimator::CENTERED);
        NS_TEST_ASSERT_MSG_EQ_TOL(lda.meanNs, 970.0 / 6.0, 1e-9, "LDA gives 161.7 (paper: 161)");
        NS_TEST_ASSERT_MSG_EQ(std::floor(lda.meanNs), 161, "paper's 161");
        NS_TEST_ASSERT_MSG_GT(std::fabs(lda.meanNs - 104), 50, "far from the truth 104");

        // Figure 4: repaired sRDA, one bank of five buckets, every bucket clean
        RdaSketch s(1, 5, true, 1);
        RdaSketch r(1, 5, true, 1);
        const int64_t f4[5][3] = {{70, 110, 1},
                                  {400, 560, 2},
                                  {250, 390, 1},
                                  {400, 650, 2},
                                  {480, 710, 2}};
        for (uint32_t i = 0; i < 5; ++i)
        {
            s.SetBucket(i, {i + 1, 0, f4[i][0], f4[i][2]});
            r.SetBucket(i, {i + 1, 0, f4[i][1], f4[i][2]});
        }
        LatencyEstimate p = RdaSketch::Aggregate(s, r, LatencyVarianceEstimator::PAPER);
        NS_TEST_ASSERT_MSG_EQ_TOL(p.meanNs, 102.5, 1e-12, "820 / 8 = 102.5");
        // the paper's collapse of buckets (1,2) and (3,4); Algorithm 2 picks the same
        // pairs here because every bucket is clean
        auto pairs = RdaSketch::SelectiveCollapse(s, r);
        NS_TEST_ASSERT_MSG_EQ(pairs.size(), 2u, "two collapsed pairs");
        NS_TEST_ASSERT_MSG_EQ(std::llabs(pairs[0].diffNs), 120, "450 - 330");
        NS_TEST_ASSERT_MSG_EQ(std::llabs(pairs[1].diffNs), 110, "260 - 150");
        double v = CollapsedVariance(pairs, 102.5, LatencyVarianceEstimator::PAPER);
        NS_TEST_ASSERT_MSG_EQ_TOL(v + 102.5 * 102.5, 26500.0 / 6.0, 1e-9, "first term 4416.7");
        NS_TEST_ASSERT_MSG_EQ_TOL(v, -6089.583333, 1e-5, "paper's -6089.6");
        NS_TEST_ASSERT_MSG_EQ_TOL(p.varianceNs2, v, 1e-9, "Aggregate uses the same pairs");
        NS_TEST_ASSERT_MSG_EQ(p.stdNs, 0.0, "negative variance clamps the std at 0");
        double c = CollapsedVariance(pairs, 102.5, LatencyVarianceEstimator::CENTERED);
        NS_TEST_ASSERT_MSG_EQ_TOL(c, (17.5 * 17.5 + 7.5 * 7.5) / 6.0, 1e-9, "centered >= 0");
    }
};

/**
 * \brief Exhaustive check of the derivation: over all 2^n placements of n packets into a
 * collapsed pair, the PAPER estimator averages to the population variance exactly (with
 * the true mean) and the CENTERED one too.
 */
class LatencyVarianceDerivationTestCase : public TestCase
{
  public:
    LatencyVarianceDerivationTestCase()
        : TestCase("variance estimator: exact expectation over all collapse signs")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(5);
        for (int rep = 0; rep < 5; ++rep)
        {
            const int n = 12;
            std::vector<int64_t> l(n);
            long double sum = 0;
            for (auto& x : l)
            {
                x = 1000 + static_cast<int64_t>(g() % 100000);
                sum += x;
            }
            double mu = static_cast<double>(sum / n);
            long double pv = 0;
            for (auto x : l)
            {
                pv += (x - mu) * (x - mu);
            }
            double truth = static_cast<double>(pv / n);
            long double avgPaper = 0;
            long double avgCentered = 0;
            for (uint32_t mask = 0; mask < (1u << n); ++mask)
            {
                int64_t lp = 0;
                int64_t lq = 0;
                int64_t np = 0;
                int64_t nq = 0;
                for (int i = 0; i < n; ++i)
                {
                    ((mask >> i) & 1) ? (lp += l[i], ++np) : (lq += l[i], ++nq);
                }
                std::vector<CollapsedPair> pr{{lp - lq, np, nq}};
                avgPaper += CollapsedVariance(pr, mu, LatencyVarianceEstimator::PAPER);
                avgCentered += CollapsedVariance(pr, mu, LatencyVarianceEstimator::CENTERED);
            }
            avgPaper /= (1u << n);
            avgCentered /= (1u << n);
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(avgPaper) / truth,
                                      1.0,
                                      1e-9,
                                      "PAPER exact");
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(avgCentered) / truth,
                                      1.0,
                                      1e-9,
                                      "CENTERED exact");
        }
    }
};

/**
 * \brief Random executions (Weibull latencies, loss, boundary crossing): exact mean on
 * full decode; std close to truth; Lemma 2 (offset shifts the mean exactly, CENTERED
 * variance unchanged exactly); RDA never worse than LDA / FineComb at equal memory.
 */
class LatencyRandomExecutionsTestCase : public TestCase
{
  public:
    LatencyRandomExecutionsTestCase()
        : TestCase("random executions: exact mean, std, Lemma 2, RDA <= LDA and FineComb error")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(2024);
        const int trials = 40;
        int decoded = 0;
        double sumStdErr = 0;
        double maxStdErr = 0;
        double sumLda = 0;
        double sumFc = 0;
        for (int t = 0; t < trials; ++t)
        {
            double loss = (t % 2) ? 0.01 : 0.05;
            Interval iv = MakeInterval(g, 4000, loss, 0.01);
            uint64_t d = LatencyIntervalCache::ExactDifference(iv.s, iv.r);
            uint32_t m = LatencyIntervalCache::BucketsFor(d, 2.0, 16);
            RdaOutcome o = RunRda(iv, 3, m, LatencyVarianceEstimator::CENTERED);
            double rdaErr = std::fabs(o.est.meanNs - iv.truthMean) / iv.truthMean;
            if (o.decoded)
            {
                ++decoded;
                NS_TEST_ASSERT_MSG_LT(rdaErr, 1e-9, "exact mean on full decode");
                NS_TEST_ASSERT_MSG_EQ_TOL(o.est.usefulPackets, iv.common, 1e-9, "all packets used");
                double se = std::fabs(o.est.stdNs - iv.truthStd) / iv.truthStd;
                sumStdErr += se;
                maxStdErr = std::max(maxStdErr, se);
            }
            // equal memory for the baselines
            uint32_t ldaBuckets = o.memory / LdaSketch::BucketBytes();
            uint32_t fcBuckets = o.memory / FineCombSketch::BucketBytes();
            LatencyEstimate lda = LdaSketch::Aggregate(iv.s.BuildLda(ldaBuckets, 9),
                                                       iv.r.BuildLda(ldaBuckets, 9),
                                                       LatencyVarianceEstimator::CENTERED);
            LatencyEstimate fc = FineCombSketch::Aggregate(iv.s.BuildFineComb(fcBuckets, 9),
                                                           iv.r.BuildFineComb(fcBuckets, 9),
                                                           iv.s.EdgeStash(fcBuckets),
                                                           iv.r.EdgeStash(fcBuckets),
                                                           4096,
                                                           LatencyVarianceEstimator::CENTERED);
            double ldaErr = std::fabs(lda.meanNs - iv.truthMean) / iv.truthMean;
            double fcErr = std::fabs(fc.meanNs - iv.truthMean) / iv.truthMean;
            sumLda += ldaErr;
            sumFc += fcErr;
            NS_TEST_ASSERT_MSG_LT(fc.usefulPackets,
                                  iv.common + 0.5,
                                  "FineComb uses at most the common set");
        }
        NS_TEST_ASSERT_MSG_EQ(decoded, trials, "k=3, m=2d: every decode succeeds");
        NS_TEST_ASSERT_MSG_LT(sumStdErr / decoded, 0.10, "mean |std error| below 10%");
        NS_TEST_ASSERT_MSG_GT(sumLda / trials, 1e-3, "LDA is measurably off (> 0.1 %)");
        NS_TEST_ASSERT_MSG_LT(sumFc,
                              0.7 * sumLda,
                              "FineComb's identity parity beats LDA at equal memory");
        std::cout << "[latency] RDA std rel err mean " << sumStdErr / decoded << " max "
                  << maxStdErr << "; mean rel err LDA " << sumLda / trials << " FineComb "
                  << sumFc / trials << std::endl;

        // Lemma 2: constant offset
        for (int t = 0; t < 10; ++t)
        {
            std::mt19937_64 g1(700 + t);
            std::mt19937_64 g2(700 + t);
            const int64_t delta = 123456789;
            Interval a = MakeInterval(g1, 3000, 0.02, 0.02, 0);
            Interval b = MakeInterval(g2, 3000, 0.02, 0.02, delta);
            uint32_t m =
                LatencyIntervalCache::BucketsFor(LatencyIntervalCache::ExactDifference(a.s, a.r),
                                                 2,
                                                 16);
            RdaOutcome oa = RunRda(a, 3, m, LatencyVarianceEstimator::CENTERED);
            RdaOutcome ob = RunRda(b, 3, m, LatencyVarianceEstimator::CENTERED);
            NS_TEST_ASSERT_MSG_EQ(oa.decoded && ob.decoded, true, "decoded");
            NS_TEST_ASSERT_MSG_EQ_TOL(ob.est.meanNs - oa.est.meanNs,
                                      delta,
                                      1e-6,
                                      "mean shifted by delta");
            NS_TEST_ASSERT_MSG_EQ_TOL(ob.est.varianceNs2 / oa.est.varianceNs2,
                                      1.0,
                                      1e-9,
                                      "CENTERED unchanged");
            RdaOutcome pa = RunRda(a, 3, m, LatencyVarianceEstimator::PAPER);
            RdaOutcome pb = RunRda(b, 3, m, LatencyVarianceEstimator::PAPER);
            NS_TEST_ASSERT_MSG_GT(std::fabs(pb.est.varianceNs2 - pa.est.varianceNs2),
                                  1.0,
                                  "PAPER form moves with the offset");
        }
    }
};

/** \brief FineComb repairs receiver-only packets that are in its stash. */
class LatencyFineCombRepairTestCase : public TestCase
{
  public:
    LatencyFineCombRepairTestCase()
        : TestCase("FineComb repairs stashed boundary packets, not lost ones")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(31);
        // only receiver-only boundary packets: every damaged bucket is repairable
        Interval iv = MakeInterval(g, 2000, 0.0, 0.0);
        for (int i = 0; i < 20; ++i)
        {
            iv.r.Add(g() | 1, 1000000000LL - 5000 + i); // earliest receive stamps: in the stash
        }
        FineCombSketch s = iv.s.BuildFineComb(400, 3);
        FineCombSketch r = iv.r.BuildFineComb(400, 3);
        uint64_t rep = 0;
        uint64_t tried = 0;
        LatencyEstimate e = FineCombSketch::Aggregate(s,
                                                      r,
                                                      iv.s.EdgeStash(400),
                                                      iv.r.EdgeStash(400),
                                                      4096,
                                                      LatencyVarianceEstimator::CENTERED,
                                                      &rep,
                                                      &tried);
        NS_TEST_ASSERT_MSG_GT(rep, 0u, "buckets repaired");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.usefulPackets, iv.common, 1e-9, "all common packets useful");
        NS_TEST_ASSERT_MSG_LT(std::fabs(e.meanNs - iv.truthMean) / iv.truthMean,
                              1e-9,
                              "exact mean");
        // a lost packet cannot be repaired
        Interval lossy = MakeInterval(g, 2000, 0.02, 0.0);
        LatencyEstimate e2 = FineCombSketch::Aggregate(lossy.s.BuildFineComb(400, 3),
                                                       lossy.r.BuildFineComb(400, 3),
                                                       {},
                                                       lossy.r.EdgeStash(400),
                                                       4096,
                                                       LatencyVarianceEstimator::CENTERED);
        NS_TEST_ASSERT_MSG_LT(e2.usefulPackets,
                              lossy.common - 1.0,
                              "lost packets cost useful packets");
    }
};

/** \brief Late binding: MinHash d estimate and end-to-end decode with m = 2 d-hat. */
class LatencyLateBindingTestCase : public TestCase
{
  public:
    LatencyLateBindingTestCase()
        : TestCase("late binding: MinHash set-difference estimate, m = 2 d-hat decodes")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(77);
        const uint32_t K = 1024;
        int ok = 0;
        const int trials = 40;
        double worst = 1;
        for (int t = 0; t < trials; ++t)
        {
            double loss = (t % 2) ? 0.02 : 0.1;
            Interval iv = MakeInterval(g, 5000, loss, 0.02);
            double d = LatencyIntervalCache::ExactDifference(iv.s, iv.r);
            double dh = LatencyIntervalCache::EstimateDifference(iv.s.Signature(K, 11),
                                                                 iv.s.Size(),
                                                                 iv.r.Signature(K, 11),
                                                                 iv.r.Size(),
                                                                 K);
            double ratio = dh / d;
            worst = std::max(worst, std::max(ratio, 1 / ratio));
            NS_TEST_ASSERT_MSG_GT(ratio, 0.4, "d-hat not far below d");
            NS_TEST_ASSERT_MSG_LT(ratio, 2.5, "d-hat not far above d");
            RdaOutcome o = RunRda(iv,
                                  3,
                                  LatencyIntervalCache::BucketsFor(dh, 2.0, 16),
                                  LatencyVarianceEstimator::CENTERED);
            ok += o.decoded;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ok, trials - 1, "late-bound sketches decode");
        std::cout << "[latency] late binding: worst d-hat/d factor " << worst << ", decoded " << ok
                  << "/" << trials << std::endl;
        // identical sets: d-hat = 0
        LatencyIntervalCache a;
        LatencyIntervalCache b;
        for (int i = 0; i < 3000; ++i)
        {
            uint64_t id = g();
            a.Add(id, i);
            b.Add(id, i + 5);
        }
        NS_TEST_ASSERT_MSG_EQ(LatencyIntervalCache::EstimateDifference(a.Signature(K, 1),
                                                                       a.Size(),
                                                                       b.Signature(K, 1),
                                                                       b.Size(),
                                                                       K),
                              0.0,
                              "identical sets");
        NS_TEST_ASSERT_MSG_EQ(a.Add(a.Entries().begin()->first, 0), false, "duplicate discarded");
        NS_TEST_ASSERT_MSG_EQ(a.Duplicates(), 1u, "duplicate counted");
        // packet identifiers: deterministic, content- and seed-sensitive
        uint8_t buf[16] = {1, 2, 3};
        uint64_t x = LatencyPacketId(buf, sizeof(buf), 5);
        NS_TEST_ASSERT_MSG_EQ(x, LatencyPacketId(buf, sizeof(buf), 5), "deterministic");
        buf[15] = 1;
        NS_TEST_ASSERT_MSG_NE(x, LatencyPacketId(buf, sizeof(buf), 5), "content-sensitive");
        NS_TEST_ASSERT_MSG_NE(LatencyPacketId(buf, sizeof(buf), 5),
                              LatencyPacketId(buf, sizeof(buf), 6),
                              "seed-sensitive");
    }
};

/**
 * \brief Sizing from the MinHash bound and from a target standard error: the bound covers
 * d, the default late binding decodes, and the std estimate's spread meets the target.
 */
class LatencySizingTestCase : public TestCase
{
  public:
    LatencySizingTestCase()
        : TestCase("sizing: MinHash upper bound covers d; std-error target is met")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(78);
        const uint32_t K = 1024;
        int covered = 0;
        int decoded = 0;
        const int trials = 40;
        for (int t = 0; t < trials; ++t)
        {
            Interval iv = MakeInterval(g, 5000, (t % 2) ? 0.02 : 0.1, 0.02);
            double d = LatencyIntervalCache::ExactDifference(iv.s, iv.r);
            LatencyDifferenceEstimate e =
                LatencyIntervalCache::EstimateDifferenceWithError(iv.s.Signature(K, 11),
                                                                  iv.s.Size(),
                                                                  iv.r.Signature(K, 11),
                                                                  iv.r.Size(),
                                                                  K,
                                                                  2.0);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(e.upper, e.dHat, "bound above the estimate");
            NS_TEST_ASSERT_MSG_GT(e.stdErr, 0, "an error is reported");
            covered += e.upper >= d;
            // the sender's defaults: k = 3, 0.6 buckets per bank per bounded difference + 32
            RdaOutcome o = RunRda(iv,
                                  3,
                                  LatencyIntervalCache::BucketsForTarget(e.upper, 0.6, 3, 0, 32),
                                  LatencyVarianceEstimator::CENTERED);
            decoded += o.decoded;
        }
        std::cout << "[latency] sizing: 2-sigma MinHash bound covered d in " << covered << "/"
                  << trials << ", default late binding decoded " << decoded << "/" << trials
                  << std::endl;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(covered, trials - 4, "one-sided 2-sigma bound (~97.7 %)");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(decoded, trials - 1, "default late binding decodes");

        // target standard error of the std estimate: m >= 1 / target^2 buckets per bank
        for (double target : {0.1, 0.05})
        {
            uint32_t m = LatencyIntervalCache::BucketsForTarget(0, 0.6, 3, target, 1);
            NS_TEST_ASSERT_MSG_EQ(m, static_cast<uint32_t>(std::ceil(1 / (target * target))), "m");
            std::normal_distribution<double> lat(100000, 20000);
            double sum = 0;
            double sq = 0;
            const int runs = 60;
            for (int r = 0; r < runs; ++r)
            {
                RdaSketch s(3, m, true, r);
                RdaSketch rc(3, m, true, r);
                long double ts = 0;
                long double tq = 0;
                const int n = 20000;
                for (int i = 0; i < n; ++i)
                {
                    uint64_t id = g() | 1;
                    int64_t send = static_cast<int64_t>(i) * 1000;
                    int64_t l = static_cast<int64_t>(lat(g));
                    s.Insert(id, send);
                    rc.Insert(id, send + l);
                    ts += l;
                    tq += static_cast<long double>(l) * l;
                }
                double sigma = static_cast<double>(std::sqrt(tq / n - (ts / n) * (ts / n)));
                LatencyEstimate e = RdaSketch::Aggregate(s, rc, LatencyVarianceEstimator::CENTERED);
                double rel = e.stdNs / sigma - 1;
                sum += rel;
                sq += rel * rel;
            }
            double rse = std::sqrt(sq / runs);
            std::cout << "[latency] std-error target " << target << ": m = " << m
                      << ", measured relative RMS error of the std " << rse << " (bias "
                      << sum / runs << ")" << std::endl;
            NS_TEST_ASSERT_MSG_LT(rse, 1.3 * target, "target met");
            NS_TEST_ASSERT_MSG_GT(rse, target / 4, "and not vacuous");
        }
    }
};

/** \brief Control codec: round trip, and every truncation or random input rejected cleanly. */
class LatencyMessageCodecTestCase : public TestCase
{
  public:
    LatencyMessageCodecTestCase()
        : TestCase("control codec round trip; truncated and random inputs rejected")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(4);
        std::vector<RdaMessage> msgs(8);
        msgs[0].type = RdaMessage::SIGNATURE;
        msgs[0].setSize = 1234;
        msgs[0].values = {1, 2, 3, ~0ULL};
        msgs[1].type = RdaMessage::SKETCH_REQUEST;
        msgs[1].banks = 3;
        msgs[1].buckets = 200;
        msgs[1].checksum = false;
        msgs[1].seed = 99;
        msgs[2].type = RdaMessage::SKETCH_CHUNK;
        msgs[2].totalCells = 600;
        msgs[2].offset = 40;
        msgs[2].cells = {{1, 2, -3, -1}, {5, 6, 1000000000000LL, 7}};
        msgs[3].type = RdaMessage::TS_REQUEST;
        msgs[3].values = {7, 8};
        msgs[4].type = RdaMessage::TS_REPLY;
        msgs[4].stamps = {{7, -5}, {8, 123456789012LL}};
        msgs[4].offset = 3;
        msgs[5].type = RdaMessage::RAW_REQUEST;
        msgs[6].type = RdaMessage::RAW_CHUNK;
        msgs[6].totalCells = 10;
        msgs[6].offset = 8;
        msgs[6].stamps = {{7, -5}, {8, 123456789012LL}};
        msgs[7].type = RdaMessage::SKETCH_CHUNK; // the paper's 24-byte buckets
        msgs[7].checksum = false;
        msgs[7].totalCells = 2;
        msgs[7].cells = {{1, 0, -3, -1}, {5, 0, 1000000000000LL, 7}};
        // the baselines' exchanges (RdaSender::Baselines)
        msgs.resize(13);
        msgs[8].type = RdaMessage::LDA_REQUEST;
        msgs[8].buckets = 4096;
        msgs[8].seed = 11;
        msgs[9].type = RdaMessage::LDA_CHUNK;
        msgs[9].totalCells = 4096;
        msgs[9].offset = 1500;
        msgs[9].ldaCells = {{-7, 1}, {123456789012LL, 3}, {0, 0}};
        msgs[10].type = RdaMessage::FC_REQUEST;
        msgs[10].buckets = 3000;
        msgs[10].stashSize = 1000;
        msgs[10].seed = 12;
        msgs[11].type = RdaMessage::FC_CHUNK;
        msgs[11].totalCells = 3000;
        msgs[11].offset = 0;
        msgs[11].fcCells = {{5, 1, 0xdeadbeefULL}, {-9, -2, ~0ULL}};
        msgs[12].type = RdaMessage::FC_STASH;
        msgs[12].totalCells = 40;
        msgs[12].offset = 38;
        msgs[12].stamps = {{7, -5}, {8, 123456789012LL}};
        for (auto& m : msgs)
        {
            m.interval = 17;
            m.flow.src = 0x0a010101;
            m.flow.dst = 0x0a010102;
            m.flow.srcPort = 49153;
            m.flow.dstPort = 9000;
            std::vector<uint8_t> b = m.Encode();
            RdaMessage d;
            NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(b.data(), b.size(), d), true, "round trip");
            bool same = d.Encode() == b;
            NS_TEST_ASSERT_MSG_EQ(same, true, "identical re-encoding");
            NS_TEST_ASSERT_MSG_EQ(d.interval, 17u, "interval");
            NS_TEST_ASSERT_MSG_EQ((d.flow == m.flow), true, "flow key");
            for (size_t n = 0; n < b.size(); ++n)
            {
                NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(b.data(), n, d),
                                      false,
                                      "truncation rejected");
            }
            b.push_back(0);
            NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(b.data(), b.size(), d),
                                  false,
                                  "trailing byte rejected");
        }
        NS_TEST_ASSERT_MSG_EQ(msgs[2].cells.size(), 2u, "cells");
        NS_TEST_ASSERT_MSG_EQ(msgs[7].Encode().size() + 16,
                              msgs[2].Encode().size(),
                              "a checksum-free bucket is 8 bytes shorter on the wire");
        NS_TEST_ASSERT_MSG_EQ(msgs[7].Encode().size(),
                              RdaMessage::SketchChunkBytes(2, false),
                              "chunk size formula");
        NS_TEST_ASSERT_MSG_EQ(msgs[6].Encode().size(),
                              RdaMessage::RawChunkBytes(2),
                              "raw chunk size formula");
        NS_TEST_ASSERT_MSG_EQ(msgs[9].Encode().size(),
                              RdaMessage::LdaChunkBytes(3),
                              "LDA chunk size formula");
        NS_TEST_ASSERT_MSG_EQ(msgs[11].Encode().size(),
                              RdaMessage::FineCombChunkBytes(2),
                              "FineComb chunk size formula");
        {
            RdaMessage back;
            NS_TEST_ASSERT_MSG_EQ(
                RdaMessage::Decode(msgs[11].Encode().data(), msgs[11].Encode().size(), back),
                true,
                "FineComb chunk");
            NS_TEST_ASSERT_MSG_EQ(back.fcCells.size(), 2u, "two FineComb buckets");
            NS_TEST_ASSERT_MSG_EQ(back.fcCells[1].parity, ~0ULL, "identifier parity kept");
            NS_TEST_ASSERT_MSG_EQ(back.fcCells[1].cnt, -2, "negative count kept");
            NS_TEST_ASSERT_MSG_EQ(back.stashSize, 0u, "no stash size outside FC_REQUEST");
            std::vector<uint8_t> req = msgs[10].Encode();
            NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(req.data(), req.size(), back), true, "FC_REQ");
            NS_TEST_ASSERT_MSG_EQ(back.stashSize, 1000u, "stash size");
            NS_TEST_ASSERT_MSG_EQ(back.buckets, 3000u, "buckets");
        }
        std::vector<uint8_t> bad = msgs[1].Encode();
        bad[RdaMessage::HeaderBytes()] = 0; // banks = 0
        RdaMessage d;
        NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(bad.data(), bad.size(), d),
                              false,
                              "banks 0 rejected");
        std::vector<uint8_t> noBuckets = msgs[8].Encode();
        std::fill_n(noBuckets.begin() + RdaMessage::HeaderBytes(), 4, 0); // buckets = 0
        NS_TEST_ASSERT_MSG_EQ(RdaMessage::Decode(noBuckets.data(), noBuckets.size(), d),
                              false,
                              "LDA of 0 buckets rejected");
        int accepted = 0;
        for (int t = 0; t < 20000; ++t)
        {
            std::vector<uint8_t> r(g() % 80);
            for (auto& x : r)
            {
                x = static_cast<uint8_t>(g());
            }
            if (r.size() > 3 && (t % 2))
            {
                r[0] = 'R';
                r[1] = 'D';
                r[2] = RdaMessage::VERSION;
            }
            accepted += RdaMessage::Decode(r.data(), r.size(), d);
        }
        NS_TEST_ASSERT_MSG_LT(accepted, 200, "random bytes almost never parse");
    }
};

/** \brief Suite. */
class LatencyAggregationTestSuite : public TestSuite
{
  public:
    LatencyAggregationTestSuite()
        : TestSuite("chronometry-latency-aggregation", Type::UNIT)
    {
        AddTestCase(new LatencyValidationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyPaperExamplesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyVarianceDerivationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyRandomExecutionsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyFineCombRepairTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyLateBindingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencySizingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatencyMessageCodecTestCase, chronometry::TestDuration::QUICK);
    }
};

LatencyAggregationTestSuite g_latencyAggregationTestSuite; //!< instance

} // namespace
