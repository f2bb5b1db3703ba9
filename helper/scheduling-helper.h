/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULING_HELPER_H
#define SCHEDULING_HELPER_H

#include "ns3/application-container.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs OneClock servers (ScheduledOperationServer, each with its own
 * ServiceTimeModel) and a client (ScheduledOperationClient) that manages them.
 * Nodes need a LocalClock (ClockHelper) and an Internet stack.
 */
class SchedulingHelper
{
  public:
    SchedulingHelper();

    /**
     * \param name a ScheduledOperationServer attribute
     * \param value its value
     */
    void SetServerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name a ServiceTimeModel attribute
     * \param value its value
     */
    void SetServiceAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name a ScheduledOperationClient attribute
     * \param value its value
     */
    void SetClientAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Give every server installed from now on the service model of one of the
     * paper's Table II machine types (ServerTypeProfile; attributes set with
     * SetServiceAttribute afterwards override it).
     * \param type "I" to "VI"
     */
    void SetServerType(const std::string& type);

    /**
     * \param nodes one server per node
     * \return the servers
     */
    ApplicationContainer InstallServers(const NodeContainer& nodes) const;

    /**
     * Heterogeneous servers: server i gets the service model of types[i % types.size()]
     * (Table II, "I" to "VI"); the type's attributes replace those set with
     * SetServiceAttribute, the others are kept.
     * \param nodes one server per node
     * \param types server types, cycled over the nodes (not empty)
     * \return the servers
     */
    ApplicationContainer InstallServers(const NodeContainer& nodes,
                                        const std::vector<std::string>& types) const;

    /**
     * \param node the client's node
     * \param servers the servers' IPv4 addresses (in server index order)
     * \return the client
     */
    ApplicationContainer InstallClient(Ptr<Node> node,
                                       const std::vector<Ipv4Address>& servers) const;

    /**
     * \param servers server applications from InstallServers
     * \param stream first stream index
     * \return streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& servers, int64_t stream);

    /**
     * Lose messages in the network, not in the applications: give every device a
     * RateErrorModel (ErrorUnit packet, ErrorRate \p rate) as its ReceiveErrorModel.  On the
     * client's and the servers' own devices every message, of any type (SCHEDULE, ACK,
     * REPORT, CANCEL, CANCEL_ACK, ERROR, probes), is lost with probability \p rate whichever
     * way it goes: it is received by exactly one of them.
     * \param devices the devices (e.g. both ends of each client-server link)
     * \param rate loss probability per message, in [0, 1]
     * \return the error models, one per device (fix their streams with AssignStreams)
     */
    static std::vector<Ptr<RateErrorModel>> InstallMessageLoss(const NetDeviceContainer& devices,
                                                               double rate);

    /**
     * \param models error models from InstallMessageLoss
     * \param stream first stream index
     * \return streams used
     */
    static int64_t AssignStreams(const std::vector<Ptr<RateErrorModel>>& models, int64_t stream);

  private:
    ObjectFactory m_server;  //!< server factory
    ObjectFactory m_service; //!< service model factory
    ObjectFactory m_client;  //!< client factory
};

} // namespace ns3

#endif /* SCHEDULING_HELPER_H */
