/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// DriftingClock against analytic truth: constant drift, resolution, jitter with
// monotonic reads, and events scheduled in local time across steps, slews and
// frequency changes.
#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/random-walk-oscillator.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
// Boost.Rational's normalize() trips GCC's -Wmaybe-uninitialized (a false positive in the
// library's own code at -O2); the reference arithmetic is Boost's, not ours.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/multiprecision/cpp_int.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <cmath>
#include <random>
#include <vector>

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

using Rational = boost::multiprecision::cpp_rational; //!< exact reference arithmetic
using BigInt = boost::multiprecision::cpp_int;        //!< exact integers

/**
 * \param v a fixed-point value
 * \return its exact value
 */
Rational
Exact(ClockValue v)
{
    return Rational(BigInt(v.GetRaw()), BigInt(1) << 64);
}

/**
 * \param x a finite double
 * \return its exact value
 */
Rational
Exact(double x)
{
    if (x == 0)
    {
        return Rational(0);
    }
    int e = 0;
    double f = std::frexp(x, &e);
    BigInt m(static_cast<int64_t>(std::ldexp(f, 53)));
    e -= 53;
    return e >= 0 ? Rational(m << e) : Rational(m, BigInt(1) << -e);
}

/**
 * The documented adjustment semantics (steps; adjtime slews replacing the remainder of a
 * slew; a step ending a slew), in exact rationals: an independent model of A(t).
 */
class ReferenceAdjustment
{
  public:
    /**
     * \param at true time step
     * \param delta the step
     */
    void Step(int64_t at, int64_t delta)
    {
        Truncate(at);
        Rational v = At(at) + delta;
        m_segments.push_back({at, v, m_slewEnd > at ? Rational(0) : m_segments.back().slope});
        m_slewEnd = std::min(m_slewEnd, at);
    }

    /**
     * \param at true time step
     * \param delta the correction
     * \param ppm the slew rate
     */
    void Slew(int64_t at, int64_t delta, double ppm)
    {
        Truncate(at);
        Rational v = At(at);
        // duration = ceil(|delta| * 1e6 / ppm); slope = the double nearest delta / duration.
        Rational exact = Rational(delta < 0 ? -delta : delta) * 1000000 / Exact(ppm);
        BigInt q;
        BigInt r;
        boost::multiprecision::divide_qr(numerator(exact), denominator(exact), q, r);
        auto duration = static_cast<int64_t>(r > 0 ? BigInt(q + 1) : q);
        if (duration == 0)
        {
            m_segments.push_back({at, v, Rational(0)});
            m_slewEnd = at;
            return;
        }
        // A slope below 2^-12 is used rounded to a multiple of 2^-64 (the precision statement,
        // checked against the double in the timeline suite): take it as used.
        Rational slope = Exact(
            ClockValue::FromDouble(static_cast<double>(delta) / static_cast<double>(duration)));
        m_segments.push_back({at, v, slope});
        m_segments.push_back({at + duration, v + slope * duration, Rational(0)});
        m_slewEnd = at + duration;
    }

    /**
     * \param t true time step
     * \return A(t) under the plan made so far
     */
    Rational At(int64_t t) const
    {
        auto it = std::upper_bound(m_segments.begin(),
                                   m_segments.end(),
                                   t,
                                   [](int64_t v, const Segment& s) { return v < s.start; });
        const Segment& s = *(it - 1);
        return s.value + s.slope * Rational(t - s.start);
    }

  private:
    /** A linear piece. */
    struct Segment
    {
        int64_t start;  //!< true time step
        Rational value; //!< A(start)
        Rational slope; //!< dA/dt
    };

    /**
     * Drop the plan after \p at (it is being replaced).
     * \param at true time step
     */
    void Truncate(int64_t at)
    {
        Rational v = At(at);
        Rational slope =
            (std::upper_bound(m_segments.begin(),
                              m_segments.end(),
                              at,
                              [](int64_t x, const Segment& s) { return x < s.start; }) -
             1)
                ->slope;
        while (!m_segments.empty() && m_segments.back().start >= at)
        {
            m_segments.pop_back();
        }
        m_segments.push_back({at, v, slope});
    }

