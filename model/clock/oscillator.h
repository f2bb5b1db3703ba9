/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_OSCILLATOR_H
#define CHRONOMETRY_OSCILLATOR_H

#include "clock-timeline.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
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

/**
 * \ingroup chronometry
 * A perfect oscillator: phase equals true time.
 */
class IdealOscillator : public Oscillator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    void SetBaseDrift(double ppm) override;
    double GetMaxAbsDrift() const override;
};

/**
 * \ingroup chronometry
 * An oscillator with a constant frequency offset, changeable during a run.
 */
class ConstantDriftOscillator : public Oscillator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ConstantDriftOscillator();

    /**
     * Set the drift from now on (the phase stays continuous).
     * \param ppm fractional frequency offset in parts per million, |ppm| <= 1e5
     */
    void SetDrift(double ppm);

    /** \return the current drift in ppm */
    double GetDrift() const;

    void SetBaseDrift(double ppm) override;
    double GetMaxAbsDrift() const override;

    /** Largest |drift| accepted, in ppm (10%: keeps every clock strictly increasing). */
    static constexpr double MAX_DRIFT_PPM = 1e5;

  private:
    double m_driftPpm; //!< current drift
};

/**
 * \ingroup chronometry
 * Random-walk frequency drift: every UpdateInterval the frequency offset takes
 * a normal step with standard deviation Spread * sqrt(UpdateInterval), so its
 * variance grows linearly with time; optionally reflected at +-MaxAbsDrift.
 * Frequency is constant between updates (phase is piecewise linear).
 */
class RandomWalkOscillator : public Oscillator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RandomWalkOscillator();

    void SetBaseDrift(double ppm) override;
    double GetMaxAbsDrift() const override;
    int64_t AssignStreams(int64_t stream) override;

  protected:
    void ExtendTo(Time t) override;
    void ExtendToPhase(ClockValue phase) override;
    int64_t GetPlanHorizon() const override;

  private:
    /** Append one update interval to the plan. */
    void ExtendOneInterval();

    /** \param ppm initial drift in ppm */
    void SetInitialDrift(double ppm);
    /** \return initial drift in ppm */
    double GetInitialDrift() const;
    /** \param ppm spread in ppm per sqrt(second) */
    void SetSpread(double ppm);
    /** \return spread in ppm per sqrt(second) */
    double GetSpread() const;
    /** \param interval update interval */
    void SetUpdateInterval(Time interval);
    /** \return update interval */
    Time GetUpdateInterval() const;
    /** \param ppm bound on |drift| in ppm, 0 = unbounded */
    void SetMaxAbsDrift(double ppm);
    /** \return bound in ppm */
    double GetMaxAbsDriftPpm() const;

    /** Rebuild the plan from time 0 (only allowed before it has been used). */
    void Restart();

    double m_initialDriftPpm;           //!< drift at time 0
    double m_spreadPpm;                 //!< ppm per sqrt(second)
    Time m_updateInterval;              //!< time between frequency updates
    double m_maxAbsDriftPpm;            //!< reflection bound, 0 = none
    double m_currentDrift;              //!< drift of the last planned interval (fraction)
    Time m_plannedUntil;                //!< end of the planned part of the walk
    bool m_used;                        //!< whether the plan has been read
    Ptr<NormalRandomVariable> m_normal; //!< standard normal source
};

} // namespace ns3

#endif /* CHRONOMETRY_OSCILLATOR_H */
