/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "path-pattern.h"

#include "pairwise-clock-estimator.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <functional>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PathPattern");

namespace
{

/**
 * \param node a node id
 * \return its label in signatures
 */
std::string
Label(uint32_t node)
{
    return node == kAggregatedClientNode ? std::string("CLIENT") : std::to_string(node);
}

} // namespace

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
        std::string s = Label(nodes[i].sender) + ">" + Label(nodes[i].receiver);
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
             const std::map<NodePair, Time>& offsets)
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
            node.networkDelay = CorrectedNetworkDelay(offsets, trace[m]);
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

} // namespace ns3
