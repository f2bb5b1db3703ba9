/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_OSCILLATOR_H
#define CHRONOMETRY_OSCILLATOR_H

#include "clock-timeline.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * A frequency source: how much oscillator time elapses per unit of true time.
 *
 * The phase is the oscillator's elapsed time since true time 0 (a perfect
 * oscillator has phase(t) = t).  A clock or a TSC reads its oscillator's phase
 * and adds its own offset, adjustments and read noise.  Frequency is given as
 * the fractional offset rho (rate = 1 + rho), in ppm at the Attribute level.
 *
 * Implementations keep the phase as a ClockTimeline, so a read is arithmetic,
 * never a chain of tick events.  Whenever the frequency plan changes after it
 * was used (for example SetDrift() during a run), the DriftChanged trace fires
 * so that clocks re-plan the events they scheduled in local time.
 */
class Oscillator : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Oscillator();
    ~Oscillator() override;

    /**
     * \param t true time (not before 0)
     * \return the phase at \p t, in time steps (exact fixed point)
     */
    ClockValue GetPhase(Time t);

    /**
     * The linear piece of the phase that covers \p t, ending where the plan may
     * change without notice (the next planned frequency change, or the end of the
     * part of a random walk planned so far).  A change of the plan inside the piece
     * fires DriftChanged.
     * \param t true time (not before 0)
     * \return the piece
     */
    ClockTimeline::Piece GetPhasePiece(Time t);

    /**
     * \param t true time
     * \return the fractional frequency offset rho in force at \p t
     */
    double GetDriftAt(Time t);

    /**
     * Earliest true time at or after \p from at which the phase reaches \p phase.
     * \param from where the search starts
     * \param phase target phase in time steps
     * \return that true time
     */
    Time GetTimeAtPhase(Time from, ClockValue phase);

    /**
     * Set the frequency offset the model starts from (the constant drift, or
     * the random walk's initial drift).  Used by helpers that draw a
     * per-node drift.
     * \param ppm fractional frequency offset in parts per million
     */
    virtual void SetBaseDrift(double ppm) = 0;

    /** \return the largest |rho| this model can reach (a fraction, not ppm) */
    virtual double GetMaxAbsDrift() const = 0;

    /**
     * Assign fixed random variable streams.
     * \param stream first stream index to use
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for a change of the frequency plan.
     * \param [in] at true time from which the phase may differ from what was planned
     */
    typedef void (*DriftChangedCallback)(Time at);

  protected:
    /**
     * Make sure the phase timeline is planned at least up to true time \p t
     * (random-walk models extend it lazily; deterministic models need nothing).
     * \param t true time
     */
    virtual void ExtendTo(Time t);

    /**
     * Make sure the phase timeline reaches \p phase (random-walk models extend it lazily).
     * \param phase phase in time steps
     */
    virtual void ExtendToPhase(ClockValue phase);

    /**
     * \return the first true time step at which the plan is not yet fixed (the end
     *         of the planned part of a random walk); INT64_MAX when the plan only
     *         changes through SetDrift-like calls that fire DriftChanged
     */
    virtual int64_t GetPlanHorizon() const;

    /**
     * Notify listeners that the plan changed from \p at on.
     * \param at true time of the change
     */
    void NotifyDriftChanged(Time at);

    ClockTimeline m_phase; //!< phase as a function of true time

  private:
    TracedCallback<Time> m_driftChangedTrace; //!< fired when the frequency plan changes
};

} // namespace ns3

#endif /* CHRONOMETRY_OSCILLATOR_H */
