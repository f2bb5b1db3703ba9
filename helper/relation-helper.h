/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_HELPER_H
#define RELATION_HELPER_H

#include "ns3/attribute.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/tsc-client-application.h"
#include "ns3/tsc-server-application.h"

#include <string>
#include <vector>

namespace ns3
{

/** The TSC clients one RelationHelper::InstallClients call created, in node order. */
using TscClientContainer = std::vector<Ptr<TscClientApplication>>;

/**
 * \ingroup chronometry
 * Installs Cloudprofiler's TSC clients (one per node; the nodes need a
 * SimulatedTsc, see TscHelper) and the TSC server (coordinator).
 */
class RelationHelper
{
  public:
    RelationHelper();

    /**
     * \param name attribute of TscClientApplication
     * \param value its value for every client
     */
    void SetClientAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of TscServerApplication
     * \param value its value
     */
    void SetServerAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param nodes nodes with a SimulatedTsc; node k gets node index k
     * \return the clients, in node order
     */
    TscClientContainer InstallClients(const NodeContainer& nodes) const;

    /**
     * \param node the coordinator's node
     * \param clients the clients (node index = position)
     * \param addresses their addresses, same order
     * \return the coordinator
     */
    Ptr<TscServerApplication> InstallServer(Ptr<Node> node,
                                            const TscClientContainer& clients,
                                            const std::vector<Ipv4Address>& addresses) const;

    /**
     * \param clients clients from InstallClients
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(const TscClientContainer& clients, int64_t stream) const;

  private:
    ObjectFactory m_client; //!< makes clients
    ObjectFactory m_server; //!< makes the coordinator
};

} // namespace ns3

#endif /* RELATION_HELPER_H */
