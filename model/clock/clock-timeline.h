/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLOCK_TIMELINE_H
#define CLOCK_TIMELINE_H

#include "ns3/nstime.h"

#include <cstddef>
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
 * Values are kept as long double in units of the ns-3 Time resolution
 * (nanoseconds by default) so that drift in parts per million over days of
 * simulated time stays exact to well below one time step.
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
    ClockTimeline(Time start, long double value, double slope);

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
    void Jump(Time at, long double delta);

    /**
     * \param t true time, not before the first segment
     * \return the value at \p t, in time steps
     */
    long double ValueAt(Time t) const;

    /**
     * \param t true time, not before the first segment
     * \return the slope in force at \p t
     */
    double SlopeAt(Time t) const;

    /**
     * Earliest true time t >= from with value(t) >= target, assuming the map is
     * non-decreasing on [from, infinity) and the last slope is positive.
     * \param from where the search starts
     * \param target the value to reach, in time steps
     * \return that time, rounded up to a whole time step
     */
    Time EarliestReaching(Time from, long double target) const;

    /** \return the start of the last segment (beyond it the slope is constant) */
    Time GetLastSegmentStart() const;

    /** \return the value at the start of the last segment */
    long double GetLastSegmentValue() const;

    /** \return the number of segments */
    std::size_t GetSegmentCount() const;

  private:
    /** One linear piece. */
    struct Segment
    {
        int64_t start;     //!< true time in time steps
        long double value; //!< value at start
        double slope;      //!< clock seconds per true second
    };

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
