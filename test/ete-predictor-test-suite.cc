/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Unit tests of the simulator-free ETE predictors against hand-computed sequences.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ete-predictor.h"
#include "ns3/predictor-evaluation.h"
#include "ns3/reference-predictor.h"
#include "ns3/test.h"

#include <cmath>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Feed samples (in ns) and collect the prediction after each one.
 * \param p the predictor
 * \param xs samples in ns
 * \return predictions in ns after each sample
 */
std::vector<int64_t>
Feed(EtePredictor& p, const std::vector<int64_t>& xs)
{
    std::vector<int64_t> out;
    for (int64_t x : xs)
    {
        p.Update(NanoSeconds(x));
        out.push_back(p.Predict().GetNanoSeconds());
    }
    return out;
}

/** Baseline and Average of the last N. */
class AverageTestCase : public TestCase
{
  public:
    AverageTestCase()
        : TestCase("baseline is 0; Average is the mean of the last N (fewer at first)")
    {
    }

  private:
    void DoRun() override
    {
        EtePredictor base(EtePredictorKind::BASELINE, 8);
        NS_TEST_ASSERT_MSG_EQ(base.Predict(), Time(0), "baseline before samples");
        auto b = Feed(base, {10, 20, 30});
        NS_TEST_ASSERT_MSG_EQ(b.back(), 0, "baseline after samples");

        EtePredictor avg(EtePredictorKind::AVERAGE, 3);
        NS_TEST_ASSERT_MSG_EQ(avg.Predict(), Time(0), "no sample yet");
        // 10 -> 10; 10,20 -> 15; 10,20,30 -> 20; 20,30,40 -> 30; 30,40,110 -> 60
        auto a = Feed(avg, {10, 20, 30, 40, 110});
        std::vector<int64_t> expected{10, 15, 20, 30, 60};
        for (std::size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(a[i], expected[i], "Average step " << i);
        }
        avg.Reset();
        NS_TEST_ASSERT_MSG_EQ(avg.Predict(), Time(0), "reset");
        NS_TEST_ASSERT_MSG_EQ(avg.GetSampleCount(), 0u, "reset count");
    }
};

/** FT-Average with N < 3 and N >= 3. */
class FtAverageTestCase : public TestCase
{
  public:
    FtAverageTestCase()
        : TestCase("FT-Average: plain mean when N (or the window) < 3, else min and max dropped")
    {
    }

  private:
    void DoRun() override
    {
        // N = 2: always a plain mean of the last two (Eq. 2, first case).
        EtePredictor ft2(EtePredictorKind::FT_AVERAGE, 2);
        auto a = Feed(ft2, {10, 100, 20});
        std::vector<int64_t> e2{10, 55, 60};
        for (std::size_t i = 0; i < e2.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(a[i], e2[i], "N=2 step " << i);
        }
        // N = 4: 10 -> 10; {10,100} -> 55 (window < 3); {10,100,20} -> 20;
        // {10,100,20,30} -> (160-100-10)/2 = 25; {100,20,30,40} -> (190-100-20)/2 = 35;
        // {20,30,40,1000} -> (1090-1000-20)/2 = 35: the spike is ignored.
        EtePredictor ft4(EtePredictorKind::FT_AVERAGE, 4);
        auto b = Feed(ft4, {10, 100, 20, 30, 40, 1000});
        std::vector<int64_t> e4{10, 55, 20, 25, 35, 35};
        for (std::size_t i = 0; i < e4.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(b[i], e4[i], "N=4 step " << i);
        }
        // N = 3 with ties: {5,5,5} -> 5.
        EtePredictor ft3(EtePredictorKind::FT_AVERAGE, 3);
        auto c = Feed(ft3, {5, 5, 5});
        NS_TEST_ASSERT_MSG_EQ(c.back(), 5, "ties");
    }
};

/** The Kalman filter, its gain and variance estimates by hand. */
class KalmanTestCase : public TestCase
{
  public:
    KalmanTestCase()
        : TestCase("Kalman: Eq. 5-11 step by step against a hand computation")
    {
    }

