/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "message-linker.h"

#include "pairwise-clock-estimator.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MessageLinker");

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

std::map<NodePair, Time>
MessageLinker::EstimateClockOffsets(const std::vector<TraceMessage>& trace)
{
    return PairwiseClockEstimator::EstimateOffsets(trace);
}

namespace
{

/**
 * \param d a mean delay in time steps
 * \return it as a Time of at least one step
 */
Time
AtLeastOneStep(double d)
{
    return Time::From(std::max<int64_t>(1, std::llround(d)));
}

/** Timed message lists a sender's candidates are looked up in. */
struct IncomingIndex
{
    /** Incoming messages with a receive timestamp, per receiving node, by time. */
    std::unordered_map<uint32_t, std::vector<std::pair<int64_t, uint32_t>>> incoming;
    /** Messages into an untraced node (no receive timestamp), per (sender, receiver), by send
     * time. */
    std::map<NodePair, std::vector<std::pair<int64_t, uint32_t>>> untracedIn;
};

/**
 * \param trace the trace
 * \return its messages indexed by where and when they arrived
 */
IncomingIndex
IndexIncoming(const std::vector<TraceMessage>& trace)
{
    IncomingIndex index;
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        const auto& m = trace[i];
        if (m.recvTs)
        {
            index.incoming[m.receiver].push_back({m.recvTs->GetTimeStep(), i});
        }
        else if (m.sendTs)
        {
            index.untracedIn[{m.sender, m.receiver}].push_back({m.sendTs->GetTimeStep(), i});
        }
    }
    for (auto& [node, v] : index.incoming)
    {
        std::sort(v.begin(), v.end());
    }
    for (auto& [key, v] : index.untracedIn)
    {
        std::sort(v.begin(), v.end());
    }
    return index;
}

/**
 * Step 1: every message's candidate parents (the messages that reached its sender within the
 * window before it left, most recent first) and the mean delays of the most recent ones.
 * \param trace the trace
 * \param config the linker's configuration
 * \param result receives the candidates and meanDelay (parentPairDelay per parent pair)
 */
void
FindCandidates(const std::vector<TraceMessage>& trace,
               const LinkingConfig& config,
               LinkingResult& result)
{
    const IncomingIndex index = IndexIncoming(trace);
    const bool perParent = config.delayModel == LinkDelayModel::PER_PARENT_PAIR;
    const int64_t window = config.window.GetTimeStep();
    std::map<NodePair, std::pair<double, uint64_t>> delaySum;    // sum of most-recent delays, count
    std::map<NodeTriple, std::pair<double, uint64_t>> tripleSum; // same, per parent pair
    for (uint32_t i = 0; i < trace.size(); ++i)
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
            auto it = index.incoming.find(m.sender);
            if (it != index.incoming.end())
            {
                list = &it->second;
            }
            at = m.sendTs->GetTimeStep();
        }
        else if (m.recvTs)
        {
            // Untraced sender: time it on the receiver's clock; only the
            // receiver's own messages into the sender may have caused it.
            auto it = index.untracedIn.find({m.receiver, m.sender});
            if (it != index.untracedIn.end())
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
            if (at - it->first > window || links.size() >= config.maxCandidates)
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
            if (perParent)
            {
                // The most recent candidate from each upstream node X.
                std::set<uint32_t> seen;
                for (const auto& link : links)
                {
                    uint32_t x = trace[link.parent].sender;
                    if (seen.insert(x).second)
                    {
                        auto& t = tripleSum[{x, m.sender, m.receiver}];
                        t.first += link.delay.GetTimeStep();
                        t.second += 1;
                    }
                }
            }
        }
    }
    for (const auto& [key, s] : delaySum)
    {
        result.meanDelay[key] = AtLeastOneStep(s.first / double(s.second));
    }
    for (const auto& [key, s] : tripleSum)
    {
        result.parentPairDelay[key] = AtLeastOneStep(s.first / double(s.second));
    }
}

/**
 * Step 2: weigh every candidate by its delay and the spontaneous choice by y; normalize into
 * probabilities and choose the most likely.
 * \param trace the trace
 * \param config the linker's configuration
 * \param result its candidates and delays; receives the weights and choices
 */
