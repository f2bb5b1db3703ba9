/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_TEST_WORLD_H
#define RELATION_TEST_WORLD_H

// Exact synthetic truth for the relation tests: counters whose value at an
// integer true instant (ns) is computed with 128-bit integers from a rational
// rate, so the truth does not depend on floating point at any counter value.

#include "ns3/minrtt-round.h"

#include <cstdint>
#include <random>
#include <vector>

namespace ns3
{
namespace relation
{
namespace test
{

/** A signed 128-bit integer (GCC/Clang). */
using Int128 = __int128;

/** Denominator of every rate: ticks per ns = rate / RATE_DEN. */
constexpr int64_t RATE_DEN = int64_t(1) << 32;

/**
 * A counter value(t) = boot + floor(phase(t)), phase in ticks, t in integer ns:
 * rate1 ticks/ns (times RATE_DEN) until stepAt, rate2 after it, plus an optional
 * linear ramp of the rate (quadratic phase). All exact.
 */
struct ExactCounter
{
    uint64_t boot{0};          //!< value at t = 0 (wraps modulo 2^64 like a TSC)
    int64_t rate1{RATE_DEN};   //!< ticks per ns * RATE_DEN before stepAt
    int64_t rate2{RATE_DEN};   //!< ticks per ns * RATE_DEN after stepAt
    int64_t stepAt{INT64_MAX}; //!< ns of the rate step
    /**
     * Rate ramp (only with rampNum >= 0 and no step): the rate grows by
     * rate1 * rampNum / 10^18 per ns, a drift rate of change of rampNum * 1e-3
     * ppm/s (RampPpmPerSecond()).
     */
    int64_t rampNum{0};

    /** \param t true ns \return floor of the phase (ticks since boot) */
    Int128 Phase(int64_t t) const
    {
        Int128 before = t < stepAt ? t : stepAt;
        Int128 after = t > stepAt ? t - stepAt : 0;
        Int128 num = Int128(rate1) * before + Int128(rate2) * after; // ticks * RATE_DEN
        if (rampNum == 0)
        {
            return num / RATE_DEN;
        }
        // floor(num / RATE_DEN + rate1 rampNum t^2 / (2 10^18 RATE_DEN)), exactly:
        // split num into quotient and remainder so nothing overflows (t <= 1e12 ns)
        const Int128 e18 = Int128(1000000000) * 1000000000;
        Int128 q = num / RATE_DEN;
        Int128 r = num % RATE_DEN;
        Int128 y = Int128(rate1) * rampNum * (Int128(t) * t);
        return q + (r * 2 * e18 + y) / (2 * e18 * RATE_DEN);
    }

    /** \param t true ns \return the counter read at t */
    uint64_t Read(int64_t t) const
    {
        return boot + static_cast<uint64_t>(Phase(t));
    }

    /** \param t true ns \return the counter value at t relative to anchor (exact) */
    Int128 Since(int64_t t, uint64_t anchor) const
    {
        return Int128(boot) - Int128(anchor) + Phase(t);
    }

    /** \return the nominal-ish rate in Hz (rate1) */
    double Hz() const
    {
        return double(rate1) / RATE_DEN * 1e9;
    }

    /** \return the ramp as a drift rate of change, ppm/s */
    double RampPpmPerSecond() const
    {
        // d(rate)/dt / rate = rampNum / 10^18 per ns = rampNum / 10^9 per s = rampNum * 1e-3 ppm/s
        return double(rampNum) * 1e-3;
    }
};

/** Random counters and probe rounds between them. */
struct ExactWorld
{
    std::mt19937_64 rng; //!< randomness
    int64_t base{20000}; //!< fixed one-way delay, ns
    double queue{30000}; //!< mean exponential queueing, ns

    /** \param seed seed */
    explicit ExactWorld(uint64_t seed)
        : rng(seed)
    {
    }

    /**
     * \param bootLo smallest boot value
     * \param bootSpan boots drawn in [bootLo, bootLo + bootSpan]
     * \return a counter: 1-4 GHz nominal, +-100 ppm
     */
    ExactCounter Draw(uint64_t bootLo, uint64_t bootSpan)
    {
        std::uniform_real_distribution<double> f(1e9, 4e9);
        std::uniform_real_distribution<double> ppm(-100, 100);
        std::uniform_int_distribution<uint64_t> boot(0, bootSpan);
        ExactCounter c;
        c.boot = bootLo + boot(rng);
        c.rate1 = static_cast<int64_t>(f(rng) * (1 + ppm(rng) * 1e-6) / 1e9 * RATE_DEN);
        c.rate2 = c.rate1;
        return c;
    }

    /** \return a one-way delay, ns */
    int64_t Delay(int64_t extra = 0)
    {
        std::exponential_distribution<double> q(1.0 / queue);
        return base + extra + static_cast<int64_t>(q(rng));
    }

    /**
     * One round initiated by x towards y at true ns t.
     * \param x initiator \param y responder \param t start
     * \param fwdExtra extra forward delay \param revExtra extra reverse delay
     * \return the round
     */
    MinRttRound Round(const ExactCounter& x,
                      const ExactCounter& y,
                      int64_t t,
                      int64_t fwdExtra = 0,
                      int64_t revExtra = 0)
    {
        int64_t fwd = Delay(fwdExtra);
        int64_t rev = Delay(revExtra);
        return MinRttRound{x.Read(t), y.Read(t + fwd), x.Read(t + fwd + rev)};
    }

    /** n rounds starting at t, 1 ms apart. */
    std::vector<MinRttRound> Rounds(const ExactCounter& x,
                                    const ExactCounter& y,
                                    int64_t t,
                                    int n,
                                    int64_t fwdExtra = 0,
                                    int64_t revExtra = 0)
    {
        std::vector<MinRttRound> out;
        for (int i = 0; i < n; ++i)
        {
            out.push_back(Round(x, y, t + i * 1000000, fwdExtra, revExtra));
        }
        return out;
    }
};

} // namespace test
} // namespace relation
} // namespace ns3

#endif /* RELATION_TEST_WORLD_H */