  private:
    void DoRun() override
    {
        EtePredictor k(EtePredictorKind::KALMAN, 8);
        k.Update(NanoSeconds(10)); // s1 = 10, P1 = 0
        NS_TEST_ASSERT_MSG_EQ(k.Predict().GetNanoSeconds(), 10, "s1");
        // n = 2: no increments -> W = 0; residuals {0} -> V = 0; K = 1/2 (fallback)
        k.Update(NanoSeconds(20));
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetGain(), 0.5, 1e-12, "K2 fallback");
        NS_TEST_ASSERT_MSG_EQ(k.Predict().GetNanoSeconds(), 15, "s2");
        // n = 3: increments {5} -> W = 0; residuals {0, 5} -> V = 6.25; P = 0 -> K = 0
        k.Update(NanoSeconds(30));
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetProcessVariance(), 0.0, 1e-12, "W3");
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetMeasurementVariance(), 6.25, 1e-12, "V3");
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetGain(), 0.0, 1e-12, "K3");
        NS_TEST_ASSERT_MSG_EQ(k.Predict().GetNanoSeconds(), 15, "s3");
        // n = 4: increments {5, 0} -> W = 6.25; residuals {0, 5, 15} -> V = 1050/27;
        // P- = 6.25; K = 6.25 / (6.25 + 1050/27); s4 = 15 + K * 25; P4 = (1 - K) * 6.25
        k.Update(NanoSeconds(40));
        double v = 1050.0 / 27.0;
        double gain = 6.25 / (6.25 + v);
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetProcessVariance(), 6.25, 1e-9, "W4");
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetMeasurementVariance(), v, 1e-9, "V4");
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetGain(), gain, 1e-12, "K4");
        NS_TEST_ASSERT_MSG_EQ_TOL(k.GetVariance(), (1 - gain) * 6.25, 1e-9, "P4");
        NS_TEST_ASSERT_MSG_EQ(k.Predict().GetNanoSeconds(),
                              static_cast<int64_t>(std::llround(15 + gain * 25)),
                              "s4");
        // Constant input: the estimate converges to it and stays.
        EtePredictor c(EtePredictorKind::KALMAN, 4);
        for (int i = 0; i < 50; ++i)
        {
            c.Update(MicroSeconds(700));
        }
        NS_TEST_ASSERT_MSG_EQ(c.Predict(), MicroSeconds(700), "constant");
    }
};

/** Statistical sanity: on noisy constant ETE every predictor beats the baseline. */
class PredictorNoiseTestCase : public TestCase
{
  public:
    PredictorNoiseTestCase()
        : TestCase("on a noisy stationary ETE every predictor is far better than the baseline; "
                   "bad parameters are reported")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t state = 12345;
        auto uniform = [&state]() {
            state = state * 1664525u + 1013904223u;
            return (state >> 8) / double(1 << 24);
        };
        for (auto kind :
             {EtePredictorKind::AVERAGE, EtePredictorKind::FT_AVERAGE, EtePredictorKind::KALMAN})
        {
            EtePredictor p(kind, 8);
            double errSum = 0;
            double baseSum = 0;
            for (int i = 0; i < 2000; ++i)
            {
                double x = 1e6 + 1e5 * (uniform() - 0.5); // 1 ms +- 50 us
                if (i >= 10)
                {
                    errSum += std::abs(x - p.Predict().GetNanoSeconds());
                    baseSum += x;
                }
                p.Update(NanoSeconds(static_cast<int64_t>(x)));
            }
            NS_TEST_ASSERT_MSG_LT(errSum, 0.1 * baseSum, EtePredictorKindName(kind));
        }
        chronometry::ScopedThrowOnConfigError guard;
        bool threw = false;
        try
        {
            EtePredictor bad(EtePredictorKind::AVERAGE, 0);
        }
        catch (const chronometry::ConfigError&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "N = 0 refused");
        threw = false;
        try
        {
            EtePredictorKindFromName("Median");
        }
        catch (const chronometry::ConfigError&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "unknown name refused");
    }
};

/** The reference predictors by hand. */
class ReferencePredictorTestCase : public TestCase
{
  public:
    ReferencePredictorTestCase()
        : TestCase("references: last sample, window median (odd and even windows), one-time "
                   "calibration that never adapts")
    {
    }