    std::vector<Segment> m_segments{{0, Rational(0), Rational(0)}}; //!< the plan
    int64_t m_slewEnd{0};                                           //!< end of the slew
};

/**
 * The cached piece of L behind every read against an exact reference, whatever the order of
 * the queries (past, present, far future), across steps, slews, drift changes and random-walk
 * plans, over long uptimes and with walks that leave the +-50% range of the fast path.
 */
class CachedPieceTestCase : public TestCase
{
  public:
    CachedPieceTestCase()
        : TestCase("reads and exact values equal offset + phase + an exact model of the "
                   "adjustments in any query order (120 random executions up to 60 days)")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(4242);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        int checks = 0;
        int wildWalks = 0;
        for (int run = 0; run < 120; ++run)
        {
            Ptr<Oscillator> oscillator;
            Ptr<ConstantDriftOscillator> constant;
            bool wild = run % 6 == 5; // an unbounded walk with a huge spread: rates far from 1
            double horizonSeconds = wild ? 2e4 : std::exp(unit(rng) * std::log(5.2e6));
            if (run % 3 == 0)
            {
                constant = CreateObjectWithAttributes<ConstantDriftOscillator>(
                    "Drift",
                    DoubleValue((unit(rng) * 2 - 1) * 1e5));
                oscillator = constant;
            }
            else
            {
                double interval = wild ? 1.0 : std::max(1e-3, horizonSeconds / 2000);
                oscillator = CreateObjectWithAttributes<RandomWalkOscillator>(
                    "UpdateInterval",
                    TimeValue(Seconds(interval)),
                    "Spread",
                    DoubleValue(wild ? 1e4 : 10.0),
                    "MaxAbsDrift",
                    DoubleValue(wild ? 0.0 : 1e5),
                    "InitialDrift",
                    DoubleValue((unit(rng) * 2 - 1) * 500));
                oscillator->AssignStreams(run);
            }
            double ppm = std::exp(unit(rng) * std::log(1e5));
            Time offset = NanoSeconds(static_cast<int64_t>((unit(rng) * 2 - 1) * 1e15));
            auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                                   PointerValue(oscillator),
                                                                   "InitialOffset",
                                                                   TimeValue(offset),
                                                                   "MaxSlewRate",
                                                                   DoubleValue(ppm));
            auto reference = std::make_shared<ReferenceAdjustment>();
            auto exactAt = [clock, oscillator, offset, reference](int64_t t) {
                return Rational(offset.GetTimeStep()) + Exact(oscillator->GetPhase(Time::From(t))) +
                       reference->At(t);
            };
            int events = 10 + static_cast<int>(unit(rng) * 30);
            for (int e = 0; e < events; ++e)
            {
                auto at = static_cast<int64_t>(unit(rng) * horizonSeconds * 1e9);
                double kind = unit(rng);
                auto delta = static_cast<int64_t>((unit(rng) * 2 - 1) * 2e6);
                double newPpm = (unit(rng) * 2 - 1) * 1e5;
                std::vector<int64_t> probes;
                for (int q = 0; q < 4; ++q)
                {
                    probes.push_back(static_cast<int64_t>(unit(rng) * horizonSeconds * 2e9));
                }
                Simulator::Schedule(
                    Time::From(at),
                    [this,
                     clock,
                     constant,
                     reference,
                     exactAt,
                     kind,
                     delta,
                     ppm,
                     newPpm,
                     probes,
                     &checks]() {
                        int64_t now = Simulator::Now().GetTimeStep();
                        if (kind < 0.25)
                        {
                            clock->Step(Time::From(delta));
                            reference->Step(now, delta);
                        }
                        else if (kind < 0.6)
                        {
                            clock->Slew(Time::From(delta));
                            reference->Slew(now, delta, ppm);
                        }
                        else if (kind < 0.75 && constant)
                        {
                            constant->SetDrift(newPpm);
                        }
                        // A read, then exact values in scrambled order: past, future, now.
                        Time read = clock->GetLocalTime();
                        BigInt expected;
                        Rational l = exactAt(now);
                        BigInt rem;
                        boost::multiprecision::divide_qr(numerator(l),
                                                         denominator(l),
                                                         expected,
                                                         rem);
                        if (rem < 0)
                        {
                            --expected;
                        }
                        NS_TEST_EXPECT_MSG_EQ(BigInt(read.GetTimeStep()),
                                              expected,
                                              "read at " << now);
                        for (int64_t t : probes)
                        {
                            NS_TEST_EXPECT_MSG_EQ(
                                (Exact(clock->GetExactValue(Time::From(t))) == exactAt(t)),
                                true,
                                "exact value at " << t << " asked at " << now);
                            ++checks;
                        }
                        NS_TEST_EXPECT_MSG_EQ((Exact(clock->GetExactValue(Simulator::Now())) == l),
                                              true,
                                              "exact value now after the probes");
                        ++checks;
                    });
            }
            Simulator::Run();
            Simulator::Destroy();
            if (wild)
            {
                // The walk left the fast path's range (|rate - 1| < 1/2) at some point.
                double far = 0;
                for (int s = 0; s < 20000; s += 100)
                {
                    far = std::max(far, std::abs(oscillator->GetDriftAt(Seconds(s))));
                }
                wildWalks += far > 0.5 ? 1 : 0;
            }
        }
        NS_TEST_ASSERT_MSG_GT(checks, 10000, "exact values checked");
        NS_TEST_ASSERT_MSG_GT(wildWalks, 5, "walks beyond the fast path's range were exercised");
    }
};

