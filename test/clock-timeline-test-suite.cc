/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Unit tests of the simulator-free clock core: ClockValue, ClockTimeline and drift-math,
// checked against an independent exact reference (Boost.Multiprecision rationals computed
// from the binary values of the doubles).
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-timeline.h"
#include "ns3/clock-value.h"
#include "ns3/drift-math.h"
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
#include <limits>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

using Rational = boost::multiprecision::cpp_rational; //!< exact reference arithmetic
using BigInt = boost::multiprecision::cpp_int;        //!< exact integers

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
 * \param v a fixed-point value
 * \return its exact value
 */
Rational
Exact(ClockValue v)
{
    return Rational(BigInt(v.GetRaw()), BigInt(1) << 64);
}

/**
 * \param r a rational
 * \return floor(r)
 */
BigInt
Floor(const Rational& r)
{
    BigInt q;
    BigInt rem;
    boost::multiprecision::divide_qr(numerator(r), denominator(r), q, rem);
    if (rem < 0)
    {
        --q;
    }
    return q;
}

/**
 * \param r a rational
 * \return r rounded to the nearest integer, halves up
 */
BigInt
RoundHalfUp(const Rational& r)
{
    return Floor(r + Rational(1, 2));
}

/** Steps per second at the current Time resolution. */
int64_t
StepsPerSecond()
{
    return Seconds(1).GetTimeStep();
}

/** ClockValue: conversions, rounding and range. */
class ClockValueTestCase : public TestCase
{
  public:
    ClockValueTestCase()
        : TestCase("ClockValue: doubles convert exactly (or to the nearest 2^-64, ties to "
                   "even), floor, ceil, round and sums are exact, overflow is an error")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(2024);
        std::uniform_real_distribution<double> mantissa(0.5, 1.0);
        std::uniform_int_distribution<int> exponent(-90, 62);
        const Rational unit(1, BigInt(1) << 64);
        int exact = 0;
        int rounded = 0;
        for (int i = 0; i < 100000; ++i)
        {
            double x = std::ldexp(mantissa(rng), exponent(rng)) * (i % 2 ? -1 : 1);
            ClockValue v = ClockValue::FromDouble(x);
            Rational error = Exact(v) - Exact(x);
            if (error < 0)
            {
                error = -error;
            }
            if (std::fabs(x) >= std::ldexp(1.0, -12))
            {
                ++exact;
                NS_TEST_ASSERT_MSG_EQ((error == 0), true, "exact conversion of " << x);
                NS_TEST_ASSERT_MSG_EQ(v.GetDouble(), x, "round trip of " << x);
            }
            else
            {
                ++rounded;
                NS_TEST_ASSERT_MSG_EQ((error <= unit / 2), true, "nearest multiple for " << x);
            }
            NS_TEST_ASSERT_MSG_EQ(BigInt(v.Floor()), Floor(Exact(v)), "floor of " << v);
            NS_TEST_ASSERT_MSG_EQ(BigInt(v.Ceil()), -Floor(-Exact(v)), "ceil of " << v);
            Rational magnitude = Exact(v) < 0 ? Rational(-Exact(v)) : Exact(v);
            BigInt away = RoundHalfUp(magnitude);
            NS_TEST_ASSERT_MSG_EQ(BigInt(v.Round()),
                                  (Exact(v) < 0 ? BigInt(-away) : away),
                                  "round half away from zero of " << v);
        }
        NS_TEST_ASSERT_MSG_GT(rounded, 10000, "the rounded range was exercised");
        NS_TEST_ASSERT_MSG_GT(exact, 10000, "the exact range was exercised");
        // Ties go to even: 2^-65 is half a unit (to 0), 3 * 2^-65 is 1.5 units (to 2 units).
        auto raw = [](double x) {
            return static_cast<int64_t>(ClockValue::FromDouble(x).GetRaw());
        };
        NS_TEST_ASSERT_MSG_EQ(raw(std::ldexp(1.0, -65)), 0, "tie to even");
        NS_TEST_ASSERT_MSG_EQ(raw(3 * std::ldexp(1.0, -65)), 2, "tie to even");
        NS_TEST_ASSERT_MSG_EQ(raw(-3 * std::ldexp(1.0, -65)), -2, "negative tie to even");
        NS_TEST_ASSERT_MSG_EQ(raw(5 * std::ldexp(1.0, -66)), 1, "below a tie");
        NS_TEST_ASSERT_MSG_EQ(ClockValue::FromDouble(-2.5).Round(), -3, "llround(-2.5)");
        NS_TEST_ASSERT_MSG_EQ(ClockValue::FromDouble(2.5).Round(), 3, "llround(2.5)");
        NS_TEST_ASSERT_MSG_EQ(ClockValue::FromDouble(-2.5).Floor(), -3, "floor(-2.5)");
        NS_TEST_ASSERT_MSG_EQ(ClockValue::FromDouble(-2.5).Ceil(), -2, "ceil(-2.5)");

