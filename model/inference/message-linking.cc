/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-linking.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MessageLinking");

void
LinkingConfig::Validate() const
{
    chronometry::RequireTimeInRange("MessageLinker: window (x)", window, Time::From(1), Hours(24));
    chronometry::RequireDoubleInRange("MessageLinker: spontaneous (y)", spontaneous, 0, 1000, "");
    chronometry::RequireDoubleInRange("MessageLinker: tryBothBand", tryBothBand, 0, 0.5, "");
    chronometry::RequireDoubleInRange("MessageLinker: maxTryBoth (k)", maxTryBoth, 0, 20, "");
    chronometry::RequireDoubleInRange("MessageLinker: maxCandidates", maxCandidates, 1, 1e6, "");
}

namespace
{

/** Key of a node pair. */
using Pair = std::pair<uint32_t, uint32_t>;

/**
 * \param offsets pairwise offsets
 * \param m a message with both timestamps
 * \return its network delay in ns, corrected by the pair's offset if known
 */
double
NetworkDelay(const std::map<Pair, Time>& offsets, const TraceMessage& m)
{
    if (!m.sendTs || !m.recvTs)
    {
        return 0;
    }
    Time obs = *m.recvTs - *m.sendTs;
    if (m.sender < m.receiver)
    {
        auto it = offsets.find({m.sender, m.receiver});
        if (it != offsets.end())
        {
            obs -= it->second;
        }
    }
    else
    {
        auto it = offsets.find({m.receiver, m.sender});
        if (it != offsets.end())
        {
            obs += it->second;
        }
    }
    return obs.GetNanoSeconds();
}

} // namespace

MessageLinker::MessageLinker(const LinkingConfig& config)
    : m_config(config)
{
    m_config.Validate();
}

const LinkingConfig&
MessageLinker::GetConfig() const
{
    return m_config;
}

std::map<std::pair<uint32_t, uint32_t>, Time>
MessageLinker::EstimateClockOffsets(const std::vector<TraceMessage>& trace)
{
    std::map<Pair, Time> minForward;  // a -> b, a < b
    std::map<Pair, Time> minBackward; // b -> a, a < b
    for (const auto& m : trace)
    {
        if (!m.sendTs || !m.recvTs || m.sender == m.receiver)
        {
            continue;
        }
        Time obs = *m.recvTs - *m.sendTs;
        bool forward = m.sender < m.receiver;
        Pair key = forward ? Pair{m.sender, m.receiver} : Pair{m.receiver, m.sender};
        auto& table = forward ? minForward : minBackward;
        auto it = table.find(key);
        if (it == table.end() || obs < it->second)
        {
            table[key] = obs;
        }
    }
    std::map<Pair, Time> offsets;
    for (const auto& [key, fwd] : minForward)
    {
        auto it = minBackward.find(key);
        if (it != minBackward.end())
        {
            offsets[key] = Time::From((fwd - it->second).GetTimeStep() / 2);
        }
    }
    return offsets;
}

