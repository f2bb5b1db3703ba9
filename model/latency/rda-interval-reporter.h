/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_INTERVAL_REPORTER_H
#define RDA_INTERVAL_REPORTER_H

#include "latency-moments.h"
#include "rda-measurement-point.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief The RDA sender's book of intervals: per interval and flow, where the exchange with
 * the receiver stands and what it found; when an interval can be reported; its reports.
 *
 * An interval is finished when its local end passed, the receiver announced its flows (or
 * the interval timed out) and every flow's exchange (and its baselines, if any) is finished.
 * Without boundary matching a finished interval is reported at once; with it, interval i waits
 * until i-1 and i+1 are finished too, and the latencies of its sender-only packets found among the
 * receiver-only packets of i-1 and i+1 are pooled into its matchedEstimate (and the raw logs' into
 * the raw baseline's rawMatched; when RDA itself exchanged the raw log, the raw baseline is RDA's
 * estimate).  The state of an interval is
 * freed once no report needs it any more.  The RdaSender drives the exchange (its control
 * protocol) and asks this book what to report.
 */
class RdaIntervalReporter
{
  public:
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
        std::unique_ptr<RdaBaselineExchange> baselines;     //!< LDA, FineComb, raw (if asked)
        EventId baselineTimer;                              //!< their retransmission timer
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
     * Begin a run (forgets nothing: call once, before the first interval).
     * \param intervals the number of intervals measured
     * \param boundaryMatching whether interval i waits for i-1 and i+1 and pools their matches
     */
    void Start(uint32_t intervals, bool boundaryMatching);

    /**
     * \param i interval
     * \return its state (created if absent)
     */
    IntervalState& State(uint32_t i);

    /**
     * \param i interval
     * \return its state, or nullptr if it has none (never seen, or freed after its report)
     */
    IntervalState* Find(uint32_t i);

    /**
     * \param i interval
     * \param flow flow
     * \return the flow's state in interval i, or nullptr if it has none
     */
    FlowState* FindFlow(uint32_t i, const RdaFlowKey& flow);

    /**
     * \param i interval
     * \return whether interval i was reported
     */
    bool IsReported(uint32_t i) const;

    /**
     * \param i an interval whose state changed
     * \return the intervals among i-1, i and i+1 that can be reported now, in order
     */
    std::vector<uint32_t> Reportable(uint32_t i) const;

    /**
     * Make interval i's reports, one per flow (boundary matches pooled into matchedEstimate),
     * and keep them.
     * \param i an interval that Reportable named
     * \param now the time the reports are completed
     * \return the new reports, in flow order
     */
    std::vector<RdaIntervalReport> Report(uint32_t i, Time now);

    /** Free the state of every interval that no report needs any more. */
    void Forget();

    /** Cancel every retransmission timer and free all state (the reports stay). */
    void Clear();

    /** \return reports so far, one per flow and interval, in the order they were made */
    const std::vector<RdaIntervalReport>& GetReports() const;

  private:
    /**
     * \param i interval
     * \return whether every flow of interval i is finished (or it timed out)
     */
    bool IsFinished(uint32_t i) const;

    /**
     * \param i interval
     * \param flow flow
     * \param senderOnly the flow's sender-only packets in interval i (id -> sender stamp)
     * \param raw look them up among the raw logs' receiver-only packets, not RDA's
     * \return the latencies of those found among the receiver-only packets of i-1 and i+1
     */
    LatencyMoments BoundaryMatches(uint32_t i,
                                   const RdaFlowKey& flow,
                                   const std::unordered_map<uint64_t, int64_t>& senderOnly,
                                   bool raw) const;
    /**
     * Fill the raw baseline of a report about to be made.
     * \param i interval
     * \param flow flow
     * \param fs the flow's state (its report gets the baselines)
     */
    void ReportBaselines(uint32_t i, const RdaFlowKey& flow, FlowState& fs) const;

    uint32_t m_intervals{0};                   //!< intervals measured
    bool m_boundary{true};                     //!< boundary matching
    std::map<uint32_t, IntervalState> m_state; //!< per interval (freed once not needed)
    std::vector<uint8_t> m_reported;           //!< intervals reported
    std::vector<RdaIntervalReport> m_reports;  //!< reports
};

} // namespace ns3

#endif /* RDA_INTERVAL_REPORTER_H */
