/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "client-aggregation.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClientAggregation");

ClientClassification
ClassifyClients(const std::vector<TraceMessage>& trace, uint32_t fixedPortPeers)
{
    chronometry::RequireDoubleInRange("ClassifyClients: fixedPortPeers",
                                      fixedPortPeers,
                                      2,
                                      1e9,
                                      "");
    using Endpoint = std::pair<uint32_t, uint16_t>;
    std::map<Endpoint, std::set<Endpoint>> peers;
    std::set<uint32_t> nodes;
    for (const auto& m : trace)
    {
        Endpoint s{m.sender, m.senderPort};
        Endpoint r{m.receiver, m.receiverPort};
        peers[s].insert(r);
        peers[r].insert(s);
        nodes.insert(m.sender);
        nodes.insert(m.receiver);
    }
    ClientClassification c;
    for (const auto& [endpoint, remote] : peers)
    {
        if (remote.size() >= fixedPortPeers)
        {
            c.fixedEndpoints.insert(endpoint);
            c.servers.insert(endpoint.first);
        }
    }
    for (uint32_t node : nodes)
    {
        if (!c.servers.count(node))
        {
            c.clients.insert(node);
        }
    }
    return c;
}

std::vector<PathPattern>
AggregateClients(const std::vector<PathPattern>& patterns, const std::set<uint32_t>& clients)
{
    auto relabel = [&](uint32_t node) {
        return clients.count(node) ? kAggregatedClientNode : node;
    };
    std::map<std::string, PathPattern> bySig;
    std::map<std::string, double> weight;
    for (const auto& p : patterns)
    {
        std::vector<PathNode> nodes = p.nodes;
        for (auto& node : nodes)
        {
            node.sender = relabel(node.sender);
            node.receiver = relabel(node.receiver);
        }
        PathInstance canonical = Canonicalize(nodes);
        auto& out = bySig[canonical.signature];
        // Weight of this pattern's delays: its expected count (a true pattern's
        // count), or its instances when no probability is left.
        double w = p.expectedCount > 0 ? p.expectedCount : static_cast<double>(p.instances);
        if (out.signature.empty())
        {
            out.signature = canonical.signature;
            out.nodes = canonical.nodes;
            for (auto& node : out.nodes)
            {
                node.nodeDelay = 0;
                node.networkDelay = 0;
                node.message = 0;
            }
        }
        out.instances += p.instances;
        out.expectedCount += p.expectedCount;
        out.maxProbability = std::max(out.maxProbability, p.maxProbability);
        out.mapCount += p.mapCount;
        for (std::size_t k = 0; k < out.nodes.size() && k < canonical.nodes.size(); ++k)
        {
            out.nodes[k].nodeDelay += w * canonical.nodes[k].nodeDelay;
            out.nodes[k].networkDelay += w * canonical.nodes[k].networkDelay;
        }
        weight[canonical.signature] += w;
    }
    std::vector<PathPattern> out;
    for (auto& [sig, p] : bySig)
    {
        double w = weight[sig];
        if (w > 0)
        {
            for (auto& node : p.nodes)
            {
                node.nodeDelay /= w;
                node.networkDelay /= w;
            }
        }
        out.push_back(std::move(p));
    }
    std::stable_sort(out.begin(), out.end(), [](const PathPattern& a, const PathPattern& b) {
        return a.expectedCount > b.expectedCount;
    });
    return out;
}

double
ClientClassificationAccuracy(const ClientClassification& classification,
                             const std::vector<bool>& isClient)
{
    uint32_t rightRole = 0;
    for (uint32_t i = 0; i < isClient.size(); ++i)
    {
        rightRole += (classification.clients.count(i) > 0) == isClient[i] ? 1 : 0;
    }
    return isClient.empty() ? 1.0 : double(rightRole) / isClient.size();
}

} // namespace ns3