LinkingResult
MessageLinker::Link(const std::vector<TraceMessage>& trace) const
{
    NS_LOG_FUNCTION(this << trace.size());
    LinkingResult result;
    const std::size_t n = trace.size();
    result.links.resize(n);

    // Incoming messages with a receive timestamp, per receiving node, by time.
    std::unordered_map<uint32_t, std::vector<std::pair<int64_t, uint32_t>>> incoming;
    // Messages into an untraced node (no receive timestamp), per (sender, receiver), by send time.
    std::map<Pair, std::vector<std::pair<int64_t, uint32_t>>> untracedIn;
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto& m = trace[i];
        if (m.recvTs)
        {
            incoming[m.receiver].push_back({m.recvTs->GetTimeStep(), i});
        }
        else if (m.sendTs)
        {
            untracedIn[{m.sender, m.receiver}].push_back({m.sendTs->GetTimeStep(), i});
        }
    }
    for (auto& [node, v] : incoming)
    {
        std::sort(v.begin(), v.end());
    }
    for (auto& [key, v] : untracedIn)
    {
        std::sort(v.begin(), v.end());
    }

    const int64_t window = m_config.window.GetTimeStep();
    // Step 1 and the candidate lists.
    std::map<Pair, std::pair<double, uint64_t>> delaySum; // sum of most-recent delays, count
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto& m = trace[i];
        if (m.sender == m.receiver)
        {
            continue;
        }
        const std::vector<std::pair<int64_t, uint32_t>>* list = nullptr;
        int64_t at = 0;
        if (m.sendTs)
        {
            auto it = incoming.find(m.sender);
            if (it != incoming.end())
            {
                list = &it->second;
            }
            at = m.sendTs->GetTimeStep();
        }
        else if (m.recvTs)
        {
            // Untraced sender: time it on the receiver's clock; only the
            // receiver's own messages into the sender may have caused it.
            auto it = untracedIn.find({m.receiver, m.sender});
            if (it != untracedIn.end())
            {
                list = &it->second;
            }
            at = m.recvTs->GetTimeStep();
        }
        if (!list)
        {
            continue;
        }
        // Last entry with time <= at.
        auto end = std::upper_bound(list->begin(),
                                    list->end(),
                                    std::make_pair(at, std::numeric_limits<uint32_t>::max()));
        auto& links = result.links[i].parents;
        for (auto it = end; it != list->begin();)
        {
            --it;
            if (at - it->first > window || links.size() >= m_config.maxCandidates)
            {
                break;
            }
            if (it->second == i)
            {
                continue;
            }
            ParentLink link;
            link.parent = it->second;
            link.delay = Time::From(at - it->first);
            links.push_back(link);
        }
        if (!links.empty())
        {
            auto& s = delaySum[{m.sender, m.receiver}];
            s.first += links.front().delay.GetTimeStep();
            s.second += 1;
        }
    }
    for (const auto& [key, s] : delaySum)
    {
        result.meanDelay[key] =
            Time::From(std::max<int64_t>(1, std::llround(s.first / double(s.second))));
    }

    // Step 2: weights and probabilities.
    const double spontaneousWeight = std::exp(-m_config.spontaneous);
    for (uint32_t i = 0; i < n; ++i)
    {
        auto& ml = result.links[i];
        if (ml.parents.empty())
        {
            ml.spontaneous = 1;
            ml.mostLikely = -1;
            continue;
        }
        double d = result.meanDelay.at({trace[i].sender, trace[i].receiver}).GetTimeStep();
        double total = spontaneousWeight;
        for (auto& link : ml.parents)
        {
            link.weight = std::exp(-link.delay.GetTimeStep() / d);
            total += link.weight;
        }
        ml.spontaneous = spontaneousWeight / total;
        double best = ml.spontaneous;
        ml.mostLikely = -1;
        for (auto& link : ml.parents)
        {
            link.probability = link.weight / total;
            if (link.probability > best)
            {
                best = link.probability;
                ml.mostLikely = link.parent;
            }
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (result.links[i].mostLikely < 0)
        {
            result.roots.push_back(i);
        }
    }
    result.clockOffset = EstimateClockOffsets(trace);
    return result;
}

