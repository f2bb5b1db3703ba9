/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef INFERENCE_STUDY_SCORING_H
#define INFERENCE_STUDY_SCORING_H

#include "ns3/causal-process.h"
#include "ns3/linking-config.h"
#include "ns3/linking-result.h"
#include "ns3/path-pattern.h"
#include "ns3/study-result.h"
#include "ns3/trace-reconciliation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The inference study's scoring of one traced run: WAP5 links the reconciled trace; its
 * links, patterns, calibration and recovered delays and offsets, the baselines' (latest
 * arrival, nesting, the latest-arrival rule, uniform probabilities) and what vector clocks
 * say are scored against the true causes and written as the study's summary fields and
 * pattern rows.  Needs no simulator: the study reads the run out, this scores it.
 */
class InferenceStudyScoring
{
  public:
    /**
     * \param config the linker's configuration
     * \param segments the offset-and-rate estimator's segments per node pair
     * \param fixedPortPeers client aggregation: peers that make a port fixed
     */
    InferenceStudyScoring(const LinkingConfig& config, uint32_t segments, uint32_t fixedPortPeers);

    /**
     * Score a run and write its fields (link_s, the linker's wall-clock time, included).
     * \param trace the reconciled trace, with the truth beside it
     * \param events the causality log it was reconciled from
     * \param parent per message, the true parent's index or -1
     * \param isClient per node, whether it is truly a client
     * \param result receives the summary fields and the pattern rows
     */
    void Score(const ReconciledTrace& trace,
               const std::vector<CausalEvent>& events,
               const std::vector<int64_t>& parent,
               const std::vector<bool>& isClient,
               StudyResult& result) const;

  private:
    /**
     * The baselines on the same trace and window: latest arrival, nesting, the client
     * aggregation of every method's patterns and the latest-arrival rule.
     * \param trace the trace
     * \param parent the true parents
     * \param isClient per node, whether it is truly a client
     * \param linking WAP5's result
     * \param truthPatterns the true patterns
     * \param r receives the fields
     */
    void ScoreBaselines(const ReconciledTrace& trace,
                        const std::vector<int64_t>& parent,
                        const std::vector<bool>& isClient,
                        const LinkingResult& linking,
                        const std::vector<PathPattern>& truthPatterns,
                        StudyResult& r) const;

    /**
     * \param kind "inferred" or "true"
     * \param patterns the patterns, one row per node of each
     * \param r receives the rows
     */
    static void AddPatternRows(const std::string& kind,
                               const std::vector<PathPattern>& patterns,
                               StudyResult& r);

    LinkingConfig m_config;    //!< the linker's configuration
    uint32_t m_segments;       //!< offset-and-rate estimator segments
    uint32_t m_fixedPortPeers; //!< client aggregation threshold
};

} // namespace ns3

#endif /* INFERENCE_STUDY_SCORING_H */