        // Out of range is a configuration error naming the range.
        chronometry::ScopedThrowOnConfigError throwing;
        auto fails = [](auto&& call) {
            try
            {
                call();
            }
            catch (const chronometry::ConfigError& e)
            {
                return std::string(e.what()).find("valid range") != std::string::npos;
            }
            return false;
        };
        NS_TEST_ASSERT_MSG_EQ(fails([] { ClockValue::FromDouble(1e19); }), true, "too large");
        NS_TEST_ASSERT_MSG_EQ(fails([] { ClockValue::FromDouble(std::nan("")); }), true, "nan");
        NS_TEST_ASSERT_MSG_EQ(fails([] { ClockValue::FromSteps(int64_t{1} << 62).MulSteps(4); }),
                              true,
                              "product beyond 2^63 steps");
        NS_TEST_ASSERT_MSG_EQ(fails([] {
                                  ClockValue big =
                                      ClockValue::FromSteps(std::numeric_limits<int64_t>::max());
                                  big.CheckedAdd(ClockValue::FromSteps(1));
                              }),
                              true,
                              "sum beyond 2^63 steps");
        // Rounding at the ends of the range: -2^63 + 1/4 rounds to INT64_MIN, 2^63 - 1/4 would
        // round to 2^63 and is refused.
        const ClockValue::Raw quarter = ClockValue::ONE / 4;
        const auto top = ClockValue::FromSteps(std::numeric_limits<int64_t>::max());
        NS_TEST_ASSERT_MSG_EQ(
            ClockValue::FromRaw(-top.GetRaw() - (ClockValue::ONE - quarter)).Round(),
            std::numeric_limits<int64_t>::min(),
            "round to INT64_MIN");
        NS_TEST_ASSERT_MSG_EQ(
            fails([&] { ClockValue::FromRaw(top.GetRaw() + (ClockValue::ONE - quarter)).Round(); }),
            true,
            "rounding to 2^63 is refused");
        NS_TEST_ASSERT_MSG_EQ(ClockValue::FromRaw(top.GetRaw() + quarter).Round(),
                              std::numeric_limits<int64_t>::max(),
                              "round down at the top");
    }
};

/** One randomly generated plan and its exact reference. */
struct ReferencePlan
{
    /** A segment of the reference: value(t) = value + slope (t - start). */
    struct Piece
    {
        int64_t start;  //!< true time step
        Rational value; //!< exact value at start
        Rational slope; //!< exact slope (the double as given, or as rounded to 2^-64)
    };

    std::vector<Piece> given;   //!< with the slopes exactly as given
    std::vector<Piece> rounded; //!< with the slopes as ClockValue rounds them
    bool increasing = true;     //!< slopes > 0 and jumps >= 0 throughout
    int64_t end = 0;            //!< start of the last piece

    /**
     * \param pieces given or rounded
     * \param t a true time step at or after the first start
     * \return the exact value at t
     */
    static Rational At(const std::vector<Piece>& pieces, int64_t t)
    {
        auto it = std::upper_bound(pieces.begin(), pieces.end(), t, [](int64_t v, const Piece& p) {
            return v < p.start;
        });
        const Piece& p = *(it - 1);
        return p.value + p.slope * Rational(t - p.start);
    }
};

/**
 * Build a random plan: slope changes and jumps in time order, with the slopes of clocks
 * (1 + rho up to |rho| = 10%), of slews (|slope| up to 10%, down to 1e-12) and zero, over
 * gaps from 1 ns to 3 days (horizons of days to months).
 * \param rng random source
 * \param timeline the timeline to drive
 * \param increasing only positive slopes and non-negative jumps
 * \return the reference
 */
