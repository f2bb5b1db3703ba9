/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_SENDER_H
#define RDA_SENDER_H

#include "rda-interval-reporter.h"
#include "rda-measurement-point.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Upstream RDA measurement point: observes IPv4 Tx, and per flow and interval, once
 * its own interval ended and the receiver's SIGNATURE came, estimates the set difference
 * d with an upper bound, sizes the sketch (m = max(BucketsPerDifference d_upper +
 * MinBuckets, 1 / StdRelativeError^2), or FixedBuckets), and asks the receiver either for
 * its RDA (then decodes, validates every decoded ID against the cache it names, asks for
 * the receiver-only timestamps, repairs and aggregates) or, when that is cheaper, for its
 * whole (id, timestamp) log (exact).  Requests are sent again every RetransmitTimeout
 * until answered (MaxRetries); the interval is reported as timed out ReportTimeout after
 * its local end if still unfinished.
 *
 * Boundary matching (BoundaryMatching, default on): the sender-only packets of interval i
 * are matched by ID with the receiver-only packets of i+1 (slow packets that arrived
 * after the interval's end) and of i-1 (a receiver clock behind the sender's); their
 * latencies are added to interval i's matchedEstimate.  Interval i is then reported when
 * i-1, i and i+1 are all finished.
 *
 * Baselines (Baselines, default off): on the same packets the sender also asks the receiver
 * for its LDA and its FineComb (with its stash) at the memory of RDA's exchange, and for its
 * raw log, as real control messages (LDA_REQUEST, FC_REQUEST, RAW_REQUEST), retransmitted like
 * RDA's own; a flow's interval is finished when RDA's exchange and these are; the report's
 * baselines field holds their estimates and the bytes each put on the wire.  Their bytes are
 * not in wireBytes (RDA's own).
 */
class RdaSender : public RdaMeasurementPoint
{
  public:
    /** How the sender gets the receiver's side of a flow's interval. */
    enum Exchange
    {
        AUTO,   //!< the cheaper of the two by the sender's own estimate (default)
        SKETCH, //!< always the RDA sketch
        RAW     //!< always the receiver's whole (id, timestamp) log
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    RdaSender();
    ~RdaSender() override;

    /** \return reports so far, one per flow and interval, in the order they were made */
    const std::vector<RdaIntervalReport>& GetReports() const;
    /** \return requests sent again so far */
    uint64_t GetRetransmissions() const;

    /** TracedCallback signature of Estimate. */
    typedef void (*EstimateCallback)(const RdaIntervalReport& report);

  protected:
    void DoDispose() override;
    void StartApplication() override;
    std::string ObservedTrace() const override;
    void OnIntervalEnd(uint32_t i) override;
    void OnSignature(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnSketchChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnTsReply(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnRawChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;
    void OnBaselineChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes) override;

  private:
    using FlowState = RdaIntervalReporter::FlowState;         //!< a flow's exchange
    using IntervalState = RdaIntervalReporter::IntervalState; //!< an interval's exchanges

    /**
     * \param i interval
     * \param flow flow: request the receiver's side if ready
     */
    void TryRequest(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow
     */
    void SendRequest(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow: its request was not answered in time
     */
    void Retransmit(uint32_t i, RdaFlowKey flow);
    /**
     * \param i interval
     * \param flow flow: all sketch chunks arrived
     */
    void DecodeFlow(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow: all stamps arrived (or the decode needs none)
     */
    void FinishSketch(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow: the whole raw log arrived
     */
    void FinishRaw(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow: mark finished and try to report
     */
    void Finished(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval: flows the receiver does not have are all sender-only
     */
    void SettleSenderOnlyFlows(uint32_t i);
    /** \param i interval: report it as timed out where unfinished */
    void CheckTimeout(uint32_t i);
    /**
     * Report i-1, i and i+1 where they (and, with boundary matching, their neighbours) are
     * finished: fire Estimate for each report and release the interval's caches.
     * \param i interval whose state changed
     */
    void TryReport(uint32_t i);
    /**
     * \param i interval
     * \param flow flow
     * \return the sender's cache of it (empty if none)
     */
    const LatencyIntervalCache& LocalCache(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param st flow state
     * \param bytes wire bytes of a received message
     */
    static void CountIn(FlowState& st, uint64_t bytes);
    /**
     * Start the baselines of a flow's interval (RDA's exchange chosen: its memory is known).
     * \param i interval
     * \param flow flow
     */
    void StartBaselines(uint32_t i, const RdaFlowKey& flow);
    /**
     * Send the baseline requests still unanswered and arm their retransmission.
     * \param i interval
     * \param flow flow
     */
    void SendBaselineRequests(uint32_t i, const RdaFlowKey& flow);
    /**
     * \param i interval
     * \param flow flow: its baseline requests were not all answered in time
     */
    void RetransmitBaselines(uint32_t i, RdaFlowKey flow);
    /**
     * \param m a RAW_CHUNK, LDA_CHUNK, FC_CHUNK or FC_STASH
     * \param bytes its size on the wire
     * \return whether a baseline exchange took it
     */
    bool TakeBaselineChunk(const RdaMessage& m, uint64_t bytes);
    /**
     * \param st flow state
     * \param m message to send
     */
    void SendCounted(FlowState& st, const RdaMessage& m);

    uint32_t m_banks;        //!< k
    double m_bpd;            //!< buckets per bank per difference
    uint32_t m_minBuckets;   //!< floor of m
    uint32_t m_fixedBuckets; //!< fixed m (0: late binding)
    bool m_checksum;         //!< checksum field
    double m_z;              //!< bound on d in standard errors
    double m_stdRelError;    //!< target relative std error of the std estimate
    Time m_timeout;          //!< report timeout after the local interval end
    Exchange m_exchange;     //!< sketch, raw or the cheaper
    bool m_boundary;         //!< boundary matching
    bool m_paperVariance;    //!< Algorithm 3 as published
    bool m_baselines;        //!< LDA, FineComb and raw log on the same packets, over the wire

    RdaIntervalReporter m_reporter; //!< per-interval state, readiness and reports
    uint64_t m_retransmissions{0};  //!< requests sent again
    LatencyIntervalCache m_empty;   //!< an empty cache

    TracedCallback<const RdaIntervalReport&> m_estimateTrace; //!< Estimate
};

} // namespace ns3

#endif