namespace
{

/** Inverse of the parent lists: children of each message with the link. */
using Children = std::vector<std::vector<std::pair<uint32_t, const ParentLink*>>>;

/**
 * \param result links
 * \return the children of every message
 */
Children
Invert(const LinkingResult& result)
{
    Children children(result.links.size());
    for (uint32_t c = 0; c < result.links.size(); ++c)
    {
        for (const auto& link : result.links[c].parents)
        {
            children[link.parent].push_back({c, &link});
        }
    }
    return children;
}

/**
 * Step 3 from one root.
 * \param config parameters
 * \param trace the trace
 * \param result links
 * \param root root message
 * \param children inverse of the links
 * \return instances
 */
std::vector<PathInstance>
BuildFrom(const LinkingConfig& config,
          const std::vector<TraceMessage>& trace,
          const LinkingResult& result,
          uint32_t root,
          const Children& children)
{
    const LinkingConfig& m_config = config;

    struct Decision
    {
        int32_t parentNode;     //!< index of the parent in the instance
        uint32_t child;         //!< child message
        const ParentLink* link; //!< the link
    };

    struct State
    {
        std::vector<PathNode> nodes;   //!< instance so far
        std::set<uint32_t> included;   //!< messages in it
        std::vector<Decision> pending; //!< decisions to take (stack)
        double probability = 1;        //!< product so far
        uint32_t tryBoth = 0;          //!< "try both" used
    };

    std::vector<PathInstance> out;
    const double lo = 0.5 - m_config.tryBothBand;
    const double hi = 0.5 + m_config.tryBothBand;

    auto addNode = [&](State& s, uint32_t message, int32_t parentNode, double nodeDelay) {
        PathNode node;
        node.sender = trace[message].sender;
        node.receiver = trace[message].receiver;
        node.parent = parentNode;
        node.nodeDelay = nodeDelay;
        node.networkDelay = NetworkDelay(result.clockOffset, trace[message]);
        node.message = message;
        s.nodes.push_back(node);
        s.included.insert(message);
        const auto& kids = children[message];
        // Push in reverse so the earliest child is decided first.
        for (auto c = kids.rbegin(); c != kids.rend(); ++c)
        {
            s.pending.push_back({static_cast<int32_t>(s.nodes.size() - 1), c->first, c->second});
        }
    };

    std::function<void(State)> run = [&](State s) {
        while (!s.pending.empty())
        {
            Decision d = s.pending.back();
            s.pending.pop_back();
            if (s.included.count(d.child))
            {
                continue;
            }
            double p = d.link->probability;
            bool mostLikely =
                result.links[d.child].mostLikely == static_cast<int64_t>(d.link->parent);
            bool include;
            if (p > hi)
            {
                include = true;
            }
            else if (p < lo && !(m_config.tryMostLikely && mostLikely))
            {
                include = false;
            }
            else if (s.tryBoth < m_config.maxTryBoth)
            {
                // Try both: branch on omission, continue with inclusion.
                State omit = s;
                omit.tryBoth++;
                omit.probability *= 1 - p;
                run(omit);
                s.tryBoth++;
                include = true;
            }
            else
            {
                include = mostLikely;
            }
            if (include)
            {
                s.probability *= p;
                addNode(s, d.child, d.parentNode, d.link->delay.GetNanoSeconds());
            }
            else
            {
                s.probability *= 1 - p;
            }
        }
        PathInstance inst = Canonicalize(s.nodes);
        inst.probability = s.probability;
        out.push_back(std::move(inst));
    };
    State start;
    addNode(start, root, -1, 0);
    run(start);
    std::size_t best = 0;
    for (std::size_t i = 1; i < out.size(); ++i)
    {
        if (out[i].probability > out[best].probability)
        {
            best = i;
        }
    }
    out[best].map = true;
    return out;
}

} // namespace

std::vector<PathInstance>
MessageLinker::BuildInstances(const std::vector<TraceMessage>& trace,
                              const LinkingResult& result,
                              uint32_t root) const
{
    NS_ABORT_MSG_IF(root >= trace.size(), "BuildInstances: root out of range");
    return BuildFrom(m_config, trace, result, root, Invert(result));
}

LinkingResult
MessageLinker::Analyze(const std::vector<TraceMessage>& trace) const
{
    LinkingResult result = Link(trace);
    std::vector<PathInstance> all;
    Children children = Invert(result);
    for (uint32_t root : result.roots)
    {
        auto inst = BuildFrom(m_config, trace, result, root, children);
        result.instances += inst.size();
        for (auto& i : inst)
        {
            all.push_back(std::move(i));
        }
    }
    result.patterns = AggregatePatterns(all);
    return result;
}

PathInstance
Canonicalize(const std::vector<PathNode>& nodes)
{
    PathInstance out;
    if (nodes.empty())
    {
        return out;
    }
    std::vector<std::vector<uint32_t>> kids(nodes.size());
    int32_t root = -1;
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].parent < 0)
        {
            root = i;
        }
        else
        {
            kids[nodes[i].parent].push_back(i);
        }
    }
    NS_ABORT_MSG_IF(root < 0, "Canonicalize: no root");
    std::vector<std::string> sig(nodes.size());
    std::function<const std::string&(uint32_t)> signature = [&](uint32_t i) -> const std::string& {
        std::vector<std::string> parts;
        for (uint32_t k : kids[i])
        {
            parts.push_back(signature(k));
        }
        std::sort(kids[i].begin(), kids[i].end(), [&](uint32_t a, uint32_t b) {
            return sig[a] < sig[b];
        });
        std::sort(parts.begin(), parts.end());
        std::string s = std::to_string(nodes[i].sender) + ">" + std::to_string(nodes[i].receiver);
        if (!parts.empty())
        {
            s += "(";
            for (std::size_t k = 0; k < parts.size(); ++k)
            {
                s += (k ? "," : "") + parts[k];
            }
            s += ")";
        }
        sig[i] = s;
        return sig[i];
    };
    out.signature = signature(root);
    std::function<void(uint32_t, int32_t)> emit = [&](uint32_t i, int32_t parent) {
        PathNode node = nodes[i];
        node.parent = parent;
        out.nodes.push_back(node);
        int32_t self = out.nodes.size() - 1;
        for (uint32_t k : kids[i])
        {
            emit(k, self);
        }
    };
    emit(root, -1);
    return out;
}

