/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MULTI_TIER_HELPER_H
#define MULTI_TIER_HELPER_H

#include "ns3/application-container.h"
#include "ns3/multi-tier-application.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <map>
#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Installs the multi-tier workload: one front-end, back-ends, one lookup
 * service and clients (each node's first IPv4 interface address is used).
 * Attributes set with SetAttribute apply to every role; SetRoleAttribute
 * overrides one role (e.g. its ServiceTime, or ReplyServiceTime for the
 * workload whose candidates have different delays).
 */
class MultiTierHelper
{
  public:
    MultiTierHelper();

    /**
     * \param name attribute name
     * \param value its value (every role)
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param role the role
     * \param name attribute name
     * \param value its value (this role only)
     */
    void SetRoleAttribute(MultiTierApplication::Role role,
                          const std::string& name,
                          const AttributeValue& value);

    /**
     * \param frontEnd the front-end node
     * \param backends the back-end nodes
     * \param lookup the lookup service node
     * \param clients the client nodes
     * \return the applications: front-end, back-ends, lookup, clients, in that order
     */
    ApplicationContainer Install(Ptr<Node> frontEnd,
                                 const NodeContainer& backends,
                                 Ptr<Node> lookup,
                                 const NodeContainer& clients) const;

    /**
     * \param apps applications from Install
     * \param stream first stream index
     * \return streams used
     */
    static int64_t AssignStreams(const ApplicationContainer& apps, int64_t stream);

  private:
    /**
     * \param node a node with IPv4
     * \return its first non-loopback address
     */
    static Ipv4Address AddressOf(Ptr<Node> node);

    ObjectFactory m_factory; //!< every role
    std::map<MultiTierApplication::Role, std::map<std::string, Ptr<AttributeValue>>>
        m_roleAttributes; //!< per-role overrides
};

} // namespace ns3

#endif /* MULTI_TIER_HELPER_H */
