/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef INFERENCE_SCORES_H
#define INFERENCE_SCORES_H

#include "linking-result.h"
#include "linking-scores.h"
#include "pairwise-clock-estimator.h"
#include "path-pattern.h"
#include "trace-reconciliation.h"

#include "ns3/causal-process.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Scores of a traced run against the simulator's truth that go beyond the links: how well
 * network delays and clock offsets are recovered, how a baseline linker fares, and what
 * vector clocks (exact happened-before) would say about the causes.  Simulator-free.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * Network delays and pairwise clock offsets recovered from a reconciled trace, against the
 * truth (all in ns).
 */
struct ReconciliationScore
{
    uint64_t messages = 0;               //!< messages with both timestamps (the delays scored)
    double networkDelayError = 0;        //!< mean |delay corrected by the constant offset - true|
    double networkDelayErrorMax = 0;     //!< its largest
    double rawNetworkDelayError = 0;     //!< mean |uncorrected delay - true|
    double rateNetworkDelayError = 0;    //!< mean |delay corrected by offset and rate - true|
    double rateNetworkDelayErrorMax = 0; //!< its largest
    uint64_t offsetPairs = 0;            //!< node pairs with an estimated and a true offset
    double offsetError = 0;              //!< mean over those pairs of |estimate - mean true offset|
};

/**
 * \ingroup chronometry
 * \param trace a reconciled trace with its truth (true send and receive times)
 * \param offsets estimated constant offsets, (a, b) with a < b: clock_b - clock_a
 * \param fits estimated offset-and-rate fits per pair
 * \return how far the corrected delays and the offsets are from the truth; the true offset
 *         of a pair at a message is the difference of the two clocks' errors (local minus
 *         true time) at its send and its receive
 */
ReconciliationScore ScoreReconciliation(const ReconciledTrace& trace,
                                        const std::map<NodePair, Time>& offsets,
                                        const std::map<NodePair, PairClockFit>& fits);

/**
 * \ingroup chronometry
 * A baseline linker's links and its most likely path patterns, against the truth.
 */
struct BaselineScore
{
    LinkScore links;         //!< its links
    PatternScore mapPattern; //!< the patterns of its most likely choices (MAP counts)
};

/**
 * \ingroup chronometry
 * \param baseline a baseline's linking result over \p messages
 * \param messages the trace
 * \param trueParent per message, the true parent's index or -1
 * \param offsets the clock offsets the patterns' delays are corrected with
 * \param truthPatterns the true path patterns
 * \return the baseline's scores
 */
BaselineScore ScoreBaseline(const LinkingResult& baseline,
                            const std::vector<TraceMessage>& messages,
                            const std::vector<int64_t>& trueParent,
                            const std::map<NodePair, Time>& offsets,
                            const std::vector<PathPattern>& truthPatterns);

/**
 * \ingroup chronometry
 * What vector clocks would say about the causes of the messages with a true cause.
 */
struct VectorClockLinkScore
{
    uint64_t caused = 0;   //!< messages with a true parent whose events are both in the log
    double hbRecall = 0;   //!< share of those whose cause's receive happened before the send
    double candidates = 0; //!< mean number of linker candidates that happened before the send
};

/**
 * \ingroup chronometry
 * \param trace a reconciled trace (with the log indexes of each message's events)
 * \param events the causality log it was reconciled from
 * \param trueParent per message, the true parent's index or -1
 * \param linking a linker's result over the trace (its candidates are counted)
 * \return the scores (happened-before as the log's vector clocks give it)
 */
VectorClockLinkScore ScoreVectorClockLinks(const ReconciledTrace& trace,
                                           const std::vector<CausalEvent>& events,
                                           const std::vector<int64_t>& trueParent,
                                           const LinkingResult& linking);

} // namespace ns3

#endif /* INFERENCE_SCORES_H */
