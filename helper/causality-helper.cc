/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ipv4.h"
#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"

#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityHelper");

CausalityHelper::CausalityHelper()
{
    m_factory.SetTypeId("ns3::CausalityStamper");
}

void
CausalityHelper::SetStamperAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<CausalityLog>
CausalityHelper::Install(const NodeContainer& nodes) const
{
    auto log = CreateObject<CausalityLog>();
    // Looked up for every message sent: a hash table, so that the lookup stays O(1) and touches
    // one bucket whatever n (a tree of 4,096 addresses costs a dozen cache misses).
    auto addresses = std::make_shared<std::unordered_map<Ipv4Address, uint32_t, Ipv4AddressHash>>();
    addresses->reserve(nodes.GetN());
    uint32_t n = nodes.GetN();
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<Node> node = nodes.Get(i);
        if (!node->GetObject<LocalClock>())
        {
            chronometry::ReportConfigError("CausalityHelper::Install: node " +
                                           std::to_string(node->GetId()) +
                                           " has no LocalClock (install one with ClockHelper)");
        }
        if (node->GetObject<CausalityStamper>())
        {
            chronometry::ReportConfigError("CausalityHelper::Install: node " +
                                           std::to_string(node->GetId()) +
                                           " already has a CausalityStamper");
        }
        if (Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>())
        {
            for (uint32_t itf = 0; itf < ipv4->GetNInterfaces(); ++itf)
            {
                for (uint32_t a = 0; a < ipv4->GetNAddresses(itf); ++a)
                {
                    Ipv4Address local = ipv4->GetAddress(itf, a).GetLocal();
                    if (!local.IsLocalhost())
                    {
                        (*addresses)[local] = i;
                    }
                }
            }
        }
    }
    auto processOf = [addresses, n](Ipv4Address address) {
        auto it = addresses->find(address);
        return it == addresses->end() ? n : it->second;
    };
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<CausalityStamper> stamper = m_factory.Create<CausalityStamper>();
        nodes.Get(i)->AggregateObject(stamper);
        stamper->Start(i, n, log, processOf);
    }
    return log;
}

} // namespace ns3
