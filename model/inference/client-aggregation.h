/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLIENT_AGGREGATION_H
#define CLIENT_AGGREGATION_H

#include "path-pattern.h"
#include "trace-message.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Which nodes of a trace are clients (WAP5 section 2.5.1).
 */
struct ClientClassification
{
    std::set<std::pair<uint32_t, uint16_t>> fixedEndpoints; //!< (node, port) with many peers
    std::set<uint32_t> servers;                             //!< nodes using a fixed port
    std::set<uint32_t> clients;                             //!< every other node of the trace
};

/**
 * \ingroup chronometry
 * The paper's client detection: an endpoint (node, port) is fixed if it
 * communicates with at least \p fixedPortPeers distinct remote endpoints
 * (a DNS server's port 53 talks to thousands of ephemeral ports); a node is
 * a server if it uses a fixed port at least once, and a client otherwise.
 * Unknown ports (0) make a node one endpoint, so a server with few peers
 * (e.g. a back-end called only by the front-end from one port) is then
 * taken for a client.
 * \param trace messages with their ports
 * \param fixedPortPeers distinct remote endpoints that make a port fixed; valid range [2, 1e9]
 * \return the classification
 */
ClientClassification ClassifyClients(const std::vector<TraceMessage>& trace,
                                     uint32_t fixedPortPeers = 5);

/**
 * \ingroup chronometry
 * \param classification a classification of the nodes 0 .. n-1
 * \param isClient per node, whether it truly is a client (n entries)
 * \return the share of the n nodes put in the right role (a node absent from the trace
 *         counts as a server)
 */
double ClientClassificationAccuracy(const ClientClassification& classification,
                                    const std::vector<bool>& isClient);

/**
 * \ingroup chronometry
 * The paper's client aggregation: every client node name is replaced by one
 * name (kAggregatedClientNode, "CLIENT" in signatures) and the patterns that
 * become identical are merged (instances, expected and MAP counts added,
 * maximum probability kept, node and network delays averaged with the
 * expected counts as weights).  Apply it to inferred and true patterns alike
 * before scoring.
 * \param patterns path patterns
 * \param clients the client nodes
 * \return the aggregated patterns, by expected count, descending
 */
std::vector<PathPattern> AggregateClients(const std::vector<PathPattern>& patterns,
                                          const std::set<uint32_t>& clients);

} // namespace ns3

#endif /* CLIENT_AGGREGATION_H */
