/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "switch-routing.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/output-stream-wrapper.h"

#include <ostream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchRouting");
NS_OBJECT_ENSURE_REGISTERED(SwitchRouting);

TypeId
SwitchRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SwitchRouting")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<SwitchRouting>();
    return tid;
}

void
SwitchRouting::AddHost(Ipv4Address host, uint32_t interface)
{
    NS_LOG_FUNCTION(this << host << interface);
    if (!m_ipv4 || interface >= m_ipv4->GetNInterfaces() || m_ipv4->GetNAddresses(interface) == 0)
    {
        chronometry::ReportConfigError("SwitchRouting::AddHost: interface " +
                                       std::to_string(interface) +
                                       " is invalid; valid: an addressed interface of the switch");
    }
    auto route = Create<Ipv4Route>();
    route->SetDestination(host);
    route->SetGateway(host);
    route->SetSource(m_ipv4->GetAddress(interface, 0).GetLocal());
    route->SetOutputDevice(m_ipv4->GetNetDevice(interface));
    m_routes[host.Get()] = route;
}

uint64_t
SwitchRouting::GetForwarded() const
{
    return m_forwarded;
}

Ptr<Ipv4Route>
SwitchRouting::RouteOutput(Ptr<Packet>,
                           const Ipv4Header&,
                           Ptr<NetDevice>,
                           Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
SwitchRouting::RouteInput(Ptr<const Packet> p,
                          const Ipv4Header& header,
                          Ptr<const NetDevice>,
                          chronometry::RouteInputArg<UnicastForwardCallback> ucb,
                          chronometry::RouteInputArg<MulticastForwardCallback>,
                          chronometry::RouteInputArg<LocalDeliverCallback>,
                          chronometry::RouteInputArg<ErrorCallback>)
{
    auto it = m_routes.find(header.GetDestination().Get());
    if (it == m_routes.end())
    {
        return false;
    }
    ++m_forwarded;
    ucb(it->second, p, header);
    return true;
}

void
SwitchRouting::NotifyInterfaceUp(uint32_t)
{
}

void
SwitchRouting::NotifyInterfaceDown(uint32_t)
{
}

void
SwitchRouting::NotifyAddAddress(uint32_t, Ipv4InterfaceAddress)
{
}

void
SwitchRouting::NotifyRemoveAddress(uint32_t, Ipv4InterfaceAddress)
{
}

void
SwitchRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
SwitchRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit) const
{
    std::ostream& os = *stream->GetStream();
    os << "SwitchRouting: " << m_routes.size() << " host routes, " << m_forwarded
       << " datagrams forwarded\n";
    for (const auto& [address, route] : m_routes)
    {
        os << "  " << Ipv4Address(address) << " via interface "
           << m_ipv4->GetInterfaceForDevice(route->GetOutputDevice()) << "\n";
    }
}

void
SwitchRouting::DoDispose()
{
    m_routes.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

} // namespace ns3
