/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduling-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/packet-loss.h"
#include "ns3/pointer.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"
#include "ns3/server-type-profile.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingHelper");

SchedulingHelper::SchedulingHelper()
{
    m_server.SetTypeId(ScheduledOperationServer::GetTypeId());
    m_service.SetTypeId(ServiceTimeModel::GetTypeId());
    m_client.SetTypeId(ScheduledOperationClient::GetTypeId());
}

void
SchedulingHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    m_server.Set(name, value);
}

void
SchedulingHelper::SetServiceAttribute(const std::string& name, const AttributeValue& value)
{
    m_service.Set(name, value);
}

void
SchedulingHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    m_client.Set(name, value);
}

void
SchedulingHelper::SetServerType(const std::string& type)
{
    NS_LOG_FUNCTION(this << type);
    for (const auto& [name, value] : GetServerTypeProfile(type).Attributes())
    {
        m_service.Set(name, StringValue(value));
    }
}

ApplicationContainer
SchedulingHelper::InstallServers(const NodeContainer& nodes,
                                 const std::vector<std::string>& types) const
{
    NS_LOG_FUNCTION(this << nodes.GetN() << types.size());
    if (types.empty())
    {
        chronometry::ReportConfigError("SchedulingHelper::InstallServers: no server type given");
    }
    for (const auto& t : types)
    {
        GetServerTypeProfile(t); // refuses an unknown type before anything is installed
    }
    ApplicationContainer apps;
    uint32_t i = 0;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it, ++i)
    {
        Ptr<ScheduledOperationServer> server = m_server.Create<ScheduledOperationServer>();
        Ptr<ServiceTimeModel> model = m_service.Create<ServiceTimeModel>();
        model->SetServerType(types[i % types.size()]);
        server->SetAttribute("ServiceModel", PointerValue(model));
        (*it)->AddApplication(server);
        apps.Add(server);
    }
    return apps;
}

ApplicationContainer
SchedulingHelper::InstallServers(const NodeContainer& nodes) const
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<ScheduledOperationServer> server = m_server.Create<ScheduledOperationServer>();
        server->SetAttribute("ServiceModel", PointerValue(m_service.Create<ServiceTimeModel>()));
        (*it)->AddApplication(server);
        apps.Add(server);
    }
    return apps;
}

ApplicationContainer
SchedulingHelper::InstallClient(Ptr<Node> node, const std::vector<Ipv4Address>& servers) const
{
    Ptr<ScheduledOperationClient> client = m_client.Create<ScheduledOperationClient>();
    UintegerValue port;
    m_server.Create<ScheduledOperationServer>()->GetAttribute("Port", port);
    for (const auto& address : servers)
    {
        client->AddServer(InetSocketAddress(address, port.Get()));
    }
    node->AddApplication(client);
    return ApplicationContainer(client);
}

int64_t
SchedulingHelper::AssignStreams(const ApplicationContainer& servers, int64_t stream)
{
    int64_t current = stream;
    for (auto it = servers.Begin(); it != servers.End(); ++it)
    {
        if (auto server = DynamicCast<ScheduledOperationServer>(*it))
        {
            current += server->AssignStreams(current);
        }
    }
    return current - stream;
}

std::vector<Ptr<RateErrorModel>>
SchedulingHelper::InstallMessageLoss(const NetDeviceContainer& devices, double rate)
{
    NS_LOG_FUNCTION(devices.GetN() << rate);
    if (!(rate >= 0 && rate <= 1))
    {
        chronometry::ReportConfigError("SchedulingHelper::InstallMessageLoss: rate = " +
                                       std::to_string(rate) + " is invalid; valid range: [0, 1]");
    }
    std::vector<Ptr<RateErrorModel>> models;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        Ptr<RateErrorModel> model = CreatePacketLossModel(rate);
        (*it)->SetAttribute("ReceiveErrorModel", PointerValue(model));
        models.push_back(model);
    }
    return models;
}

int64_t
SchedulingHelper::AssignStreams(const std::vector<Ptr<RateErrorModel>>& models, int64_t stream)
{
    int64_t current = stream;
    for (const auto& model : models)
    {
        current += model->AssignStreams(current);
    }
    return current - stream;
}

} // namespace ns3
