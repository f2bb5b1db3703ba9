/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "drift-math.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstring>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DriftMath");

namespace clockmath
{

namespace
{

__extension__ typedef __int128 Int128;           //!< signed 128-bit integer
__extension__ typedef unsigned __int128 UInt128; //!< unsigned 128-bit integer
using BigInt = boost::multiprecision::cpp_int;   //!< exact integer for the rare wide cases

/** A finite double as an exact binary number: mantissa * 2^exponent. */
struct ExactDouble
{
    uint64_t mantissa; //!< < 2^53
    int exponent;      //!< power of two
};

/**
 * \param x a finite, non-negative double
 * \return x = mantissa * 2^exponent exactly
 */
ExactDouble
Decompose(double x)
{
    // IEEE 754 binary64: x = (2^52 + fraction) * 2^(biased - 1075), or fraction * 2^-1074.
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    auto biased = static_cast<int>((bits >> 52) & 0x7ff);
    uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
    if (biased == 0)
    {
        return ExactDouble{fraction, -1074};
    }
    return ExactDouble{fraction | (uint64_t{1} << 52), biased - 1075};
}

/**
 * \param n numerator
 * \param d denominator (> 0)
 * \return floor(n / d)
 */
BigInt
FloorDiv(const BigInt& n, const BigInt& d)
{
    BigInt q;
    BigInt r;
    boost::multiprecision::divide_qr(n, d, q, r);
    if (r < 0)
    {
        --q;
    }
    return q;
}

/**
 * \param n numerator (>= 0)
 * \param d denominator (> 0)
 * \return ceil(n / d)
 */
BigInt
CeilDiv(const BigInt& n, const BigInt& d)
{
    BigInt q;
    BigInt r;
    boost::multiprecision::divide_qr(n, d, q, r);
    if (r > 0)
    {
        ++q;
    }
    return q;
}

} // namespace

double
NextRandomWalkDrift(double rho,
                    double spreadPerSqrtSecond,
                    double intervalSeconds,
                    double z,
                    double bound)
{
    chronometry::RequireDoubleInRange("NextRandomWalkDrift: spread",
                                      spreadPerSqrtSecond,
                                      0,
                                      1e-2,
                                      "");
    chronometry::RequireDoubleInRange("NextRandomWalkDrift: interval",
                                      intervalSeconds,
                                      0,
                                      3600,
                                      "s",
                                      false);
    chronometry::RequireDoubleInRange("NextRandomWalkDrift: bound", bound, 0, 0.1, "");
    double next = rho + spreadPerSqrtSecond * std::sqrt(intervalSeconds) * z;
    if (bound > 0)
    {
        // Fold into [-bound, bound]: the walk on a circle of length 4*bound, mirrored.
        double period = 4 * bound;
        double x = std::fmod(next + bound, period);
        if (x < 0)
        {
            x += period;
        }
        next = (x <= 2 * bound) ? x - bound : 3 * bound - x;
    }
    return next;
}

int64_t
Quantize(ClockValue value, int64_t resolution)
{
    if (resolution <= 0)
    {
        chronometry::ReportConfigError("Quantize: resolution = " + std::to_string(resolution) +
                                       " time steps is invalid; valid range: >= 1 time step");
    }
    int64_t whole = value.Floor();
    if (resolution == 1)
    {
        return whole; // the common case: no division
    }
    // floor(value / r) = floor(floor(value) / r) for a whole r > 0.
    int64_t ticks = whole / resolution;
    if (whole % resolution < 0)
    {
        --ticks;
    }
    return ticks * resolution;
}

int64_t
SlewDuration(int64_t steps, double ratePpm)
{
    if (!(ratePpm > 0) || !std::isfinite(ratePpm))
    {
        chronometry::ReportConfigError("SlewDuration: rate = " + std::to_string(ratePpm) +
                                       " ppm is invalid; valid range: > 0 ppm");
    }
    // ceil(|steps| * 1e6 / rate) with rate = mantissa * 2^exponent, exactly.
    ExactDouble rate = Decompose(ratePpm);
    BigInt numerator = boost::multiprecision::abs(BigInt(steps)) * 1000000;
    BigInt denominator = rate.mantissa;
    if (rate.exponent >= 0)
    {
        denominator <<= rate.exponent;
    }
    else
    {
        numerator <<= -rate.exponent;
    }
    BigInt duration = CeilDiv(numerator, denominator);
    if (duration > std::numeric_limits<int64_t>::max())
    {
        chronometry::ReportConfigError(
            "SlewDuration: slewing " + std::to_string(steps) + " time steps at " +
            std::to_string(ratePpm) +
            " ppm lasts beyond the Time range; valid range: |steps| * 1e6 / rate < 2^63");
    }
    return static_cast<int64_t>(duration);
}

int64_t
DrawBoundedSkewReading(int64_t previous,
                       int64_t trueNow,
                       int64_t bound,
                       double u,
                       BoundedSkewForm form)
{
    if (bound <= 0)
    {
        chronometry::ReportConfigError("DrawBoundedSkewReading: bound = " + std::to_string(bound) +
                                       " time steps is invalid; valid range: >= 1 time step");
    }
    if (!(u >= 0.0 && u < 1.0))
    {
        chronometry::RequireDoubleInRange("DrawBoundedSkewReading: u",
                                          u,
                                          0.0,
                                          1.0,
                                          "",
                                          true,
                                          false);
    }
    const BoundedSkewWindow window = BoundedSkewWindowOf(previous, trueNow, bound, form);
    const int64_t lo = window.lo;
    const int64_t hi = window.hi;
    if (lo >= hi)
    {
        // Only possible when the previous reading already sits on the upper bound.
        return std::max(lo, previous);
    }
    // floor(u * span), exact: u = mantissa * 2^-shift with shift >= 53 (u < 1).
    uint64_t bits;
    std::memcpy(&bits, &u, sizeof bits);
    auto biased = static_cast<int>((bits >> 52) & 0x7ff);
    uint64_t mantissa = bits & ((uint64_t{1} << 52) - 1);
    int shift = 1074;
    if (biased != 0)
    {
        mantissa |= uint64_t{1} << 52;
        shift = 1075 - biased;
    }
    uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    uint64_t offset =
        shift >= 128 ? 0 : static_cast<uint64_t>((static_cast<UInt128>(mantissa) * span) >> shift);
    return std::min(lo + static_cast<int64_t>(offset), hi);
}

uint64_t
TscValue(ClockValue phase, double frequencyHz, uint64_t bootValue)
{
    if (!(frequencyHz > 0.0 && frequencyHz <= 1e11))
    {
        chronometry::RequireDoubleInRange("TscValue: frequency",
                                          frequencyHz,
                                          0.0,
                                          1e11,
                                          "Hz",
                                          false);
    }
    const int64_t perSecond = Seconds(1).GetTimeStep();
    // ticks = floor(phase * f / perSecond) with phase = raw / 2^64, f = mantissa * 2^exponent.
    ExactDouble f = Decompose(frequencyHz);
    if (frequencyHz >= 1.0)
    {
        // Fast path in 128 bits: f = m * 2^-j with m < 2^53 and 0 <= j <= 52.
        uint64_t m = f.mantissa;
        int j = 0;
        if (f.exponent >= 0)
        {
            m <<= f.exponent; // f <= 1e11 < 2^37
        }
        else
        {
            j = -f.exponent;
        }
        // phase * m = A * 2^64 + B with A = floor(phase) * m, B = frac(phase) * 2^64 * m.
        Int128 a = static_cast<Int128>(phase.Floor()) * static_cast<Int128>(m);      // |A| < 2^116
        UInt128 b = static_cast<UInt128>(static_cast<uint64_t>(phase.GetRaw())) * m; // < 2^117
        // W = floor((A * 2^64 + B) / 2^(64 + j)) = (A >> j) + floor(((A mod 2^j) * 2^64 + B) /
        // 2^(64 + j)), every term within 128 bits.
        Int128 qa = a >> j;
        auto ra = static_cast<UInt128>(a - qa * (Int128{1} << j)); // in [0, 2^j)
        Int128 w = qa + static_cast<Int128>(((ra << 64) + b) >> (64 + j));
        Int128 ticks = w / perSecond;
        if (w % perSecond < 0)
        {
            --ticks; // floor for a negative phase
        }
        return bootValue + static_cast<uint64_t>(static_cast<UInt128>(ticks)); // modulo 2^64
    }
    BigInt numerator = BigInt(phase.GetRaw()) * f.mantissa;
    BigInt denominator = BigInt(perSecond) << ClockValue::FRACTION_BITS;
    if (f.exponent >= 0)
    {
        numerator <<= f.exponent;
    }
    else
    {
        denominator <<= -f.exponent;
    }
    BigInt ticks = FloorDiv(numerator, denominator);
    BigInt wrap = BigInt(1) << 64;
    ticks %= wrap;
    if (ticks < 0)
    {
        ticks += wrap;
    }
    return bootValue + static_cast<uint64_t>(ticks);
}

Time
TicksToDuration(uint64_t ticks, double frequencyHz)
{
    if (!(frequencyHz > 0.0 && frequencyHz <= 1e11))
    {
        chronometry::RequireDoubleInRange("TicksToDuration: frequency",
                                          frequencyHz,
                                          0.0,
                                          1e11,
                                          "Hz",
                                          false);
    }
    const int64_t perSecond = Seconds(1).GetTimeStep();
    // round(ticks * perSecond / f), halves up, f = mantissa * 2^exponent.
    ExactDouble f = Decompose(frequencyHz);
    const auto maxSteps = static_cast<UInt128>(std::numeric_limits<int64_t>::max());
    if (frequencyHz >= 1.0)
    {
        uint64_t m = f.mantissa;
        int j = 0;
        if (f.exponent >= 0)
        {
            m <<= f.exponent;
        }
        else
        {
            j = -f.exponent; // <= 52
        }
        // ticks * perSecond * 2^j / m by long division: q0 * 2^j + (r0 * 2^j) / m.
        UInt128 n = static_cast<UInt128>(ticks) * static_cast<UInt128>(perSecond);
        UInt128 q0 = n / m;
        UInt128 r0 = n % m; // < 2^53
        if (q0 <= (maxSteps >> j))
        {
            UInt128 scaled = r0 << j; // < 2^105
            UInt128 steps = (q0 << j) + scaled / m;
            if (2 * (scaled % m) >= m)
            {
                ++steps;
            }
            if (steps <= maxSteps)
            {
                return Time::From(static_cast<int64_t>(steps));
            }
        }
    }
    else
    {
        BigInt numerator = BigInt(ticks) * perSecond;
        BigInt denominator = f.mantissa;
        if (f.exponent >= 0)
        {
            denominator <<= f.exponent;
        }
        else
        {
            numerator <<= -f.exponent;
        }
        BigInt steps = FloorDiv(2 * numerator + denominator, 2 * denominator);
        if (steps <= std::numeric_limits<int64_t>::max())
        {
            return Time::From(static_cast<int64_t>(steps));
        }
    }
    chronometry::ReportConfigError("TicksToDuration: " + std::to_string(ticks) + " ticks at " +
                                   std::to_string(frequencyHz) +
                                   " Hz is beyond the Time range; valid range: ticks / frequency "
                                   "below the largest Time");
}

uint64_t
DurationToTicks(Time duration, double frequencyHz)
{
    if (!(frequencyHz > 0.0 && frequencyHz <= 1e11))
    {
        chronometry::RequireDoubleInRange("DurationToTicks: frequency",
                                          frequencyHz,
                                          0.0,
                                          1e11,
                                          "Hz",
                                          false);
    }
    chronometry::RequireTimeInRange("DurationToTicks: duration", duration, Time(0), Time::Max());
    const int64_t perSecond = Seconds(1).GetTimeStep();
    // round(duration * f / perSecond), halves up, f = mantissa * 2^exponent.
    ExactDouble f = Decompose(frequencyHz);
    const auto maxTicks = static_cast<UInt128>(std::numeric_limits<uint64_t>::max());
    auto steps = static_cast<uint64_t>(duration.GetTimeStep());
    if (frequencyHz >= 1.0)
    {
        uint64_t m = f.mantissa;
        int j = 0;
        if (f.exponent >= 0)
        {
            m <<= f.exponent;
        }
        else
        {
            j = -f.exponent; // <= 52
        }
        UInt128 n = static_cast<UInt128>(steps) * m;      // < 2^116
        UInt128 d = static_cast<UInt128>(perSecond) << j; // < 2^115
        UInt128 q = n / d;
        if (2 * (n % d) >= d)
        {
            ++q;
        }
        if (q <= maxTicks)
        {
            return static_cast<uint64_t>(q);
        }
    }
    else
    {
        BigInt numerator = BigInt(steps) * f.mantissa;
        BigInt denominator = perSecond;
        if (f.exponent >= 0)
        {
            numerator <<= f.exponent;
        }
        else
        {
            denominator <<= -f.exponent;
        }
        BigInt ticks = FloorDiv(2 * numerator + denominator, 2 * denominator);
        if (ticks <= std::numeric_limits<uint64_t>::max())
        {
            return static_cast<uint64_t>(ticks);
        }
    }
    chronometry::ReportConfigError("DurationToTicks: " + std::to_string(duration.GetSeconds()) +
                                   " s at " + std::to_string(frequencyHz) +
                                   " Hz is more than 2^64 - 1 ticks; valid range: duration * "
                                   "frequency below 2^64");
}

} // namespace clockmath
} // namespace ns3
