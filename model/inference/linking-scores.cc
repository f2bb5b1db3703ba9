/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linking-scores.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkingScores");

LinkScore
ScoreLinks(const LinkingResult& result, const std::vector<int64_t>& trueParent)
{
    NS_ABORT_MSG_IF(trueParent.size() != result.links.size(), "ScoreLinks: one parent per message");
    LinkScore s;
    uint64_t correctDecisions = 0;
    double trueProbability = 0;
    for (std::size_t i = 0; i < trueParent.size(); ++i)
    {
        const auto& ml = result.links[i];
        s.messages++;
        if (trueParent[i] >= 0)
        {
            s.trueLinks++;
        }
        if (ml.mostLikely >= 0)
        {
            s.inferredLinks++;
        }
        if (ml.mostLikely == trueParent[i])
        {
            correctDecisions++;
            if (trueParent[i] >= 0)
            {
                s.correctLinks++;
            }
        }
        if (trueParent[i] < 0)
        {
            trueProbability += ml.spontaneous;
        }
        else
        {
            for (const auto& link : ml.parents)
            {
                if (static_cast<int64_t>(link.parent) == trueParent[i])
                {
                    trueProbability += link.probability;
                }
            }
        }
    }
    s.precision = s.inferredLinks ? double(s.correctLinks) / s.inferredLinks : 1.0;
    s.recall = s.trueLinks ? double(s.correctLinks) / s.trueLinks : 1.0;
    s.decisionAccuracy = s.messages ? double(correctDecisions) / s.messages : 1.0;
    s.meanTrueProbability = s.messages ? trueProbability / s.messages : 0;
    return s;
}

PatternScore
ScorePatterns(const std::vector<PathPattern>& inferred,
              const std::vector<PathPattern>& truth,
              bool useMap)
{
    PatternScore s;
    std::map<std::string, double> t;
    double trueTotal = 0;
    for (const auto& p : truth)
    {
        t[p.signature] += p.expectedCount;
        trueTotal += p.expectedCount;
    }
    double inferredTotal = 0;
    double matched = 0;
    for (const auto& p : inferred)
    {
        double count = useMap ? p.mapCount : p.expectedCount;
        inferredTotal += count;
        auto it = t.find(p.signature);
        if (it != t.end())
        {
            matched += std::min(count, it->second);
        }
    }
    s.truePatterns = truth.size();
    s.inferredPatterns = inferred.size();
    s.precision = inferredTotal > 0 ? matched / inferredTotal : 1.0;
    s.recall = trueTotal > 0 ? matched / trueTotal : 1.0;
    return s;
}

double
PatternNodeDelayError(const std::vector<PathPattern>& inferred,
                      const std::vector<PathPattern>& truth)
{
    std::map<std::string, const PathPattern*> bySig;
    for (const auto& p : inferred)
    {
        bySig[p.signature] = &p;
    }
    double sum = 0;
    double weight = 0;
    for (const auto& t : truth)
    {
        auto it = bySig.find(t.signature);
        if (it == bySig.end() || it->second->nodes.size() != t.nodes.size())
        {
            continue;
        }
        for (std::size_t k = 0; k < t.nodes.size(); ++k)
        {
            if (t.nodes[k].parent < 0 || t.nodes[k].nodeDelay <= 0)
            {
                continue;
            }
            double err = std::abs(it->second->nodes[k].nodeDelay - t.nodes[k].nodeDelay) /
                         t.nodes[k].nodeDelay;
            sum += err * t.expectedCount;
            weight += t.expectedCount;
        }
    }
    return weight > 0 ? sum / weight : -1;
}

NodeDelayScore
ScoreNodeDelays(const std::vector<TraceMessage>& trace,
                const LinkingResult& result,
                const std::vector<int64_t>& trueParent)
{
    std::map<NodeTriple, std::pair<double, double>> est;     // sum p*delay, sum p
    std::map<NodeTriple, std::pair<double, uint64_t>> truth; // sum delay, count
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        for (const auto& link : result.links[i].parents)
        {
            NodeTriple k{trace[link.parent].sender, trace[i].sender, trace[i].receiver};
            est[k].first += link.probability * link.delay.GetNanoSeconds();
            est[k].second += link.probability;
            if (static_cast<int64_t>(link.parent) == trueParent[i])
            {
                truth[k].first += link.delay.GetNanoSeconds();
                truth[k].second++;
            }
        }
    }
    NodeDelayScore s;
    uint64_t total = 0;
    for (const auto& [k, t] : truth)
    {
        double trueMean = t.first / t.second;
        const auto& e = est[k];
        double estMean = e.second > 0 ? e.first / e.second : 0;
        double err = std::abs(estMean - trueMean);
        s.keys++;
        s.meanAbsError += err * t.second;
        s.meanRelativeError += (trueMean > 0 ? err / trueMean : 0) * t.second;
        total += t.second;
    }
    if (total)
    {
        s.meanAbsError /= total;
        s.meanRelativeError /= total;
    }
    return s;
}

double
DecisionComparison::DisagreementShare() const
{
    return decisions ? double(disagreements) / decisions : 0.0;
}

DecisionComparison
CompareDecisions(const LinkingResult& first,
                 const LinkingResult& second,
                 const std::vector<int64_t>& trueParent)
{
    NS_ABORT_MSG_IF(first.links.size() != second.links.size() ||
                        first.links.size() != trueParent.size(),
                    "CompareDecisions: both results and the truth must cover the same trace");
    DecisionComparison c;
    for (std::size_t i = 0; i < trueParent.size(); ++i)
    {
        c.decisions++;
        int64_t a = first.links[i].mostLikely;
        int64_t b = second.links[i].mostLikely;
        if (a == b)
        {
            continue;
        }
        c.disagreements++;
        if (a == trueParent[i])
        {
            c.firstRight++;
        }
        else if (b == trueParent[i])
        {
            c.secondRight++;
        }
        else
        {
            c.neitherRight++;
        }
    }
    return c;
}

std::vector<int64_t>
MostLikelyParents(const LinkingResult& result)
{
    std::vector<int64_t> parents;
    parents.reserve(result.links.size());
    for (const auto& ml : result.links)
    {
        parents.push_back(ml.mostLikely);
    }
    return parents;
}

} // namespace ns3