ReferencePlan
BuildPlan(std::mt19937_64& rng, ClockTimeline& timeline, bool increasing)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto logUniform = [&](double lo, double hi) {
        return std::exp(std::log(lo) + unit(rng) * (std::log(hi) - std::log(lo)));
    };
    auto slope = [&]() {
        double kind = unit(rng);
        if (kind < 0.4)
        {
            return 1.0 + (unit(rng) * 0.2 - 0.1); // drift up to +-1e5 ppm
        }
        if (kind < 0.6)
        {
            return 1.0 + (unit(rng) * 200 - 100) * 1e-6; // +-100 ppm
        }
        double magnitude = kind < 0.8 ? logUniform(1e-6, 0.1) : logUniform(1e-12, 2.4e-4);
        if (increasing)
        {
            return magnitude;
        }
        return unit(rng) < 0.5 ? -magnitude : (kind < 0.85 ? 0.0 : magnitude);
    };
    ReferencePlan plan;
    plan.increasing = increasing;
    double first = slope();
    ClockValue start = ClockValue::FromDouble((unit(rng) * 2 - 1) * 1e15);
    timeline = ClockTimeline(Time(0), start, first);
    plan.given.push_back({0, Exact(start), Exact(first)});
    plan.rounded.push_back({0, Exact(start), Exact(ClockValue::FromDouble(first))});
    int64_t at = 0;
    int changes = 1 + static_cast<int>(unit(rng) * 60);
    for (int k = 0; k < changes; ++k)
    {
        at += static_cast<int64_t>(logUniform(1, 2.6e14)); // 1 ns .. 3 days
        Rational givenAt = ReferencePlan::At(plan.given, at);
        Rational roundedAt = ReferencePlan::At(plan.rounded, at);
        if (unit(rng) < 0.2)
        {
            double delta = (increasing ? unit(rng) : unit(rng) * 2 - 1) * logUniform(1, 1e12);
            ClockValue d = ClockValue::FromDouble(delta);
            timeline.Jump(Time::From(at), d);
            Rational lastGiven = plan.given.back().slope;
            Rational lastRounded = plan.rounded.back().slope;
            plan.given.push_back({at, givenAt + Exact(d), lastGiven});
            plan.rounded.push_back({at, roundedAt + Exact(d), lastRounded});
        }
        else
        {
            double r = slope();
            timeline.SetSlope(Time::From(at), r);
            plan.given.push_back({at, givenAt, Exact(r)});
            plan.rounded.push_back({at, roundedAt, Exact(ClockValue::FromDouble(r))});
        }
    }
    plan.end = at;
    return plan;
}

