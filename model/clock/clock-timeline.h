/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLOCK_TIMELINE_H
#define CLOCK_TIMELINE_H

#include "clock-value.h"

#include "ns3/nstime.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A piecewise-linear map from true (simulator) time to a clock value.
 *
 * This is the simulator-free core of every chronometry clock: reading a clock
 * is arithmetic on an origin, never a chain of tick events.  Segment k starts
 * at true time s_k with value v_k and slope r_k (clock seconds per true
 * second), so value(t) = v_k + r_k (t - s_k) for s_k <= t < s_{k+1}.
 * A Jump() makes the map discontinuous (a clock step).
 *
 * Values are exact ClockValue fixed-point numbers in units of the ns-3 Time
 * resolution (nanoseconds by default): every value is the exact sum of the
 * segments' slope * duration products, whatever the uptime, as long as it stays
 * below 2^63 time steps (292 years of nanoseconds); the results are the same bits
 * on every platform.  Slopes are doubles; a slope whose magnitude is at least
 * 2^-12 (every oscillator rate 1 + rho) is used exactly, a smaller one (a slew
 * slower than 244 ppm) is rounded to a multiple of 2^-64, which moves a value by
 * at most 2^-65 time steps per time step (under 0.001 ns over a year of nanoseconds).
 */
class ClockTimeline
{
  public:
    /** A timeline with value 0 at true time 0 and slope 1. */
    ClockTimeline();

    /**
     * \param start true time of the first segment
     * \param value clock value at start, in time steps
     * \param slope clock seconds per true second from start on
     */
    ClockTimeline(Time start, ClockValue value, double slope);

    /**
     * Change the slope from true time \p at on, keeping the map continuous.
     * Segments starting after \p at are discarded (a new plan replaces an old one).
     * \param at when the new slope starts; must not precede the first segment
     * \param slope the new slope
     */
    void SetSlope(Time at, double slope);

    /**
     * Add \p delta to every value from true time \p at on (a step).
     * Segments starting after \p at are discarded.
     * \param at when the step happens
     * \param delta the step in time steps (may be negative)
     */
    void Jump(Time at, ClockValue delta);

    /**
     * \param t true time, not before the first segment
     * \return the value at \p t, in time steps (exact)
     */
    ClockValue ValueAt(Time t) const;

    /**
     * \param t true time, not before the first segment
     * \return the slope in force at \p t
     */
    double SlopeAt(Time t) const;

    /** A linear piece: value(t) = value + slope * (t - start) for start <= t < end. */
    struct Piece
    {
        int64_t start;    //!< first true time step of the piece
        int64_t end;      //!< first true time step after it (INT64_MAX: open-ended)
        ClockValue value; //!< value at start
        ClockValue slope; //!< value per true time step (the slope as used, in fixed point)
    };

    /**
     * \param t true time, not before the first segment
     * \return the segment that covers \p t, up to the next segment start
     */
    Piece PieceAt(Time t) const;

    /**
     * Earliest true time t >= from with value(t) >= target, assuming the map is
     * non-decreasing on [from, infinity) and the last slope is positive.
     * \param from where the search starts
     * \param target the value to reach, in time steps
     * \return that time: the first whole time step at which the value reaches the
     *         target (exact, from the fixed-point values)
     */
    Time EarliestReaching(Time from, ClockValue target) const;

    /** \return the start of the last segment (beyond it the slope is constant) */
    Time GetLastSegmentStart() const;

    /** \return the value at the start of the last segment */
    ClockValue GetLastSegmentValue() const;

    /** \return the number of segments */
    std::size_t GetSegmentCount() const;

  private:
    /** One linear piece. */
    struct Segment
    {
        int64_t start;    //!< true time in time steps
        ClockValue value; //!< value at start
        ClockValue slope; //!< slope in fixed point (exact for |slope| >= 2^-12)
        double given;     //!< the slope as given
    };

    /**
     * \param start true time of the segment
     * \param value value at start
     * \param slope the slope (finite, magnitude below 2^63)
     * \return the segment
     */
    static Segment MakeSegment(int64_t start, ClockValue value, double slope);

    /**
     * \param s a segment
     * \param t a true time step at or after its start
     * \return the segment's value at \p t (exact; out of range is a configuration error)
     */
    static ClockValue ValueOf(const Segment& s, int64_t t);

    /**
     * \param t true time in time steps
     * \return index of the segment that covers t
     */
    std::size_t Find(int64_t t) const;

    /** Drop the segments that start after t (they were a plan that is being replaced). */
    void TruncateAfter(int64_t t);

    std::vector<Segment> m_segments; //!< ordered by start
};

} // namespace ns3

#endif /* CLOCK_TIMELINE_H */