/**
 * \param clock a clock
 * \param a true time
 * \param b a later true time
 * \return (L(b) - L(a)) / (b - a), from the exact values (long double)
 */
long double
RateBetween(Ptr<DriftingClock> clock, Time a, Time b)
{
    ClockValue d = clock->GetExactValue(b) - clock->GetExactValue(a);
    long double value = std::ldexp(static_cast<long double>(d.GetRaw()), -64);
    return value / static_cast<long double>((b - a).GetTimeStep());
}

/** AdjustFrequency: the rate over true time is (1 + rho)(1 + x), multiplicative, to 1e-12. */
class FrequencyAdjustmentRateTestCase : public TestCase
{
  public:
    FrequencyAdjustmentRateTestCase()
        : TestCase("AdjustFrequency(x): rate (1 + rho)(1 + x) to 1e-12 over constant and "
                   "random-walk drift; continuous; clamped; traced")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(30);
        std::uniform_real_distribution<double> ppm(-200.0, 200.0);
        std::uniform_real_distribution<double> ppb(-400000.0, 400000.0);
        // Constant drift: one adjustment, then another, each measured over 100 s.
        for (int c = 0; c < 40; ++c)
        {
            double rho = ppm(rng) * 1e-6;
            Ptr<DriftingClock> clock = MakeClock(MilliSeconds(c - 20), rho * 1e6, NanoSeconds(1));
            double x1 = ppb(rng);
            double x2 = ppb(rng);
            long double rate1 = 0;
            long double rate2 = 0;
            long double rateBefore = 0;
            ClockValue jump;
            Simulator::Schedule(Seconds(1), [&]() {
                ClockValue before = clock->GetExactValue(Simulator::Now());
                clock->AdjustFrequency(x1);
                jump = clock->GetExactValue(Simulator::Now()) - before;
                rateBefore = RateBetween(clock, Time(0), Seconds(1));
            });
            Simulator::Schedule(Seconds(102), [&]() {
                rate1 = RateBetween(clock, Seconds(1), Seconds(101) + NanoSeconds(c));
                clock->AdjustFrequency(x2);
            });
            Simulator::Schedule(Seconds(203),
                                [&]() { rate2 = RateBetween(clock, Seconds(102), Seconds(202)); });
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(rateBefore), 1 + rho, 1e-15, "before");
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(rate1 - (1 + rho) * (1 + x1 * 1e-9)),
                                      0.0,
                                      1e-12,
                                      "rate after AdjustFrequency(" << x1 << ")");
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(rate2 - (1 + rho) * (1 + x2 * 1e-9)),
                                      0.0,
                                      1e-12,
                                      "the second adjustment replaces the first");
            NS_TEST_EXPECT_MSG_EQ(jump, ClockValue(), "no jump at the adjustment");
        }
        // Random-walk drift: within the adjustment, every increment of L is (1 + x) times the
        // oscillator's phase increment (the rate follows the drift as it wanders).
        {
            auto oscillator =
                CreateObjectWithAttributes<RandomWalkOscillator>("Spread",
                                                                 DoubleValue(5.0),
                                                                 "UpdateInterval",
                                                                 TimeValue(MilliSeconds(7)));
            oscillator->AssignStreams(11);
            auto clock =
                CreateObjectWithAttributes<DriftingClock>("Oscillator", PointerValue(oscillator));
            const double x = -123456.0;
            int checked = 0;
            Simulator::Schedule(MilliSeconds(3), [&]() { clock->AdjustFrequency(x); });
            for (int k = 1; k <= 400; ++k)
            {
                Simulator::Schedule(MilliSeconds(3) + MicroSeconds(2500 * k), [&, k]() {
                    Time b = Simulator::Now();
                    Time a = b - MicroSeconds(2500);
                    ClockValue dl = clock->GetExactValue(b) - clock->GetExactValue(a);
                    ClockValue dp = oscillator->GetPhase(b) - oscillator->GetPhase(a);
                    long double ratio = static_cast<long double>(dl.GetRaw()) /
                                        static_cast<long double>(dp.GetRaw());
                    NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(ratio - (1 + x * 1e-9)),
                                              0.0,
                                              1e-12,
                                              "increment " << k);
                    long double rate = RateBetween(clock, b, b + MicroSeconds(1));
                    long double expected =
                        (1 + oscillator->GetDriftAt(b)) * (1 + static_cast<long double>(x) * 1e-9);
                    NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(rate - expected),
                                              0.0,
                                              1e-12,
                                              "local rate " << k);
                    NS_TEST_EXPECT_MSG_EQ_TOL(clock->GetRateAt(b),
                                              static_cast<double>(expected),
                                              1e-12,
                                              "GetRateAt " << k);
                    ++checked;
                });
            }
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(checked, 400, "every increment checked");
        }
        // Clamped to MaxFrequencyAdjustment, and traced with the value applied.
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 0.0, NanoSeconds(1));
            clock->SetAttribute("MaxFrequencyAdjustment", DoubleValue(1000.0));
            std::vector<std::pair<Time, double>> traced;
            clock->TraceConnectWithoutContext(
                "FrequencyAdjustment",
                MakeCallback(+[](std::vector<std::pair<Time, double>>* v, Time t, double ppb) {
                    v->emplace_back(t, ppb);
                }).Bind(&traced));
            Simulator::Schedule(Seconds(1), [&]() {
                NS_TEST_EXPECT_MSG_EQ(clock->AdjustFrequency(5000.0), 1000.0, "clamped above");
                NS_TEST_EXPECT_MSG_EQ(clock->AdjustFrequency(-5000.0), -1000.0, "clamped below");
            });
            Simulator::Schedule(Seconds(2), [&]() { clock->AdjustFrequency(250.0); });
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(traced.size(), 3u, "three adjustments traced");
            NS_TEST_EXPECT_MSG_EQ(traced[1].second, -1000.0, "the value applied is traced");
            NS_TEST_EXPECT_MSG_EQ(traced[2].first, Seconds(2), "at its true time");
            NS_TEST_EXPECT_MSG_EQ(clock->GetFrequencyAdjustment(), 250.0, "held");
            // At 1 s the second adjustment replaced the first (same instant): -1 ppm over
            // [1 s, 2 s], then 0.25 ppm.
            NS_TEST_EXPECT_MSG_EQ(clock->GetExactValue(Seconds(2)).Round(),
                                  2'000'000'000 - 1000,
                                  "-1 ppm for one second");
        }
    }
};

