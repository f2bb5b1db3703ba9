/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RandomWalkOscillator: the drift's variance grows linearly with time, the
// bound holds, the phase integrates the drift, and runs are reproducible.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/object-factory.h"
#include "ns3/random-walk-oscillator.h"
#include "ns3/test.h"

#include <cmath>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param spreadPpm Spread attribute
 * \param interval UpdateInterval attribute
 * \param boundPpm MaxAbsDrift attribute
 * \param stream stream index
 * \return a new oscillator
 */
Ptr<RandomWalkOscillator>
MakeWalk(double spreadPpm, Time interval, double boundPpm, int64_t stream)
{
    auto walk = CreateObjectWithAttributes<RandomWalkOscillator>("Spread",
                                                                 DoubleValue(spreadPpm),
                                                                 "UpdateInterval",
                                                                 TimeValue(interval),
                                                                 "MaxAbsDrift",
                                                                 DoubleValue(boundPpm));
    walk->AssignStreams(stream);
    return walk;
}

/**
 * Var(rho(t)) = Spread^2 t.  With N = 4000 independent walks the sample
 * variance has a relative standard deviation of sqrt(2/N) = 2.2%; the test
 * allows 10% (about 4.5 standard deviations) at each of three times, and
 * checks that the ratio between times matches the ratio of the times.
 */
class VarianceGrowsLinearlyTestCase : public TestCase
{
  public:
    VarianceGrowsLinearlyTestCase()
        : TestCase("random-walk drift variance grows linearly with time (4000 walks, 10% tol)")
    {
    }

  private:
    void DoRun() override
    {
        const int walks = 4000;
        const double spread = 1.0; // ppm / sqrt(s)
        const double times[] = {5.0, 10.0, 20.0};
        double variance[3] = {0, 0, 0};
        for (int w = 0; w < walks; ++w)
        {
            auto walk = MakeWalk(spread, MilliSeconds(100), 0.0, w);
            for (int k = 0; k < 3; ++k)
            {
                double rhoPpm = walk->GetDriftAt(Seconds(times[k])) * 1e6;
                variance[k] += rhoPpm * rhoPpm / walks; // mean is 0 by construction
            }
        }
        for (int k = 0; k < 3; ++k)
        {
            double expected = spread * spread * times[k];
            NS_TEST_ASSERT_MSG_EQ_TOL(variance[k],
                                      expected,
                                      0.10 * expected,
                                      "variance at t = " << times[k] << " s");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(variance[2] / variance[0], 4.0, 0.6, "linear growth ratio");
    }
};

/** |rho| never exceeds MaxAbsDrift, and the walk does reach near it. */
class BoundTestCase : public TestCase
{
  public:
    BoundTestCase()
        : TestCase("random-walk drift stays within MaxAbsDrift and reaches it")
    {
    }

  private:
    void DoRun() override
    {
        double maxSeen = 0;
        for (int w = 0; w < 20; ++w)
        {
            auto walk = MakeWalk(1.0, MilliSeconds(500), 5.0, 100 + w);
            for (int s = 0; s <= 2000; ++s)
            {
                double rho = walk->GetDriftAt(MilliSeconds(500) * s);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(rho), 5e-6 + 1e-15, "within bound");
                maxSeen = std::max(maxSeen, std::abs(rho));
            }
        }
        NS_TEST_ASSERT_MSG_GT(maxSeen, 4.5e-6, "the bound is reached, so it is exercised");
    }
};

/** The phase is the integral of (1 + rho): piecewise linear between updates. */
class PhaseIntegratesDriftTestCase : public TestCase
{
  public:
    PhaseIntegratesDriftTestCase()
        : TestCase("phase integrates 1 + drift between updates; reproducible per stream")
    {
    }

  private:
    void DoRun() override
    {
        auto walk = MakeWalk(2.0, Seconds(1), 0.0, 7);
        // The rate 1 + rho is a double in [0.5, 2), so rate - 1 and 1 + (rate - 1) are exact:
        // the phase is exactly the sum of rate * 1 s.
        ClockValue expected;
        for (int s = 0; s < 100; ++s)
        {
            double rate = 1.0 + walk->GetDriftAt(Seconds(s) + MilliSeconds(500));
            expected += ClockValue::FromDouble(rate).MulSteps(Seconds(1).GetTimeStep());
            NS_TEST_ASSERT_MSG_EQ(walk->GetPhase(Seconds(s + 1)),
                                  expected,
                                  "phase at " << s + 1 << " s is the exact integral");
        }
        // Queried out of order (far future first), the same stream gives the same walk.
        auto again = MakeWalk(2.0, Seconds(1), 0.0, 7);
        ClockValue far = again->GetPhase(Seconds(100));
        NS_TEST_ASSERT_MSG_EQ(far, walk->GetPhase(Seconds(100)), "reproducible");
        auto other = MakeWalk(2.0, Seconds(1), 0.0, 8);
        NS_TEST_ASSERT_MSG_NE(other->GetPhase(Seconds(100)),
                              walk->GetPhase(Seconds(100)),
                              "another stream gives another walk");
        // Inverse: the time at which a phase is reached.
        Time t = walk->GetTimeAtPhase(Time(0), walk->GetPhase(Seconds(42)));
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetNanoSeconds(), Seconds(42).GetNanoSeconds(), 1, "inverse");
    }
};

} // namespace

/** \ingroup chronometry-tests RandomWalkOscillator. */
class RandomWalkOscillatorTestSuite : public TestSuite
{
  public:
    RandomWalkOscillatorTestSuite()
        : TestSuite("chronometry-random-walk-oscillator", Type::UNIT)
    {
        AddTestCase(new VarianceGrowsLinearlyTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BoundTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PhaseIntegratesDriftTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static RandomWalkOscillatorTestSuite g_randomWalkOscillatorTestSuite;
