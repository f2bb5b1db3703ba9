/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// SimulatedTsc: tick rates match frequency and drift, the counter is invariant
// (never decreases, wraps modulo 2^64), read cost and nominal conversions.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/double.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/random-walk-oscillator.h"
#include "ns3/simulated-tsc.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <random>

using namespace ns3;

namespace
{

/**
 * \param hz nominal frequency
 * \param ppm constant drift
 * \param boot boot value
 * \return a TSC
 */
Ptr<SimulatedTsc>
MakeTsc(double hz, double ppm, uint64_t boot)
{
    auto oscillator =
        CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(ppm));
    return CreateObjectWithAttributes<SimulatedTsc>("NominalFrequency",
                                                    DoubleValue(hz),
                                                    "Oscillator",
                                                    PointerValue(oscillator),
                                                    "BootValue",
                                                    UintegerValue(boot));
}

/** Ticks over an interval = f (1 + rho) dt, within one tick, for random TSCs. */
class TickRateTestCase : public TestCase
{
  public:
    TickRateTestCase()
        : TestCase("tick rate matches nominal frequency and drift (200 random TSCs)")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(31);
        std::uniform_real_distribution<double> hz(1e9, 4e9);
        std::uniform_real_distribution<double> ppm(-100, 100);
        std::uniform_int_distribution<uint64_t> boot(0, uint64_t(1) << 50);
        std::uniform_int_distribution<int64_t> ns(0, 50'000'000'000);
        for (int i = 0; i < 200; ++i)
        {
            double f = hz(rng);
            double rho = ppm(rng) * 1e-6;
            uint64_t b = boot(rng);
            auto tsc = MakeTsc(f, rho * 1e6, b);
            NS_TEST_ASSERT_MSG_EQ(tsc->GetTicksAt(Time(0)), b, "boot value at true time 0");
            int64_t t0 = ns(rng);
            int64_t t1 = t0 + ns(rng);
            uint64_t ticks = tsc->GetTicksAt(NanoSeconds(t1)) - tsc->GetTicksAt(NanoSeconds(t0));
            long double expected = static_cast<long double>(f) * (1.0L + rho) * (t1 - t0) / 1e9L;
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<long double>(ticks), expected, 1.0L, "ticks");
            NS_TEST_ASSERT_MSG_EQ_TOL(tsc->GetActualFrequencyAt(NanoSeconds(t0)),
                                      f * (1 + rho),
                                      1e-3,
                                      "actual frequency");
        }
    }
};

/** A random-walk TSC counts at its instantaneous frequency and never goes backwards. */
class RandomWalkTscTestCase : public TestCase
{
  public:
    RandomWalkTscTestCase()
        : TestCase("random-walk TSC: invariant counter following its drift")
    {
    }

  private:
    void DoRun() override
    {
        auto walk = CreateObjectWithAttributes<RandomWalkOscillator>("Spread",
                                                                     DoubleValue(5.0),
                                                                     "UpdateInterval",
                                                                     TimeValue(MilliSeconds(10)));
        walk->AssignStreams(3);
        auto tsc = CreateObjectWithAttributes<SimulatedTsc>("Oscillator", PointerValue(walk));
        uint64_t previous = tsc->GetTicksAt(Time(0));
        for (int k = 1; k <= 10000; ++k)
        {
            Time t = MicroSeconds(997 * k);
            uint64_t now = tsc->GetTicksAt(t);
            NS_TEST_ASSERT_MSG_GT(now, previous, "strictly increasing");
            previous = now;
        }
        // Within one update interval the rate is constant: check it over 1 ms.
        Time a = MilliSeconds(5001);
        uint64_t ticks = tsc->GetTicksAt(a + MilliSeconds(1)) - tsc->GetTicksAt(a);
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(ticks),
                                  tsc->GetActualFrequencyAt(a) * 1e-3,
                                  1.0,
                                  "instantaneous rate");
    }
};

/** Read cost, wrap-around and nominal conversions. */
class ReadAndConversionTestCase : public TestCase
{
  public:
    ReadAndConversionTestCase()
        : TestCase("read cost, 64-bit wrap-around, nominal tick and duration conversion")
    {
    }

  private:
    void DoRun() override
    {
        auto tsc = MakeTsc(2.2e9, 0.0, 1000);
        tsc->SetAttribute("ReadCost", TimeValue(NanoSeconds(25)));
        uint64_t read = 0;
        Time latched(0);
        tsc->TraceConnectWithoutContext("TscRead", MakeCallback(+[](Time* l, Time at, uint64_t) {
                                                       *l = at;
                                                   }).Bind(&latched));
        Simulator::Schedule(Seconds(1), [&]() { read = tsc->Read(); });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(read, tsc->GetTicksAt(Seconds(1) + NanoSeconds(25)), "read cost");
        NS_TEST_ASSERT_MSG_EQ(latched, Seconds(1) + NanoSeconds(25), "trace reports latch time");

        auto wrapping = MakeTsc(2.2e9, 0.0, UINT64_MAX - 999);
        NS_TEST_ASSERT_MSG_EQ(wrapping->GetTicksAt(MicroSeconds(1)), 1200ULL, "wraps modulo 2^64");
        NS_TEST_ASSERT_MSG_EQ(wrapping->GetTicksAt(MicroSeconds(1)) - wrapping->GetTicksAt(Time(0)),
                              2200ULL,
                              "differences survive the wrap");

        NS_TEST_ASSERT_MSG_EQ(tsc->TicksToDuration(2200), MicroSeconds(1), "ticks to duration");
        NS_TEST_ASSERT_MSG_EQ(tsc->DurationToTicks(MilliSeconds(3)), 6'600'000ULL, "duration");
        // A drifting TSC measures durations with relative error = drift.
        auto fast = MakeTsc(2.2e9, 50.0, 0);
        Time measured = fast->TicksToDuration(fast->GetTicksAt(Seconds(10)));
        NS_TEST_ASSERT_MSG_EQ_TOL(measured.GetNanoSeconds(), 10'000'500'000, 1, "drift error");
    }
};

} // namespace

/** \ingroup chronometry-tests SimulatedTsc. */
class SimulatedTscTestSuite : public TestSuite
{
  public:
    SimulatedTscTestSuite()
        : TestSuite("chronometry-simulated-tsc", Type::UNIT)
    {
        AddTestCase(new TickRateTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RandomWalkTscTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReadAndConversionTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static SimulatedTscTestSuite g_simulatedTscTestSuite;
