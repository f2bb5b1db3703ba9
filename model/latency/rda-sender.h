/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_SENDER_H
#define RDA_SENDER_H

#include "rda-measurement-point.h"

#include <map>
#include <memory>
#include <set>
#include <unordered_map>
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

  private:
    /** Where a flow's exchange stands. */
    enum Phase
    {
        WAIT_SIGNATURE, //!< no signature yet
        WAIT_SKETCH,    //!< sketch requested
        WAIT_STAMPS,    //!< receiver-only timestamps requested
        WAIT_RAW,       //!< raw log requested
        FINISHED        //!< estimate made (or given up)
    };

    /** \brief Sender state of one flow in one interval. */
    struct FlowState
    {
        Phase phase{WAIT_SIGNATURE};                        //!< phase
        bool haveSignature{false};                          //!< signature arrived
        std::vector<uint64_t> signature;                    //!< receiver's signature
        std::unique_ptr<RdaSketch> remote;                  //!< receiver's sketch being assembled
        std::vector<bool> seen;                             //!< chunk cells / raw entries arrived
        uint32_t received{0};                               //!< distinct cells / entries arrived
        std::vector<std::pair<uint64_t, int64_t>> raw;      //!< receiver's raw log
        std::vector<RdaSketch::Entry> entries;              //!< validated decoded entries
        std::vector<std::vector<uint64_t>> batches;         //!< TS_REQUEST batches
        std::vector<bool> answered;                         //!< which batches were answered
        uint32_t unanswered{0};                             //!< batches still unanswered
        std::unordered_map<uint64_t, int64_t> senderOnly;   //!< id -> sender stamp
        std::unordered_map<uint64_t, int64_t> receiverOnly; //!< id -> receiver stamp
        uint32_t retries{0};                                //!< retransmissions so far
        EventId timer;                                      //!< retransmission timer
        RdaIntervalReport report;                           //!< the report being built
    };

    /** \brief Sender state of one interval. */
    struct IntervalState
    {
        bool closed{false};                    //!< local interval ended
        int32_t flowsExpected{-1};             //!< receiver's flow count (-1: no signature yet)
        std::set<RdaFlowKey> signatures;       //!< flows whose signature arrived
        std::map<RdaFlowKey, FlowState> flows; //!< per flow
        bool timedOut{false};                  //!< ReportTimeout passed
        bool reported{false};                  //!< reports made
    };

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
     * \param i interval
     * \return whether every flow of interval i is finished (or it timed out)
     */
    bool IsFinished(uint32_t i) const;
    /** \param i interval: report i-1, i, i+1 where they and their neighbours are finished */
    void TryReport(uint32_t i);
    /** \param i interval: make its reports */
    void Report(uint32_t i);
    /**
     * \param i interval
     * \return its state (created if absent)
     */
    IntervalState& State(uint32_t i);
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

    std::map<uint32_t, IntervalState> m_state; //!< per interval (freed once not needed)
    std::vector<uint8_t> m_reported;           //!< intervals reported
    std::vector<RdaIntervalReport> m_reports;  //!< reports
    uint64_t m_retransmissions{0};             //!< requests sent again
    LatencyIntervalCache m_empty;              //!< an empty cache

    TracedCallback<const RdaIntervalReport&> m_estimateTrace; //!< Estimate
};

} // namespace ns3

#endif
