/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// DriftingClock against analytic truth: constant drift, resolution, jitter with
// monotonic reads, and events scheduled in local time across steps, slews and
// frequency changes.
#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/object-factory.h"
#include "ns3/oscillator.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cmath>
#include <random>

using namespace ns3;

namespace
{

/**
 * Build a DriftingClock with a constant drift.
 * \param offset initial offset
 * \param ppm drift
 * \param resolution read quantum
 * \return the clock
 */
Ptr<DriftingClock>
MakeClock(Time offset, double ppm, Time resolution)
{
    auto oscillator =
        CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(ppm));
    return CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                     PointerValue(oscillator),
                                                     "InitialOffset",
                                                     TimeValue(offset),
                                                     "Resolution",
                                                     TimeValue(resolution));
}

/** local = offset + (1 + rho) t within one resolution step, over many random clocks. */
class ConstantDriftTestCase : public TestCase
{
  public:
    ConstantDriftTestCase()
        : TestCase("constant drift: reads equal offset + (1+rho) t within one resolution step")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(2024);
        std::uniform_real_distribution<double> ppm(-100.0, 100.0);
        std::uniform_int_distribution<int64_t> offsetNs(-5'000'000, 5'000'000);
        std::uniform_int_distribution<int64_t> whenNs(0, 100'000'000'000);
        const Time resolutions[] = {NanoSeconds(1), MicroSeconds(1), MicroSeconds(10)};
        int checked = 0;
        for (int c = 0; c < 60; ++c)
        {
            double rho = ppm(rng) * 1e-6;
            Time offset = NanoSeconds(offsetNs(rng));
            Time resolution = resolutions[c % 3];
            Ptr<DriftingClock> clock = MakeClock(offset, rho * 1e6, resolution);
            for (int r = 0; r < 50; ++r)
            {
                Time at = NanoSeconds(whenNs(rng));
                Simulator::Schedule(at, [this, clock, offset, rho, resolution, &checked]() {
                    long double t = Simulator::Now().GetNanoSeconds();
                    long double exact = offset.GetNanoSeconds() + (1.0L + rho) * t;
                    long double read = clock->GetLocalTime().GetNanoSeconds();
                    NS_TEST_EXPECT_MSG_LT_OR_EQ(read, exact, "read is at most the exact value");
                    NS_TEST_EXPECT_MSG_GT(read,
                                          exact - resolution.GetNanoSeconds(),
                                          "read within one resolution step");
                    bool multiple =
                        std::fmod(static_cast<double>(read), resolution.GetNanoSeconds()) == 0.0;
                    NS_TEST_EXPECT_MSG_EQ(multiple, true, "read is a multiple of the resolution");
                    ++checked;
                });
            }
        }
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(checked, 60 * 50, "every scheduled read ran");
    }
};

/** Exact timelines for local-time scheduling, as INET's clock tests do. */
class LocalSchedulingTimelineTestCase : public TestCase
{
  public:
    LocalSchedulingTimelineTestCase()
        : TestCase("local-time events: exact timelines with drift, step, slew and drift change")
    {
    }

