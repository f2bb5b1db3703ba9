/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "inference-scores.h"

#include "ns3/log.h"
#include "ns3/replay-checker.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceScores");

ReconciliationScore
ScoreReconciliation(const ReconciledTrace& trace,
                    const std::map<NodePair, Time>& offsets,
                    const std::map<NodePair, PairClockFit>& fits)
{
    NS_LOG_FUNCTION(trace.messages.size());
    ReconciliationScore s;
    double netErr = 0;
    double rateErr = 0;
    double rawErr = 0;
    std::map<NodePair, std::pair<double, uint64_t>> trueOffset;
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        const auto& m = trace.messages[k];
        if (!m.sendTs || !m.recvTs)
        {
            continue;
        }
        double trueDelay = (trace.trueRecv[k] - trace.trueSend[k]).GetNanoSeconds();
        double obs = (*m.recvTs - *m.sendTs).GetNanoSeconds();
        double corrected = obs;
        uint32_t a = std::min(m.sender, m.receiver);
        uint32_t b = std::max(m.sender, m.receiver);
        auto it = offsets.find({a, b});
        if (it != offsets.end())
        {
            corrected = m.sender == a ? obs - it->second.GetNanoSeconds()
                                      : obs + it->second.GetNanoSeconds();
        }
        netErr += std::abs(corrected - trueDelay);
        s.networkDelayErrorMax = std::max(s.networkDelayErrorMax, std::abs(corrected - trueDelay));
        double rated = CorrectedNetworkDelay(fits, m);
        rateErr += std::abs(rated - trueDelay);
        s.rateNetworkDelayErrorMax =
            std::max(s.rateNetworkDelayErrorMax, std::abs(rated - trueDelay));
        rawErr += std::abs(obs - trueDelay);
        s.messages++;
        // True offset (clock_b - clock_a) at this message: local - true at each end.
        double sendOff = (*m.sendTs - trace.trueSend[k]).GetNanoSeconds();
        double recvOff = (*m.recvTs - trace.trueRecv[k]).GetNanoSeconds();
        double off = m.sender == a ? recvOff - sendOff : sendOff - recvOff;
        trueOffset[{a, b}].first += off;
        trueOffset[{a, b}].second++;
    }
    if (s.messages > 0)
    {
        s.networkDelayError = netErr / s.messages;
        s.rawNetworkDelayError = rawErr / s.messages;
        s.rateNetworkDelayError = rateErr / s.messages;
    }
    double offErr = 0;
    for (const auto& [key, est] : offsets)
    {
        auto it = trueOffset.find(key);
        if (it != trueOffset.end())
        {
            offErr += std::abs(est.GetNanoSeconds() - it->second.first / it->second.second);
            s.offsetPairs++;
        }
    }
    s.offsetError = s.offsetPairs > 0 ? offErr / s.offsetPairs : 0;
    return s;
}

BaselineScore
ScoreBaseline(const LinkingResult& baseline,
              const std::vector<TraceMessage>& messages,
              const std::vector<int64_t>& trueParent,
              const std::map<NodePair, Time>& offsets,
              const std::vector<PathPattern>& truthPatterns)
{
    BaselineScore s;
    s.links = ScoreLinks(baseline, trueParent);
    std::vector<PathPattern> paths = TruePatterns(messages, MostLikelyParents(baseline), offsets);
    s.mapPattern = ScorePatterns(paths, truthPatterns, true);
    return s;
}

VectorClockLinkScore
ScoreVectorClockLinks(const ReconciledTrace& trace,
                      const std::vector<CausalEvent>& events,
                      const std::vector<int64_t>& trueParent,
                      const LinkingResult& linking)
{
    uint64_t hb = 0;
    double candidates = 0;
    VectorClockLinkScore s;
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        const int64_t p = trueParent[k];
        if (p < 0 || trace.sendEvent[k] < 0 || trace.recvEvent[p] < 0)
        {
            continue;
        }
        const CausalEvent& send = events[trace.sendEvent[k]];
        s.caused++;
        hb += ReplayChecker::HappenedBefore(events[trace.recvEvent[p]], send) ? 1 : 0;
        for (const auto& link : linking.links[k].parents)
        {
            int64_t e = trace.recvEvent[link.parent];
            if (e >= 0 && ReplayChecker::HappenedBefore(events[e], send))
            {
                candidates += 1;
            }
        }
    }
    s.hbRecall = s.caused ? double(hb) / s.caused : 0;
    s.candidates = s.caused ? candidates / s.caused : 0;
    return s;
}

} // namespace ns3
