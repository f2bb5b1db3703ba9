/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulated-tsc.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationHelper");

RelationHelper::RelationHelper()
{
    m_client.SetTypeId("ns3::TscClientApplication");
    m_server.SetTypeId("ns3::TscServerApplication");
}

void
RelationHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    m_client.Set(name, value);
}

void
RelationHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    m_server.Set(name, value);
}

TscClientContainer
RelationHelper::InstallClients(const NodeContainer& nodes) const
{
    TscClientContainer out;
    for (uint32_t k = 0; k < nodes.GetN(); ++k)
    {
        Ptr<Node> node = nodes.Get(k);
        if (!node->GetObject<SimulatedTsc>())
        {
            chronometry::ReportConfigError("RelationHelper::InstallClients: node " +
                                           std::to_string(node->GetId()) +
                                           " has no SimulatedTsc (install one with TscHelper)");
        }
        Ptr<TscClientApplication> c = m_client.Create<TscClientApplication>();
        c->SetNodeIndex(k);
        node->AddApplication(c);
        out.push_back(c);
    }
    return out;
}

Ptr<TscServerApplication>
RelationHelper::InstallServer(Ptr<Node> node,
                              const TscClientContainer& clients,
                              const std::vector<Ipv4Address>& addresses) const
{
    Ptr<TscServerApplication> s = m_server.Create<TscServerApplication>();
    s->SetClients(clients, addresses);
    node->AddApplication(s);
    return s;
}

int64_t
RelationHelper::AssignStreams(const TscClientContainer& clients, int64_t stream) const
{
    int64_t used = 0;
    for (const auto& c : clients)
    {
        used += c->AssignStreams(stream + used);
    }
    return used;
}

} // namespace ns3
