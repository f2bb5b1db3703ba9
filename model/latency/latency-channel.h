/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LATENCY_CHANNEL_H
#define LATENCY_CHANNEL_H

#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-net-device.h" // complete type for the Ptr in TransmitStart
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Point-to-point channel with a random per-packet delay and reorder injection.
 *
 * Each packet takes Delay + ExtraDelay (a random variable in seconds, e.g. Weibull) and,
 * with probability ReorderProbability, a further ReorderDelay (random variable in
 * seconds), so packets overtake each other and cross measurement-interval boundaries; with
 * probability DuplicateProbability a second copy arrives after an independent ExtraDelay.
 * ns-3 has no reordering model; this is one, at the channel so both measurement points
 * (above the devices) see its effect.
 */
class LatencyChannel : public PointToPointChannel
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    LatencyChannel();

    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override;

    /** \param v probability in [0, 1] */
    void SetReorderProbability(double v);
    /** \return reorder probability */
    double GetReorderProbability() const;
    /** \param v duplicate probability in [0, 1] */
    void SetDuplicateProbability(double v);
    /** \return duplicate probability */
    double GetDuplicateProbability() const;
    /** \return packets delivered twice so far */
    uint64_t GetDuplicated() const;
    /**
     * \param stream first stream
     * \return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);
    /** \return packets given the reorder delay so far */
    uint64_t GetReordered() const;

  private:
    Ptr<RandomVariableStream> m_extra;   //!< per-packet extra delay (s)
    Ptr<RandomVariableStream> m_reorder; //!< reorder delay (s)
    Ptr<UniformRandomVariable> m_coin;   //!< reorder decision
    double m_reorderProbability;         //!< reorder probability
    double m_duplicateProbability{0};    //!< duplicate probability
    uint64_t m_duplicated{0};            //!< packets delivered twice
    uint64_t m_reordered{0};             //!< packets delayed for reordering
};

} // namespace ns3

#endif
