/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "inference-study-scoring.h"

#include "ns3/client-aggregation.h"
#include "ns3/inference-scores.h"
#include "ns3/latest-arrival-linker.h"
#include "ns3/link-calibration.h"
#include "ns3/linking-scores.h"
#include "ns3/log.h"
#include "ns3/message-linker.h"
#include "ns3/nesting-linker.h"
#include "ns3/pairwise-clock-estimator.h"

#include <chrono>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceStudyScoring");

InferenceStudyScoring::InferenceStudyScoring(const LinkingConfig& config,
                                             uint32_t segments,
                                             uint32_t fixedPortPeers)
    : m_config(config),
      m_segments(segments),
      m_fixedPortPeers(fixedPortPeers)
{
}

void
InferenceStudyScoring::Score(const ReconciledTrace& trace,
                             const std::vector<CausalEvent>& events,
                             const std::vector<int64_t>& parent,
                             const std::vector<bool>& isClient,
                             StudyResult& r) const
{
    NS_LOG_FUNCTION(this << trace.messages.size());
    auto linkStart = std::chrono::steady_clock::now();
    MessageLinker linker(m_config);
    LinkingResult linking = linker.Analyze(trace.messages);
    r.Set("link_s",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - linkStart).count());

    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        if (linking.links[k].mostLikely != parent[k])
        {
            const auto& m = trace.messages[k];
            NS_LOG_DEBUG("wrong choice for " << k << " " << m.sender << "->" << m.receiver << " at "
                                             << trace.trueSend[k].As(Time::MS) << ": most likely "
                                             << linking.links[k].mostLikely << ", true "
                                             << parent[k] << ", candidates "
                                             << linking.links[k].parents.size());
        }
    }
    LinkScore ls = ScoreLinks(linking, parent);
    r.Set("true_links", ls.trueLinks);
    r.Set("link_precision", ls.precision);
    r.Set("link_recall", ls.recall);
    r.Set("decision_accuracy", ls.decisionAccuracy);
    r.Set("mean_true_probability", ls.meanTrueProbability);
    std::vector<PathPattern> truthPatterns =
        TruePatterns(trace.messages, parent, linking.clockOffset);
    PatternScore ps = ScorePatterns(linking.patterns, truthPatterns);
    PatternScore pm = ScorePatterns(linking.patterns, truthPatterns, true);
    r.Set("pattern_precision", ps.precision);
    r.Set("pattern_recall", ps.recall);
    r.Set("map_pattern_precision", pm.precision);
    r.Set("map_pattern_recall", pm.recall);
    r.Set("true_patterns", ps.truePatterns);
    r.Set("inferred_patterns", ps.inferredPatterns);
    r.Set("pattern_node_delay_error", PatternNodeDelayError(linking.patterns, truthPatterns));
    r.Set("link_node_delay_error",
          ScoreNodeDelays(trace.messages, linking, parent).meanRelativeError);

    ScoreBaselines(trace, parent, isClient, linking, truthPatterns, r);
    CalibrationScore cal = ScoreCalibration(linking, parent);
    r.Set("log_loss", cal.logLoss);
    r.Set("brier", cal.brier);
    r.Set("ece", cal.ece);
    r.Set("top_label_ece", cal.topLabelEce);
    CalibrationScore uniform = ScoreCalibration(UniformLinks(linking), parent);
    r.Set("uniform_log_loss", uniform.logLoss);
    r.Set("uniform_brier", uniform.brier);
    r.Set("uniform_ece", uniform.ece);

    // Network delays and offsets against the truth: the constant offset (the paper's,
    // linking.clockOffset) and offset and rate.
    ReconciliationScore rec =
        ScoreReconciliation(trace,
                            linking.clockOffset,
                            PairwiseClockEstimator(m_segments).Estimate(trace.messages));
    r.Set("network_delay_error_us", rec.networkDelayError / 1e3);
    r.Set("raw_network_delay_error_us", rec.rawNetworkDelayError / 1e3);
    r.Set("rate_network_delay_error_us", rec.rateNetworkDelayError / 1e3);
    r.Set("network_delay_error_max_us", rec.networkDelayErrorMax / 1e3);
    r.Set("rate_network_delay_error_max_us", rec.rateNetworkDelayErrorMax / 1e3);
    r.Set("offset_error_us", rec.offsetError / 1e3);

    // Vector clocks: exact happened-before, but every earlier arrival precedes a send.
    VectorClockLinkScore vc = ScoreVectorClockLinks(trace, events, parent, linking);
    r.Set("vc_hb_recall", vc.hbRecall);
    r.Set("vc_candidates", vc.candidates);
    AddPatternRows("inferred", linking.patterns, r);
    AddPatternRows("true", truthPatterns, r);
}