  private:
    void DoRun() override
    {
        ReferencePredictor last(ReferencePredictorKind::LAST_SAMPLE, 8);
        NS_TEST_ASSERT_MSG_EQ(last.Predict(), Time(0), "no sample");
        NS_TEST_ASSERT_MSG_EQ(last.Predict(), Time(0), "no sample");
        std::vector<int64_t> out;
        for (int64_t x : {10, 30, 20})
        {
            last.Update(NanoSeconds(x));
            out.push_back(last.Predict().GetNanoSeconds());
        }
        NS_TEST_ASSERT_MSG_EQ((out == std::vector<int64_t>{10, 30, 20}), true, "last sample");
        // Median of the last 3: 10 -> 10; {10,1000} -> 505; {10,1000,20} -> 20;
        // {1000,20,30} -> 30; {20,30,40} -> 30.
        ReferencePredictor med3(ReferencePredictorKind::WINDOW_MEDIAN, 3);
        out.clear();
        for (int64_t x : {10, 1000, 20, 30, 40})
        {
            med3.Update(NanoSeconds(x));
            out.push_back(med3.Predict().GetNanoSeconds());
        }
        NS_TEST_ASSERT_MSG_EQ((out == std::vector<int64_t>{10, 505, 20, 30, 30}), true, "median 3");
        // Even window: mean of the two middle values, {5, 1, 9, 7} -> (5 + 7) / 2.
        ReferencePredictor med4(ReferencePredictorKind::WINDOW_MEDIAN, 4);
        for (int64_t x : {5, 1, 9, 7})
        {
            med4.Update(NanoSeconds(x));
        }
        NS_TEST_ASSERT_MSG_EQ(med4.Predict(), NanoSeconds(6), "median 4");
        // Calibrated: the mean of the first N, then frozen; Reset calibrates again.
        ReferencePredictor cal(ReferencePredictorKind::CALIBRATED, 2);
        for (int64_t x : {10, 20, 1000, 5000})
        {
            cal.Update(NanoSeconds(x));
        }
        NS_TEST_ASSERT_MSG_EQ(cal.Predict(), NanoSeconds(15), "frozen after N");
        NS_TEST_ASSERT_MSG_EQ(cal.GetSampleCount(), 4u, "count");
        cal.Reset();
        cal.Update(NanoSeconds(100));
        NS_TEST_ASSERT_MSG_EQ(cal.Predict(), NanoSeconds(100), "recalibrated");
        ReferencePredictorKind k;
        NS_TEST_ASSERT_MSG_EQ(ReferencePredictorKindFromName("WindowMedian", k), true, "name");
        NS_TEST_ASSERT_MSG_EQ((k == ReferencePredictorKind::WINDOW_MEDIAN), true, "kind");
        NS_TEST_ASSERT_MSG_EQ(ReferencePredictorKindFromName("Median", k), false, "unknown");
    }
};

/** The offline evaluation against a hand computation. */
class EvaluationTestCase : public TestCase
{
  public:
    EvaluationTestCase()
        : TestCase("offline evaluation: predict then feed, the same samples for every predictor, "
                   "MAE, bias and percentile by hand")
    {
    }

