/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SERVICE_TIME_MODEL_H
#define SERVICE_TIME_MODEL_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One service time draw and the truth behind it (what no predictor sees).
 */
struct ServiceDraw
{
    Time total;            //!< the service time (never negative)
    Time level;            //!< its noise- and spike-free level at that moment (the oracle)
    bool spike = false;    //!< a load spike was added
    bool degraded = false; //!< drawn in the degraded regime
    bool cold = false;     //!< the cold-start penalty was added
};

/**
 * \ingroup chronometry
 * How long a scheduled operation takes on a server.
 *
 * A draw at time t is
 *
 *   (Base + TrendPerHour * t / 1 h + cold + Noise + spike) * slowdown,
 *
 * never negative, where
 * - Noise is any RandomVariableStream (ns), added to every draw;
 * - spike: with probability SpikeProbability a Spike draw (ns, any
 *   RandomVariableStream: exponential by default, Pareto for heavier tails) --
 *   the occasional ETE spikes of the paper's stressed servers (Sec. V-D);
 * - cold: ColdExtra when the previous draw was more than ColdAfter earlier (the
 *   paper's Sec. V-C: ETEs were higher with a measurement period of a minute or
 *   more than with a few seconds, attributed to caching);
 * - slowdown: DegradedSlowdown while in the degraded regime of a two-state
 *   process (exponential dwell times NormalDwell and DegradedDwell), e.g. a
 *   burstable cloud instance throttled when its CPU credits run out; 1
 *   otherwise.
 *
 * The level (ServiceDraw::level) is the same expression without Noise and
 * spike: the value an oracle that knows the server's state would predict.
 * With the defaults (no trend, no cold penalty, no regimes) a draw is Base +
 * Noise (+ spike) and does not depend on t.
 *
 * Draw(at) does not need a running simulator (synthetic series for predictor
 * studies); Sample() draws at Simulator::Now().  Draws must come at
 * non-decreasing times (the regime process only moves forward).
 */
class ServiceTimeModel : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ServiceTimeModel();

    /** \return one service time draw at Simulator::Now() */
    Time Sample();

    /**
     * \param at the time of the draw (simulation time; non-decreasing across calls)
     * \return the draw and its truth
     */
    ServiceDraw Draw(Time at);

    /**
     * Draw a series at start, start + period, ... (a synthetic ETE series for
     * offline predictor studies; no simulator needed).
     * \param start time of the first draw
     * \param period time between draws (> 0)
     * \param count number of draws
     * \return the draws
     */
    std::vector<ServiceDraw> DrawSeries(Time start, Time period, uint32_t count);

    /**
     * Set the attributes of a server type of the paper's Table II (see
     * server-type-profile.h); attributes not in the profile keep their values.
     * \param type "I" to "VI"
     */
    void SetServerType(const std::string& type);

    /**
     * \param stream first stream index
     * \return streams used (3, plus 1 when regimes are enabled)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /** \param slowdown DegradedSlowdown attribute (creates the regime stream when > 1) */
    void SetDegradedSlowdown(double slowdown);
    /** \return DegradedSlowdown attribute */
    double GetDegradedSlowdown() const;

    /**
     * Advance the regime process to a time.
     * \param at the time
     */
    void AdvanceRegime(Time at);

    Time m_base;                            //!< fixed part
    Ptr<RandomVariableStream> m_noise;      //!< ns added to every draw
    double m_spikeProbability;              //!< probability of a spike
    Ptr<RandomVariableStream> m_spike;      //!< ns added on a spike
    Ptr<UniformRandomVariable> m_coin;      //!< spike decision
    Time m_trendPerHour;                    //!< level change per hour
    Time m_coldExtra;                       //!< cold-start penalty
    Time m_coldAfter;                       //!< idle time after which a draw is cold
    double m_slowdown;                      //!< DegradedSlowdown
    Time m_normalDwell;                     //!< mean time in the normal regime
    Time m_degradedDwell;                   //!< mean time in the degraded regime
    Ptr<ExponentialRandomVariable> m_dwell; //!< regime dwell times (mean 1, scaled)
    bool m_degraded;                        //!< current regime
    bool m_regimeStarted;                   //!< the first switch time has been drawn
    Time m_nextSwitch;                      //!< when the regime changes next
    bool m_drawn;                           //!< a draw happened before
    Time m_lastDraw;                        //!< time of the previous draw
};

} // namespace ns3

#endif /* SERVICE_TIME_MODEL_H */
