/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_RANDOM_WALK_OSCILLATOR_H
#define CHRONOMETRY_RANDOM_WALK_OSCILLATOR_H

#include "oscillator.h"

#include "ns3/random-variable-stream.h"

namespace ns3
{

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

#endif /* CHRONOMETRY_RANDOM_WALK_OSCILLATOR_H */
