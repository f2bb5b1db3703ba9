/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Unit tests of the simulator-free ETE predictors against hand-computed sequences.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ete-predictor.h"
#include "ns3/test.h"

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
    }
};

/** Static instance. */
static EtePredictorTestSuite g_etePredictorTestSuite;
