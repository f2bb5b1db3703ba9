/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SERVICE_TIME_MODEL_H
#define SERVICE_TIME_MODEL_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * How long a scheduled operation takes on a server: Base + noise, plus, with
 * probability SpikeProbability, a load spike (the occasional ETE spikes of
 * the paper's stressed servers, Sec. V-D).  Never negative.
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

    /** \return one service time draw */
    Time Sample();

    /**
     * \param stream first stream index
     * \return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    /** \param base Base attribute */
    void SetBase(Time base);
    /** \param p SpikeProbability attribute */
    void SetSpikeProbability(double p);

    Time m_base;                       //!< fixed part
    Ptr<RandomVariableStream> m_noise; //!< ns added to every draw
    double m_spikeProbability;         //!< probability of a spike
    Ptr<RandomVariableStream> m_spike; //!< ns added on a spike
    Ptr<UniformRandomVariable> m_coin; //!< spike decision
};

} // namespace ns3

#endif /* SERVICE_TIME_MODEL_H */