/** Local-time events with frequency adjustments: exact timelines and random executions. */
class FrequencyAdjustmentEventsTestCase : public TestCase
{
  public:
    FrequencyAdjustmentEventsTestCase()
        : TestCase("local-time events fire at the first true time step at which the clock "
                   "reaches them, across frequency adjustments, steps, slews and drift changes")
    {
    }

  private:
    void DoRun() override
    {
        // Exact: x = 2^-7 (7812500 ppb, a binary fraction) from true 1 s on an ideal
        // oscillator: local 1 s + 10 s x 1.0078125 is reached at true 11 s exactly.
        {
            Ptr<DriftingClock> clock = MakeClock(Time(0), 0.0, NanoSeconds(1));
            clock->SetAttribute("MaxFrequencyAdjustment", DoubleValue(1e8));
            Time firedAt(-1);
            clock->ScheduleAtLocal(NanoSeconds(11'078'125'000),
                                   [&firedAt]() { firedAt = Simulator::Now(); });
            Simulator::Schedule(Seconds(1), [clock]() { clock->AdjustFrequency(7812500.0); });
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(firedAt, Seconds(11), "re-planned after AdjustFrequency");
        }
        // Random executions: each event fires at the earliest true time step at which the exact
        // clock has reached its target (or at once after a forward step over it).
        std::mt19937_64 rng(31);
        std::uniform_real_distribution<double> ppm(-200.0, 200.0);
        std::uniform_real_distribution<double> ppb(-500000.0, 500000.0);
        std::uniform_int_distribution<int64_t> ms(0, 10'000);
        std::uniform_int_distribution<int64_t> adjustUs(-20'000, 20'000);
        int fired = 0;
        int scheduled = 0;
        for (int run = 0; run < 100; ++run)
        {
            auto oscillator =
                CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(ppm(rng)));
            auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                                   PointerValue(oscillator),
                                                                   "MaxSlewRate",
                                                                   DoubleValue(5e3));
            for (int e = 0; e < 10; ++e)
            {
                Time target = MilliSeconds(ms(rng)) + NanoSeconds(ms(rng));
                ++scheduled;
                clock->ScheduleAtLocal(target, [this, clock, target, &fired]() {
                    ClockValue goal = ClockValue::FromSteps(target.GetTimeStep());
                    Time now = Simulator::Now();
                    NS_TEST_EXPECT_MSG_GT_OR_EQ(clock->GetExactValue(now),
                                                goal,
                                                "reached when fired");
                    if (now.IsStrictlyPositive())
                    {
                        ClockValue before = clock->GetExactValue(now - NanoSeconds(1));
                        NS_TEST_EXPECT_MSG_LT(before, goal, "not reached one step earlier");
                    }
                    ++fired;
                });
            }
            for (int a = 0; a < 8; ++a)
            {
                Time when = MilliSeconds(ms(rng));
                Time delta = MicroSeconds(adjustUs(rng));
                switch (a % 4)
                {
                case 0:
                    Simulator::Schedule(when, &DriftingClock::Step, clock, delta);
                    break;
                case 1:
                    Simulator::Schedule(when, [clock, delta]() { clock->Slew(delta); });
                    break;
                case 2: {
                    double newPpm = ppm(rng);
                    Simulator::Schedule(when,
                                        [oscillator, newPpm]() { oscillator->SetDrift(newPpm); });
                    break;
                }
                default: {
                    double x = ppb(rng);
                    Simulator::Schedule(when, [clock, x]() { clock->AdjustFrequency(x); });
                }
                }
            }
        }
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(fired, scheduled, "every event fired exactly once");
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
        AddTestCase(new CachedPieceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FrequencyAdjustmentRateTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FrequencyAdjustmentEventsTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static DriftingClockTestSuite g_driftingClockTestSuite;