  private:
    void DoRun() override
    {
        // N = 2, skip 1: samples 10, 20, 40, 40 (ns); levels 10, 10, 40, 40.
        std::vector<Time> ete{NanoSeconds(10), NanoSeconds(20), NanoSeconds(40), NanoSeconds(40)};
        std::vector<Time> level{NanoSeconds(10), NanoSeconds(10), NanoSeconds(40), NanoSeconds(40)};
        auto ev = PredictorEvaluation::Run(ete, level, 2, 1);
        NS_TEST_ASSERT_MSG_EQ(ev.GetAll().size(), PredictorEvaluation::Names().size(), "all");
        // Average predictions for samples 2..4: 10, 15, 30 -> errors 10, 25, 10.
        const auto& avg = ev.Get("Average");
        NS_TEST_ASSERT_MSG_EQ(avg.count, 3u, "three scored");
        NS_TEST_ASSERT_MSG_EQ_TOL(avg.maeNs, 15.0, 1e-9, "MAE");
        NS_TEST_ASSERT_MSG_EQ_TOL(avg.biasNs, 15.0, 1e-9, "bias");
        NS_TEST_ASSERT_MSG_EQ_TOL(avg.rmseNs, std::sqrt((100.0 + 625 + 100) / 3), 1e-9, "RMSE");
        NS_TEST_ASSERT_MSG_EQ_TOL(avg.p99AbsNs, 25.0, 1e-9, "p99 = max of three");
        // Baseline errors = the samples: 20, 40, 40.
        NS_TEST_ASSERT_MSG_EQ_TOL(ev.Get("Baseline").maeNs, 100.0 / 3, 1e-9, "baseline");
        // LastSample: 10, 20, 40 -> errors 10, 20, 0; Calibrated (N = 2): 10, 15, 15.
        NS_TEST_ASSERT_MSG_EQ_TOL(ev.Get("LastSample").maeNs, 10.0, 1e-9, "last sample");
        NS_TEST_ASSERT_MSG_EQ_TOL(ev.Get("Calibrated").maeNs, (10.0 + 25 + 25) / 3, 1e-9, "cal");
        // The oracle's errors are the samples' deviations from their levels: 10, 0, 0.
        NS_TEST_ASSERT_MSG_EQ_TOL(ev.Get("LevelOracle").maeNs, 10.0 / 3, 1e-9, "oracle");
        NS_TEST_ASSERT_MSG_EQ(ev.BestByMae(), "LastSample", "best (oracle excluded)");
        auto noLevels = PredictorEvaluation::Run(ete, {}, 2, 1);
        NS_TEST_ASSERT_MSG_EQ(noLevels.GetAll().size(),
                              PredictorEvaluation::Names().size() - 1,
                              "no oracle");
        chronometry::ScopedThrowOnConfigError guard;
        bool threw = false;
        try
        {
            PredictorEvaluation::Run(ete, {NanoSeconds(1)}, 2, 0);
        }
        catch (const chronometry::ConfigError&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "levels of the wrong length refused");
    }
};

/**
 * A finding about the published Kalman filter (Eq. 5-11): V[n] is the variance of the
 * residuals x - s after each update.  When N updates in a row have K = 1, those residuals are
 * all 0, so V = 0 and, as long as the increments of s differ (W > 0), K = P / (P + 0) = 1
 * again: K = 1 is absorbing, and from then on the filter predicts the last sample.  On noisy
 * series it reaches that state early and never leaves it.
 */
class KalmanCollapseTestCase : public TestCase
{
  public:
    KalmanCollapseTestCase()
        : TestCase("published Kalman (Eq. 10-11) locks at K = 1 within a few hundred samples "
                   "and then predicts exactly the last sample")
    {
    }

  private:
    void DoRun() override
    {
        for (uint64_t seed = 1; seed <= 20; ++seed)
        {
            std::mt19937_64 rng(seed);
            std::normal_distribution<double> noise(2e6, 1e5);
            std::bernoulli_distribution spike(0.02);
            std::exponential_distribution<double> spikeSize(1e-7);
            EtePredictor kalman(EtePredictorKind::KALMAN, 8);
            ReferencePredictor last(ReferencePredictorKind::LAST_SAMPLE, 8);
            int lockedAt = -1;
            for (int i = 0; i < 2000; ++i)
            {
                double x = noise(rng) + (seed % 2 == 0 && spike(rng) ? spikeSize(rng) : 0);
                if (lockedAt >= 0)
                {
                    NS_TEST_ASSERT_MSG_EQ(kalman.Predict(),
                                          last.Predict(),
                                          "seed " << seed << " step " << i);
                }
                kalman.Update(NanoSeconds(static_cast<int64_t>(x)));
                last.Update(NanoSeconds(static_cast<int64_t>(x)));
                if (lockedAt < 0 && i >= 8 && kalman.GetGain() == 1.0 &&
                    kalman.GetMeasurementVariance() == 0.0)
                {
                    lockedAt = i;
                }
            }
            NS_TEST_ASSERT_MSG_GT_OR_EQ(lockedAt, 0, "seed " << seed << " locked");
            NS_TEST_ASSERT_MSG_LT(lockedAt, 400, "seed " << seed << " locked early");
        }
    }
};

} // namespace

/** \ingroup chronometry-tests ETE predictors. */
class EtePredictorTestSuite : public TestSuite
{
  public:
    EtePredictorTestSuite()
        : TestSuite("chronometry-ete-predictor", Type::UNIT)
    {
        AddTestCase(new AverageTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FtAverageTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new KalmanTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PredictorNoiseTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReferencePredictorTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EvaluationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new KalmanCollapseTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static EtePredictorTestSuite g_etePredictorTestSuite;