/** Values and inverse against the exact reference. */
class TimelineReferenceTestCase : public TestCase
{
  public:
    TimelineReferenceTestCase()
        : TestCase("ClockTimeline equals exact rational integration (300 random plans, drifts up "
                   "to 10%, slews, jumps, horizons of days to months and a year); the inverse is "
                   "the exact first time step; values never decrease on increasing plans")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(777);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        const Rational quantum(1, BigInt(1) << 65); // rounding of a slope below 2^-12, per step
        int inverses = 0;
        int64_t longest = 0;
        for (int p = 0; p < 300; ++p)
        {
            bool increasing = p % 2 == 0;
            ClockTimeline timeline;
            ReferencePlan plan = BuildPlan(rng, timeline, increasing);
            int64_t horizon = plan.end + static_cast<int64_t>(unit(rng) * 3.2e16); // up to a year
            longest = std::max(longest, horizon);
            std::vector<int64_t> queries;
            for (int q = 0; q < 40; ++q)
            {
                queries.push_back(static_cast<int64_t>(unit(rng) * static_cast<double>(horizon)));
            }
            std::sort(queries.begin(), queries.end());
            ClockValue previous = timeline.ValueAt(Time(0));
            for (int64_t t : queries)
            {
                ClockValue v = timeline.ValueAt(Time::From(t));
                // Exact in the slopes as used ...
                NS_TEST_ASSERT_MSG_EQ((Exact(v) == ReferencePlan::At(plan.rounded, t)),
                                      true,
                                      "exact value at " << t << " in plan " << p);
                // ... which are the given doubles, or within 2^-65 per step of them.
                Rational error = Exact(v) - ReferencePlan::At(plan.given, t);
                if (error < 0)
                {
                    error = -error;
                }
                NS_TEST_ASSERT_MSG_EQ((error <= quantum * Rational(t)),
                                      true,
                                      "within the precision statement at " << t);
                if (increasing)
                {
                    NS_TEST_ASSERT_MSG_GT_OR_EQ(v, previous, "non-decreasing");
                    previous = v;
                }
            }
            if (!increasing)
            {
                continue;
            }
            for (int q = 0; q < 10; ++q)
            {
                int64_t from = static_cast<int64_t>(unit(rng) * static_cast<double>(plan.end));
                ClockValue target =
                    timeline.ValueAt(Time::From(from)) +
                    ClockValue::FromDouble(std::exp(unit(rng) * std::log(1e15)) + unit(rng));
                const int64_t last = std::numeric_limits<int64_t>::max();
                if (ReferencePlan::At(plan.rounded, last) < Exact(target))
                {
                    // Reached only after the largest Time (a slow last slope): an error.
                    chronometry::ScopedThrowOnConfigError throwing;
                    bool refused = false;
                    try
                    {
                        timeline.EarliestReaching(Time::From(from), target);
                    }
                    catch (const chronometry::ConfigError&)
                    {
                        refused = true;
                    }
                    NS_TEST_ASSERT_MSG_EQ(refused, true, "unreachable target refused");
                    continue;
                }
                Time hit = timeline.EarliestReaching(Time::From(from), target);
                int64_t h = hit.GetTimeStep();
                ++inverses;
                NS_TEST_ASSERT_MSG_EQ((ReferencePlan::At(plan.rounded, h) >= Exact(target)),
                                      true,
                                      "reached at the hit");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(h, from, "not before from");
                if (h > from)
                {
                    NS_TEST_ASSERT_MSG_EQ((ReferencePlan::At(plan.rounded, h - 1) < Exact(target)),
                                          true,
                                          "not reached one step earlier");
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(longest, int64_t{30'000'000'000'000'000}, "a year of uptime");
        NS_TEST_ASSERT_MSG_GT(inverses, 1000, "inverses checked");
    }
};

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

/** The exact conversions of drift-math against the rational reference. */
class DriftMathReferenceTestCase : public TestCase
{
  public:
    DriftMathReferenceTestCase()
        : TestCase("drift math equals exact rational arithmetic: TSC value (whole, fractional "
                   "and sub-Hz frequencies, wrap), tick and duration conversions, slew duration, "
                   "bounded-skew draws, quantization")
    {
    }

  private:
    void DoRun() override
    {
        using namespace clockmath;
        std::mt19937_64 rng(99);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::uniform_int_distribution<uint64_t> any64;
        auto logUniform = [&](double lo, double hi) {
            return std::exp(std::log(lo) + unit(rng) * (std::log(hi) - std::log(lo)));
        };
        auto frequency = [&](int i) {
            switch (i % 4)
            {
            case 0:
                return std::round(logUniform(1e6, 1e11)); // whole Hz
            case 1:
                return logUniform(1.0, 1e11); // fractional
            case 2:
                return 2.0e9 + unit(rng) * 1.5e9; // as the relation study draws them
            default:
                return logUniform(1e-3, 1.0); // below 1 Hz: the wide path
            }
        };
        const Rational perSecond(StepsPerSecond());
        const BigInt wrap = BigInt(1) << 64;
        chronometry::ScopedThrowOnConfigError throwing;
        int errors = 0;
        for (int i = 0; i < 20000; ++i)
        {
            double f = frequency(i);
            // TSC value: floor(phase * f / steps per second) + boot, modulo 2^64.
            ClockValue phase = ClockValue::FromRaw(
                static_cast<ClockValue::Raw>(any64(rng) >> (i % 7 == 0 ? 1 : 7)) *
                    (ClockValue::Raw{1} << 64) +
                any64(rng));
            uint64_t boot = any64(rng);
            BigInt ticks = Floor(Exact(phase) * Exact(f) / perSecond) + boot;
            ticks %= wrap;
            NS_TEST_ASSERT_MSG_EQ(TscValue(phase, f, boot),
                                  static_cast<uint64_t>(ticks),
                                  "TscValue at " << phase << " steps, " << f << " Hz");

            // Ticks to duration: round(ticks * steps per second / f), halves up.
            uint64_t n = any64(rng) >> (i % 64);
            BigInt steps = RoundHalfUp(Rational(n) * perSecond / Exact(f));
            if (steps <= std::numeric_limits<int64_t>::max())
            {
                NS_TEST_ASSERT_MSG_EQ(TicksToDuration(n, f).GetTimeStep(),
                                      static_cast<int64_t>(steps),
                                      "TicksToDuration(" << n << ", " << f << ")");
            }
            else
            {
                bool refused = false;
                try
                {
                    TicksToDuration(n, f);
                }
                catch (const chronometry::ConfigError&)
                {
                    refused = true;
                }
                errors += refused ? 1 : 0;
                NS_TEST_ASSERT_MSG_EQ(refused, true, "beyond the Time range is refused");
            }

            // Duration to ticks: round(duration * f / steps per second), halves up.
            int64_t d = static_cast<int64_t>(any64(rng) >> (1 + i % 63));
            BigInt count = RoundHalfUp(Rational(d) * Exact(f) / perSecond);
            if (count <= std::numeric_limits<uint64_t>::max())
            {
                NS_TEST_ASSERT_MSG_EQ(DurationToTicks(Time::From(d), f),
                                      static_cast<uint64_t>(count),
                                      "DurationToTicks(" << d << ", " << f << ")");
            }
            else
            {
                bool refused = false;
                try
                {
                    DurationToTicks(Time::From(d), f);
                }
                catch (const chronometry::ConfigError&)
                {
                    refused = true;
                }
                errors += refused ? 1 : 0;
                NS_TEST_ASSERT_MSG_EQ(refused, true, "more than 2^64 - 1 ticks is refused");
            }

            // Slew duration: ceil(|steps| * 1e6 / ppm).
            double ppm = i % 3 == 0 ? std::round(logUniform(1, 1e5)) : logUniform(1e-3, 1e5);
            int64_t delta = static_cast<int64_t>(logUniform(1, 1e12)) * (i % 2 ? -1 : 1);
            BigInt duration =
                -Floor(-(Rational(delta < 0 ? -delta : delta) * 1000000 / Exact(ppm)));
            if (duration <= std::numeric_limits<int64_t>::max())
            {
                NS_TEST_ASSERT_MSG_EQ(SlewDuration(delta, ppm),
                                      static_cast<int64_t>(duration),
                                      "SlewDuration(" << delta << ", " << ppm << ")");
            }

            // Bounded-skew draw: lo + floor(u * (hi - lo + 1)), capped at hi.
            double u = i % 100 == 0 ? std::nextafter(1.0, 0.0) : unit(rng);
            int64_t now = static_cast<int64_t>(any64(rng) >> 4);
            int64_t bound = 1 + static_cast<int64_t>(any64(rng) >> (12 + i % 40));
            int64_t previous = now + static_cast<int64_t>(any64(rng) % 2000) - 1500;
            for (auto form : {BoundedSkewForm::BOUNDED, BoundedSkewForm::THESIS})
            {
                int64_t lo = form == BoundedSkewForm::BOUNDED ? std::max(previous, now) : previous;
                int64_t hi = now + bound;
                if (lo >= hi)
                {
                    continue;
                }
                BigInt expected = BigInt(lo) + Floor(Exact(u) * Rational(BigInt(hi) - lo + 1));
                expected = std::min<BigInt>(expected, BigInt(hi));
                NS_TEST_ASSERT_MSG_EQ(DrawBoundedSkewReading(previous, now, bound, u, form),
                                      static_cast<int64_t>(expected),
                                      "draw with u = " << u);
            }

            // Quantization: floor(value / r) * r, negative values too.
            ClockValue value = ClockValue::FromDouble((unit(rng) * 2 - 1) * 1e15);
            int64_t r = 1 + static_cast<int64_t>(any64(rng) % 1'000'000);
            NS_TEST_ASSERT_MSG_EQ(BigInt(Quantize(value, r)),
                                  Floor(Exact(value) / r) * r,
                                  "Quantize(" << value << ", " << r << ")");
        }
        NS_TEST_ASSERT_MSG_GT(errors, 10, "out-of-range conversions were exercised");
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
        AddTestCase(new ClockValueTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TimelineReferenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DriftMathReferenceTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ClockTimelineTestSuite g_clockTimelineTestSuite;