void
InferenceStudyScoring::ScoreBaselines(const ReconciledTrace& trace,
                                      const std::vector<int64_t>& parent,
                                      const std::vector<bool>& isClient,
                                      const LinkingResult& linking,
                                      const std::vector<PathPattern>& truthPatterns,
                                      StudyResult& r) const
{
    // Latest arrival: WAP5's rule without its probabilities (never spontaneous); nesting
    // (paper sec. 5.3): call/return pairs guessed from one timestamp per message.
    LinkingResult latest = LatestArrivalLinker(m_config.window).Link(trace.messages);
    NestingConfig nestingConfig;
    nestingConfig.window = m_config.window;
    LinkingResult nesting = NestingLinker(nestingConfig).Link(trace.messages);
    for (const auto& [name, b] : {std::make_pair("latest", &latest), {"nesting", &nesting}})
    {
        BaselineScore s =
            ScoreBaseline(*b, trace.messages, parent, linking.clockOffset, truthPatterns);
        const std::string p = name;
        r.Set(p + "_link_precision", s.links.precision);
        r.Set(p + "_link_recall", s.links.recall);
        r.Set(p + "_decision_accuracy", s.links.decisionAccuracy);
        r.Set(p + "_map_pattern_recall", s.mapPattern.recall);
        r.Set(p + "_map_pattern_precision", s.mapPattern.precision);
    }

    // The paper's client aggregation: clients told from servers by their ports, every
    // client node merged into one in the patterns (inferred and true alike).
    ClientClassification cc = ClassifyClients(trace.messages, m_fixedPortPeers);
    r.Set("client_classification_accuracy", ClientClassificationAccuracy(cc, isClient));
    std::vector<PathPattern> aggregatedTruth = AggregateClients(truthPatterns, cc.clients);
    r.Set("aggregated_true_patterns", aggregatedTruth.size());
    auto aggregated = [&](const std::vector<PathPattern>& inferred) {
        return ScorePatterns(AggregateClients(inferred, cc.clients), aggregatedTruth, true).recall;
    };
    r.Set("aggregated_map_pattern_recall", aggregated(linking.patterns));
    r.Set("latest_aggregated_map_pattern_recall",
          aggregated(TruePatterns(trace.messages, MostLikelyParents(latest), linking.clockOffset)));
    r.Set(
        "nesting_aggregated_map_pattern_recall",
        aggregated(TruePatterns(trace.messages, MostLikelyParents(nesting), linking.clockOffset)));
    // The rule "latest arrival within y * d, else spontaneous": WAP5's most likely choice
    // whenever every candidate of a child shares one delay d (the paper's model).
    LinkingResult rule =
        LatestArrivalLinker(m_config.window, m_config.spontaneous).Link(trace.messages);
    DecisionComparison vsRule = CompareDecisions(linking, rule, parent);
    r.Set("rule_disagreement", vsRule.DisagreementShare());
    r.Set("rule_disagreement_wap5_right",
          vsRule.disagreements ? double(vsRule.firstRight) / vsRule.disagreements : 0.0);
    r.Set("rule_disagreement_rule_right",
          vsRule.disagreements ? double(vsRule.secondRight) / vsRule.disagreements : 0.0);
}

void
InferenceStudyScoring::AddPatternRows(const std::string& kind,
                                      const std::vector<PathPattern>& patterns,
                                      StudyResult& r)
{
    for (uint32_t k = 0; k < patterns.size(); ++k)
    {
        const auto& p = patterns[k];
        for (uint32_t i = 0; i < p.nodes.size(); ++i)
        {
            const auto& node = p.nodes[i];
            StudyRecord& row = r.AddRow();
            row.Set("kind", kind);
            row.Set("rank", k);
            row.Set("signature", p.signature);
            row.Set("expected_count", p.expectedCount);
            row.Set("instances", p.instances);
            row.Set("map_count", p.mapCount);
            row.Set("node", i);
            row.Set("parent", node.parent);
            row.Set("sender", node.sender);
            row.Set("receiver", node.receiver);
            row.Set("node_delay_us", node.nodeDelay / 1e3);
            row.Set("network_delay_us", node.networkDelay / 1e3);
        }
    }
}

} // namespace ns3
