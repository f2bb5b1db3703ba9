/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-helper.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpHelper");

NtpHelper::NtpHelper()
{
    m_serverFactory.SetTypeId(NtpServer::GetTypeId());
    m_clientFactory.SetTypeId(NtpClient::GetTypeId());
    m_disciplineFactory.SetTypeId(NtpClockDiscipline::GetTypeId());
    m_mitigationFactory.SetTypeId(NtpMitigation::GetTypeId());
}

void
NtpHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_serverFactory.Set(name, value);
}

void
NtpHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_clientFactory.Set(name, value);
}

void
NtpHelper::SetDisciplineAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_disciplineFactory.Set(name, value);
}

void
NtpHelper::SetMitigationAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_mitigationFactory.Set(name, value);
}

Ptr<NtpServer>
NtpHelper::InstallServer(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<NtpServer> server = m_serverFactory.Create<NtpServer>();
    server->SetAttribute("Mitigation", PointerValue(m_mitigationFactory.Create<NtpMitigation>()));
    node->AddApplication(server);
    return server;
}

ApplicationContainer
NtpHelper::InstallServers(const NodeContainer& nodes) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        apps.Add(InstallServer(*it));
    }
    return apps;
}

Ptr<NtpClient>
NtpHelper::InstallClient(Ptr<Node> node, const std::vector<Ipv4Address>& servers) const
{
    NS_LOG_FUNCTION(this << node << servers.size());
    Ptr<NtpClient> client = m_clientFactory.Create<NtpClient>();
    client->SetAttribute("Discipline",
                         PointerValue(m_disciplineFactory.Create<NtpClockDiscipline>()));
    client->SetAttribute("Mitigation", PointerValue(m_mitigationFactory.Create<NtpMitigation>()));
    client->SetServers(servers);
    node->AddApplication(client);
    return client;
}

ApplicationContainer
NtpHelper::InstallClients(const NodeContainer& nodes, const std::vector<Ipv4Address>& servers) const
{
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        apps.Add(InstallClient(*it, servers));
    }
    return apps;
}

int64_t
NtpHelper::AssignStreams(const NodeContainer& nodes, int64_t stream) const
{
    NS_LOG_FUNCTION(this << stream);
    int64_t used = 0;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        for (uint32_t a = 0; a < (*it)->GetNApplications(); ++a)
        {
            if (auto client = DynamicCast<NtpClient>((*it)->GetApplication(a)))
            {
                used += client->AssignStreams(stream + used);
            }
        }
    }
    return used;
}

} // namespace ns3