  private:
    void DoRun() override
    {
        // 1. Drift +100 ppm: local 10 s is reached at true ceil(10 s / 1.0001).
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 100.0, NanoSeconds(1));
            Time firedAt(-1);
            clock->ScheduleAtLocal(Seconds(10), [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Run();
            Simulator::Destroy();
            auto expected = static_cast<int64_t>(std::ceil(1e10L / 1.0001L));
            NS_TEST_ASSERT_MSG_EQ(firedAt, NanoSeconds(expected), "drift timeline");
        }
        // 2. Step +2 s at true 1 s: an event for local 5 s runs at true 3 s.
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 0.0, NanoSeconds(1));
            Time firedAt(-1);
            clock->ScheduleAtLocal(Seconds(5), [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Schedule(Seconds(1), &DriftingClock::Step, clock, Seconds(2));
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(firedAt, Seconds(3), "forward step");
        }
        // 3. Step -2 s at true 1 s: the same event runs at true 7 s.
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 0.0, NanoSeconds(1));
            Time firedAt(-1);
            clock->ScheduleAtLocal(Seconds(5), [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Schedule(Seconds(1), &DriftingClock::Step, clock, Seconds(-2));
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(firedAt, Seconds(7), "backward step");
        }
        // 4. Slew +100 ms at 10% from true 1 s: L(t) = t + 0.1 (t - 1 s) until 2 s,
        //    so local 2 s is reached at true 1 + 1/1.1 s.
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 0.0, NanoSeconds(1));
            clock->SetAttribute("MaxSlewRate", DoubleValue(1e5));
            Time firedAt(-1);
            clock->ScheduleAtLocal(Seconds(2), [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Schedule(Seconds(1), [clock]() { clock->Slew(MilliSeconds(100)); });
            Simulator::Run();
            Simulator::Destroy();
            auto expected = static_cast<int64_t>(std::ceil(1e9L + 1e9L / 1.1L));
            NS_TEST_ASSERT_MSG_EQ_TOL(firedAt.GetNanoSeconds(), expected, 1, "slew timeline");
            NS_TEST_ASSERT_MSG_EQ(clock->GetSlewEnd(), Seconds(2), "slew of 100 ms lasts 1 s");
        }
        // 5. Drift changed from 0 to +1e4 ppm (1%) at true 1 s: local 11.1 s at true 11 s.
        {
            auto oscillator = CreateObject<ConstantDriftOscillator>();
            auto clock =
                CreateObjectWithAttributes<DriftingClock>("Oscillator", PointerValue(oscillator));
            Time firedAt(-1);
            clock->ScheduleAtLocal(MilliSeconds(11100),
                                   [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Schedule(Seconds(1), [oscillator]() { oscillator->SetDrift(1e4); });
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(firedAt, Seconds(11), "re-planned after a frequency change");
        }
        // 6. A cancelled event does not run; a target already passed runs at once.
        {
            Ptr<DriftingClock> clock = MakeClock(Seconds(5), 0.0, NanoSeconds(1));
            bool cancelledRan = false;
            Time pastRanAt(-1);
            auto id = clock->ScheduleAtLocal(Seconds(8), [&]() { cancelledRan = true; });
            clock->ScheduleAtLocal(Seconds(1), [&]() { pastRanAt = Simulator::Now(); });
            NS_TEST_ASSERT_MSG_EQ(clock->IsLocalEventPending(id), true, "pending");
            NS_TEST_ASSERT_MSG_EQ(clock->CancelLocalEvent(id), true, "cancelled");
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(cancelledRan, false, "cancelled event did not run");
            NS_TEST_ASSERT_MSG_EQ(pastRanAt, Time(0), "past target runs at once");
            NS_TEST_ASSERT_MSG_EQ(clock->GetPendingLocalEventCount(), 0, "nothing left");
        }
    }
};

/** Random executions: every event fires within one resolution step of its target. */
class LocalSchedulingPropertyTestCase : public TestCase
{
  public:
    LocalSchedulingPropertyTestCase()
        : TestCase("local-time events fire within one resolution step of their target after "
                   "random steps, slews and drift changes (200 executions)")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(99);
        std::uniform_real_distribution<double> ppm(-200.0, 200.0);
        std::uniform_int_distribution<int64_t> ms(0, 10'000);
        std::uniform_int_distribution<int64_t> adjustUs(-50'000, 50'000);
        int fired = 0;
        int scheduled = 0;
        for (int run = 0; run < 200; ++run)
        {
            auto oscillator =
                CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(ppm(rng)));
            Time resolution = MicroSeconds(1 + ms(rng) % 100);
            auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                                   PointerValue(oscillator),
                                                                   "Resolution",
                                                                   TimeValue(resolution),
                                                                   "MaxSlewRate",
                                                                   DoubleValue(5e4));
            for (int e = 0; e < 10; ++e)
            {
                Time target = MilliSeconds(ms(rng));
                ++scheduled;
                clock->ScheduleAtLocal(target, [this, clock, target, resolution, &fired]() {
                    Time read = clock->GetLocalTime();
                    NS_TEST_EXPECT_MSG_GT_OR_EQ(read,
                                                target - resolution,
                                                "fired no earlier than one resolution step");
                    bool jumpedOver = false;
                    if (Simulator::Now().IsStrictlyPositive())
                    {
                        // One time step earlier the exact clock had not reached the target.
                        ClockValue before = clock->GetExactValue(Simulator::Now() - NanoSeconds(1));
                        NS_TEST_EXPECT_MSG_LT(before,
                                              ClockValue::FromSteps(target.GetTimeStep()),
                                              "not reached one step earlier");
                        // A forward step over the target fires at once, later than the target.
                        jumpedOver = clock->GetExactValue(Simulator::Now()) - before >
                                     ClockValue::FromSteps(1000);
                    }
                    if (!jumpedOver)
                    {
                        NS_TEST_EXPECT_MSG_LT(read, target + resolution, "fired late");
                    }
                    ++fired;
                });
            }
            for (int a = 0; a < 6; ++a)
            {
                Time when = MilliSeconds(ms(rng));
                Time delta = MicroSeconds(adjustUs(rng));
                switch (a % 3)
                {
                case 0:
                    Simulator::Schedule(when, &DriftingClock::Step, clock, delta);
                    break;
                case 1:
                    Simulator::Schedule(when, [clock, delta]() { clock->Slew(delta); });
                    break;
                default:
                    double newPpm = ppm(rng);
                    Simulator::Schedule(when,
                                        [oscillator, newPpm]() { oscillator->SetDrift(newPpm); });
                }
            }
        }
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(fired, scheduled, "every event fired exactly once");
    }
};

