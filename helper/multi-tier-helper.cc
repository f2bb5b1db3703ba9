/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "multi-tier-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MultiTierHelper");

MultiTierHelper::MultiTierHelper()
{
    m_factory.SetTypeId(MultiTierApplication::GetTypeId());
}

void
MultiTierHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
MultiTierHelper::SetRoleAttribute(MultiTierApplication::Role role,
                                  const std::string& name,
                                  const AttributeValue& value)
{
    m_roleAttributes[role][name] = value.Copy();
}

Ipv4Address
MultiTierHelper::AddressOf(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    if (!ipv4 || ipv4->GetNInterfaces() < 2 || ipv4->GetNAddresses(1) < 1)
    {
        chronometry::ReportConfigError("MultiTierHelper: node " + std::to_string(node->GetId()) +
                                       " has no IPv4 address (install the Internet stack and "
                                       "assign addresses first)");
    }
    return ipv4->GetAddress(1, 0).GetLocal();
}

ApplicationContainer
MultiTierHelper::Install(Ptr<Node> frontEnd,
                         const NodeContainer& backends,
                         Ptr<Node> lookup,
                         const NodeContainer& clients) const
{
    if (backends.GetN() == 0)
    {
        chronometry::ReportConfigError("MultiTierHelper: at least one back-end is required");
    }
    std::vector<Ipv4Address> backendAddresses;
    for (uint32_t i = 0; i < backends.GetN(); ++i)
    {
        backendAddresses.push_back(AddressOf(backends.Get(i)));
    }
    Ipv4Address fe = AddressOf(frontEnd);
    Ipv4Address lk = AddressOf(lookup);
    ApplicationContainer apps;
    auto make = [&](Ptr<Node> node, MultiTierApplication::Role role) {
        ObjectFactory factory = m_factory;
        factory.Set("Role", EnumValue(role));
        auto it = m_roleAttributes.find(role);
        if (it != m_roleAttributes.end())
        {
            for (const auto& [name, value] : it->second)
            {
                factory.Set(name, *value);
            }
        }
        Ptr<MultiTierApplication> app = factory.Create<MultiTierApplication>();
        app->SetPeers(fe, backendAddresses, lk);
        node->AddApplication(app);
        apps.Add(app);
    };
    make(frontEnd, MultiTierApplication::FRONT_END);
    for (uint32_t i = 0; i < backends.GetN(); ++i)
    {
        make(backends.Get(i), MultiTierApplication::BACKEND);
    }
    make(lookup, MultiTierApplication::LOOKUP);
    for (uint32_t i = 0; i < clients.GetN(); ++i)
    {
        make(clients.Get(i), MultiTierApplication::CLIENT);
    }
    return apps;
}

int64_t
MultiTierHelper::AssignStreams(const ApplicationContainer& apps, int64_t stream)
{
    int64_t used = 0;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        if (auto app = DynamicCast<MultiTierApplication>(apps.Get(i)))
        {
            used += app->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
