/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "drift-math.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace clockmath
{

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
Quantize(long double value, int64_t resolution)
{
    if (resolution <= 0)
    {
        chronometry::ReportConfigError("Quantize: resolution = " + std::to_string(resolution) +
                                       " time steps is invalid; valid range: >= 1 time step");
    }
    if (resolution == 1)
    {
        return static_cast<int64_t>(std::floor(value)); // the common case: no division
    }
    auto ticks = static_cast<int64_t>(std::floor(value / static_cast<long double>(resolution)));
    return ticks * resolution;
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
    chronometry::RequireDoubleInRange("DrawBoundedSkewReading: u", u, 0.0, 1.0, "", true, false);
    int64_t lo = (form == BoundedSkewForm::BOUNDED) ? std::max(previous, trueNow) : previous;
    int64_t hi = trueNow + bound;
    if (lo >= hi)
    {
        // Only possible when the previous reading already sits on the upper bound.
        return std::max(lo, previous);
    }
    auto span = static_cast<long double>(hi - lo + 1);
    auto offset = static_cast<int64_t>(std::floor(static_cast<long double>(u) * span));
    return std::min(lo + offset, hi);
}

uint64_t
TscValue(long double phaseSeconds, double frequencyHz, uint64_t bootValue)
{
    chronometry::RequireDoubleInRange("TscValue: frequency", frequencyHz, 0.0, 1e11, "Hz", false);
    long double ticks = std::floor(phaseSeconds * static_cast<long double>(frequencyHz));
    const long double two64 = 18446744073709551616.0L;
    if (ticks >= 0 && ticks < two64)
    {
        return bootValue + static_cast<uint64_t>(ticks); // unsigned addition wraps modulo 2^64
    }
    // Reduce modulo 2^64 before converting: a wrapped counter is still defined.
    ticks = std::fmod(ticks, two64);
    if (ticks < 0)
    {
        ticks += two64;
    }
    return bootValue + static_cast<uint64_t>(ticks);
}

Time
TicksToDuration(uint64_t ticks, double frequencyHz)
{
    chronometry::RequireDoubleInRange("TicksToDuration: frequency",
                                      frequencyHz,
                                      0.0,
                                      1e11,
                                      "Hz",
                                      false);
    long double seconds = static_cast<long double>(ticks) / static_cast<long double>(frequencyHz);
    long double steps = seconds * static_cast<long double>(Seconds(1).GetTimeStep());
    return Time::From(static_cast<int64_t>(std::llround(steps)));
}

uint64_t
DurationToTicks(Time duration, double frequencyHz)
{
    chronometry::RequireDoubleInRange("DurationToTicks: frequency",
                                      frequencyHz,
                                      0.0,
                                      1e11,
                                      "Hz",
                                      false);
    chronometry::RequireTimeInRange("DurationToTicks: duration", duration, Time(0), Time::Max());
    long double seconds = static_cast<long double>(duration.GetTimeStep()) /
                          static_cast<long double>(Seconds(1).GetTimeStep());
    return static_cast<uint64_t>(std::llround(seconds * static_cast<long double>(frequencyHz)));
}

} // namespace clockmath
} // namespace ns3