/** Reads with jitter are monotonic when Monotonic is set, and only then. */
class MonotonicReadsTestCase : public TestCase
{
  public:
    MonotonicReadsTestCase()
        : TestCase("reads are monotonic with jitter and backward steps when Monotonic is true")
    {
    }

  private:
    uint64_t Decreases(bool monotonic)
    {
        auto clock = CreateObjectWithAttributes<DriftingClock>(
            "ReadJitter",
            StringValue("ns3::NormalRandomVariable[Mean=0|Variance=1e6]"), // sigma 1 us
            "Monotonic",
            BooleanValue(monotonic));
        clock->AssignStreams(5);
        uint64_t decreases = 0;
        uint64_t reads = 0;
        Time last(0);
        for (int i = 0; i < 100000; ++i)
        {
            Simulator::Schedule(NanoSeconds(100 * i), [&, clock]() {
                Time now = clock->GetLocalTime();
                if (reads > 0 && now < last)
                {
                    ++decreases;
                }
                last = now;
                ++reads;
            });
        }
        Simulator::Schedule(MicroSeconds(5000), &DriftingClock::Step, clock, MicroSeconds(-300));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(reads, 100000, "all reads ran");
        NS_TEST_EXPECT_MSG_EQ(clock->GetReadCount(), 100000, "read counter");
        return decreases;
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(Decreases(true), 0, "monotonic reads never decrease");
        NS_TEST_ASSERT_MSG_GT(Decreases(false), 1000, "raw jittered reads do decrease");
    }
};

/** The trace sources report reads and adjustments. */
class ClockTracesTestCase : public TestCase
{
  public:
    ClockTracesTestCase()
        : TestCase("LocalRead, Adjustment and LocalEventFired trace sources")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DriftingClock> clock = MakeClock(MilliSeconds(3), 0.0, NanoSeconds(1));
        int reads = 0;
        Time lastRead(0);
        std::vector<std::pair<Time, bool>> adjustments;
        int eventsFired = 0;
        clock->TraceConnectWithoutContext("LocalRead",
                                          MakeCallback(+[](int* n, Time* last, Time, Time local) {
                                              ++*n;
                                              *last = local;
                                          }).Bind(&reads, &lastRead));
        clock->TraceConnectWithoutContext(
            "Adjustment",
            MakeCallback(+[](std::vector<std::pair<Time, bool>>* v, Time, Time delta, bool slew) {
                v->emplace_back(delta, slew);
            }).Bind(&adjustments));
        clock->TraceConnectWithoutContext("LocalEventFired", MakeCallback(+[](int* n, Time, Time) {
                                                                 ++*n;
                                                             }).Bind(&eventsFired));
        Simulator::Schedule(Seconds(1), [clock]() { clock->GetLocalTime(); });
        Simulator::Schedule(Seconds(2), &DriftingClock::Step, clock, MilliSeconds(-1));
        Simulator::Schedule(Seconds(3), [clock]() { clock->Slew(MicroSeconds(10)); });
        clock->ScheduleAtLocal(Seconds(4), []() {});
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(reads, 1, "one read traced");
        NS_TEST_ASSERT_MSG_EQ(lastRead, MilliSeconds(1003), "read value traced");
        NS_TEST_ASSERT_MSG_EQ(adjustments.size(), 2, "two adjustments traced");
        NS_TEST_ASSERT_MSG_EQ(adjustments[0].first, MilliSeconds(-1), "step delta");
        NS_TEST_ASSERT_MSG_EQ(adjustments[0].second, false, "step flagged");
        NS_TEST_ASSERT_MSG_EQ(adjustments[1].second, true, "slew flagged");
        NS_TEST_ASSERT_MSG_EQ(eventsFired, 1, "local event traced");
    }
};

} // namespace

/** \ingroup chronometry-tests DriftingClock. */
class DriftingClockTestSuite : public TestSuite
{
  public:
    DriftingClockTestSuite()
        : TestSuite("chronometry-drifting-clock", Type::UNIT)
    {
        AddTestCase(new ConstantDriftTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LocalSchedulingTimelineTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LocalSchedulingPropertyTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MonotonicReadsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClockTracesTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static DriftingClockTestSuite g_driftingClockTestSuite;
