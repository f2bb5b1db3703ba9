/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MESSAGE_LINKER_H
#define MESSAGE_LINKER_H

#include "linking-config.h"
#include "linking-result.h"
#include "path-pattern.h"
#include "trace-message.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * WAP5's message-linking algorithm (Reynolds et al., section 5), free of the
 * simulator.  Step 1 estimates, per node pair B->C, the mean causal delay d as
 * the mean delay from the most recent preceding message into B (within the
 * window x).  Step 2 weights every message into B within x before each B->C
 * by exp(-delay / d) and spontaneity by exp(-y); the weights normalized are
 * the link probabilities.  Step 3 builds path instances from every message
 * whose most likely cause is spontaneity, deciding each link "probably true",
 * "probably false" or "try both" (bounded by k per root), and aggregates them
 * into path patterns with their expected counts.  Node delays use the node's
 * own timestamps; network delays subtract the pairwise clock offset estimated
 * under the symmetric-delay assumption (minimum one-way delays, after Paxson).
 * An untraced side (nil timestamp) is handled as in the paper: a message from
 * an untraced node B to A is timed on A's clock and may only be caused by an
 * A->B message.
 *
 * Since every candidate of one child shares d, the most likely choice of the
 * published model is always the most recent arrival, or spontaneity when that
 * arrival is older than y * d (LatestArrivalLinker with y reproduces it).
 * LinkDelayModel::PER_PARENT_PAIR and LinkingConfig::iterations are
 * extensions under which the two can differ.
 */
class MessageLinker
{
  public:
    /** \param config parameters (validated) */
    explicit MessageLinker(const LinkingConfig& config = LinkingConfig());

    /**
     * Steps 1 and 2: mean delays and link probabilities.
     * \param trace reconciled messages
     * \return links, mean delays and clock offsets (no patterns)
     */
    LinkingResult Link(const std::vector<TraceMessage>& trace) const;

    /**
     * All three steps.
     * \param trace reconciled messages
     * \return links and path patterns
     */
    LinkingResult Analyze(const std::vector<TraceMessage>& trace) const;

    /**
     * Step 3 from one root.
     * \param trace the trace
     * \param result links of Link()
     * \param root index of the root message
     * \return its path instances (probabilities sum to at most 1)
     */
    std::vector<PathInstance> BuildInstances(const std::vector<TraceMessage>& trace,
                                             const LinkingResult& result,
                                             uint32_t root) const;

    /**
     * Step 3 for every root of a result (its roots), aggregated into patterns.
     * \param trace the trace
     * \param result links (of this linker or a baseline); its patterns and
     *        instances are filled in
     */
    void BuildPatterns(const std::vector<TraceMessage>& trace, LinkingResult& result) const;

    /**
     * Pairwise clock offsets under symmetric delays: for nodes a < b with
     * messages both ways, (min(b_recv - a_send) - min(a_recv - b_send)) / 2
     * (PairwiseClockEstimator::EstimateOffsets).
     * \param trace the trace
     * \return offsets, clock_b - clock_a
     */
    static std::map<NodePair, Time> EstimateClockOffsets(const std::vector<TraceMessage>& trace);

    /** \return the configuration */
    const LinkingConfig& GetConfig() const;

  private:
    LinkingConfig m_config; //!< parameters
};

} // namespace ns3

#endif /* MESSAGE_LINKER_H */