void
Weigh(const std::vector<TraceMessage>& trace, const LinkingConfig& config, LinkingResult& result)
{
    const bool perParent = config.delayModel == LinkDelayModel::PER_PARENT_PAIR;
    const double spontaneousWeight = std::exp(-config.spontaneous);
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        auto& ml = result.links[i];
        if (ml.parents.empty())
        {
            ml.spontaneous = 1;
            ml.mostLikely = -1;
            continue;
        }
        const auto& m = trace[i];
        double d = result.meanDelay.at({m.sender, m.receiver}).GetTimeStep();
        double total = perParent ? spontaneousWeight / d : spontaneousWeight;
        const double spontaneous = total;
        for (auto& link : ml.parents)
        {
            if (perParent)
            {
                double dx =
                    result.parentPairDelay.at({trace[link.parent].sender, m.sender, m.receiver})
                        .GetTimeStep();
                link.weight = std::exp(-link.delay.GetTimeStep() / dx) / dx;
            }
            else
            {
                link.weight = std::exp(-link.delay.GetTimeStep() / d);
            }
            total += link.weight;
        }
        ml.spontaneous = spontaneous / total;
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
}

/**
 * Re-estimate the mean delays from the choice probabilities (each candidate's delay weighted
 * by its probability).
 * \param trace the trace
 * \param perParent also the delays per parent pair
 * \param result its probabilities; receives the delays
 */
void
Reestimate(const std::vector<TraceMessage>& trace, bool perParent, LinkingResult& result)
{
    std::map<NodePair, std::pair<double, double>> pairSum;   // sum p t, sum p
    std::map<NodeTriple, std::pair<double, double>> tripleP; // sum p t, sum p
    for (uint32_t i = 0; i < trace.size(); ++i)
    {
        const auto& m = trace[i];
        for (const auto& link : result.links[i].parents)
        {
            double t = link.delay.GetTimeStep();
            auto& s = pairSum[{m.sender, m.receiver}];
            s.first += link.probability * t;
            s.second += link.probability;
            if (perParent)
            {
                auto& u = tripleP[{trace[link.parent].sender, m.sender, m.receiver}];
                u.first += link.probability * t;
                u.second += link.probability;
            }
        }
    }
    for (const auto& [key, s] : pairSum)
    {
        if (s.second > 0)
        {
            result.meanDelay[key] = AtLeastOneStep(s.first / s.second);
        }
    }
    for (const auto& [key, s] : tripleP)
    {
        if (s.second > 0)
        {
            result.parentPairDelay[key] = AtLeastOneStep(s.first / s.second);
        }
    }
}

} // namespace

LinkingResult
MessageLinker::Link(const std::vector<TraceMessage>& trace) const
{
    NS_LOG_FUNCTION(this << trace.size());
    LinkingResult result;
    result.links.resize(trace.size());
    FindCandidates(trace, m_config, result);
    Weigh(trace, m_config, result);
    // Optional: re-estimate d from the probabilities and weigh again.
    for (uint32_t round = 0; round < m_config.iterations; ++round)
    {
        Reestimate(trace, m_config.delayModel == LinkDelayModel::PER_PARENT_PAIR, result);
        Weigh(trace, m_config, result);
    }
    for (uint32_t i = 0; i < trace.size(); ++i)
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
    const double lo = 0.5 - config.tryBothBand;
    const double hi = 0.5 + config.tryBothBand;

    auto addNode = [&](State& s, uint32_t message, int32_t parentNode, double nodeDelay) {
        PathNode node;
        node.sender = trace[message].sender;
        node.receiver = trace[message].receiver;
        node.parent = parentNode;
        node.nodeDelay = nodeDelay;
        node.networkDelay = CorrectedNetworkDelay(result.clockOffset, trace[message]);
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
            else if (p < lo && !(config.tryMostLikely && mostLikely))
            {
                include = false;
            }
            else if (s.tryBoth < config.maxTryBoth)
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

void
MessageLinker::BuildPatterns(const std::vector<TraceMessage>& trace, LinkingResult& result) const
{
    NS_LOG_FUNCTION(this << trace.size());
    NS_ABORT_MSG_IF(result.links.size() != trace.size(),
                    "BuildPatterns: one link list per message");
    std::vector<PathInstance> all;
    Children children = Invert(result);
    result.instances = 0;
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
}

LinkingResult
MessageLinker::Analyze(const std::vector<TraceMessage>& trace) const
{
    LinkingResult result = Link(trace);
    BuildPatterns(trace, result);
    return result;
}

} // namespace ns3
