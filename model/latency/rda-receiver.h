/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_RECEIVER_H
#define RDA_RECEIVER_H

#include "rda-measurement-point.h"

#include <map>
#include <utility>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Downstream RDA measurement point: observes IPv4 Rx, and at the end of every
 * interval (local clock) sends one SIGNATURE per flow it saw (set size, bottom-K MinHash,
 * number of flows), again every RetransmitTimeout until the sender's request for that
 * flow acknowledges it (at most MaxRetries times); answers SKETCH_REQUEST with the flow's
 * sketch in chunks, TS_REQUEST with the timestamps it holds, RAW_REQUEST with its whole
 * (id, timestamp) log, LDA_REQUEST and FC_REQUEST (the sender's baselines) with the flow's
 * LDA, FineComb and FineComb stash.  An interval with no flow is announced by one SIGNATURE of the
 * all-zero flow with 0 flows, which the sender acknowledges with a RAW_REQUEST of that flow.
 */
class RdaReceiver : public RdaMeasurementPoint
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    RdaReceiver();
    ~RdaReceiver() override;

    /** \return SIGNATURE retransmissions so far */
    uint64_t GetRetransmissions() const;

  protected:
    void DoDispose() override;
    void OnIntervalEnd(uint32_t i) override;
    void OnSketchRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnTsRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnRawRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnLdaRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnFineCombRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;

  private:
    /**
     * \param m a request
     * \return the flow's cache of the request's interval (an empty one if none)
     */
    const LatencyIntervalCache& CacheOf(const RdaMessage& m);
    /**
     * Send (id, timestamp) entries in chunks of up to twice ChunkCells (at most
     * RdaMessage::MAX_ITEMS), at least one chunk.
     * \param type RAW_CHUNK or FC_STASH
     * \param request the request answered (interval, flow)
     * \param entries the entries
     */
    void SendEntries(RdaMessage::Type type,
                     const RdaMessage& request,
                     const std::vector<std::pair<uint64_t, int64_t>>& entries);

    /**
     * \param i interval
     * \param flow flow
     */
    void Resend(uint32_t i, RdaFlowKey flow);
    /**
     * \param i interval
     * \param flow flow: its signature is acknowledged
     */
    void Acknowledged(uint32_t i, const RdaFlowKey& flow);

    /** \brief A signature waiting for its acknowledgement. */
    struct Unacked
    {
        RdaMessage message;  //!< the signature
        uint32_t retries{0}; //!< sent again so many times
        EventId timer;       //!< next retransmission
    };

    std::map<std::pair<uint32_t, RdaFlowKey>, Unacked> m_unacked; //!< by (interval, flow)
    uint64_t m_retransmissions{0};                                //!< signatures sent again
    LatencyIntervalCache m_empty;                                 //!< an empty cache
};

} // namespace ns3

#endif
