/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Unit tests of the simulator-free clock core: ClockTimeline and drift-math.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/clock-timeline.h"
#include "ns3/drift-math.h"
#include "ns3/test.h"

#include <cmath>
#include <random>

using namespace ns3;

namespace
{

/** Exact values of a hand-built plan with slope changes and a jump. */
class TimelineExactValuesTestCase : public TestCase
{
  public:
    TimelineExactValuesTestCase()
        : TestCase("piecewise-linear values, slope changes and jumps are exact")
    {
    }

  private:
    void DoRun() override
    {
        ClockTimeline identity;
        NS_TEST_ASSERT_MSG_EQ(identity.ValueAt(Seconds(3)),
                              ClockValue::FromSteps(Seconds(3).GetTimeStep()),
                              "identity timeline");

        // +50 ppm for 10 s, then -20 ppm: value(20 s) = 10 s * 1.00005 + 10 s * 0.99998,
        // exactly in the doubles' binary values.
        ClockTimeline t(Time(0), ClockValue(), 1.0 + 50e-6);
        t.SetSlope(Seconds(10), 1.0 - 20e-6);
        ClockValue first = ClockValue::FromDouble(1.0 + 50e-6).MulSteps(10'000'000'000);
        ClockValue expected = first + ClockValue::FromDouble(1.0 - 20e-6).MulSteps(10'000'000'000);
        NS_TEST_ASSERT_MSG_EQ(t.ValueAt(Seconds(20)), expected, "two slopes");
        NS_TEST_ASSERT_MSG_EQ_TOL(expected.GetDouble(), 2e10 + 3e5, 1e-3, "in decimal");
        NS_TEST_ASSERT_MSG_EQ(t.SlopeAt(Seconds(15)), 1.0 - 20e-6, "slope lookup");
        NS_TEST_ASSERT_MSG_EQ(t.SlopeAt(Seconds(5)), 1.0 + 50e-6, "past slope");

        // A jump of -1 ms at 20 s, then continuity.
        const ClockValue ms = ClockValue::FromSteps(1'000'000);
        t.Jump(Seconds(20), -ms);
        NS_TEST_ASSERT_MSG_EQ(t.ValueAt(Seconds(20)), expected - ms, "jump");
        NS_TEST_ASSERT_MSG_EQ(t.ValueAt(Seconds(21)),
                              expected - ms +
                                  ClockValue::FromDouble(1.0 - 20e-6).MulSteps(1'000'000'000),
                              "slope kept after jump");
        // Values before the jump are unchanged (history is kept).
        NS_TEST_ASSERT_MSG_EQ(t.ValueAt(Seconds(10)), first, "past");

        // A new plan replaces segments that start later.
        t.SetSlope(Seconds(30), 2.0);
        t.SetSlope(Seconds(25), 1.0);
        NS_TEST_ASSERT_MSG_EQ(t.GetLastSegmentStart(), Seconds(25), "later plan discarded");
        NS_TEST_ASSERT_MSG_EQ(t.SlopeAt(Seconds(40)), 1.0, "replaced slope");
    }
};

/** EarliestReaching returns the first time step at which the value reaches the target. */
class TimelineInverseTestCase : public TestCase
{
  public:
    TimelineInverseTestCase()
        : TestCase("EarliestReaching is the exact first time step (1000 random plans)")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(12345);
        std::uniform_real_distribution<double> slope(0.5, 1.5);
        std::uniform_int_distribution<int64_t> gap(1, 5'000'000'000);
        for (int plan = 0; plan < 1000; ++plan)
        {
            ClockTimeline t(Time(0), ClockValue::FromSteps(gap(rng) % 1000), slope(rng));
            int64_t at = 0;
            for (int k = 0; k < 8; ++k)
            {
                at += gap(rng);
                if (k % 3 == 2)
                {
                    t.Jump(Time::From(at), ClockValue::FromSteps(gap(rng) % 1'000'000));
                }
                t.SetSlope(Time::From(at), slope(rng));
            }
            for (int q = 0; q < 20; ++q)
            {
                Time from = Time::From(gap(rng) * 4);
                ClockValue target = t.ValueAt(from) + ClockValue::FromSteps(gap(rng) * 3);
                Time hit = t.EarliestReaching(from, target);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(t.ValueAt(hit), target, "value reached at the hit");
                if (hit > from)
                {
                    NS_TEST_ASSERT_MSG_LT(t.ValueAt(hit - Time::From(1)),
                                          target,
                                          "not reached one step earlier");
                }
            }
        }
    }
};

/** The random-walk update, quantization and bounded-skew draws. */
class DriftMathTestCase : public TestCase
{
  public:
    DriftMathTestCase()
        : TestCase("drift math: random-walk step, reflection, quantization, bounded draws, TSC")
    {
    }

  private:
    void DoRun() override
    {
        using namespace clockmath;
        // Unbounded step is exactly rho + spread * sqrt(interval) * z.
        NS_TEST_ASSERT_MSG_EQ_TOL(NextRandomWalkDrift(1e-6, 2e-6, 0.25, 1.5, 0.0),
                                  1e-6 + 2e-6 * 0.5 * 1.5,
                                  1e-18,
                                  "unbounded step");
        // Reflection: 4 ppm + 3 ppm with bound 5 ppm lands at 3 ppm; never outside the bound.
        NS_TEST_ASSERT_MSG_EQ_TOL(NextRandomWalkDrift(4e-6, 3e-6, 1.0, 1.0, 5e-6),
                                  3e-6,
                                  1e-15,
                                  "reflected");
        std::mt19937_64 rng(7);
        std::normal_distribution<double> z(0.0, 10.0);
        double rho = 0;
        for (int i = 0; i < 100000; ++i)
        {
            rho = NextRandomWalkDrift(rho, 1e-6, 1.0, z(rng), 5e-6);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(rho), 5e-6 + 1e-15, "walk stays in bound");
        }

        NS_TEST_ASSERT_MSG_EQ(Quantize(ClockValue::FromDouble(1999.9), 1000),
                              1000,
                              "floor quantization");
        NS_TEST_ASSERT_MSG_EQ(Quantize(ClockValue::FromDouble(-0.5), 1000),
                              -1000,
                              "floor below zero");
        NS_TEST_ASSERT_MSG_EQ(Quantize(ClockValue::FromSteps(-1000), 1000), -1000, "exact tick");

        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::uniform_int_distribution<int64_t> t(0, 1'000'000'000);
        for (int i = 0; i < 100000; ++i)
        {
            int64_t now = t(rng);
            int64_t prev = now + (t(rng) % 2000) - 1500; // sometimes ahead, sometimes behind
            int64_t r = DrawBoundedSkewReading(prev, now, 1000, u(rng), BoundedSkewForm::BOUNDED);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(r, std::max(prev, now), "lower bound");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r, now + 1000, "upper bound");
        }
        // u close to 1 reaches the top of the interval, u = 0 the bottom.
        NS_TEST_ASSERT_MSG_EQ(DrawBoundedSkewReading(0, 100, 10, 0.0, BoundedSkewForm::BOUNDED),
                              100,
                              "bottom");
        NS_TEST_ASSERT_MSG_EQ(
            DrawBoundedSkewReading(0, 100, 10, 0.999999, BoundedSkewForm::BOUNDED),
            110,
            "top");
        // The thesis form has no lower bound: with a stale previous reading it can read 0.
        NS_TEST_ASSERT_MSG_EQ(DrawBoundedSkewReading(0, 100, 10, 0.0, BoundedSkewForm::THESIS),
                              0,
                              "thesis form falls behind true time");

        // TSC: one second at 2.2 GHz, wrap-around modulo 2^64, nominal conversions.
        NS_TEST_ASSERT_MSG_EQ(TscValue(ClockValue::FromSteps(Seconds(1).GetTimeStep()), 2.2e9, 5),
                              2'200'000'005ULL,
                              "one second");
        NS_TEST_ASSERT_MSG_EQ(
            TscValue(ClockValue::FromSteps(MicroSeconds(1).GetTimeStep()), 2.2e9, UINT64_MAX - 999),
            1200ULL,
            "wraps");
        NS_TEST_ASSERT_MSG_EQ(TicksToDuration(2'200'000'000ULL, 2.2e9), Seconds(1), "ticks->time");
        NS_TEST_ASSERT_MSG_EQ(DurationToTicks(MicroSeconds(1), 2.2e9), 2200ULL, "time->ticks");
    }
};

} // namespace

/** \ingroup chronometry-tests Simulator-free clock core. */
class ClockTimelineTestSuite : public TestSuite
{
  public:
    ClockTimelineTestSuite()
        : TestSuite("chronometry-clock-timeline", Type::UNIT)
    {
        AddTestCase(new TimelineExactValuesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TimelineInverseTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DriftMathTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ClockTimelineTestSuite g_clockTimelineTestSuite;
