/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DRIFTING_CLOCK_H
#define DRIFTING_CLOCK_H

#include "clock-timeline.h"
#include "local-clock.h"
#include "oscillator.h"

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * A node clock driven by an Oscillator, as a real computer clock.
 *
 * Its deterministic reading at true time t is
 *   L(t) = InitialOffset + phase(t) + A(t),
 * where phase(t) comes from the Oscillator (ideal, constant or random-walk
 * drift) and A(t) is the sum of the step and slew adjustments applied so far.
 * A read adds ReadJitter, quantizes down to Resolution and, with Monotonic,
 * never returns less than the previous read.
 *
 * Slew follows adjtime(): the correction is spread at MaxSlewRate; a new slew
 * replaces the unapplied remainder of the previous one.
 */
class DriftingClock : public LocalClock
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DriftingClock();
    ~DriftingClock() override;

    Time TrueToLocal(Time trueTime) override;
    Time LocalToTrue(Time localTime) override;
    int64_t AssignStreams(int64_t stream) override;

    /**
     * Step the clock by \p delta now (pending local-time events are re-planned).
     * \param delta the correction (may be negative)
     */
    void Step(Time delta);

    /**
     * Slew the clock by \p delta, at MaxSlewRate, starting now.
     * \param delta the total correction (may be negative)
     * \return the part of the previous slew that had not been applied yet
     */
    Time Slew(Time delta);

    /** \return the true time at which the slew in progress ends (now if none) */
    Time GetSlewEnd() const;

    /**
     * \param oscillator the frequency source (re-plans pending events)
     */
    void SetOscillator(Ptr<Oscillator> oscillator);

    /** \return the frequency source */
    Ptr<Oscillator> GetOscillator() const;

    /**
     * \param t true time
     * \return the deterministic reading at \p t in time steps, unrounded
     */
    long double GetExactValue(Time t);

    /**
     * TracedCallback signature for clock adjustments.
     * \param [in] trueTime when the adjustment was made
     * \param [in] delta its size
     * \param [in] slew true for a slew, false for a step
     */
    typedef void (*AdjustmentCallback)(Time trueTime, Time delta, bool slew);

  protected:
    Time DoRead(Time trueNow) override;
    void DoDispose() override;

  private:
    /** \param offset InitialOffset value */
    void SetInitialOffset(Time offset);
    /** \return InitialOffset */
    Time GetInitialOffset() const;
    /** \param resolution Resolution value */
    void SetResolution(Time resolution);
    /** \return Resolution */
    Time GetResolution() const;
    /** \param ppm MaxSlewRate value */
    void SetMaxSlewRate(double ppm);
    /** \return MaxSlewRate in ppm */
    double GetMaxSlewRate() const;
    /**
     * Called when the oscillator's frequency plan changes.
     * \param at true time of the change
     */
    void OnDriftChanged(Time at);
    /** Create the default oscillator if none was set. */
    void EnsureOscillator();

    Ptr<Oscillator> m_oscillator;       //!< frequency source
    Time m_initialOffset;               //!< reading at true time 0
    Time m_resolution;                  //!< read quantum
    Ptr<RandomVariableStream> m_jitter; //!< read noise in nanoseconds
    bool m_monotonic;                   //!< never return less than the previous read
    double m_maxSlewRatePpm;            //!< slew speed
    ClockTimeline m_adjustment;         //!< sum of steps and slews, as a function of true time
    Time m_slewEnd;                     //!< end of the current slew
    bool m_hasRead;                     //!< whether m_lastReading is valid
    int64_t m_lastReading;              //!< previous reading in time steps
    TracedCallback<Time, Time, bool> m_adjustmentTrace; //!< Adjustment trace source
};

} // namespace ns3

#endif /* DRIFTING_CLOCK_H */
