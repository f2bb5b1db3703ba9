/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DRIFT_MATH_H
#define DRIFT_MATH_H

#include "clock-value.h"

#include "ns3/nstime.h"

#include <cstdint>

/**
 * \file
 * \ingroup chronometry
 * Simulator-free formulas behind chronometry's clocks and TSCs.
 *
 * Clock values are exact fixed-point numbers (ClockValue); the conversions
 * below are exact rational arithmetic on the doubles they are given (a double is
 * an exact binary fraction), so their results are the same bits on every
 * platform.
 */

namespace ns3
{
namespace clockmath
{

/** One part per million, as a fraction. */
constexpr double PPM = 1e-6;

/**
 * One update of a random-walk frequency offset.
 *
 * rho' = rho + spread * sqrt(interval) * z, folded back into [-bound, bound]
 * by reflection when bound > 0 (reflection keeps the walk's local increments
 * unchanged, whereas clamping would pile probability up on the bound).
 *
 * \param rho current fractional frequency offset
 * \param spreadPerSqrtSecond standard deviation of the increment over one second
 * \param intervalSeconds update interval in seconds
 * \param z a standard normal sample
 * \param bound largest |rho| allowed; 0 means unbounded
 * \return the next fractional frequency offset
 */
double NextRandomWalkDrift(double rho,
                           double spreadPerSqrtSecond,
                           double intervalSeconds,
                           double z,
                           double bound);

/**
 * Quantize a clock value down to a multiple of the resolution (a clock that
 * ticks every \p resolution reads the last tick it reached).
 * \param value clock value in time steps
 * \param resolution tick length in time steps (> 0)
 * \return floor(value / resolution) * resolution (exact)
 */
int64_t Quantize(ClockValue value, int64_t resolution);

/**
 * Duration of an adjtime()-style slew.
 * \param steps the correction in time steps (any sign)
 * \param ratePpm the slew rate in ppm (> 0)
 * \return ceil(|steps| * 1e6 / ratePpm) time steps, exact; a duration beyond the
 *         int64 range is a configuration error
 */
int64_t SlewDuration(int64_t steps, double ratePpm);

/** Which node-local noisy clock a BoundedSkewClock reproduces (unscoped: ns-3 EnumValue holds an
 * int). */
enum BoundedSkewForm
{
    /**
     * Each read is uniform in [max(previous reading, t), t + E]: never
     * decreasing, never below true time, never above true time + E, so any two
     * clocks read at the same instant differ by at most E.
     */
    BOUNDED,
    /**
     * The replay-clock thesis' Algorithm 5.1: uniform in [previous reading, t + E].
     * There is no lower bound, so a node that reads rarely falls behind true time
     * and two clocks can differ by more than E.
     */
    THESIS
};

/** The interval a bounded-skew read is drawn from, in time steps. */
struct BoundedSkewWindow
{
    int64_t lo; //!< smallest reading: max(previous, t) (Bounded) or previous (Thesis)
    int64_t hi; //!< largest reading: t + E
};

/**
 * \param previous the previous reading in time steps
 * \param trueNow true time t in time steps
 * \param bound the skew bound E in time steps
 * \param form which algorithm
 * \return the window of the next read (lo >= hi when the previous reading is at the top)
 */
inline BoundedSkewWindow
BoundedSkewWindowOf(int64_t previous, int64_t trueNow, int64_t bound, BoundedSkewForm form)
{
    return {(form == BOUNDED && trueNow > previous) ? trueNow : previous, trueNow + bound};
}

/**
 * Draw one reading of a bounded-skew clock.
 * \param previous the previous reading in time steps (the first read passes the initial value)
 * \param trueNow true time in time steps
 * \param bound the skew bound E in time steps (> 0)
 * \param u a uniform sample in [0, 1)
 * \param form which algorithm
 * \return the reading in time steps: lo + floor(u * (hi - lo + 1)), exact
 */
int64_t DrawBoundedSkewReading(int64_t previous,
                               int64_t trueNow,
                               int64_t bound,
                               double u,
                               BoundedSkewForm form);

/**
 * Draw one reading of a bounded-skew clock from 64 uniform random bits (the fast generator's
 * path: no conversion to double, no validation, inline).
 * \param previous the previous reading in time steps
 * \param trueNow true time in time steps
 * \param bound the skew bound E in time steps (> 0, validated by the caller)
 * \param bits 64 uniform random bits
 * \param form which algorithm
 * \return the reading in time steps: lo + floor(bits * (hi - lo + 1) / 2^64), exact
 */
inline int64_t
DrawBoundedSkewReadingBits(int64_t previous,
                           int64_t trueNow,
                           int64_t bound,
                           uint64_t bits,
                           BoundedSkewForm form)
{
    const BoundedSkewWindow w = BoundedSkewWindowOf(previous, trueNow, bound, form);
    if (w.lo >= w.hi)
    {
        return w.lo; // the previous reading already sits at or above the upper bound
    }
    __extension__ typedef unsigned __int128 U128;
    const uint64_t span = static_cast<uint64_t>(w.hi - w.lo) + 1;
    return w.lo + static_cast<int64_t>((static_cast<U128>(bits) * span) >> 64);
}

/**
 * TSC counter value for an elapsed oscillator phase.
 * The counter wraps modulo 2^64 like a hardware TSC.
 * \param phase elapsed oscillator time since boot, in time steps
 * \param frequencyHz nominal counter frequency
 * \param bootValue counter value at phase 0
 * \return bootValue + floor(phase * frequencyHz / steps per second), modulo 2^64 (exact)
 */
uint64_t TscValue(ClockValue phase, double frequencyHz, uint64_t bootValue);

/**
 * Nominal duration of a number of TSC ticks (what software computes from the
 * nominal frequency, without knowing the drift).
 * \param ticks tick difference
 * \param frequencyHz nominal frequency
 * \return ticks / frequency, rounded to the nearest time step (halves up; exact); a
 *         duration beyond the Time range is a configuration error
 */
Time TicksToDuration(uint64_t ticks, double frequencyHz);

/**
 * Nominal number of ticks in a duration.
 * \param duration a non-negative duration
 * \param frequencyHz nominal frequency
 * \return round(duration * frequency), halves up (exact); more than 2^64 - 1 ticks is a
 *         configuration error
 */
uint64_t DurationToTicks(Time duration, double frequencyHz);

} // namespace clockmath
} // namespace ns3

#endif /* DRIFT_MATH_H */