std::vector<PathPattern>
AggregatePatterns(const std::vector<PathInstance>& instances)
{
    std::map<std::string, PathPattern> bySig;
    for (const auto& inst : instances)
    {
        auto& p = bySig[inst.signature];
        if (p.instances == 0)
        {
            p.signature = inst.signature;
            p.nodes = inst.nodes;
            for (auto& node : p.nodes)
            {
                node.nodeDelay = 0;
                node.networkDelay = 0;
                node.message = 0;
            }
        }
        p.instances++;
        p.expectedCount += inst.probability;
        p.maxProbability = std::max(p.maxProbability, inst.probability);
        p.mapCount += inst.map ? 1 : 0;
        for (std::size_t k = 0; k < p.nodes.size(); ++k)
        {
            p.nodes[k].nodeDelay += inst.probability * inst.nodes[k].nodeDelay;
            p.nodes[k].networkDelay += inst.probability * inst.nodes[k].networkDelay;
        }
    }
    std::vector<PathPattern> out;
    for (auto& [sig, p] : bySig)
    {
        if (p.expectedCount > 0)
        {
            for (auto& node : p.nodes)
            {
                node.nodeDelay /= p.expectedCount;
                node.networkDelay /= p.expectedCount;
            }
        }
        out.push_back(std::move(p));
    }
    std::stable_sort(out.begin(), out.end(), [](const PathPattern& a, const PathPattern& b) {
        return a.expectedCount > b.expectedCount;
    });
    return out;
}

std::vector<PathPattern>
TruePatterns(const std::vector<TraceMessage>& trace,
             const std::vector<int64_t>& trueParent,
             const std::map<std::pair<uint32_t, uint32_t>, Time>& offsets)
{
    NS_ABORT_MSG_IF(trueParent.size() != trace.size(), "TruePatterns: one parent per message");
    std::vector<std::vector<uint32_t>> kids(trace.size());
    std::vector<uint32_t> roots;
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        if (trueParent[i] < 0)
        {
            roots.push_back(i);
        }
        else
        {
            kids[trueParent[i]].push_back(i);
        }
    }
    std::vector<PathInstance> instances;
    for (uint32_t r : roots)
    {
        std::vector<PathNode> nodes;
        std::vector<std::pair<uint32_t, int32_t>> stack{{r, -1}};
        while (!stack.empty())
        {
            auto [m, parent] = stack.back();
            stack.pop_back();
            PathNode node;
            node.sender = trace[m].sender;
            node.receiver = trace[m].receiver;
            node.parent = parent;
            node.message = m;
            node.networkDelay = NetworkDelay(offsets, trace[m]);
            if (parent >= 0)
            {
                const auto& p = trace[trueParent[m]];
                if (p.recvTs && trace[m].sendTs)
                {
                    node.nodeDelay = (*trace[m].sendTs - *p.recvTs).GetNanoSeconds();
                }
            }
            nodes.push_back(node);
            int32_t self = nodes.size() - 1;
            for (uint32_t k : kids[m])
            {
                stack.push_back({k, self});
            }
        }
        PathInstance inst = Canonicalize(nodes);
        inst.probability = 1;
        inst.map = true;
        instances.push_back(std::move(inst));
    }
    return AggregatePatterns(instances);
}

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
    using Key = std::tuple<uint32_t, uint32_t, uint32_t>; // X, B, C
    std::map<Key, std::pair<double, double>> est;         // sum p*delay, sum p
    std::map<Key, std::pair<double, uint64_t>> truth;     // sum delay, count
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        for (const auto& link : result.links[i].parents)
        {
            Key k{trace[link.parent].sender, trace[i].sender, trace[i].receiver};
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

} // namespace ns3
